package all_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/llvm/llvmops"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestBuildersPopulate: a builder given no value for an attribute MLIR
// populates (ODS's DefaultValuedAttr) gives the op its default, as MLIR's
// builders do, and keeps a value it is given. mlir-opt-22 reads the
// module written as bytecode and prints it as it is printed here;
// mlir-opt-16 reads it written for LLVM 16.
func TestBuildersPopulate(t *testing.T) {
	ctx := all.NewContext()
	m, err := mlirtext.ParseString(ctx, `"func.func"() <{function_type = (i32, f32) -> (), sym_name = "f"}> ({
^bb0(%a: i32, %b: f32):
}) : () -> ()
`, mlirtext.ParseOptions{File: "input.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	block := m.Op.Region(0).Block(0).Ops()[0].Region(0).Block(0)
	a, f := block.Arg(0), block.Arg(1)
	b := ir.NewBuilder(ctx, block)
	loc := m.Op.Loc()
	nsw := arith.GetIntegerOverflowFlagsAttr(ctx, arith.IntegerOverflowFlagsNsw)
	addi := arith.BuildAddiOp(b, loc, a.Type(), a, a, nil)
	muli := arith.BuildMuliOp(b, loc, a.Type(), a, a, nsw)
	addf := arith.BuildAddfOp(b, loc, f.Type(), f, f, nil)
	fadd := llvmops.BuildFaddOp(b, loc, f.Type(), f, f, nil)
	detached := arith.BuildAddiOp(&ir.Builder{}, loc, a.Type(), a, a, nil)
	funcdialect.BuildReturnOp(b, loc, nil)

	for _, c := range []struct {
		got  ir.Attribute
		want string
	}{
		{addi.OverflowFlags(), "#arith.overflow<none>"},
		{muli.OverflowFlags(), "#arith.overflow<nsw>"},
		{addf.Fastmath(), "#arith.fastmath<none>"},
		{fadd.FastmathFlags(), "#llvm.fastmath<none>"},
	} {
		if c.got == nil || fmt.Sprint(c.got) != c.want {
			t.Errorf("got %v, want %s", c.got, c.want)
		}
	}
	if detached.OverflowFlags() != nil {
		t.Errorf("a builder without a context populated %v", detached.OverflowFlags())
	}

	var printed bytes.Buffer
	if err := mlirtext.Print(&printed, m, mlirtext.Options{}); err != nil {
		t.Fatal(err)
	}
	t.Run("mlir-opt", func(t *testing.T) {
		oracle.Require(t, 22)
		data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest})
		if err != nil {
			t.Fatal(err)
		}
		want, err := oracle.RunInput(22, data, ".mlirbc", "--mlir-print-op-generic", "--mlir-print-debuginfo")
		if err != nil {
			t.Fatal(err)
		}
		if printed.String() != string(want) {
			t.Errorf("printed here:\n%s\nmlir-opt-22 prints:\n%s", printed.String(), want)
		}
	})

	// LLVM 16 has no overflowFlags, which the definitions (of 19 and 22)
	// cannot tell: written for 16, the defaults are left out, and
	// mlir-opt-16 reads the file. (muli's nsw, which 16 cannot express,
	// is taken out first: it would still be written, see release.Rules.)
	t.Run("mlir-opt-16", func(t *testing.T) {
		oracle.Require(t, 16)
		block.SetOps(slices.DeleteFunc(slices.Clone(block.Ops()), func(op *ir.Operation) bool { return op == muli.Op() }))
		data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(0), Producer: "MLIR16.0.6", Release: 16})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := oracle.RunInput(16, data, ".mlirbc", "--mlir-print-op-generic"); err != nil {
			t.Error(err)
		}
	})
}
