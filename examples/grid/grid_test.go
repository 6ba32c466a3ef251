package grid_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"example.com/grid"
	"github.com/dialectgen/dialectgen/cli"
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// gridModule builds a module that holds every encoding variant of grid's
// attributes and types, with the generated builders.
func gridModule(t testing.TB) (*ir.Context, *mlirbc.Module) {
	ctx := ir.NewContext(builtin.Dialect, grid.Dialect)
	loc := builtin.GetFileLineColLoc(ctx, "grid.mlir", 1, 1)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	b := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	cell := grid.GetCellType(ctx, 12, builtin.GetFloat32Type(ctx))
	layouts := []*grid.LayoutAttr{
		// Code 3: one axis, the default scheduler, an all-zero order.
		grid.GetLayoutAttr(ctx, []grid.Axis{{Name: "x", Size: 64}}, "line", []uint32{0, 0}, nil),
		// Code 4: two axes, an order and another scheduler.
		grid.GetLayoutAttr(ctx, []grid.Axis{{Name: "x", Size: 8, Periodic: true}, {Name: "y", Size: -3}}, "plane", []uint32{1, 0}, builtin.GetUnitAttr(ctx)),
	}
	stencils := []*grid.StencilAttr{
		// Code 1 (packed) and code 2 (a halo, or a radius of 16 or more).
		grid.GetStencilAttr(ctx, []int64{-1, 0, 1}, grid.BoundaryMirror, 3, grid.AccessRead|grid.AccessWrite, nil),
		grid.GetStencilAttr(ctx, []int64{-2, 2}, grid.BoundaryWrap, 1, grid.AccessAtomic, grid.GetAutoAttr(ctx)),
		grid.GetStencilAttr(ctx, nil, grid.BoundaryClamp, 40, 0, nil),
	}
	for i, l := range layouts {
		g := grid.GetGridType(ctx, cell, l, []int64{4, int64(i)})
		var fill *grid.FillAttr
		var align ir.Attribute
		if i == 1 {
			fill = grid.GetFillAttr(ctx, cell, ir.APIntFromUint64(12, 0xabc))
			align = builtin.GetArrayAttr(ctx, []ir.Attribute{builtin.GetIntegerAttr(ctx, builtin.GetIntegerType(ctx, 64, builtin.SignednessSignless), ir.APIntFromUint64(64, 16))})
		}
		a := grid.BuildAllocOp(b, loc, g, l, fill, align, builtin.GetUnitAttr(ctx))
		for j, s := range stencils {
			var blob *grid.BlobAttr
			if j == 2 {
				blob = grid.GetBlobAttr(ctx, []byte("cells"), 1<<40, 7, true)
			}
			sw := grid.BuildSweepOp(b, loc, a.Grid(), s, blob, builtin.GetIntegerAttr(ctx, builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless), ir.APIntFromUint64(32, uint64(j+2))), builtin.GetBoolAttr(ctx, j == 1))
			grid.BuildYieldOp(ir.NewBuilder(ctx, sw.Body().Block(0)), loc, nil)
		}
	}
	return ctx, &mlirbc.Module{Op: module.Op()}
}

// files writes the module at bytecode versions with and without
// properties.
func files(t testing.TB) map[string][]byte {
	ctx, m := gridModule(t)
	out := map[string][]byte{}
	for _, v := range []int{6, 5, 4, 1} {
		data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v)})
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		out["v"+string(rune('0'+v))] = data
	}
	// LLVM 19's encoding of CellType.
	data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Release: 19, Producer: "MLIR19.1.7"})
	if err != nil {
		t.Fatalf("llvm 19: %v", err)
	}
	out["v6-llvm19"] = data
	return out
}

func load(t testing.TB) *interp.Dialect {
	in, err := interp.Load("grid.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestInterpretedMatchesGenerated reads every file with the generated
// codecs and with the ones interpreted from grid.yaml: the same values,
// parameter by parameter, and the same bytes written back.
func TestInterpretedMatchesGenerated(t *testing.T) {
	in := load(t)
	fs := files(t)
	if bytes.Equal(fs["v6"], fs["v6-llvm19"]) {
		t.Error("LLVM 19's file is the newest's: CellType's encodings by release are not exercised")
	}
	for name, data := range fs {
		n, err := interptest.Compare(data, append(slices.Clip(all.Dialects), grid.Dialect), in)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if n < 20 {
			t.Errorf("%s: compared %d grid values, want every one the module holds (at least 20)", name, n)
		}
	}
}

// TestDefs runs mlirbc --defs grid.yaml as a user would, on files the
// generated code wrote: stat decodes grid's values, convert writes the
// file back byte for byte, print gives the text the compiled dialect
// gives.
func TestDefs(t *testing.T) {
	for name, data := range files(t) {
		path := filepath.Join(t.TempDir(), name+".mlirbc")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var stat bytes.Buffer
		if err := cli.Run([]string{"--defs", "grid.yaml", "stat", "--verify", path}, &stat); err != nil {
			t.Fatalf("%s: stat: %v", name, err)
		}
		if !strings.Contains(stat.String(), "grid.sweep") {
			t.Errorf("%s: stat does not count grid.sweep:\n%s", name, stat.String())
		}
		out := filepath.Join(t.TempDir(), "out.mlirbc")
		if err := cli.Run([]string{"--defs", "grid.yaml", "convert", path, out}, &bytes.Buffer{}); err != nil {
			t.Fatalf("%s: convert: %v", name, err)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, data) {
			t.Errorf("%s: convert --defs wrote %d bytes that differ from the %d read", name, len(got), len(data))
		}
		var interpreted, compiled bytes.Buffer
		if err := cli.Run([]string{"--defs", "grid.yaml", "print", path}, &interpreted); err != nil {
			t.Fatalf("%s: print: %v", name, err)
		}
		if err := cli.Run([]string{"print", path}, &compiled, grid.Dialect); err != nil {
			t.Fatalf("%s: print: %v", name, err)
		}
		if interpreted.String() != compiled.String() {
			t.Errorf("%s: print --defs:\n%s\ncompiled:\n%s", name, interpreted.String(), compiled.String())
		}
		if !strings.Contains(compiled.String(), "#grid.StencilAttr<") {
			t.Errorf("%s: print shows no grid attribute:\n%s", name, compiled.String())
		}
	}
}
