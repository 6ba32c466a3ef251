package cudatile

import (
	"bytes"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// The syntax of attributes: builtin ones as MLIR's AsmPrinter prints them
// (42 : i32, 1.500000e+00 : f32, "s", [a, b], {k = v}, dense<…> : type),
// cuda_tile's as #cuda_tile.<mnemonic><body> (Attributes.cpp and the
// AttrDefs' formats).

// floatSemantics is the APFloat semantics of a float type, nil for others.
func floatSemantics(t tileir.Type) *asm.FloatSemantics {
	switch t.(type) {
	case *Float16Type:
		return asm.Float16
	case *BFloat16Type:
		return asm.BFloat16
	case *Float32Type:
		return asm.Float32
	case *TFloat32Type:
		return asm.TFloat32
	case *Float64Type:
		return asm.Float64
	case *Float8E4M3FNType:
		return asm.Float8E4M3FN
	case *Float8E5M2Type:
		return asm.Float8E5M2
	case *Float8E8M0FNUType:
		return asm.Float8E8M0FNU
	case *Float4E2M1FNType:
		return asm.Float4E2M1FN
	}
	return nil
}

// printAttr prints an attribute in a style.
func printAttr(p *tileir.Printer, a tileir.Attr, style tileir.AttrStyle) {
	typed := func(t tileir.Type) {
		switch {
		case style == tileir.AttrWithoutType || style == tileir.AttrStripped:
		case style == tileir.AttrElideMay && (isInt64(t) || isF64(t)):
		default:
			p.Write(" : ")
			printType(p, t)
		}
	}
	switch a := a.(type) {
	case *IntegerAttr:
		if intWidth(a.Type) == 1 {
			if a.Value&1 != 0 {
				p.Write("true")
			} else {
				p.Write("false")
			}
			return
		}
		p.Int(signExtend(a.Value, intWidth(a.Type)))
		typed(a.Type)
	case *FloatAttr:
		s := floatSemantics(a.Type)
		if s == nil {
			p.Write("<<invalid float>>")
			typed(a.Type)
			return
		}
		text := asm.AppendFloat(nil, s, a.Bits)
		p.Write(string(text))
		if bytes.HasPrefix(text, []byte("0x")) && style == tileir.AttrElideMay {
			// MLIR keeps the type of a float it prints in hex (an
			// infinity, a NaN), f64 included: bare, the literal would
			// read back as an i64.
			p.Write(" : ")
			printType(p, a.Type)
			return
		}
		typed(a.Type)
	case *BoolAttr:
		if a.Value {
			p.Write("true")
		} else {
			p.Write("false")
		}
	case *TypeAttr:
		printType(p, a.Value)
	case *StringAttr:
		p.Quoted(a.Value)
	case *ArrayAttr:
		p.Byte('[')
		for i, e := range a.Elements {
			if i > 0 {
				p.Write(", ")
			}
			p.AttrStyle(e, tileir.AttrElideMay)
		}
		p.Byte(']')
	case *DictionaryAttr:
		printDict(p, sortedEntries(a.Entries), tileir.AttrFull)
	case *DenseElementsAttr:
		p.Write("dense<")
		if tt, ok := a.Type.(*TileType); ok {
			printDenseBody(p, tt, a.Data)
		}
		p.Write(">")
		typed(a.Type)
	case *OptimizationHintsAttr:
		dialectAttr(p, "optimization_hints", style, func() { printHintsBody(p, a) })
	case *DivByAttr:
		dialectAttr(p, "div_by", style, func() {
			p.Byte('<')
			p.Uint(a.Divisor)
			if a.Every != nil {
				p.Write(", every ")
				p.Int(*a.Every)
				p.Write(" along ")
				if a.Along != nil {
					p.Int(*a.Along)
				}
			}
			p.Byte('>')
		})
	case *SameElementsAttr:
		dialectAttr(p, a.Mnemonic(), style, func() { a.PrintBody(p) })
	case *BoundedAttr:
		dialectAttr(p, a.Mnemonic(), style, func() { a.PrintBody(p) })
	default:
		p.Write(a.String())
	}
}

// dialectAttr prints #cuda_tile.<mnemonic><body>, or only the body when
// stripped.
func dialectAttr(p *tileir.Printer, mnemonic string, style tileir.AttrStyle, body func()) {
	if style != tileir.AttrStripped {
		p.Write("#cuda_tile.")
		p.Write(mnemonic)
	}
	body()
}

// printHintsBody prints <sm_90 = {latency = 3}, …>: keys as they are,
// values without their types (OptimizationHintsAttr::print).
func printHintsBody(p *tileir.Printer, a *OptimizationHintsAttr) {
	p.Byte('<')
	for i, e := range sortedEntries(a.Entries) {
		if i > 0 {
			p.Write(", ")
		}
		p.Write(e.Name)
		p.Write(" = {")
		if d, ok := e.Value.(*DictionaryAttr); ok {
			for k, x := range sortedEntries(d.Entries) {
				if k > 0 {
					p.Write(", ")
				}
				p.Write(x.Name)
				p.Write(" = ")
				p.AttrWithoutType(x.Value)
			}
		}
		p.Byte('}')
	}
	p.Byte('>')
}

// printDict prints a dictionary: {a = v, b = w}.
func printDict(p *tileir.Printer, es []NamedAttr, style tileir.AttrStyle) {
	p.Byte('{')
	for i, e := range es {
		if i > 0 {
			p.Write(", ")
		}
		p.KeywordOrString(e.Name)
		p.Write(" = ")
		p.AttrStyle(e.Value, style)
	}
	p.Byte('}')
}

func isInt64(t tileir.Type) bool { _, ok := t.(*Int64Type); return ok }
func isF64(t tileir.Type) bool   { _, ok := t.(*Float64Type); return ok }

// signExtend reads the low w bits of v as a signed integer.
func signExtend(v uint64, w uint) int64 {
	if w == 0 || w >= 64 {
		return int64(v)
	}
	return int64(v<<(64-w)) >> (64 - w)
}

// denseValues describes a dense buffer of a tile: its element count,
// whether it is a splat, and each element's bits.
type denseValues struct {
	elem   tileir.Type
	count  int64
	splat  bool
	data   []byte
	n      int  // bytes per element
	packed bool // i1 bits packed 8 to a byte
	w      uint
	sem    *asm.FloatSemantics
}

func newDense(tt *TileType, data []byte) (*denseValues, bool) {
	d, ok := layoutDense(tt, data)
	if ok && !d.splat && d.count > 1 {
		// MLIR's uniquer keeps a buffer whose elements are all equal as a
		// splat, whoever wrote it.
		first, all := d.bits(0), true
		for i := int64(1); i < d.count && all; i++ {
			all = d.bits(i) == first
		}
		if all {
			if d.w == 1 {
				d.data = []byte{byte(first)}
				d.packed = false
			} else {
				d.data = data[:d.n]
			}
			d.splat = true
		}
	}
	return d, ok
}

// layoutDense says how a buffer holds the elements of a tile.
func layoutDense(tt *TileType, data []byte) (*denseValues, bool) {
	d := &denseValues{elem: tt.Element, count: 1, data: data, n: elemBytes(tt.Element), w: intWidth(tt.Element), sem: floatSemantics(tt.Element)}
	if d.n == 0 {
		return nil, false
	}
	for _, s := range tt.Shape {
		if s < 0 {
			return nil, false
		}
		d.count *= s
	}
	if d.w == 1 {
		switch {
		case len(data) == 1 && (data[0] == 0 || data[0] == 0xFF) || d.count == 1 && len(data) == 1:
			d.splat = true
		case int64(len(data)) == (d.count+7)/8:
			d.packed = true
		case int64(len(data)) != d.count: // else a byte per element (newer MLIR)
			return nil, false
		}
		return d, true
	}
	d.splat = len(data) == d.n
	if !d.splat && int64(len(data)) != d.count*int64(d.n) {
		return nil, false
	}
	return d, true
}

// bits returns element i's bit pattern.
func (d *denseValues) bits(i int64) uint64 {
	if d.splat {
		i = 0
	}
	if d.w == 1 {
		if d.packed {
			return uint64(d.data[i/8]>>(i%8)) & 1
		}
		return uint64(d.data[i] & 1)
	}
	var u uint64
	for k := d.n - 1; k >= 0; k-- {
		u = u<<8 | uint64(d.data[int(i)*d.n+k])
	}
	return u
}

// printElem prints one element as MLIR prints dense elements.
func (d *denseValues) printElem(p *tileir.Printer, i int64) {
	b := d.bits(i)
	switch {
	case d.w == 1:
		if b != 0 {
			p.Write("true")
		} else {
			p.Write("false")
		}
	case d.w > 0:
		p.Int(signExtend(b, d.w))
	default:
		p.Float(d.sem, b)
	}
}

// printDenseBody prints what MLIR prints inside dense<…>: a splat's
// element, nested lists of elements in row-major order, or the raw
// buffer in hex ("0x…") when there are more than 100 elements.
func printDenseBody(p *tileir.Printer, tt *TileType, data []byte) {
	d, ok := newDense(tt, data)
	if !ok {
		p.Write("<<invalid dense value>>")
		return
	}
	if d.splat {
		d.printElem(p, 0)
		return
	}
	if d.count > 100 {
		p.Write("\"0x")
		p.Write(hex(data))
		p.Byte('"')
		return
	}
	if d.count == 0 {
		return
	}
	rank := len(tt.Shape)
	counter := make([]int64, rank)
	open := 0
	for idx := int64(0); idx < d.count; idx++ {
		if idx != 0 {
			p.Write(", ")
		}
		for ; open < rank; open++ {
			p.Byte('[')
		}
		d.printElem(p, idx)
		counter[rank-1]++
		for i := rank - 1; i > 0; i-- {
			if counter[i] >= tt.Shape[i] {
				counter[i] = 0
				counter[i-1]++
				open--
				p.Byte(']')
			}
		}
	}
	for ; open > 0; open-- {
		p.Byte(']')
	}
}

// printDenseTypedElementsAttr is custom<DenseTypedElementsAttr>($value,
// type($result)): <f32: 1.500000e+00> : tile<f32>.
func printDenseTypedElementsAttr(p *tileir.Printer, _ tileir.Op, v tileir.Dense, t tileir.Type) {
	tt, ok := t.(*TileType)
	if !ok {
		p.Write("<<invalid dense type>>")
		return
	}
	p.Byte('<')
	printShort(p, tt.Element)
	p.Write(": ")
	printDenseBody(p, tt, v.Data)
	p.Write("> : ")
	printShort(p, t)
}

// printDenseTypedElementsAttrNoResult is the same, typed by the value.
func printDenseTypedElementsAttrNoResult(p *tileir.Printer, op tileir.Op, v tileir.Dense) {
	printDenseTypedElementsAttr(p, op, v, v.Type)
}

// sortedEntries returns a dictionary's entries sorted by name, as MLIR's
// DictionaryAttr keeps them (whatever order a file lists them in).
func sortedEntries(es []NamedAttr) []NamedAttr {
	if slices.IsSortedFunc(es, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) }) {
		return es
	}
	out := slices.Clone(es)
	slices.SortStableFunc(out, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return out
}
