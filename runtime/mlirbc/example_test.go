package mlirbc_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// Read a file that mlir-opt-22 wrote and walk its ops.
func ExampleReadFile() {
	ctx := all.NewContext() // every dialect dialectgen ships
	m, err := mlirbc.ReadFile(ctx, "../../testdata/bytecode/locs_all.llvm22.v6.mlirbc", mlirbc.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	fmt.Printf("version %s, written by %s\n", m.Version, m.Producer)
	m.Op.Walk(func(op *ir.Operation) bool {
		fmt.Println(op.Name(), op.NumOperands(), "operands", op.NumResults(), "results")
		return true
	})
	// Output:
	// version 6, written by MLIR22.1.8
	// builtin.module 0 operands 0 results
	// u.locs 0 operands 0 results
	// u.op_file 0 operands 0 results
	// u.op_name 0 operands 0 results
	// u.op_unknown 0 operands 0 results
	// u.op_alias 0 operands 0 results
	// u.op_fused_alias 0 operands 0 results
	// u.op_default 0 operands 0 results
}

// Build a module with the generated builders and write it for LLVM 16,
// whose mlir-opt reads only bytecode version 0.
func ExampleWrite() {
	ctx := all.NewContext()
	loc := builtin.GetFileLineColLoc(ctx, "example.go", 1, 1)
	i32 := builtin.GetIntType(ctx, 32)

	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	body := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	name := builtin.GetStringAttr(ctx, "answer", builtin.GetNoneType(ctx))
	signature := builtin.GetTypeAttr(ctx, builtin.GetFunctionType(ctx, nil, []ir.Type{i32}))
	fn := funcdialect.BuildFuncOp(body, loc, name, signature, nil, nil, nil, nil)
	b := ir.NewBuilder(ctx, fn.Body().AddBlock())
	c := arith.BuildConstantOp(b, loc, i32, builtin.GetIntegerAttr(ctx, i32, ir.APIntFromInt64(32, 42)))
	funcdialect.BuildReturnOp(b, loc, []*ir.Value{c.Result()})

	m := &mlirbc.Module{Op: module.Op()}
	var out bytes.Buffer
	opts := mlirbc.WriteOptions{Version: mlirbc.V(0), Producer: "MLIR16.0.6", Release: 16}
	if err := mlirbc.Write(&out, ctx, m, opts); err != nil {
		log.Fatal(err)
	}
	back, err := mlirbc.Read(all.NewContext(), out.Bytes(), mlirbc.ReadOptions{Verify: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d bytes, version %s, for LLVM %d\n", out.Len(), back.Version, back.Release)
	// Output:
	// 227 bytes, version 0, for LLVM 16
}

// Convert a file mlir-opt-22 wrote at version 6 into one mlir-opt-19
// reads: the op property layouts of LLVM 19 differ (func.func has no
// no_inline there), which mlir-opt itself cannot convert.
func Example_convertRelease() {
	ctx := all.NewContext()
	m, err := mlirbc.ReadFile(ctx, "../../testdata/bytecode/attrs_all.llvm22.v6.mlirbc", mlirbc.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()
	opts := m.Options() // as read: version 6, LLVM 22
	opts.Producer, opts.Release = "MLIR19.1.7", 19
	out, err := mlirbc.Append(nil, ctx, m, opts)
	if err != nil {
		log.Fatal(err)
	}
	back, err := mlirbc.Read(all.NewContext(), out, mlirbc.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("version %s for LLVM %d\n", back.Version, back.Release)
	// Output:
	// version 6 for LLVM 19
}
