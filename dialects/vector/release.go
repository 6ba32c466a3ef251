package vector

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// staticPositionSince is the oldest release the definitions describe whose
// extract and insert hold static_position (a DenseI64ArrayAttr, kDynamic
// where an operand gives the index); LLVM 16 holds position, an
// I64ArrayAttr of constants.
const staticPositionSince = 19

// positionRelease is the release_hook of extract and insert: it moves the
// position between 16's position and 19's static_position. A position
// with dynamic indices, which 16 cannot say, is refused.
func positionRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	static := func(r int) bool { return release.AtLeast(r, staticPositionSince) }
	if static(from) == static(to) {
		return attrs, nil
	}
	if static(to) {
		a := release.Find(attrs, "position")
		v, ok := release.IntsOf(a, release.ArrayI64)
		if !ok {
			return nil, fmt.Errorf("attribute position: %v is not an I64ArrayAttr", a)
		}
		return release.Set(release.Remove(attrs, "position"), "static_position", release.DenseI64Array(ctx, v)), nil
	}
	a := release.Find(attrs, "static_position")
	v, ok := release.DenseI64Values(a)
	if !ok {
		return nil, fmt.Errorf("attribute static_position: %v is not a DenseI64ArrayAttr", a)
	}
	for _, x := range v {
		if x == builtin.Dynamic {
			return nil, fmt.Errorf("a dynamic position (%v), which %s cannot say (its positions are constants)", a, bytecode.ReleaseName(to))
		}
	}
	return release.Set(release.Remove(attrs, "static_position"), "position", release.I64Array(ctx, v)), nil
}

// inBoundsSince is the oldest release the definitions describe whose
// transfer ops always hold in_bounds, one bool a vector dimension: their
// parsers fill it with false where the text leaves it out. LLVM 16 leaves
// it out.
const inBoundsSince = 19

// scalableMask16 refuses, for LLVM 16, a transfer whose mask (its last
// operand group) is a scalable vector: 16's verifier infers the mask's
// type without the scalable dimensions and refuses the op ("inferred mask
// type ('vector<4xi1>') and mask operand type ('vector<[4]xi1>') don't
// match").
func scalableMask16(op *ir.Operation, to int) error {
	seg := op.OperandSegments()
	if len(seg) != 4 || seg[3] != 1 {
		return nil
	}
	at := int(seg[0] + seg[1] + seg[2])
	if at >= op.NumOperands() || op.Operand(at) == nil {
		return nil
	}
	if v, ok := op.Operand(at).Type().(*builtin.VectorType); ok && slices.Contains(v.ScalableDims(), true) {
		return fmt.Errorf("its mask is a scalable vector (%v), which %s infers as fixed and refuses", v, bytecode.ReleaseName(to))
	}
	return nil
}

// inBoundsRelease is the release_hook of transfer_read and
// transfer_write. Written for 19 or 22, a 16 op without in_bounds gets
// the false of each dimension the parsers give it; 19 also requires a
// broadcast dimension to be in bounds, which 16 leaves unsaid, so such an
// op is refused for 19. Written for 16, an in_bounds of only false is
// dropped, as 16 spells it; one that says a dimension is in bounds stays.
func inBoundsRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	filled := func(r int) bool { return release.AtLeast(r, inBoundsSince) }
	if filled(from) == filled(to) {
		return attrs, nil
	}
	in := release.Find(attrs, "in_bounds")
	if !filled(to) {
		if err := scalableMask16(op, to); err != nil {
			return nil, err
		}
		list, ok := in.(*builtin.ArrayAttr)
		if !ok {
			return attrs, nil
		}
		no := builtin.GetBoolAttr(ctx, false)
		for _, b := range list.Value() {
			if b != no {
				return attrs, nil
			}
		}
		return release.Remove(attrs, "in_bounds"), nil
	}
	if in != nil {
		return attrs, nil
	}
	m, ok := release.Find(attrs, "permutation_map").(*builtin.AffineMapAttr)
	if !ok {
		return nil, fmt.Errorf("no permutation_map to size in_bounds by")
	}
	bools := make([]ir.Attribute, len(m.Value().Results))
	for i, e := range m.Value().Results {
		if e != nil && e.Kind == affine.KindConstant && e.Value == 0 && to == inBoundsSince {
			return nil, fmt.Errorf("dimension %d is a broadcast, which %s requires in bounds and %s leaves unsaid", i, bytecode.ReleaseName(to), bytecode.ReleaseName(from))
		}
		bools[i] = builtin.GetBoolAttr(ctx, false)
	}
	return release.Set(attrs, "in_bounds", builtin.GetArrayAttr(ctx, bools)), nil
}
