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
