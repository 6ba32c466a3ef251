package llvm

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// opBundlesRelease is the release_hook of the ops that take operand
// bundles in LLVM 22 (call, call_intrinsic, invoke, intr.assume): 22
// requires op_bundle_sizes (empty: no bundles) and adds the bundle
// operands as the last operand group; 19 has neither. 19 to 22 adds the
// empty bundles; 22 to 19 drops them and refuses bundles that are not
// empty.
func opBundlesRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	fromSchema, toSchema := Dialect.OpSchema(op.Name().Op, from), Dialect.OpSchema(op.Name().Op, to)
	if fromSchema == nil || toSchema == nil {
		return attrs, nil
	}
	has := func(s *bytecode.OpSchema) bool {
		return slices.ContainsFunc(s.Properties, func(p bytecode.PropField) bool { return p.Name == "op_bundle_sizes" })
	}
	switch {
	case has(toSchema) && !has(fromSchema):
		if toSchema.OperandSegments {
			segs := op.OperandSegments()
			if segs == nil {
				segs = []int32{int32(op.NumOperands())}
			}
			grown := make([]int32, toSchema.OperandGroups)
			if len(segs) > len(grown) {
				return nil, fmt.Errorf("%d operand groups, but LLVM %d has %d", len(segs), to, len(grown))
			}
			copy(grown, segs)
			op.SetOperandSegments(grown)
		}
		return release.Set(attrs, "op_bundle_sizes", release.DenseI32Array(ctx, nil)), nil
	case !has(toSchema) && has(fromSchema):
		if a := release.Find(attrs, "op_bundle_sizes"); a != nil {
			if sizes, ok := release.IntsOf(a, release.DenseI32); !ok || len(sizes) > 0 {
				return nil, fmt.Errorf("attribute op_bundle_sizes: operand bundles %v, which LLVM %d does not have", a, to)
			}
		}
		if a := release.Find(attrs, "op_bundle_tags"); a != nil {
			return nil, fmt.Errorf("attribute op_bundle_tags: operand bundle tags %v, which LLVM %d does not have", a, to)
		}
		if segs := op.OperandSegments(); segs != nil {
			if fromSchema.OperandGroups > 0 && len(segs) == fromSchema.OperandGroups && segs[len(segs)-1] != 0 {
				return nil, fmt.Errorf("%d operand bundle operands, which LLVM %d does not have", segs[len(segs)-1], to)
			}
			if toSchema.OperandSegments {
				op.SetOperandSegments(segs[:min(len(segs), toSchema.OperandGroups)])
			} else {
				op.SetOperandSegments(nil)
			}
		}
		return release.Remove(release.Remove(attrs, "op_bundle_sizes"), "op_bundle_tags"), nil
	}
	return attrs, nil
}
