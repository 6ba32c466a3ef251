package mlirbc_test

import (
	"bytes"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/internal/stripdefaults"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestReadPopulatesDefaults reads bytecode that leaves out attributes at
// the defaults their ops' release populates (as a writer other than
// MLIR's may): the reader gives them back, as mlir-opt does, so writing
// the module again gives the bytes mlir-opt writes for the full module,
// and mlir-opt converts the file to those bytes too.
func TestReadPopulatesDefaults(t *testing.T) {
	oracle.Require(t, 22)
	text := []byte(`"func.func"() <{function_type = (i32, f32, !llvm.ptr) -> i32, sym_name = "f"}> ({
^bb0(%a: i32, %b: f32, %p: !llvm.ptr):
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %1 = "arith.muli"(%a, %a) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %2 = "math.sqrt"(%b) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %3 = "llvm.load"(%p) <{ordering = 0 : i64}> : (!llvm.ptr) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
`)
	want, err := oracle.RunInput(22, text, ".mlir", oracle.BytecodeFlags(22, 6)...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	m, err := mlirbc.Read(ctx, want, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	left := 0
	m.Op.Walk(func(op *ir.Operation) bool {
		left += len(stripdefaults.Strip(ctx, op, m.Release))
		return true
	})
	if left != 3 {
		t.Fatalf("left out %d defaults, want 3 (addi's, sqrt's, load's)", left)
	}
	stripped, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(stripped, want) {
		t.Fatal("leaving the defaults out changed nothing")
	}
	ctx = all.NewContext()
	back, err := mlirbc.Read(ctx, stripped, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mlirbc.Append(nil, ctx, back, back.Options())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("read without its defaults and written: %d bytes, not mlir-opt's %d", len(got), len(want))
	}
	converted, err := oracle.RunInput(22, stripped, ".mlirbc", oracle.BytecodeFlags(22, 6)...)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(converted, want) {
		t.Errorf("mlir-opt-22 does not give the defaults back either: the premise is wrong")
	}
}
