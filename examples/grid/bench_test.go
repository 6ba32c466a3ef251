package grid_test

import (
	"slices"
	"testing"

	"example.com/grid"
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// BenchmarkReadWrite reads and writes back a v6 file of 2,000 sweeps, each
// with its own stencil, with the generated codecs and with the
// interpreted ones.
func BenchmarkReadWrite(b *testing.B) {
	data := largeFile(b, 2000)
	for _, c := range []struct {
		name string
		d    ir.Dialect
	}{{"generated", grid.Dialect}, {"interpreted", load(b)}} {
		b.Run(c.name, func(b *testing.B) {
			dialects := append(slices.Clip(all.Dialects), c.d)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				ctx := ir.NewContext(dialects...)
				m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func largeFile(b *testing.B, n int) []byte {
	ctx := ir.NewContext(builtin.Dialect, grid.Dialect)
	loc := builtin.GetFileLineColLoc(ctx, "grid.mlir", 1, 1)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	bl := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	cell := grid.GetCellType(ctx, 32, builtin.GetFloat32Type(ctx))
	layout := grid.GetLayoutAttr(ctx, []grid.Axis{{Name: "x", Size: 64}, {Name: "y", Size: 64}}, "plane", []uint32{1, 0}, nil)
	a := grid.BuildAllocOp(bl, loc, grid.GetGridType(ctx, cell, layout, []int64{64, 64}), layout, nil, nil, nil)
	i32 := builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless)
	for i := range n {
		s := grid.GetStencilAttr(ctx, []int64{int64(-i), 0, int64(i)}, grid.Boundary(i%3), uint32(i%40), grid.AccessRead, nil)
		sw := grid.BuildSweepOp(bl, loc, a.Grid(), s, nil, builtin.GetIntegerAttr(ctx, i32, ir.APIntFromUint64(32, 1)), builtin.GetBoolAttr(ctx, false))
		grid.BuildYieldOp(ir.NewBuilder(ctx, sw.Body().Block(0)), loc, nil)
	}
	data, err := mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.Latest})
	if err != nil {
		b.Fatal(err)
	}
	return data
}
