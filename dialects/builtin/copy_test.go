package builtin_test

import (
	"slices"
	"testing"

	. "github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestConstructorsCopy changes the slices given to the exported
// constructors after the call: the values made must not change with them
// (only the bytecode reader's constructors keep what they are given).
func TestConstructorsCopy(t *testing.T) {
	ctx := ir.NewContext(Dialect)
	i32 := GetIntegerType(ctx, 32, SignednessSignless)
	f32 := GetFloat32Type(ctx)

	inputs := []ir.Type{i32, i32}
	fn := GetFunctionType(ctx, inputs, nil)
	inputs[0] = f32
	if got := fn.Inputs(); !slices.Equal(got, []ir.Type{i32, i32}) {
		t.Errorf("the function type's inputs changed with the caller's slice: %v", got)
	}

	shape := []int64{2}
	tensor := GetRankedTensorType(ctx, shape, i32, nil)
	raw := []byte{1, 0, 0, 0, 2, 0, 0, 0}
	dense := GetDenseIntOrFPElementsAttr(ctx, tensor, raw)
	raw[0], shape[0] = 9, 3
	if got := dense.RawData(); got[0] != 1 {
		t.Errorf("the dense constant's data changed with the caller's bytes: %v", got)
	}
	if got := tensor.Shape(); got[0] != 2 {
		t.Errorf("the tensor's shape changed with the caller's slice: %v", got)
	}

	locs := []ir.Location{GetFileLineColLoc(ctx, "a", 1, 1), GetFileLineColLoc(ctx, "b", 2, 2)}
	fused := GetFusedLoc(ctx, locs, nil)
	locs[0] = locs[1]
	if got := fused.Locations(); got[0] == got[1] {
		t.Errorf("the fused location's list changed with the caller's slice")
	}
}
