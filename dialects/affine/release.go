package affine

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// staticBasisSince is the release whose delinearize_index has the
// static_basis attribute (affine.yaml: since: llvm 22).
const staticBasisSince = 22

// delinearizeIndexRelease is the release_hook of delinearize_index. LLVM
// 19's basis is the operands after the index, one per result; 22's is
// static_basis, with kDynamic where an operand gives the element, and may
// leave out the outermost one. 19 to 22 derives static_basis from the
// operands; 22 to 19 drops it where it says what the operands do and
// refuses it otherwise.
func delinearizeIndexRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, staticBasisSince) }
	operands := op.NumOperands() - 1
	if operands < 0 {
		return nil, fmt.Errorf("no linear index operand")
	}
	switch {
	case has(to) && !has(from):
		basis := make([]int64, operands)
		for i := range basis {
			basis[i] = builtin.Dynamic
		}
		return release.Set(attrs, "static_basis", release.DenseI64Array(ctx, basis)), nil
	case !has(to) && has(from):
		a := release.Find(attrs, "static_basis")
		if a == nil {
			return attrs, nil
		}
		basis, ok := release.DenseI64Values(a)
		if !ok {
			return nil, fmt.Errorf("attribute static_basis: %v is not a DenseI64ArrayAttr", a)
		}
		for _, b := range basis {
			if b != builtin.Dynamic {
				return nil, fmt.Errorf("attribute static_basis: the constant %d, which LLVM %d cannot express (its basis is operands only)", b, to)
			}
		}
		if len(basis) != op.NumResults() || len(basis) != operands {
			return nil, fmt.Errorf("attribute static_basis: %d elements for %d results and %d basis operands, which LLVM %d cannot express (its basis has one operand per result)", len(basis), op.NumResults(), operands, to)
		}
		return release.Remove(attrs, "static_basis"), nil
	}
	return attrs, nil
}

// boundMapsSince is the oldest release the definitions describe whose
// affine.for names its bounds lowerBoundMap and upperBoundMap, with
// operand segment sizes (LLVM 17 made them properties). LLVM 16 names
// them lower_bound and upper_bound, and its operands are the lower
// bound's, the upper bound's and the loop's inits, split by the maps.
const boundMapsSince = 19

// forBoundsRelease is the release_hook of for: it renames the bounds as
// the target release names them and gives 19's segment sizes, from the
// number of inputs of each map, or takes them away for 16.
func forBoundsRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	maps := func(r int) bool { return release.AtLeast(r, boundMapsSince) }
	if maps(from) == maps(to) {
		return attrs, nil
	}
	names := [2][2]string{{"lower_bound", "lowerBoundMap"}, {"upper_bound", "upperBoundMap"}}
	oldName, newName := 0, 1
	if maps(from) {
		oldName, newName = 1, 0
	}
	var inputs [2]int
	for i, n := range names {
		a := release.Find(attrs, n[oldName])
		m, ok := a.(*builtin.AffineMapAttr)
		if !ok {
			return nil, fmt.Errorf("attribute %s: %v is not an affine map", n[oldName], a)
		}
		inputs[i] = m.Value().NumDims + m.Value().NumSymbols
		attrs = release.Set(release.Remove(attrs, n[oldName]), n[newName], a)
	}
	if maps(from) {
		op.SetOperandSegments(nil)
		return attrs, nil
	}
	inits := op.NumOperands() - inputs[0] - inputs[1]
	if inits < 0 {
		return nil, fmt.Errorf("%d operands for bounds of %d and %d inputs", op.NumOperands(), inputs[0], inputs[1])
	}
	op.SetOperandSegments([]int32{int32(inputs[0]), int32(inputs[1]), int32(inits)})
	return attrs, nil
}
