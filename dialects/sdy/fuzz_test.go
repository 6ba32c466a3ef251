package sdy_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/sdy"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// FuzzRead: mutated files of sdy attributes are read or refused with an
// error, never a panic; what reads writes, and the interpreted
// definition agrees with the generated code on it.
func FuzzRead(f *testing.F) {
	ctx := all.NewContext()
	axis := sdy.GetAxisRefAttr(ctx, "x", sdy.GetSubAxisInfoAttr(ctx, 1, 2))
	mesh := builtin.GetSymbolRefAttr(ctx, builtin.GetStringAttr(ctx, "mesh", nil), nil)
	dim := sdy.GetDimensionShardingAttr(ctx, []*sdy.AxisRefAttr{axis}, false, sdy.Int64(1))
	sharding := sdy.GetTensorShardingAttr(ctx, mesh, []*sdy.DimensionShardingAttr{dim}, nil, []*sdy.AxisRefAttr{axis}, sdy.ReductionOpMin)
	for _, a := range []ir.Attribute{
		sdy.GetTensorShardingPerValueAttr(ctx, []*sdy.TensorShardingAttr{sharding}),
		sdy.GetMeshAttr(ctx, []*sdy.MeshAxisAttr{sdy.GetMeshAxisAttr(ctx, "x", 4)}, []int64{3, 2, 1, 0}),
		sdy.GetOpShardingRuleAttr(ctx, []int64{2, 3}, []*sdy.TensorMappingAttr{sdy.GetTensorMappingAttr(ctx, []*sdy.DimMappingAttr{sdy.GetDimMappingAttr(ctx, []int64{0, 1})})}, nil, []int64{1}, nil, nil, nil, true),
		sdy.GetAllToAllParamListAttr(ctx, []*sdy.AllToAllParamAttr{sdy.GetAllToAllParamAttr(ctx, []*sdy.AxisRefAttr{axis}, 0, 1)}),
	} {
		data, err := moduleWith(ctx, a)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	in, err := interp.Load("sdy.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := all.NewContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			return
		}
		if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil {
			return // a module the writer refuses, such as invalid IR
		}
		if _, err := interptest.Compare(data, all.Dialects, in); err != nil {
			t.Errorf("generated and interpreted differ: %v", err)
		}
	})
}
