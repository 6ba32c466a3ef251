package mlirtext

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Builtin attribute and type syntax (MLIR's AttributeParser and
// TypeParser); values of other dialects are handed to their TextCodec as
// text, or kept as text.

// attrDict reads an op's attribute dictionary, nil for {}.
func (ps *parser) attrDict() []ir.NamedAttr {
	base := ps.attrDictOnStack()
	var out []ir.NamedAttr
	if len(ps.dictStack) > base {
		out = slices.Clone(ps.dictStack[base:])
	}
	ps.dictStack = ps.dictStack[:base]
	return out
}

// attrDictOnStack reads a dictionary onto ps.dictStack and returns where
// its entries start there. The dictionaries nested in its values are
// read above them, and taken off again.
func (ps *parser) attrDictOnStack() int {
	p := ps.p
	base := len(ps.dictStack)
	var keys asm.DictKeys
	p.Expect("{")
	p.List("}", func() {
		name, ok := p.DictKey(&keys, "expected an attribute name")
		if !ok {
			return
		}
		var v ir.Attribute = builtin.GetUnitAttr(ps.ctx)
		if p.Optional("=") {
			v = ps.attribute()
		}
		ps.dictStack = append(ps.dictStack, ir.NamedAttr{Name: name, Value: v})
	})
	p.Expect("}")
	return base
}

// attribute reads any attribute; a nil result comes with an error.
func (ps *parser) attribute() ir.Attribute {
	p := ps.p
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	ctx := ps.ctx
	t := p.Tok()
	switch {
	case t.Kind == asm.HashIdent:
		if !strings.Contains(t.Text, ".") && !ps.adjacent(t, "<") {
			p.Next()
			a, ok := ps.attrAlias.get(t.Text)
			if !ok {
				p.ErrorAt(t.Off, "undefined attribute alias %s", t.Text)
			}
			return a
		}
		return ps.dialectAttr()
	case t.Kind == asm.String:
		p.Next()
		s := asm.Unquote(t.Text)
		var typ ir.Type = builtin.GetNoneType(ctx)
		if p.Optional(":") {
			typ = ps.typ()
		}
		return builtin.GetStringAttr(ctx, s, typ)
	case t.Is("["):
		p.Next()
		var elems []ir.Attribute
		p.List("]", func() { elems = append(elems, ps.attribute()) })
		p.Expect("]")
		return builtin.GetArrayAttr(ctx, elems)
	case t.Is("{"):
		// Both lists are scratch: the dictionary keeps a copy.
		base := ps.attrDictOnStack()
		entries := ps.dictEntries[:0]
		for _, a := range ps.dictStack[base:] {
			entries = append(entries, builtin.NamedAttribute{Name: builtin.GetStringAttr(ctx, a.Name, builtin.GetNoneType(ctx)), Value: a.Value})
		}
		ps.dictStack = ps.dictStack[:base]
		sortNamed(entries)
		d := builtin.GetDictionaryAttr(ctx, entries)
		clear(entries)
		ps.dictEntries = entries[:0]
		return d
	case t.Kind == asm.AtIdent:
		return ps.symbolRef()
	case t.Kind == asm.Integer || t.Kind == asm.FloatLit || t.Is("-"):
		return ps.number()
	case t.Is("true"), t.Is("false"):
		p.Next()
		return builtin.GetBoolAttr(ctx, t.Text == "true")
	case t.Is("unit"):
		p.Next()
		return builtin.GetUnitAttr(ctx)
	case t.Is("loc"):
		p.Next()
		p.Expect("(")
		l := ps.locBody()
		p.Expect(")")
		return l
	case t.Is("dense"):
		return ps.dense()
	case t.Is("dense_resource"):
		p.Next()
		p.Expect("<")
		key, ok := p.KeywordOrString()
		if !ok {
			p.Errorf("expected a resource key")
		}
		p.Expect(">")
		p.Expect(":")
		typ := ps.typ()
		return builtin.GetDenseResourceElementsAttr(ctx, typ, ir.ResourceHandle{Dialect: "builtin", Key: key})
	case t.Is("array"):
		return ps.denseArray()
	case t.Is("sparse"):
		return ps.sparse()
	case t.Is("distinct"):
		return ps.distinct()
	case t.Is("affine_map"), t.Is("affine_set"), t.Is("strided"):
		p.Next()
		text := t.Text + p.SkipBalanced()
		return ps.builtinText(text, t.Off)
	}
	// A type stands for itself.
	typ := ps.typ()
	if typ == nil {
		return nil
	}
	return builtin.GetTypeAttr(ctx, typ)
}

// adjacent reports whether the token after t is s with no space between.
func (ps *parser) adjacent(t asm.Token, s string) bool {
	src := ps.p.Source()
	end := t.Off + len(t.Text)
	return strings.HasPrefix(src[end:], s)
}

func sortNamed(entries []builtin.NamedAttribute) {
	for i := 1; i < len(entries); i++ {
		for j := i; j > 0 && entries[j].Name.Value() < entries[j-1].Name.Value(); j-- {
			entries[j], entries[j-1] = entries[j-1], entries[j]
		}
	}
}

func (ps *parser) builtinText(text string, off int) ir.Attribute {
	tc, ok := ps.ctx.Dialect("builtin").(bytecode.TextCodec)
	if !ok {
		ps.p.ErrorAt(off, "the builtin dialect is not registered")
		return nil
	}
	a, err := tc.ParseAttribute(ps.ctx, text, ps.release)
	if err != nil {
		ps.p.ErrorAt(off, "%v", err)
		return nil
	}
	if a == nil {
		ps.p.ErrorAt(off, "cannot read %q", text)
	}
	return a
}

// dialectText reads #dialect.name<...> or !dialect.name<...> as text,
// with a trailing " : type" for attributes (a typed dialect attribute
// prints its type).
func (ps *parser) dialectValueText() (dialect, text, written string) {
	p := ps.p
	t := p.Next()
	text = t.Text
	if ps.adjacent(t, "<") {
		p.SkipBalanced()
		text = p.Source()[t.Off:p.End()]
	}
	dialect, _, _ = strings.Cut(text[1:], ".")
	if i := strings.IndexByte(dialect, '<'); i >= 0 {
		dialect = dialect[:i]
	}
	if ps.ctx.Dialect(dialect) == nil {
		// mlir-opt keeps the text of a dialect it does not know as it
		// is, aliases and all.
		return dialect, text, text
	}
	return dialect, ps.expandAliases(text), text
}

// expandAliases replaces the aliases a dialect value's text uses (#map,
// !t) by what they stand for: the text a known dialect reads, and a
// bytecode file keeps, holds no aliases.
func (ps *parser) expandAliases(text string) string {
	if !strings.ContainsAny(text[1:], "#!") {
		return text
	}
	lex := asm.NewLexer(text)
	lex.Next() // the value's own name
	var b strings.Builder
	last := 0
	for {
		t := lex.Next()
		if t.Kind == asm.EOF || t.Kind == asm.Invalid {
			break
		}
		if strings.Contains(t.Text, ".") {
			continue
		}
		var sub string
		switch t.Kind {
		case asm.HashIdent:
			if a, ok := ps.attrAlias.get(t.Text); ok && a != nil {
				sub = valueText(a, ps.release)
			}
		case asm.BangIdent:
			if typ, ok := ps.typeAlias.get(t.Text); ok && typ != nil {
				sub = valueText(typ, ps.release)
			}
		}
		if sub == "" {
			continue
		}
		b.WriteString(text[last:t.Off])
		b.WriteString(sub)
		last = t.Off + len(t.Text)
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

func (ps *parser) dialectAttr() ir.Attribute {
	p := ps.p
	off := p.Offset()
	dialect, text, written := ps.dialectValueText()
	if p.Is(":") {
		start := p.Offset()
		p.Next()
		ps.typ()
		suffix := " " + strings.TrimSpace(p.Source()[start:ps.prevEnd()])
		text += suffix
		written += suffix
	}
	if a, ok := dialectValue(ps, off, dialect, text, written, bytecode.TextCodec.ParseAttribute); ok {
		return a
	}
	return ir.GetTextAttr(ps.ctx, dialect, text)
}

// dialectValue reads a dialect attribute or type from its text as the
// file has it (written) and with its aliases expanded (text): in the
// file's scope where the dialect declares its text forms, else with the
// dialect's own parse. ok is false for a value to keep as text, and true
// with nil after an error.
func dialectValue[T comparable](ps *parser, off int, dialect, text, written string,
	parse func(bytecode.TextCodec, *ir.Context, string, int) (T, error)) (v T, ok bool) {
	if v, ok := ps.inScope(dialect, written).(T); ok {
		return v, true
	}
	if tc, isCodec := ps.ctx.Dialect(dialect).(bytecode.TextCodec); isCodec {
		v, err := parseOnce(ps, text, !strings.Contains(text, "distinct["), func(text string) (T, error) {
			return parse(tc, ps.ctx, text, ps.release)
		})
		var none T
		if err != nil {
			ps.p.ErrorAt(off, "%v", err)
			return none, true
		}
		if v != none {
			return v, true
		}
	}
	return v, false
}

// inScope reads a dialect value as the file holds it, aliases and
// distinct attributes numbered across the file, if its dialect has
// declared text forms; nil if the value does not print back as written.
func (ps *parser) inScope(dialect, written string) any {
	f, ok := ps.ctx.Dialect(dialect).(asmformat.AsmFormsOf)
	if !ok {
		return nil
	}
	// The same text is the same value throughout a file, distinct
	// attributes included.
	v, _ := parseOnce(ps, written, true, func(text string) (any, error) {
		return f.AsmForms().ParseInScope(ps.ctx, text, ps.release, &ps.scope), nil
	})
	return v
}

// parseOnce reads the text of a dialect attribute or type with parse, or
// finds it among those read before. Text with a distinct attribute in it
// read outside the file's scope is not kept (keep false), as each read of
// it makes a new one.
func parseOnce[T comparable](ps *parser, text string, keep bool, parse func(string) (T, error)) (T, error) {
	if v, ok := ps.parsed[text]; ok {
		ps.reused++
		return v.(T), nil
	}
	v, err := parse(text)
	var none T
	if err == nil && v != none && ps.parsed != nil && keep {
		ps.parsed[text] = v
	}
	return v, err
}

// prevEnd is where the last consumed token ended: the start of the
// current one, less the space before it.
func (ps *parser) prevEnd() int {
	src := ps.p.Source()
	end := ps.p.Offset()
	for end > 0 && strings.IndexByte(" \t\r\n", src[end-1]) >= 0 {
		end--
	}
	return end
}

func (ps *parser) symbolRef() ir.Attribute {
	p := ps.p
	ctx := ps.ctx
	none := builtin.GetNoneType(ctx)
	root, _ := p.SymbolName()
	var nested []*builtin.SymbolRefAttr
	for p.Is(":") && strings.HasPrefix(p.Source()[p.Offset():], "::") {
		p.Next()
		p.Expect(":")
		n, ok := p.SymbolName()
		if !ok {
			p.Errorf("expected a symbol after ::")
			return nil
		}
		nested = append(nested, builtin.GetSymbolRefAttr(ctx, builtin.GetStringAttr(ctx, n, none), nil))
	}
	return builtin.GetSymbolRefAttr(ctx, builtin.GetStringAttr(ctx, root, none), nested)
}

// number reads an integer or float attribute: 42 : i32 (i64 when no type
// follows), 1.5 : f32 (f64), or a hex bit pattern of a float.
func (ps *parser) number() ir.Attribute {
	p := ps.p
	ctx := ps.ctx
	off := p.Offset()
	lit, isFloat := ps.numberLit()
	if p.Failed() {
		return nil
	}
	var typ ir.Type
	if p.Optional(":") {
		typ = ps.typ()
	} else if isFloat {
		typ = builtin.GetFloat64Type(ctx)
	} else {
		typ = builtin.GetIntegerType(ctx, 64, builtin.SignednessSignless)
	}
	if s := builtin.FloatSemanticsOf(typ); s != nil {
		bits, ok := ps.floatBits(lit, s, off)
		if !ok {
			return nil
		}
		return builtin.GetFloatAttr(ctx, typ, ir.APIntFromBig(uint32(s.Bits), bits))
	}
	if isFloat {
		p.ErrorAt(off, "a float literal for %s", typeName(typ))
		return nil
	}
	width, ok := intWidth(typ)
	if !ok {
		p.ErrorAt(off, "an integer literal for %s", typeName(typ))
		return nil
	}
	v, ok := ps.integer(lit, typ, width, off)
	if !ok {
		return nil
	}
	return builtin.GetIntegerAttr(ctx, typ, v)
}

// integer reads the literal of an integer attribute of type typ, width
// bits wide, refusing what MLIR refuses (see readInt), and a negative
// literal, even -0, for an unsigned type.
func (ps *parser) integer(lit string, typ ir.Type, width uint32, off int) (ir.APInt, bool) {
	if strings.HasPrefix(lit, "-") && isUnsigned(typ) {
		ps.p.ErrorAt(off, "negative integer literal not valid for unsigned integer type")
		return ir.APInt{}, false
	}
	v, ok := readInt(lit, width, isSigned(typ))
	if !ok {
		ps.p.ErrorAt(off, "integer constant out of range for attribute")
	}
	return v, ok
}

// isSigned says whether typ is a signed integer type or index, which
// MLIR reads as signed.
func isSigned(typ ir.Type) bool {
	if t, ok := typ.(*builtin.IntegerType); ok {
		return t.Signedness() == builtin.SignednessSigned
	}
	_, index := typ.(*builtin.IndexType)
	return index
}

// isBool says whether typ is i1.
func isBool(typ ir.Type) bool {
	t, ok := typ.(*builtin.IntegerType)
	return ok && t.Width() == 1 && t.Signedness() == builtin.SignednessSignless
}

// isUnsigned says whether typ is an unsigned integer type.
func isUnsigned(typ ir.Type) bool {
	t, ok := typ.(*builtin.IntegerType)
	return ok && t.Signedness() == builtin.SignednessUnsigned
}

// readInt reads an integer literal (decimal, leading zeros and all, or
// 0x hex; negated by a leading '-') for an integer width bits wide as
// MLIR's parser does: its magnitude must fit the width; negated, it must
// be from -1 down to the smallest signed value (so -0 is refused);
// otherwise, for a signed type, at most the largest. ok is false for
// what is refused and for what is not an integer literal.
func readInt(lit string, width uint32, signed bool) (v ir.APInt, ok bool) {
	digits, neg := strings.CutPrefix(lit, "-")
	// Most literals are decimals an int64 holds: no big.Int for them.
	if len(digits) <= 18 {
		if n, err := strconv.ParseUint(digits, 10, 64); err == nil {
			if !intFits(bits.Len64(n), n&(n-1) == 0, width, signed, neg) {
				return ir.APInt{}, false
			}
			if neg {
				return ir.APIntFromInt64(width, -int64(n)), true
			}
			return ir.APIntFromInt64(width, int64(n)), true
		}
	}
	mag := new(big.Int)
	if hex, isHex := strings.CutPrefix(digits, "0x"); isHex {
		_, ok = mag.SetString(hex, 16)
	} else {
		_, ok = mag.SetString(digits, 10)
	}
	if !ok || !intFits(mag.BitLen(), mag.Sign() > 0 && mag.TrailingZeroBits() == uint(mag.BitLen()-1), width, signed, neg) {
		return ir.APInt{}, false
	}
	if neg {
		mag.Neg(mag)
	}
	return ir.APIntFromBig(width, mag), true
}

// intFits says whether a magnitude of bitLen bits (a power of two if
// pow2; zero if bitLen is 0) fits an integer of width bits, negated if
// neg.
func intFits(bitLen int, pow2 bool, width uint32, signed, neg bool) bool {
	w := int(width)
	switch {
	case bitLen > w:
		return false
	case neg:
		// From -1 down to -2^(w-1).
		return bitLen > 0 && (bitLen < w || pow2)
	case signed:
		return bitLen < w
	}
	return true
}

// numberLit reads a possibly negative integer or float literal.
func (ps *parser) numberLit() (string, bool) {
	p := ps.p
	neg := p.Optional("-")
	t := p.Tok()
	if t.Kind != asm.Integer && t.Kind != asm.FloatLit {
		p.Errorf("expected a number")
		return "", false
	}
	p.Next()
	s := t.Text
	if neg {
		s = "-" + s
	}
	return s, t.Kind == asm.FloatLit
}

// floatBits converts a literal to a float's bit pattern: a decimal is
// rounded, a hex integer is the pattern itself.
func (ps *parser) floatBits(lit string, s *asm.FloatSemantics, off int) (*big.Int, bool) {
	if strings.HasPrefix(lit, "0x") {
		v, ok := new(big.Int).SetString(lit[2:], 16)
		if !ok || v.BitLen() > s.Bits {
			ps.p.ErrorAt(off, "hex float %s does not fit %s", lit, s.Name)
			return nil, false
		}
		return v, true
	}
	if strings.HasPrefix(lit, "-0x") {
		ps.p.ErrorAt(off, "a hex float may not be negated")
		return nil, false
	}
	// MLIR reads a decimal literal as a double and converts that to the
	// type, so f80 and f128 literals carry a double's precision, and
	// what overflows a double is infinite.
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !math.IsInf(f, 0) {
		ps.p.ErrorAt(off, "invalid float %q", lit)
		return nil, false
	}
	if math.IsInf(f, 0) {
		if s.Bits <= 64 {
			return new(big.Int).SetUint64(s.FromFloat64(f)), true
		}
		return s.InfBig(f < 0), true
	}
	if s.Bits <= 64 {
		return new(big.Int).SetUint64(s.FromFloat64(f)), true
	}
	b := s.FromRatBig(new(big.Rat).SetFloat64(f))
	if f == 0 && math.Signbit(f) {
		b.SetBit(b, s.Bits-1, 1)
	}
	return b, true
}

func intWidth(t ir.Type) (uint32, bool) {
	switch t := t.(type) {
	case *builtin.IntegerType:
		return t.Width(), true
	case *builtin.IndexType:
		return 64, true
	}
	return 0, false
}

// locBody reads what loc(...) holds, where the file's location aliases
// apply.
func (ps *parser) locBody() ir.Location {
	if ps.locs.Attr == nil {
		ps.locs.Attr = ps.attribute
		ps.locs.Alias = func(name string) (ir.Location, bool) {
			a, ok := ps.attrAlias.get(name)
			l, isLoc := a.(ir.Location)
			return l, ok && isLoc
		}
	}
	return ps.locs.Read(ps.p, ps.ctx)
}

func (ps *parser) distinct() ir.Attribute {
	p := ps.p
	p.Next()
	p.Expect("[")
	id := int64(p.ExpectUint64("a distinct id"))
	p.Expect("]")
	p.Expect("<")
	var ref ir.Attribute = builtin.GetUnitAttr(ps.ctx)
	if !p.Is(">") {
		ref = ps.attribute()
	}
	p.Expect(">")
	if a := ps.scope.Distinct(id); a != nil {
		return a
	}
	a := builtin.NewDistinctAttr(ps.ctx, ref)
	ps.scope.SetDistinct(id, a)
	return a
}

func (ps *parser) denseArray() ir.Attribute {
	p := ps.p
	p.Next()
	p.Expect("<")
	elem := ps.typ()
	var raw []byte
	n := int64(0)
	if p.Optional(":") {
		p.List(">", func() {
			off := p.Offset()
			var lit string
			switch {
			case p.Optional("true"):
				lit = "1"
			case p.Optional("false"):
				lit = "0"
			case isBool(elem):
				p.Errorf("expected 'true' or 'false' values for i1 type")
				return
			default:
				lit, _ = ps.numberLit()
			}
			raw = ps.appendScalar(raw, lit, elem, off, true)
			n++
		})
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return builtin.GetDenseArrayAttr(ps.ctx, elem, n, raw)
}

// appendScalar appends one element of type t in MLIR's storage: integers
// in their width rounded up to bytes (i1 in a byte when byteBools),
// floats as bit patterns, little-endian.
func (ps *parser) appendScalar(raw []byte, lit string, t ir.Type, off int, byteBools bool) []byte {
	if s := builtin.FloatSemanticsOf(t); s != nil {
		bits, ok := ps.floatBits(lit, s, off)
		if !ok {
			return raw
		}
		return appendLE(raw, bits, (s.Bits+7)/8)
	}
	width, ok := intWidth(t)
	if !ok {
		ps.p.ErrorAt(off, "elements of type %s are not supported", typeName(t))
		return raw
	}
	if !isIntLiteral(lit) {
		ps.p.ErrorAt(off, "expected an integer for %s", typeName(t))
		return raw
	}
	if !byteBools && strings.HasPrefix(lit, "-") && isUnsigned(t) {
		ps.p.ErrorAt(off, "expected unsigned integer elements, but parsed negative value")
		return raw
	}
	v, ok := readInt(lit, width, isSigned(t))
	if !ok {
		if byteBools {
			ps.p.ErrorAt(off, "integer constant out of range")
		} else {
			ps.p.ErrorAt(off, "integer constant out of range for type")
		}
		return raw
	}
	words := v.Words()
	for i := range int(width+7) / 8 {
		var w uint64
		if i/8 < len(words) {
			w = words[i/8]
		}
		raw = append(raw, byte(w>>(8*(i%8))))
	}
	return raw
}

// isIntLiteral says whether lit is an integer literal: decimal digits or
// 0x and hex digits, after an optional '-'.
func isIntLiteral(lit string) bool {
	digits, _ := strings.CutPrefix(lit, "-")
	if hex, ok := strings.CutPrefix(digits, "0x"); ok {
		_, err := strconv.ParseUint(hex, 16, 64)
		return hex != "" && (err == nil || errors.Is(err, strconv.ErrRange))
	}
	_, err := strconv.ParseUint(digits, 10, 64)
	return digits != "" && (err == nil || errors.Is(err, strconv.ErrRange))
}

func appendLE(raw []byte, v *big.Int, n int) []byte {
	be := v.Bytes()
	for i := 0; i < n; i++ {
		var c byte
		if i < len(be) {
			c = be[len(be)-1-i]
		}
		raw = append(raw, c)
	}
	return raw
}

// element is one parsed dense element or a nested list.
type element struct {
	list    []element
	isList  bool
	lit     string // number, or "true"/"false"
	str     *string
	complex *[2]string
	off     int
}

func (ps *parser) elements() element {
	p := ps.p
	if !p.Enter() {
		return element{}
	}
	defer p.Leave()
	off := p.Offset()
	t := p.Tok()
	switch {
	case t.Is("["):
		p.Next()
		e := element{isList: true, off: off}
		p.List("]", func() { e.list = append(e.list, ps.elements()) })
		p.Expect("]")
		return e
	case t.Is("("):
		p.Next()
		re, _ := ps.scalarLit()
		p.Expect(",")
		im, _ := ps.scalarLit()
		p.Expect(")")
		return element{complex: &[2]string{re, im}, off: off}
	case t.Kind == asm.String:
		p.Next()
		s := asm.Unquote(t.Text)
		return element{str: &s, off: off}
	}
	lit, _ := ps.scalarLit()
	return element{lit: lit, off: off}
}

func (ps *parser) scalarLit() (string, bool) {
	p := ps.p
	switch {
	case p.Optional("true"):
		return "true", true
	case p.Optional("false"):
		return "false", true
	}
	return ps.numberLit()
}

// dense reads dense<...> : type.
func (ps *parser) dense() ir.Attribute {
	p := ps.p
	p.Next()
	p.Expect("<")
	var e element
	empty := p.Is(">")
	if !empty {
		e = ps.elements()
	}
	p.Expect(">")
	p.Expect(":")
	typOff := p.Offset()
	typ := ps.typ()
	if p.Failed() {
		return nil
	}
	shape, elem, ok := builtin.ShapeOf(typ)
	if !ok {
		p.ErrorAt(typOff, "dense elements need a tensor or vector type, not %s", typeName(typ))
		return nil
	}
	n := builtin.ElementCount(typ)
	if _, numeric := builtin.DenseElementBits(elem); !numeric {
		return ps.denseStrings(e, typ, n)
	}
	if e.str != nil { // a hex string of the raw data
		data, ok := hexBytes(strings.TrimPrefix(*e.str, "0x"))
		if !ok || !strings.HasPrefix(*e.str, "0x") {
			p.ErrorAt(e.off, "expected a hex string of the elements of %s", typeName(typ))
			return nil
		}
		bits, _ := builtin.DenseElementBits(elem)
		if !builtin.ValidDenseData(data, bits, n) {
			p.ErrorAt(e.off, "elements hex data size is invalid for provided type %s", typeName(typ))
			return nil
		}
		return builtin.GetDenseIntOrFPElementsAttr(ps.ctx, typ, data)
	}
	if n < 0 {
		p.ErrorAt(typOff, "dense elements of a shape too large: %s", typeName(typ))
		return nil
	}
	var flat []element
	if !empty {
		if !e.isList {
			flat = []element{e}
		} else if !ps.flatten(e, shape, 0, &flat) {
			return nil
		}
	}
	if int64(len(flat)) != n && len(flat) != 1 {
		p.ErrorAt(e.off, "%d elements for %s", len(flat), typeName(typ))
		return nil
	}
	splat := len(flat) == 1 && n != 1
	if len(flat) > 1 {
		splat = true
		for _, x := range flat[1:] {
			if !sameElement(x, flat[0]) {
				splat = false
				break
			}
		}
		if splat {
			flat = flat[:1]
		}
	}
	raw := ps.encodeElements(flat, elem, splat)
	if p.Failed() {
		return nil
	}
	return builtin.GetDenseIntOrFPElementsAttr(ps.ctx, typ, raw)
}

func sameElement(a, b element) bool {
	if a.complex != nil || b.complex != nil {
		return a.complex != nil && b.complex != nil && *a.complex == *b.complex
	}
	return a.lit == b.lit
}

// flatten lists the elements in row-major order, checking the nesting
// against the shape.
func (ps *parser) flatten(e element, shape []int64, dim int, out *[]element) bool {
	if !e.isList {
		if dim != len(shape) {
			ps.p.ErrorAt(e.off, "expected a list of %d elements", shape[dim])
			return false
		}
		*out = append(*out, e)
		return true
	}
	if dim >= len(shape) || int64(len(e.list)) != shape[dim] {
		ps.p.ErrorAt(e.off, "a list whose shape does not match the type")
		return false
	}
	for _, x := range e.list {
		if !ps.flatten(x, shape, dim+1, out) {
			return false
		}
	}
	return true
}

func (ps *parser) encodeElements(flat []element, elem ir.Type, splat bool) []byte {
	if it, ok := elem.(*builtin.IntegerType); ok && it.Width() == 1 {
		if splat || len(flat) == 1 {
			if ps.boolElement(flat[0], elem) {
				return []byte{0xFF}
			}
			return []byte{0}
		}
		raw := make([]byte, (len(flat)+7)/8)
		for i, x := range flat {
			if ps.boolElement(x, elem) {
				raw[i/8] |= 1 << (i % 8)
			}
		}
		return raw
	}
	var raw []byte
	for _, x := range flat {
		if c, ok := elem.(*builtin.ComplexType); ok {
			if x.complex == nil {
				ps.p.ErrorAt(x.off, "expected a complex element (re,im)")
				return nil
			}
			raw = ps.appendElement(raw, x.complex[0], c.ElementType(), x.off)
			raw = ps.appendElement(raw, x.complex[1], c.ElementType(), x.off)
			continue
		}
		raw = ps.appendElement(raw, x.lit, elem, x.off)
	}
	return raw
}

// boolElement reads an element of a one-bit type: true, false, or an
// integer literal in the type's range (see readInt).
func (ps *parser) boolElement(x element, t ir.Type) bool {
	b := ps.appendElement(nil, x.lit, t, x.off)
	return len(b) == 1 && b[0]&1 != 0
}

func (ps *parser) appendElement(raw []byte, lit string, t ir.Type, off int) []byte {
	switch lit {
	case "true":
		lit = "1"
	case "false":
		lit = "0"
	}
	if s := builtin.FloatSemanticsOf(t); s != nil {
		bits, ok := ps.floatBits(lit, s, off)
		if !ok {
			return raw
		}
		size := (s.Bits + 7) / 8
		if size == 3 && ps.release != 0 && ps.release < 22 {
			size = 4 // tf32 took four bytes before LLVM 22
		}
		return appendLE(raw, bits, size)
	}
	return ps.appendScalar(raw, lit, t, off, false)
}

func (ps *parser) denseStrings(e element, typ ir.Type, n int64) ir.Attribute {
	var flat []element
	if e.isList {
		shape, _, _ := builtin.ShapeOf(typ)
		if !ps.flatten(e, shape, 0, &flat) {
			return nil
		}
	} else {
		flat = []element{e}
	}
	vals := make([]string, len(flat))
	for i, x := range flat {
		if x.str == nil {
			ps.p.ErrorAt(x.off, "expected a string element")
			return nil
		}
		vals[i] = *x.str
	}
	splat := len(vals) == 1
	if len(vals) > 1 {
		splat = true
		for _, v := range vals[1:] {
			if v != vals[0] {
				splat = false
			}
		}
		if splat {
			vals = vals[:1]
		}
	}
	return builtin.GetDenseStringElementsAttr(ps.ctx, typ, splat, vals)
}

// sparse reads sparse<indices, values> : type.
func (ps *parser) sparse() ir.Attribute {
	p := ps.p
	ctx := ps.ctx
	p.Next()
	p.Expect("<")
	var idx, vals element
	empty := p.Is(">")
	if !empty {
		idx = ps.elements()
		p.Expect(",")
		vals = ps.elements()
	}
	p.Expect(">")
	p.Expect(":")
	typ := ps.typ()
	if p.Failed() {
		return nil
	}
	_, elem, ok := builtin.ShapeOf(typ)
	if !ok {
		p.Errorf("sparse elements need a tensor or vector type")
		return nil
	}
	rank := int64(len(shapeOf(typ)))
	i64 := builtin.GetIntegerType(ctx, 64, builtin.SignednessSignless)
	// Indices: a list of index tuples, each rank long.
	var flatIdx []element
	collectLeaves(idx, &flatIdx)
	nIdx := int64(0)
	if rank > 0 {
		nIdx = int64(len(flatIdx)) / rank
	}
	idxType := builtin.GetRankedTensorType(ctx, []int64{nIdx, rank}, i64, nil)
	var flatVals []element
	collectLeaves(vals, &flatVals)
	valType := builtin.GetRankedTensorType(ctx, []int64{nIdx}, elem, nil)
	if empty {
		idxType = builtin.GetRankedTensorType(ctx, []int64{0, rank}, i64, nil)
		valType = builtin.GetRankedTensorType(ctx, []int64{0}, elem, nil)
	}
	var idxRaw []byte
	for _, x := range flatIdx {
		idxRaw = ps.appendScalar(idxRaw, x.lit, i64, x.off, false)
	}
	var values ir.Attribute
	if len(flatVals) > 0 && flatVals[0].str != nil {
		values = ps.denseStrings(vals, valType, int64(len(flatVals)))
	} else {
		splat := len(flatVals) == 1
		for _, x := range flatVals[min(1, len(flatVals)):] {
			splat = splat && sameElement(x, flatVals[0])
		}
		if splat {
			flatVals = flatVals[:1]
		}
		values = builtin.GetDenseIntOrFPElementsAttr(ctx, valType, ps.encodeElements(flatVals, elem, splat))
	}
	return builtin.GetSparseElementsAttr(ctx, typ, builtin.GetDenseIntOrFPElementsAttr(ctx, idxType, idxRaw), values)
}

func collectLeaves(e element, out *[]element) {
	if !e.isList {
		if e.lit != "" || e.str != nil || e.complex != nil {
			*out = append(*out, e)
		}
		return
	}
	for _, x := range e.list {
		collectLeaves(x, out)
	}
}

func shapeOf(t ir.Type) []int64 {
	s, _, _ := builtin.ShapeOf(t)
	return s
}

// typ reads a type; a nil result comes with an error.
func (ps *parser) typ() ir.Type {
	p := ps.p
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	t := p.Tok()
	switch t.Kind {
	case asm.BangIdent:
		if !strings.Contains(t.Text, ".") && !ps.adjacent(t, "<") {
			p.Next()
			typ, ok := ps.typeAlias.get(t.Text)
			if !ok {
				p.ErrorAt(t.Off, "undefined type alias %s", t.Text)
			}
			return typ
		}
		dialect, text, written := ps.dialectValueText()
		if typ, ok := dialectValue(ps, t.Off, dialect, text, written, bytecode.TextCodec.ParseType); ok {
			return typ
		}
		return ir.GetTextType(ps.ctx, dialect, text)
	case asm.Punct:
		if t.Is("(") {
			return ps.repeatedFunctionType()
		}
	case asm.BareIdent:
		return ps.builtinType()
	}
	p.Errorf("expected a type, found %s", p.Describe())
	return nil
}

// repeatedFunctionType reads a function type, looking its text up among
// those read before. Where the text ends is found by scanning it
// (functionTypeEnd); a type read afresh is kept only if reading it ended
// there too, so a scan that misjudges costs a lookup, never a wrong type.
func (ps *parser) repeatedFunctionType() ir.Type {
	p := ps.p
	start := p.Offset()
	src := p.Source()
	end := functionTypeEnd(src, start)
	if end < 0 {
		return ps.functionType()
	}
	text := src[start:end]
	if t, ok := ps.parsed[text]; ok {
		ps.reused++
		p.SkipTo(end)
		return t.(ir.Type)
	}
	t := ps.functionType()
	if t != nil && !p.Failed() && p.End() == end && ps.parsed != nil {
		ps.parsed[text] = t
	}
	return t
}

// functionTypeEnd is where the function type starting with the '(' at
// start ends: a parenthesized list, '->', and either another such list or
// a type that is a name (i32, !alias, !dialect.name) with, adjacent, a
// bracketed group (tensor<4xf32>, !dialect.name<...>). It is -1 for text
// it does not know to be one type, or that may hold a comment.
func functionTypeEnd(src string, start int) int {
	i := groupEnd(src, start)
	if i < 0 {
		return -1
	}
	i = skipSpace(src, i)
	if !strings.HasPrefix(src[i:], "->") {
		return -1
	}
	i = skipSpace(src, i+2)
	if i < len(src) && src[i] == '(' {
		return groupEnd(src, i)
	}
	j := i
	if j < len(src) && src[j] == '!' {
		j++
	}
	if j == len(src) || !(isLetter(src[j]) || src[j] == '_') {
		return -1
	}
	for j < len(src) && (isLetter(src[j]) || isDigit(src[j]) || strings.IndexByte("_$.", src[j]) >= 0) {
		j++
	}
	if j < len(src) && src[j] == '<' {
		return groupEnd(src, j)
	}
	return j
}

// groupEnd is the end of the bracketed group opening at start, -1 if it
// does not close, nests too deep, or holds a '/' (maybe a comment)
// outside a string. The '>' of '->' closes nothing.
func groupEnd(src string, start int) int {
	var stack [64]byte
	depth := 0
	for i := start; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '[', '{', '<':
			if depth == len(stack) {
				return -1
			}
			stack[depth] = closing(c)
			depth++
		case ')', ']', '}', '>':
			if c == '>' && i > start && src[i-1] == '-' {
				continue
			}
			if depth == 0 || stack[depth-1] != c {
				return -1
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '/':
			return -1
		}
	}
	return -1
}

// closing is the bracket that closes c.
func closing(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	}
	return '>'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func skipSpace(src string, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n", src[i]) >= 0 {
		i++
	}
	return i
}

func (ps *parser) functionType() ir.Type {
	p := ps.p
	var in, out []ir.Type
	p.Expect("(")
	p.List(")", func() { in = append(in, ps.typ()) })
	p.Expect(")")
	p.Expect("->")
	if p.Is("(") {
		p.Next()
		p.List(")", func() { out = append(out, ps.typ()) })
		p.Expect(")")
	} else {
		out = []ir.Type{ps.typ()}
	}
	if p.Failed() {
		return nil
	}
	return builtin.GetFunctionType(ps.ctx, in, out)
}

func (ps *parser) builtinType() ir.Type {
	p := ps.p
	ctx := ps.ctx
	t := p.Next()
	if typ, ok := builtin.SimpleType(ctx, t.Text); ok {
		return typ
	}
	switch t.Text {
	case "complex":
		p.Expect("<")
		e := ps.typ()
		p.Expect(">")
		return builtin.GetComplexType(ctx, e)
	case "tuple":
		var ts []ir.Type
		p.Expect("<")
		p.List(">", func() { ts = append(ts, ps.typ()) })
		p.Expect(">")
		return builtin.GetTupleType(ctx, ts)
	case "tensor":
		return ps.tensorType()
	case "memref":
		return ps.memrefType()
	case "vector":
		return ps.vectorType()
	}
	p.ErrorAt(t.Off, "unknown type %q", t.Text)
	return nil
}

func (ps *parser) tensorType() ir.Type {
	p := ps.p
	ctx := ps.ctx
	p.Expect("<")
	if p.Optional("*") {
		ps.expectX()
		e := ps.typ()
		p.Expect(">")
		return builtin.GetUnrankedTensorType(ctx, e)
	}
	dims := ps.dims()
	e := ps.typ()
	var enc ir.Attribute
	if p.Optional(",") {
		enc = ps.attribute()
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return builtin.GetRankedTensorType(ctx, dims, e, enc)
}

func (ps *parser) memrefType() ir.Type {
	p := ps.p
	ctx := ps.ctx
	p.Expect("<")
	if p.Optional("*") {
		ps.expectX()
		e := ps.typ()
		var ms ir.Attribute
		if p.Optional(",") {
			ms = ps.attribute()
		}
		p.Expect(">")
		return builtin.GetUnrankedMemRefType(ctx, e, ms)
	}
	dims := ps.dims()
	e := ps.typ()
	var layout, ms ir.Attribute
	if p.Optional(",") {
		a := ps.attribute()
		if builtin.IsMemRefLayout(a) {
			layout = a
			if p.Optional(",") {
				ms = ps.attribute()
			}
		} else {
			ms = a
		}
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if layout == nil {
		layout = identityLayout(ctx, len(dims))
	}
	return builtin.GetMemRefType(ctx, dims, e, layout, ms)
}

func (ps *parser) vectorType() ir.Type {
	p := ps.p
	p.Expect("<")
	var dims []int64
	var scalable []bool
	any := false
	for !p.Failed() {
		if p.Optional("[") {
			for {
				d := p.ExpectInt64("a scalable dimension")
				dims = append(dims, d)
				scalable = append(scalable, true)
				any = true
				// LLVM 16 groups trailing scalable dimensions: [2x4].
				if t := p.Tok(); t.Kind == asm.BareIdent && t.Text[0] == 'x' {
					ps.expectX()
					continue
				}
				break
			}
			p.Expect("]")
			ps.expectX()
			continue
		}
		if p.Tok().Kind != asm.Integer {
			break
		}
		d := p.DimensionList(false, true)
		for _, x := range d {
			dims = append(dims, x)
			scalable = append(scalable, false)
		}
		if len(d) == 0 {
			break
		}
	}
	e := ps.typ()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if !any {
		scalable = nil
	}
	return builtin.GetVectorType(ps.ctx, dims, e, scalable)
}

// dims reads "4x?x" before an element type (? is asm.Dynamic, MLIR's
// ShapedType::kDynamic, as builtin types hold it).
func (ps *parser) dims() []int64 { return ps.p.DimensionList(true, true) }

// expectX consumes an 'x', also the leading one of an identifier (xf32).
func (ps *parser) expectX() {
	p := ps.p
	t := p.Tok()
	if t.Kind != asm.BareIdent || t.Text[0] != 'x' {
		p.Errorf("expected 'x'")
		return
	}
	if len(t.Text) == 1 {
		p.Next()
		return
	}
	p.ResetTo(t.Off + 1)
}

func identityLayout(ctx *ir.Context, rank int) ir.Attribute {
	return builtin.GetAffineMapAttr(ctx, affine.IdentityMap(rank))
}
