package builtin

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readDenseStrings reads the strings of a DenseStringElementsAttr: one
// when splat, else one per element of the type; the count is not written.
func readDenseStrings(r *bytecode.EntryReader, typ ir.Type, isSplat bool) ([]string, error) {
	at := r.Offset()
	n := int64(1)
	if !isSplat {
		st, ok := typ.(ShapedType)
		if !ok {
			return nil, r.ErrorAt(at, "a shaped type for dense string elements", wire.ErrInvalid)
		}
		var static bool
		if n, static = NumElements(st.Shape()); !static {
			return nil, r.ErrorAt(at, "a static shape for dense string elements", wire.ErrInvalid)
		}
	}
	// Every string index takes at least one byte.
	if n > int64(r.Len()) {
		return nil, r.ErrorAt(at, fmt.Sprintf("%d string indices", n), wire.ErrTruncated)
	}
	out := make([]string, n)
	for i := range out {
		var err error
		if out[i], err = r.String(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func writeDenseStrings(w *bytecode.EntryWriter, _ ir.Type, _ bool, value []string) {
	for _, s := range value {
		w.String(s)
	}
}

// GetDenseBoolElements builds dense i1 elements the way MLIR stores them:
// bit-packed LSB first, or a single 0x00/0xFF byte when all are equal.
func GetDenseBoolElements(ctx *ir.Context, typ ir.Type, values []bool) *DenseIntOrFPElementsAttr {
	splat := len(values) > 0
	for _, v := range values {
		splat = splat && v == values[0]
	}
	if splat {
		b := byte(0)
		if values[0] {
			b = 0xFF
		}
		return GetDenseIntOrFPElementsAttr(ctx, typ, []byte{b})
	}
	raw := make([]byte, (len(values)+7)/8)
	for i, v := range values {
		if v {
			raw[i/8] |= 1 << (i % 8)
		}
	}
	return GetDenseIntOrFPElementsAttr(ctx, typ, raw)
}

// GetI1Type, GetI32Type and friends are shorthands for signless integers.
func GetIntType(ctx *ir.Context, width uint32) *IntegerType {
	return GetIntegerType(ctx, width, SignednessSignless)
}

// GetBoolAttr is the i1 IntegerAttr MLIR prints as true or false.
func GetBoolAttr(ctx *ir.Context, v bool) *IntegerAttr {
	var b uint64
	if v {
		b = 1
	}
	return GetIntegerAttr(ctx, GetIntType(ctx, 1), ir.APIntFromUint64(1, b))
}

// verifyDenseArray is MLIR's DenseArrayAttr::verify: integer or float
// elements, each taking its bit width rounded up to whole bytes, size of
// them filling rawData exactly.
func verifyDenseArray(elementType ir.Type, size int64, rawData []byte) error {
	if elementType == nil {
		return fmt.Errorf("no element type")
	}
	w, ok := elementType.(interface{ BitWidth() uint32 })
	if !ok {
		return fmt.Errorf("expected integer or floating point element type, not %s.%s", elementType.Dialect(), elementType.Kind())
	}
	elem := int64(w.BitWidth()+7) / 8
	if size < 0 || elem == 0 || size > int64(len(rawData))/elem || size*elem != int64(len(rawData)) {
		return fmt.Errorf("expected data size (%d elements, %d bytes each) does not match: %d bytes", size, elem, len(rawData))
	}
	return nil
}

// readDenseElementData reads a dense attribute's data as the file stores
// it: a view of the file where the reader allows (the field says views).
func readDenseElementData(r *bytecode.EntryReader, _ ir.Type) ([]byte, error) {
	return r.Blob()
}

// writeDenseElementData writes a dense attribute's data in the target's
// storage width. Only tf32 differs: LLVM 21 and older store each value
// (each part of a complex<tf32>) in four bytes, LLVM 22 in three, and
// both read the other's width as other values. Data read from a file or
// text keeps that release's width, so it is converted here.
func writeDenseElementData(w *bytecode.EntryWriter, typ ir.Type, raw []byte) {
	if from := tf32Width(typ, len(raw)); from != 0 {
		to := 3
		if w.Target.Release != 0 && w.Target.Release < 22 {
			to = 4
		}
		if from != to {
			out, err := rewidenTF32(raw, from, to)
			if err != nil {
				w.Fail(err)
				return
			}
			raw = out
		}
	}
	w.Blob(raw)
}

// tf32Width returns the bytes each tf32 value of a dense attribute of typ
// takes in raw (3 or 4), or 0 when its elements are not tf32 or complex
// tf32, or raw is neither width's splat nor its whole list (the other
// widths' lengths never coincide).
func tf32Width(typ ir.Type, n int) int {
	shaped, ok := typ.(ShapedType)
	if !ok {
		return 0
	}
	elem, parts := shaped.ElementType(), int64(1)
	if c, ok := elem.(*ComplexType); ok {
		elem, parts = c.ElementType(), 2
	}
	if _, ok := elem.(*FloatTF32Type); !ok || n == 0 {
		return 0
	}
	count, ok := NumElements(shaped.Shape())
	if !ok {
		return 0
	}
	for _, w := range []int{3, 4} {
		if values := int64(n / w); n%w == 0 && (values == parts || values == count*parts) {
			return w
		}
	}
	return 0
}

// rewidenTF32 copies tf32 values of from bytes each into to bytes each,
// little-endian; a value with bits above its three low bytes cannot be
// narrowed and is refused.
func rewidenTF32(raw []byte, from, to int) ([]byte, error) {
	n := len(raw) / from
	out := make([]byte, 0, n*to)
	for i := range n {
		v := raw[i*from : (i+1)*from]
		if from == 4 && v[3] != 0 {
			return nil, fmt.Errorf("%w: tf32 value %d of a dense attribute has bits above its 19 (0x%02X in its fourth byte)", wire.ErrInvalid, i, v[3])
		}
		out = append(out, v[:3]...)
		if to == 4 {
			out = append(out, 0)
		}
	}
	return out, nil
}
