package cudatile

import (
	enchex "encoding/hex"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// Parsing attributes and dense literals.

// mnemonics are the cuda_tile attributes a value can be, by definition.
var mnemonics = map[string]string{
	"OptimizationHintsAttr": "optimization_hints",
	"DivByAttr":             "div_by",
	"SameElementsAttr":      "same_elements",
	"BoundedAttr":           "bounded",
}

// parseAttr parses an attribute: a full one (#cuda_tile.div_by<4>, an
// alias, 42 : i32, "s", [a, b], {k = v}, dense<…> : type, a type), or,
// when stripped names a definition, its body alone (<4>), as
// parseCustomAttributeWithFallback does.
func parseAttr(p *tileir.Parser, stripped string) tileir.Attr {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	if stripped != "" && p.Tok().Kind != asm.HashIdent {
		m := mnemonics[stripped]
		if m == "" {
			p.Errorf("no text form for the body of %s", stripped)
			return nil
		}
		return parseAttrBody(p, m)
	}
	if v, ok := p.Alias("attribute", func() any { return parseAttr(p, "") }); ok {
		a, _ := v.(tileir.Attr)
		return a
	}
	t := p.Tok()
	switch {
	case t.Kind == asm.HashIdent:
		m, ok := cutPrefix(t.Text, "#cuda_tile.")
		if !ok {
			p.Errorf("expected a cuda_tile attribute, got %s", t.Text)
			return nil
		}
		p.Next()
		return parseAttrBody(p, m)
	case t.Kind == asm.String:
		p.Next()
		return &StringAttr{Value: asm.Unquote(t.Text)}
	case t.Is("true") || t.Is("false"):
		p.Next()
		v := uint64(0)
		if t.Text == "true" {
			v = 1
		}
		return &IntegerAttr{Type: &Int1Type{}, Value: v}
	case t.Is("["):
		p.Next()
		a := &ArrayAttr{Elements: []tileir.Attr{}}
		p.List("]", func() { a.Elements = append(a.Elements, parseAttr(p, "")) })
		p.Expect("]")
		return a
	case t.Is("{"):
		return &DictionaryAttr{Entries: parseDict(p)}
	case t.Is("dense"):
		p.Next()
		p.Expect("<")
		body := p.Offset()
		// The body's layout depends on the type, which follows it.
		skipToClose(p)
		p.Expect(":")
		typ := p.Type()
		tt, ok := typ.(*TileType)
		if !ok {
			if !p.Failed() {
				p.Errorf("a dense value needs a tile type")
			}
			return nil
		}
		after := p.Offset()
		p.ResetTo(body)
		data := parseDenseValue(p, tt)
		p.Expect(">")
		p.ResetTo(after)
		return &DenseElementsAttr{Type: tt, Data: data}
	case t.Kind == asm.Integer || t.Kind == asm.FloatLit || t.Is("-"):
		return parseNumber(p)
	case t.Kind == asm.BangIdent || t.Is("(") || t.Kind == asm.BareIdent && elementNames[t.Text] != nil:
		return &TypeAttr{Value: p.Type()}
	}
	p.Errorf("expected attribute value")
	return nil
}

// skipToClose skips to the '>' closing a dense<…> body and past it,
// returning where the '>' is.
func skipToClose(p *tileir.Parser) int {
	depth := 0
	for !p.Failed() {
		t := p.Tok()
		switch {
		case t.Kind == asm.EOF:
			p.Errorf("expected '>'")
			return 0
		case t.Is("[") || t.Is("<") || t.Is("("):
			depth++
		case t.Is("]") || t.Is(")"):
			depth--
		case t.Is(">"):
			if depth == 0 {
				p.Next()
				return t.Off
			}
			depth--
		}
		p.Next()
	}
	return 0
}

// parseNumber parses an integer or float attribute: N [: type], F [: type].
func parseNumber(p *tileir.Parser) tileir.Attr {
	start := p.Tok()
	if s, ok := p.FloatText(); ok {
		var t tileir.Type = &Float64Type{}
		if p.Optional(":") {
			t = p.Type()
		}
		sem := floatSemantics(t)
		if sem == nil {
			if !p.Failed() {
				p.ErrorAt(start.Off, "floating point value not valid for specified type")
			}
			return nil
		}
		f, _ := strconv.ParseFloat(s, 64)
		return &FloatAttr{Type: t, Bits: sem.FromFloat64(f)}
	}
	l, ok := p.OptionalInt()
	if !ok {
		p.Errorf("expected attribute value")
		return nil
	}
	var t tileir.Type = &Int64Type{}
	if p.Optional(":") {
		t = p.Type()
	}
	if sem := floatSemantics(t); sem != nil {
		if !l.Hex || l.Neg {
			p.ErrorAt(l.Off, "unexpected decimal integer literal for a floating point value")
			return nil
		}
		if l.Mag.BitLen() > sem.Bits {
			p.ErrorAt(l.Off, "hexadecimal float constant out of range for type")
			return nil
		}
		return &FloatAttr{Type: t, Bits: l.Mag.Uint64()}
	}
	w := intWidth(t)
	if w == 0 {
		if !p.Failed() {
			p.ErrorAt(l.Off, "integer literal not valid for specified type")
		}
		return nil
	}
	v, ok := l.Bits(int(w))
	if !ok {
		p.ErrorAt(l.Off, "integer constant out of range for attribute")
		return nil
	}
	return &IntegerAttr{Type: t, Value: v}
}

// parseDict parses {k = v, …}, sorted by key as MLIR's DictionaryAttr is.
func parseDict(p *tileir.Parser) []NamedAttr {
	p.Expect("{")
	es := []NamedAttr{}
	var keys asm.DictKeys
	p.List("}", func() {
		off := p.Offset()
		k, ok := p.KeywordOrString()
		if !ok {
			p.Errorf("expected attribute name")
			return
		}
		if k == "" {
			p.ErrorAt(off, "expected valid attribute name")
			return
		}
		if keys.Add(k) {
			p.ErrorAt(off, asm.DuplicateKey, k)
			return
		}
		if !p.Optional("=") {
			p.ErrorAt(off, "unit attribute '%s' has no Tile IR form", k)
			return
		}
		es = append(es, NamedAttr{Name: k, Value: parseAttr(p, "")})
	})
	p.Expect("}")
	slices.SortStableFunc(es, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return es
}

// parseAttrBody parses a cuda_tile attribute's body after its mnemonic.
func parseAttrBody(p *tileir.Parser, mnemonic string) tileir.Attr {
	switch mnemonic {
	case "optimization_hints":
		p.Expect("<")
		a := &OptimizationHintsAttr{Entries: []NamedAttr{}}
		if p.Optional(">") {
			return a
		}
		p.List("", func() {
			off := p.Offset()
			k, ok := p.KeywordOrString()
			if !ok {
				p.Errorf("expected keyword or string")
				return
			}
			p.Expect("=")
			v := parseAttr(p, "")
			for _, e := range a.Entries {
				if e.Name == k {
					p.Errorf("duplicate optimization_hints key `%s`", k)
					return
				}
			}
			if _, ok := v.(*DictionaryAttr); !ok && !p.Failed() {
				p.ErrorAt(off, "expected dictionary attribute for optimization_hints entry `%s`", k)
				return
			}
			a.Entries = append(a.Entries, NamedAttr{Name: k, Value: v})
		})
		p.Expect(">")
		slices.SortStableFunc(a.Entries, func(x, y NamedAttr) int { return strings.Compare(x.Name, y.Name) })
		return a
	case "div_by":
		p.Expect("<")
		a := &DivByAttr{}
		off := p.Offset()
		l, ok := p.OptionalInt()
		v, fits := l.Uint64()
		if !ok || !fits {
			p.ErrorAt(off, "failed to parse parameter 'divisor' which is expected to be an integer")
			return nil
		}
		a.Divisor = v
		if p.Optional(",") {
			p.Expect("every")
			e := p.ExpectInt64("an integer")
			p.Expect("along")
			g := p.ExpectInt64("an integer")
			a.Every, a.Along = &e, &g
		}
		p.Expect(">")
		return a
	case "same_elements":
		return parseSameElementsAttrBody(p)
	case "bounded":
		return parseBoundedAttrBody(p)
	}
	p.Errorf("no cuda_tile attribute %s is a value here", mnemonic)
	return nil
}

// parseDenseLiteral parses <E: VALUE> : TYPE: the element type, a scalar
// (a splat) or nested lists of elements, and the tile type.
func parseDenseLiteral(p *tileir.Parser) tileir.Dense {
	if !p.Expect("<") {
		return tileir.Dense{}
	}
	off := p.Offset()
	elem := parseShortType(p)
	if p.Failed() {
		return tileir.Dense{}
	}
	if !isElement(elem) {
		p.ErrorAt(off, "expect element type to be one of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got %s", p2s(func(q *tileir.Printer) { printShort(q, elem) }))
		return tileir.Dense{}
	}
	p.Expect(":")
	body := p.Offset()
	// The value's layout depends on the type, which comes after it.
	skipToClose(p)
	p.Expect(":")
	typeOff := p.Offset()
	t := parseShortType(p)
	if p.Failed() {
		return tileir.Dense{}
	}
	tt, ok := t.(*TileType)
	if !ok {
		p.ErrorAt(typeOff, "result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got %s", p2s(func(q *tileir.Printer) { printShort(q, t) }))
		return tileir.Dense{}
	}
	if typeKey(tt.Element) != typeKey(elem) {
		p.ErrorAt(typeOff, "mismatch between the element type: '%s' and the tile element type '%s'", typeKey(elem), typeKey(tt.Element))
		return tileir.Dense{}
	}
	after := p.Offset()
	p.ResetTo(body)
	data := parseDenseValueAt(p, tt, typeOff)
	if !p.Failed() {
		p.Expect(">")
		p.ResetTo(after)
	}
	return tileir.Dense{Type: tt, Data: data}
}

func parseDenseValue(p *tileir.Parser, tt *TileType) []byte {
	return parseDenseValueAt(p, tt, p.Offset())
}

// parseDenseValueAt parses a dense value of type tt and returns its raw
// buffer as MLIR stores it: one element when all are equal (a splat; i1
// 0x00 or 0xFF), else every element, i1 packed eight to a byte. A "0x…"
// string is a raw buffer (what the printer prints for more than 100
// elements). typeOff is where errors about the shape point.
func parseDenseValueAt(p *tileir.Parser, tt *TileType, typeOff int) []byte {
	n := elemBytes(tt.Element)
	w := intWidth(tt.Element)
	sem := floatSemantics(tt.Element)
	count := int64(1)
	for _, d := range tt.Shape {
		if d < 0 || d > 1<<32 || count > (1<<32)/max(d, 1) {
			p.ErrorAt(typeOff, "a dense value needs a static shape of at most 2^32 elements")
			return nil
		}
		count *= d
	}
	if t := p.Tok(); t.Kind == asm.String {
		p.Next()
		s := asm.Unquote(t.Text)
		raw, err := enchex.DecodeString(strings.TrimPrefix(s, "0x"))
		size := int64(len(raw))
		if err != nil || !strings.HasPrefix(s, "0x") || size != int64(n) && size != count*int64(n) && !(w == 1 && size == (count+7)/8) {
			p.ErrorAt(t.Off, "elements hex string does not match the type")
			return nil
		}
		return splatOf(raw, tt, count)
	}
	var vals []uint64
	elemOf := func() {
		off := p.Offset()
		if int64(len(vals)) >= count && count > 0 || len(vals) >= 1<<32 {
			p.ErrorAt(off, "too many elements for the type")
			return
		}
		if w > 0 {
			if w != 1 && (p.Is("true") || p.Is("false")) {
				p.ErrorAt(off, "expected integer value")
				return
			}
			if p.Optional("true") {
				vals = append(vals, 1)
				return
			}
			if p.Optional("false") {
				vals = append(vals, 0)
				return
			}
			l, ok := p.OptionalInt()
			if !ok {
				p.ErrorAt(off, "expected integer value")
				return
			}
			v, ok := l.Int64()
			if !ok {
				p.ErrorAt(off, "expected integer value")
				return
			}
			if w < 64 {
				lo, hi := -(int64(1) << (w - 1)), int64(1)<<w-1
				if w == 1 {
					lo = -1
				}
				if v < lo || v > hi {
					p.ErrorAt(off, "integer constant out of range for type")
					return
				}
			}
			if w == 1 {
				if v != 0 {
					v = 1
				}
			}
			vals = append(vals, uint64(v)&mask(w))
			return
		}
		if s, ok := p.FloatText(); ok {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil && !math.IsInf(f, 0) {
				p.ErrorAt(off, "floating point value too large")
				return
			}
			vals = append(vals, sem.FromFloat64(f))
			return
		}
		l, ok := p.OptionalInt()
		switch {
		case !ok:
			p.ErrorAt(off, "expected floating point literal")
		case !l.Hex:
			p.ErrorAt(off, "unexpected decimal integer literal for a floating point value")
		case l.Neg:
			p.ErrorAt(off, "hexadecimal float literal should not have a leading minus")
		case l.Mag.BitLen() > sem.Bits:
			p.ErrorAt(off, "hexadecimal float constant out of range for type")
		default:
			vals = append(vals, l.Mag.Uint64())
		}
	}
	var nested func() []int64
	nested = func() []int64 {
		if !p.Optional("[") {
			elemOf()
			return []int64{}
		}
		if !p.Enter() {
			return nil
		}
		defer p.Leave()
		var shape []int64
		first := true
		k := int64(0)
		p.List("", func() {
			k++
			s := nested()
			if first {
				shape, first = s, false
			} else if !slices.Equal(s, shape) && !p.Failed() {
				p.Errorf("tensor literal is invalid; ranks are not consistent between elements")
			}
		})
		p.Expect("]")
		return append([]int64{k}, shape...)
	}
	inferred := nested()
	if p.Failed() {
		return nil
	}
	shapeText := func(s []int64) string {
		parts := make([]string, len(s))
		for i, d := range s {
			parts[i] = strconv.FormatInt(d, 10)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if len(tt.Shape) == 0 && len(inferred) > 0 || len(inferred) > 0 && !slices.Equal(inferred, tt.Shape) {
		p.ErrorAt(typeOff, "inferred shape of elements literal (%s) does not match type (%s)", shapeText(inferred), shapeText(tt.Shape))
		return nil
	}
	if len(vals) == 0 {
		p.Errorf("dense attribute cannot be empty")
		return nil
	}
	splat := true
	for _, v := range vals[1:] {
		splat = splat && v == vals[0]
	}
	if w == 1 {
		if splat {
			if vals[0] != 0 {
				return []byte{0xFF}
			}
			return []byte{0}
		}
		out := make([]byte, (len(vals)+7)/8)
		for i, v := range vals {
			out[i/8] |= byte(v) << (i % 8)
		}
		return out
	}
	if splat {
		vals = vals[:1]
	}
	out := make([]byte, 0, len(vals)*n)
	for _, v := range vals {
		for k := 0; k < n; k++ {
			out = append(out, byte(v>>(8*k)))
		}
	}
	return out
}

func mask(w uint) uint64 {
	if w >= 64 {
		return math.MaxUint64
	}
	return 1<<w - 1
}

// splatOf returns a raw buffer as MLIR keeps it: one element when all are
// equal (i1: 0x00 or 0xFF).
func splatOf(raw []byte, tt *TileType, count int64) []byte {
	d, ok := newDense(tt, raw)
	if !ok || d.splat {
		return raw
	}
	first := d.bits(0)
	for i := int64(1); i < d.count; i++ {
		if d.bits(i) != first {
			return raw
		}
	}
	if d.w == 1 {
		if first != 0 {
			return []byte{0xFF}
		}
		return []byte{0}
	}
	return raw[:d.n]
}
