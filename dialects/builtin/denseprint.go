package builtin

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text of dense elements, as MLIR prints them, shared by the generic
// printer (mlirtext) and the text syntax other dialects' values nest
// builtin values in (a DLTI entry's dense<…> value).

// DenseHexThreshold is mlir-opt's default: dense elements with more
// elements than this (and not a splat) print as a hex string.
const DenseHexThreshold = 100

// FloatSemanticsOf is the format of a float type, nil if it is none or
// one the printer cannot format.
func FloatSemanticsOf(t ir.Type) *asm.FloatSemantics {
	switch t.(type) {
	case *Float64Type:
		return asm.Float64
	case *Float32Type:
		return asm.Float32
	case *Float16Type:
		return asm.Float16
	case *BFloat16Type:
		return asm.BFloat16
	case *IntegerType, *IndexType:
		// Not floats: spares making their names to look them up.
		return nil
	}
	if s, ok := t.(fmt.Stringer); ok {
		return asm.FloatFormats[s.String()]
	}
	return nil
}

// ShapeOf returns the shape and element type of a builtin tensor, vector
// or memref, the types the text of dense elements is read and printed for
// (other dialects' types with a shape are not taken).
func ShapeOf(t ir.Type) ([]int64, ir.Type, bool) {
	switch t := t.(type) {
	case *RankedTensorType, *VectorType, *MemRefType:
		s := t.(ShapedType)
		return s.Shape(), s.ElementType(), true
	}
	return nil, nil, false
}

// ElementCount is the number of elements of a shaped type (NumElements),
// -1 when it is dynamic or does not fit an int64.
func ElementCount(t ir.Type) int64 {
	shape, _, _ := ShapeOf(t)
	n, ok := NumElements(shape)
	if !ok || n == math.MaxInt64 {
		return -1
	}
	return n
}

// ValidDenseData reports whether raw holds one element (a splat) or all n
// elements of bits each (i1 packed eight to a byte, or one per byte), as
// MLIR's isValidRawBuffer accepts them.
func ValidDenseData(raw []byte, bits int, n int64) bool {
	if n < 0 {
		return false
	}
	size := int64(len(raw))
	if n == 0 {
		return size == 0
	}
	if bits == 1 {
		return size == 1 || size == (n+7)/8 || size == n
	}
	per := int64(bits / 8)
	if size == per || per == 3 && size == 4 || per == 6 && size == 8 {
		return true // a splat; tf32's (of three bytes) takes four before LLVM 22
	}
	// tf32 takes four bytes in LLVM 19, three in 22: any whole width
	// from the minimum up.
	return n > 0 && size%n == 0 && size/n >= per && size/n <= 2*per
}

// DenseElementBits is the storage width of one element of a dense attribute:
// 1 for i1, else the bit width rounded up to bytes.
func DenseElementBits(t ir.Type) (int, bool) {
	switch t := t.(type) {
	case *IntegerType:
		if t.Width() == 1 {
			return 1, true
		}
		return int(t.Width()+7) / 8 * 8, true
	case *IndexType:
		return 64, true
	case *ComplexType:
		b, ok := DenseElementBits(t.ElementType())
		return 2 * b, ok
	}
	if s := FloatSemanticsOf(t); s != nil {
		return (s.Bits + 7) / 8 * 8, true
	}
	return 0, false
}

// PrintDenseElements prints the elements of a DenseIntOrFPElementsAttr
// (printDenseIntOrFPElementsAttr): hex above the threshold, else nested
// lists in row-major order, a single element for a splat.
func PrintDenseElements(out *asm.Printer, raw []byte, t ir.Type, allowHex bool) (err error) {
	shape, elem, ok := ShapeOf(t)
	bits, ok2 := DenseElementBits(elem)
	if !ok || !ok2 {
		return fmt.Errorf("dense elements of type %v are not supported", t)
	}
	n := ElementCount(t)
	if !ValidDenseData(raw, bits, n) {
		return fmt.Errorf("dense elements of %v hold %d bytes, neither one element nor all %d", t, len(raw), n)
	}
	// A splat holds one element. Elements take at least their width in
	// whole bytes (tf32 takes four in LLVM 19, three in 22).
	var splat bool
	size := int64(bits / 8)
	switch {
	case n == 0:
	case bits == 1:
		// One byte of all zeros or all ones is a splat, as MLIR's
		// isValidRawBuffer decides; other bytes pack eight elements.
		splat = n == 1 || len(raw) == 1 && (raw[0] == 0 || raw[0] == 0xFF)
	case n > 0 && int64(len(raw))%n == 0 && int64(len(raw))/n >= size:
		size = int64(len(raw)) / n
		splat = n == 1
	default:
		splat = true
		size = int64(len(raw))
	}
	if allowHex && !splat && n > DenseHexThreshold {
		out.Write("\"0x")
		out.Write(strings.ToUpper(fmt.Sprintf("%x", raw)))
		out.Byte('"')
		return
	}
	elemAt := func(i int64) {
		if splat {
			i = 0
		}
		if bits == 1 {
			var bit byte
			switch {
			case splat:
				bit = raw[0] & 1
			case int64(len(raw)) == n:
				bit = raw[i] & 1 // one byte per element
			default:
				bit = raw[i/8] >> (i % 8) & 1
			}
			if bit != 0 {
				out.Write("true")
			} else {
				out.Write("false")
			}
			return
		}
		if (i+1)*size > int64(len(raw)) {
			err = fmt.Errorf("dense elements of %v hold %d bytes, too few", t, len(raw))
			return
		}
		PrintScalar(out, raw[i*size:(i+1)*size], elem)
	}
	if splat {
		elemAt(0)
		return
	}
	PrintElementList(out, shape, n, elemAt)
	return err
}

// PrintElementList prints n elements nested as shape says
// (printDenseElementsAttrImpl).
func PrintElementList(out *asm.Printer, shape []int64, n int64, elemAt func(int64)) {
	if n == 0 {
		return
	}
	rank := len(shape)
	counter := make([]int64, rank)
	open := 0
	for idx := int64(0); idx < n; idx++ {
		if idx != 0 {
			out.Write(", ")
		}
		for ; open < rank; open++ {
			out.Byte('[')
		}
		elemAt(idx)
		if rank == 0 {
			continue
		}
		counter[rank-1]++
		for i := rank - 1; i > 0; i-- {
			if counter[i] >= shape[i] {
				counter[i] = 0
				counter[i-1]++
				open--
				out.Byte(']')
			}
		}
	}
	for ; open > 0; open-- {
		out.Byte(']')
	}
}

// PrintScalar prints one little-endian element of type t.
func PrintScalar(out *asm.Printer, e []byte, t ir.Type) {
	if c, ok := t.(*ComplexType); ok {
		half := len(e) / 2
		out.Byte('(')
		PrintScalar(out, e[:half], c.ElementType())
		out.Byte(',')
		PrintScalar(out, e[half:], c.ElementType())
		out.Byte(')')
		return
	}
	if s := FloatSemanticsOf(t); s != nil && s.Bits > 64 {
		out.Set(asm.AppendFloatBig(out.Append(), s, leInt(e, s.Bits, false)))
		return
	}
	if s := FloatSemanticsOf(t); s != nil {
		var u uint64
		for k := min(len(e), 8) - 1; k >= 0; k-- {
			u = u<<8 | uint64(e[k])
		}
		out.Float(s, u)
		return
	}
	width := 64
	signed := true
	if it, ok := t.(*IntegerType); ok {
		width = int(it.Width())
		signed = it.Signedness() != SignednessUnsigned
		if width == 1 {
			if len(e) > 0 && e[0]&1 != 0 {
				out.Write("true")
			} else {
				out.Write("false")
			}
			return
		}
	}
	if width <= 64 {
		// Without big.Int: most elements are of 64 bits or fewer, and
		// printing an array<i64: ...> went through three allocations an
		// element.
		var u uint64
		for k := min(len(e), 8) - 1; k >= 0; k-- {
			u = u<<8 | uint64(e[k])
		}
		if width < 64 {
			u &= 1<<width - 1
		}
		if signed && width > 0 && u>>(width-1)&1 == 1 {
			out.Set(strconv.AppendInt(out.Append(), int64(u<<(64-width))>>(64-width), 10))
			return
		}
		out.Set(strconv.AppendUint(out.Append(), u, 10))
		return
	}
	out.Write(leInt(e, width, signed).String())
}

// leInt reads a little-endian integer of width bits.
func leInt(e []byte, width int, signed bool) *big.Int {
	be := make([]byte, len(e))
	for i, c := range e {
		be[len(e)-1-i] = c
	}
	v := new(big.Int).SetBytes(be)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(width)), big.NewInt(1))
	v.And(v, mask)
	if signed && width > 0 && v.Bit(width-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
	}
	return v
}

// PrintDenseStrings prints the strings of a DenseStringElementsAttr: one
// for a splat, else nested lists as its shape says.
func PrintDenseStrings(out *asm.Printer, a *DenseStringElementsAttr) {
	vals := a.Value()
	shape, _, _ := ShapeOf(a.Type())
	n := ElementCount(a.Type())
	if a.IsSplat() || len(vals) == 1 && n >= 1 {
		if len(vals) > 0 {
			out.Quoted(vals[0])
		}
		return
	}
	PrintElementList(out, shape, min(n, int64(len(vals))), func(i int64) { out.Quoted(vals[i]) })
}

// PrintSparseElements prints sparse<indices, values> without the type, as
// MLIR does: the indices never in hex, nothing inside when there are none.
func PrintSparseElements(out *asm.Printer, a *SparseElementsAttr) error {
	out.Write("sparse<")
	defer out.Byte('>')
	idx, ok := a.Indices().(*DenseIntOrFPElementsAttr)
	if !ok {
		return fmt.Errorf("sparse elements with indices %T", a.Indices())
	}
	if ElementCount(idx.Type()) == 0 {
		return nil
	}
	if err := PrintDenseElements(out, idx.RawData(), idx.Type(), false); err != nil {
		return err
	}
	out.Write(", ")
	switch v := a.Values().(type) {
	case *DenseIntOrFPElementsAttr:
		return PrintDenseElements(out, v.RawData(), v.Type(), true)
	case *DenseStringElementsAttr:
		PrintDenseStrings(out, v)
		return nil
	}
	return fmt.Errorf("sparse elements with values %T", a.Values())
}
