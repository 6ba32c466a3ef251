package vhlo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// What VHLO's version history cannot say as data (VhloToVersion.cpp and
// VhloOps.cpp at StableHLO 1.20.0): the defaults of attributes added to an
// op_vN+1 and what counts as them, dynamic_conv_v2's dropped padding, the
// downgrades that need one operand or no regions, and the constraints some
// ops have below a version.

// defaultEmptyTensor is getEmptyI64Tensor: a tensor_v1<0 x i64_v1> with no data.
func defaultEmptyTensor(ctx *ir.Context) ir.Attribute {
	return GetTensorV1Attr(ctx, GetRankedTensorV1Type(ctx, []int64{0}, GetIntegerSI64V1Type(ctx), nil), nil)
}

// isDefaultEmptyTensor is isEmptyTensor: any tensor_v1 without data.
func isDefaultEmptyTensor(a ir.Attribute) bool {
	t, ok := a.(*TensorV1Attr)
	return ok && len(t.Data()) == 0
}

func defaultEmptyArray(ctx *ir.Context) ir.Attribute { return GetArrayV1Attr(ctx, nil) }

func isDefaultEmptyArray(a ir.Attribute) bool {
	x, ok := a.(*ArrayV1Attr)
	return ok && len(x.Value()) == 0
}

func defaultNoneType(ctx *ir.Context) ir.Attribute { return GetTypeV1Attr(ctx, GetNoneV1Type(ctx)) }

func isDefaultNoneType(a ir.Attribute) bool {
	t, ok := a.(*TypeV1Attr)
	if !ok {
		return false
	}
	_, none := t.Value().(*NoneV1Type)
	return none
}

func defaultFalseBoolean(ctx *ir.Context) ir.Attribute { return GetBooleanV1Attr(ctx, 0) }

func isDefaultFalseBoolean(a ir.Attribute) bool {
	b, ok := a.(*BooleanV1Attr)
	return ok && b.Value() == 0
}

// defaultResultAccuracy is getDefaultResultAccuracy: atol 0, rtol 0, ulps
// 0, mode DEFAULT.
func defaultResultAccuracy(ctx *ir.Context) ir.Attribute {
	return GetResultAccuracyV1Attr(ctx, 0, 0, 0, GetResultAccuracyModeV1Attr(ctx, ResultAccuracyModeV1Default))
}

// isDefaultResultAccuracy is isDefaultResultAccuracy: zero tolerances
// (either sign), no ulps, mode DEFAULT.
func isDefaultResultAccuracy(a ir.Attribute) bool {
	r, ok := a.(*ResultAccuracyV1Attr)
	if !ok {
		return false
	}
	const sign = int64(-1) << 63
	mode, ok := r.Mode().(*ResultAccuracyModeV1Attr)
	return r.AtolBits()&^sign == 0 && r.RtolBits()&^sign == 0 && r.Ulps() == 0 && ok && mode.Value() == ResultAccuracyModeV1Default
}

// upgradeOps upgrades dynamic_conv_v1, whose v2 dropped the padding
// attribute (the d_padding operand carries it).
func upgradeOps(ctx *ir.Context, op *ir.Operation, from bytecode.DialectVersion) error {
	if op.Name().Op == "dynamic_conv_v1" {
		name := op.Name()
		name.Op = "dynamic_conv_v2"
		op.SetName(name)
		op.SetAttrs(slices.DeleteFunc(slices.Clone(op.Attrs()), func(a ir.NamedAttr) bool { return a.Name == "padding" }))
	}
	return nil
}

// singleOperand lists the ops whose v2 made the operand variadic; the v1
// they go back to takes exactly one.
var singleOperand = map[string]string{
	"all_gather_v2": "all_gather_v1", "all_reduce_v2": "all_reduce_v1",
	"all_to_all_v2": "all_to_all_v1", "collective_broadcast_v2": "collective_broadcast_v1",
}

// reduceLike are the ops whose operand and result element types may
// differ only from 0.17.0 on.
var reduceLike = map[string]bool{
	"all_reduce_v1": true, "reduce_v1": true, "reduce_scatter_v1": true,
	"reduce_window_v1": true, "scatter_v1": true, "select_and_scatter_v1": true,
}

// downgradeOps does the downgrades the history does not, and checks the
// constraints of the op the target gets.
func downgradeOps(ctx *ir.Context, op *ir.Operation, to bytecode.DialectVersion, name ir.OpName, attrs []ir.NamedAttr) (ir.OpName, []ir.NamedAttr, error) {
	fail := func(format string, args ...any) (ir.OpName, []ir.NamedAttr, error) {
		return name, attrs, fmt.Errorf("op %s at vhlo %s: %s", op.Name(), to, fmt.Sprintf(format, args...))
	}
	if v1, ok := singleOperand[op.Name().Op]; ok && name.Op == v1 && op.NumOperands() != 1 {
		return fail("%s, which the target has instead, takes one operand, not %d", v1, op.NumOperands())
	}
	if op.Name().Op == "composite_v2" && name.Op == "composite_v1" && op.NumRegions() > 0 {
		return fail("composite_v1, which the target has instead, has no composite_regions, and the op has %d", op.NumRegions())
	}
	if op.Name().Op == "dynamic_conv_v2" && !to.AtLeast(0, 20) {
		padding, err := convPadding(ctx, op)
		if err != nil {
			return fail("%v", err)
		}
		name.Op = "dynamic_conv_v1"
		i, _ := slices.BinarySearchFunc(attrs, "padding", func(a ir.NamedAttr, n string) int { return strings.Compare(a.Name, n) })
		attrs = slices.Insert(slices.Clone(attrs), i, ir.NamedAttr{Name: "padding", Value: padding})
	}
	if reduceLike[name.Op] && !to.AtLeast(0, 17) && !sameElementTypes(op) {
		return fail("its operand and result element types differ, which vhlo 0.17.0 allowed first")
	}
	if name.Op == "custom_call_v1" {
		if err := customCallConstraints(op, attrs, to); err != nil {
			return fail("%v", err)
		}
	}
	return name, attrs, nil
}

// convPadding is getDefaultConvPadding: zeros of shape [rank(lhs)-2, 2].
// StableHLO makes them a DenseIntElementsAttr first, which keeps equal
// elements as one (a splat), and takes its raw data: one zero of 8 bytes,
// or none for a shape of no elements (StableHLO's own artifacts of 0.9.0
// to 0.19.0 hold the splat).
func convPadding(ctx *ir.Context, op *ir.Operation) (ir.Attribute, error) {
	if op.NumOperands() == 0 {
		return nil, fmt.Errorf("dynamic_conv_v1 needs the lhs operand's rank for its padding")
	}
	lhs, ok := op.Operand(0).Type().(*RankedTensorV1Type)
	if !ok || len(lhs.Shape()) < 2 {
		return nil, fmt.Errorf("dynamic_conv_v1's padding needs a ranked lhs of rank 2 or more, not %v", op.Operand(0).Type())
	}
	n := int64(len(lhs.Shape()) - 2)
	t := GetRankedTensorV1Type(ctx, []int64{n, 2}, GetIntegerSI64V1Type(ctx), nil)
	return GetTensorV1Attr(ctx, t, make([]byte, min(n, 1)*8)), nil
}

func elementType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *RankedTensorV1Type:
		return t.ElementType()
	case *UnrankedTensorV1Type:
		return t.ElementType()
	}
	return t
}

// sameElementTypes is checkIfOperandAndResultElementTypesMatch: operands
// and results paired in order have the same element types.
func sameElementTypes(op *ir.Operation) bool {
	for i := 0; i < op.NumOperands() && i < op.NumResults(); i++ {
		if elementType(op.Operand(i).Type()) != elementType(op.Result(i).Type()) {
			return false
		}
	}
	return true
}

// customCallConstraints are custom_call_v1's: a dictionary backend_config
// or the typed FFI need 1.3.0, future inputs 1.17.0.
func customCallConstraints(op *ir.Operation, attrs []ir.NamedAttr, to bytecode.DialectVersion) error {
	if !to.AtLeast(1, 17) {
		for _, v := range op.Operands() {
			if _, ok := v.Type().(*FutureV1Type); ok {
				return fmt.Errorf("a future_v1 input needs vhlo 1.17.0")
			}
		}
	}
	if !to.AtLeast(1, 3) {
		for _, a := range attrs {
			switch v := a.Value.(type) {
			case *DictionaryV1Attr:
				if a.Name == "backend_config" {
					return fmt.Errorf("a dictionary backend_config needs vhlo 1.3.0")
				}
			case *CustomCallApiVersionV1Attr:
				if a.Name == "api_version" && v.Value() == CustomCallApiVersionV1ApiVersionTypedFfi {
					return fmt.Errorf("API_VERSION_TYPED_FFI needs vhlo 1.3.0")
				}
			}
		}
	}
	return nil
}
