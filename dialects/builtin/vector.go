package builtin

import (
	"fmt"
	"math"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readTrailingScalableDims reads LLVM 16's scalable vector (code 20):
// the number of trailing scalable dimensions, the shape, the element type.
func readTrailingScalableDims(r *bytecode.EntryReader) (scalable []bool, shape []int64, elem ir.Type, err error) {
	at := r.Offset()
	n, err := r.VarInt()
	if err != nil {
		return
	}
	count, err := r.Count(1, "vector dimensions")
	if err != nil {
		return
	}
	shape = make([]int64, count)
	for i := range shape {
		if shape[i], err = r.SignedVarInt(); err != nil {
			return
		}
	}
	if n > uint64(len(shape)) {
		err = r.ErrorAt(at, fmt.Sprintf("at most %d scalable dimensions", len(shape)), wire.ErrInvalid)
		return
	}
	scalable = make([]bool, len(shape))
	for i := len(shape) - int(n); i < len(shape); i++ {
		scalable[i] = true
	}
	elem, err = r.Type()
	return
}

// writeTrailingScalableDims writes LLVM 16's form, which can only say that
// the last N dimensions are scalable.
func writeTrailingScalableDims(w *bytecode.EntryWriter, scalable []bool, shape []int64, elem ir.Type) {
	n := 0
	for n < len(scalable) && scalable[len(scalable)-1-n] {
		n++
	}
	for _, s := range scalable[:len(scalable)-n] {
		if s {
			w.Fail(&wire.VersionError{What: "a vector with a scalable dimension before a fixed one", Needs: bytecode.ReleasesText(19, 0), Target: w.Target.String()})
		}
	}
	w.VarInt(uint64(n))
	w.VarInt(uint64(len(shape)))
	for _, d := range shape {
		w.SignedVarInt(d)
	}
	w.Type(elem)
}

// Dynamic marks a dynamic dimension, stride or offset (MLIR's
// ShapedType::kDynamic).
const Dynamic int64 = -1 << 63

// ShapedType is implemented by types with a shape.
type ShapedType interface {
	ir.Type
	Shape() []int64
	ElementType() ir.Type
}

var (
	_ ShapedType = (*RankedTensorType)(nil)
	_ ShapedType = (*VectorType)(nil)
	_ ShapedType = (*MemRefType)(nil)
)

// NumElements is the product of a static shape; ok is false when a
// dimension is dynamic. A product beyond math.MaxInt64 (only a hostile
// shape has one) saturates to math.MaxInt64.
func NumElements(shape []int64) (n int64, ok bool) {
	n = 1
	for _, d := range shape {
		switch {
		case d < 0:
			return 0, false
		case d != 0 && n > math.MaxInt64/d:
			n = math.MaxInt64 // a later 0 still makes it 0
		default:
			n *= d
		}
	}
	return n, true
}
