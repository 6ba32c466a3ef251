package toy_test

import (
	"fmt"
	"log"

	"example.com/toy"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// From YAML to a file and back: toy.yaml defines the dialect, go generate
// wrote the package, and its builders, codecs and op schemas let mlirbc
// write and read a module that uses it.
func Example() {
	ctx := ir.NewContext(builtin.Dialect, toy.Dialect)
	loc := builtin.GetFileLineColLoc(ctx, "toy.mlir", 1, 1)
	f32 := builtin.GetFloat32Type(ctx)
	matrix := toy.GetMatrixType(ctx, 2, 2, f32)

	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	scope := toy.BuildScopeOp(ir.NewBuilder(ctx, module.BodyRegion().Block(0)), loc, []ir.Type{matrix})
	b := ir.NewBuilder(ctx, scope.Body().Block(0))
	ones := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, []int64{2, 2}, f32, nil), []byte{0, 0, 0x80, 0x3f})
	tile := toy.GetTileAttr(ctx, []int64{1, 2}, toy.OrderRowMajor, 2, 0, 1, nil)
	c := toy.BuildConstantOp(b, loc, matrix, ones, tile)
	sum := toy.BuildAddOp(b, loc, matrix, c.Result(), c.Result())
	toy.BuildYieldOp(b, loc, []*ir.Value{sum.Result()})

	out, err := mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.Latest})
	if err != nil {
		log.Fatal(err)
	}
	back, err := mlirbc.Read(ir.NewContext(builtin.Dialect, toy.Dialect), out, mlirbc.ReadOptions{Verify: true})
	if err != nil {
		log.Fatal(err)
	}
	back.Op.Walk(func(op *ir.Operation) bool {
		if k, ok := toy.AsConstantOp(op); ok {
			fmt.Println(op.Name(), "tile:", k.Tile().Sizes(), k.Tile().Order())
		} else {
			fmt.Println(op.Name())
		}
		return true
	})
	// Output:
	// builtin.module
	// toy.scope
	// toy.constant tile: [1 2] row_major
	// toy.add
	// toy.yield
}
