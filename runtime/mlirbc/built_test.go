package mlirbc_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/scf"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// buildModule builds testdata/built.mlir with the generated builders: a
// function with several blocks, arith ops, cf branches and an scf.for with
// iter_args, and a function returning a dense_resource blob.
func buildModule(ctx *ir.Context) *mlirbc.Module {
	loc := func(line, col uint32) ir.Location { return builtin.GetFileLineColLoc(ctx, "built.go", line, col) }
	str := func(s string) ir.Attribute { return builtin.GetStringAttr(ctx, s, builtin.GetNoneType(ctx)) }
	index := builtin.GetIndexType(ctx)
	i1, i32 := builtin.GetIntType(ctx, 1), builtin.GetIntType(ctx, 32)
	intAttr := func(t ir.Type, v int64) ir.Attribute {
		w := uint32(64)
		if it, ok := t.(*builtin.IntegerType); ok {
			w = it.Width()
		}
		return builtin.GetIntegerAttr(ctx, t, ir.APIntFromInt64(w, v))
	}

	top := ir.NewBuilder(ctx, nil)
	module := builtin.BuildModuleOp(top, loc(0, 0), nil, nil)
	mb := ir.NewBuilder(ctx, module.BodyRegion().Block(0))

	// func.func @compute(%n: index, %x: i32, %flag: i1) -> i32
	fn := funcdialect.BuildFuncOp(mb, loc(1, 1), str("compute"),
		builtin.GetTypeAttr(ctx, builtin.GetFunctionType(ctx, []ir.Type{index, i32, i1}, []ir.Type{i32})), nil, nil, nil, nil)
	body := fn.Body()
	entry := body.AddBlock()
	n, x, flag := entry.AddArg(index, loc(2, 1)), entry.AddArg(i32, loc(2, 2)), entry.AddArg(i1, loc(2, 3))
	bb1, bb2, bb3 := body.AddBlock(), body.AddBlock(), body.AddBlock()
	v := bb1.AddArg(i32, loc(12, 1))
	r := bb3.AddArg(i32, loc(16, 1))

	b := ir.NewBuilder(ctx, entry)
	c0 := arith.BuildConstantOp(b, loc(3, 1), index, intAttr(index, 0)).Result()
	c1 := arith.BuildConstantOp(b, loc(4, 1), index, intAttr(index, 1)).Result()
	init := arith.BuildConstantOp(b, loc(5, 1), i32, intAttr(i32, 10)).Result()
	loop := scf.BuildForOp(b, loc(6, 1), []ir.Type{i32}, c0, n, c1, []*ir.Value{init}, nil)
	lb := loop.Region().Block(0)
	lb.AddArg(index, loc(6, 2)) // the induction variable
	acc := lb.AddArg(i32, loc(6, 3))
	inner := ir.NewBuilder(ctx, lb)
	y := arith.BuildXoriOp(inner, loc(7, 1), i32, acc, x).Result()
	scf.BuildYieldOp(inner, loc(8, 1), []*ir.Value{y})
	sum := loop.Results()[0]
	cmp := arith.BuildCmpiOp(b, loc(9, 1), i1, sum, x, intAttr(builtin.GetIntType(ctx, 64), 2)).Result() // slt
	both := arith.BuildAndiOp(b, loc(10, 1), i1, cmp, flag).Result()
	cf.BuildCondBrOp(b, loc(11, 1), both, []*ir.Value{sum}, nil, nil, bb1, bb2)

	b = ir.NewBuilder(ctx, bb1)
	m := arith.BuildOriOp(b, loc(13, 1), i32, v, x).Result()
	cf.BuildBrOp(b, loc(14, 1), []*ir.Value{m}, bb3)
	cf.BuildBrOp(ir.NewBuilder(ctx, bb2), loc(15, 1), []*ir.Value{x}, bb3)
	funcdialect.BuildReturnOp(ir.NewBuilder(ctx, bb3), loc(17, 1), []*ir.Value{r})

	// func.func @weights() -> tensor<4xi32>, returning a dense_resource.
	tensor := builtin.GetRankedTensorType(ctx, []int64{4}, i32, nil)
	wf := funcdialect.BuildFuncOp(mb, loc(18, 1), str("weights"),
		builtin.GetTypeAttr(ctx, builtin.GetFunctionType(ctx, nil, []ir.Type{tensor})), nil, nil, nil, nil)
	b = ir.NewBuilder(ctx, wf.Body().AddBlock())
	handle := ir.ResourceHandle{Dialect: "builtin", Key: "table"}
	w := arith.BuildConstantOp(b, loc(19, 1), tensor, builtin.GetDenseResourceElementsAttr(ctx, tensor, handle)).Result()
	funcdialect.BuildReturnOp(b, loc(20, 1), []*ir.Value{w})

	blob := []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}
	return &mlirbc.Module{
		Op:        module.Op(),
		Resources: map[ir.ResourceHandle]*mlirbc.Resource{handle: mlirbc.NewBlob("table", 4, blob)},
	}
}

// TestBuiltModule writes the Go-built module at v6 and v0 for the releases
// that read them: mlir-opt must load and verify it and print the same
// generic text as for the hand-written testdata/built.mlir, and our bytes
// must equal mlir-opt's bytecode of that file.
func TestBuiltModule(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "built.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	print := []string{"--mlir-print-op-generic", "--mlir-print-debuginfo", "--mlir-print-local-scope", "--verify-each"}
	for _, c := range []struct {
		rel     oracle.Release
		version int
	}{{22, 6}, {22, 0}, {19, 6}, {19, 3}, {16, 0}} {
		t.Run(c.rel.String()+"/v"+string(rune('0'+c.version)), func(t *testing.T) {
			oracle.Require(t, c.rel)
			ctx := newContext()
			m := buildModule(ctx)
			out, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(c.version), Producer: c.rel.Producer(), Release: int(c.rel)})
			if err != nil {
				t.Fatal(err)
			}
			got, err := oracle.RunInput(c.rel, out, ".mlirbc", print...)
			if err != nil {
				t.Fatalf("mlir-opt-%d rejects our file: %v", int(c.rel), err)
			}
			want, err := oracle.RunFile(c.rel, "", src, print...)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("mlir-opt-%d prints our module differently:\n%s\nwant:\n%s", int(c.rel), got, want)
			}
			ref, err := oracle.EmitBytecode(c.rel, c.version, src)
			if err != nil {
				t.Fatal(err)
			}
			if d := firstDiff(ref, out); d != "" {
				t.Errorf("bytes differ from mlir-opt's bytecode of built.mlir: %s", d)
			}
		})
	}
}
