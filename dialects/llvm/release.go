package llvm

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/dialects/builtin"
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

// unnamedAddrSince is the oldest release the definitions describe whose
// llvm.func has unnamed_addr; its parser gives every function one, 0
// (none) where the text says nothing, though ODS calls it optional.
const unnamedAddrSince = 19

// unnamedAddrRelease is the release_hook of func. Written for a release
// with unnamed_addr from one without (16), a function gets the 0 that
// release's parser gives it; written for 16, an unnamed_addr of 0 goes,
// and any other is refused, as 16 cannot say it.
func unnamedAddrRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, unnamedAddrSince) }
	switch {
	case has(to) && !has(from):
		if release.Find(attrs, "unnamed_addr") == nil {
			return release.Set(attrs, "unnamed_addr", release.Int(ctx, 0, release.IntI64)), nil
		}
	case has(from) && !has(to):
		a := release.Find(attrs, "unnamed_addr")
		if a == nil {
			return attrs, nil
		}
		if v, ok := release.IntsOf(a, release.IntI64); !ok || v[0] != 0 {
			return nil, fmt.Errorf("attribute unnamed_addr: %v, which %s cannot say (it has no unnamed_addr)", a, bytecode.ReleaseName(to))
		}
		return release.Remove(attrs, "unnamed_addr"), nil
	}
	return attrs, nil
}

// overflowFlagsSince is the oldest release the definitions describe whose
// add, sub, mul and shl hold overflowFlags; intFlagsSince the one that
// holds them as an i32 rather than #llvm.overflow.
const (
	overflowFlagsSince = 19
	intFlagsSince      = 22
)

// overflowFlagsRelease is the release_hook of add, sub, mul and shl.
// Written for a release with overflowFlags from one without (16), the op
// gets none, in the target's form, as that release's parser gives it;
// written for 16, flags of none go, and any others are refused, as 16
// cannot say them.
func overflowFlagsRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, overflowFlagsSince) }
	switch {
	case has(to) && !has(from):
		if release.Find(attrs, "overflowFlags") != nil {
			return attrs, nil
		}
		var none ir.Attribute = GetIntegerOverflowFlagsAttr(ctx, 0)
		if release.AtLeast(to, intFlagsSince) {
			none = release.Int(ctx, 0, release.IntI32)
		}
		return release.Set(attrs, "overflowFlags", none), nil
	case has(from) && !has(to):
		return dropNoOverflowFlags(attrs, to)
	}
	return attrs, nil
}

// dropNoOverflowFlags drops overflowFlags of none (#llvm.overflow<none>,
// or 0 as the i32 of 22) for a release whose op has none, and refuses any
// others, which that release cannot say.
func dropNoOverflowFlags(attrs []ir.NamedAttr, to int) ([]ir.NamedAttr, error) {
	a := release.Find(attrs, "overflowFlags")
	if a == nil {
		return attrs, nil
	}
	flags, isEnum := a.(*IntegerOverflowFlagsAttr)
	if v, isInt := release.IntsOf(a, release.IntI32); isEnum && flags.Value() == 0 || isInt && v[0] == 0 {
		return release.Remove(attrs, "overflowFlags"), nil
	}
	return nil, fmt.Errorf("attribute overflowFlags: %v, which %s cannot say (it has no overflow flags)", a, bytecode.ReleaseName(to))
}

// gepFlagsSince is the oldest release the definitions describe whose
// getelementptr holds noWrapFlags, LLVM's GEPNoWrapFlags as an i32, where
// 19 and 16 hold inbounds, a unit attribute. inbounds is those flags'
// inboundsFlag and nusw together (3), as 22 reads `inbounds`.
const (
	gepFlagsSince = 22
	gepInbounds   = 3
)

// gepFlagsRelease is the release_hook of getelementptr: it moves inbounds
// to noWrapFlags and back. Flags an older release cannot say (nusw or nuw
// without inbounds) are refused for it.
func gepFlagsRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	flags := func(r int) bool { return release.AtLeast(r, gepFlagsSince) }
	switch {
	case flags(to) && !flags(from):
		if release.Find(attrs, "inbounds") == nil {
			return attrs, nil
		}
		return release.Set(release.Remove(attrs, "inbounds"), "noWrapFlags", release.Int(ctx, gepInbounds, release.IntI32)), nil
	case flags(from) && !flags(to):
		a := release.Find(attrs, "noWrapFlags")
		if a == nil {
			return attrs, nil
		}
		switch v, ok := release.IntsOf(a, release.IntI32); {
		case ok && v[0] == 0:
			return release.Remove(attrs, "noWrapFlags"), nil
		case ok && v[0] == gepInbounds:
			return release.Set(release.Remove(attrs, "noWrapFlags"), "inbounds", builtin.GetUnitAttr(ctx)), nil
		}
		return nil, fmt.Errorf("attribute noWrapFlags: %v, which %s cannot say (it has inbounds alone)", a, bytecode.ReleaseName(to))
	}
	return attrs, nil
}

// truncFlagsSince is the oldest release the definitions describe whose
// trunc holds overflowFlags (an i32, 0 for none, which its parser sets
// where the text says nothing); 19 has none.
const truncFlagsSince = 22

// truncFlagsRelease is the release_hook of trunc: written for a release
// without overflowFlags, flags of none are dropped and others refused.
func truncFlagsRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	if !release.AtLeast(from, truncFlagsSince) || release.AtLeast(to, truncFlagsSince) {
		return attrs, nil
	}
	return dropNoOverflowFlags(attrs, to)
}

// zeroRelease is the release_hook of llvm.mlir.zero, which LLVM 16 names
// llvm.mlir.null (older_names) and makes only a null pointer of: written
// for 16, a zero of any other type is refused.
func zeroRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	if to == 0 || to > 16 || op.NumResults() != 1 {
		return attrs, nil
	}
	if _, ok := op.Result(0).Type().(*LLVMPointerType); !ok {
		return nil, fmt.Errorf("a zero of %v: LLVM %d makes only null pointers (llvm.mlir.null)", op.Result(0).Type(), to)
	}
	return attrs, nil
}
