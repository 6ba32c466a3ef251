package mlirtext_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestSymbolRules writes text that breaks, or nearly breaks, MLIR's rules
// for symbols: the writer must refuse it exactly where mlir-opt does, for
// the same reason, and otherwise write mlir-opt's bytes.
func TestSymbolRules(t *testing.T) {
	fn := func(name string) string {
		return fmt.Sprintf(`"func.func"() <{function_type = () -> (), sym_name = %q}> ({
  "func.return"() : () -> ()
}) : () -> ()
`, name)
	}
	module := func(body ...string) string {
		return "\"builtin.module\"() ({\n" + strings.Join(body, "") + "}) : () -> ()\n"
	}
	region := func(name string, body ...string) string {
		end := ""
		if name == "scf.execute_region" {
			end = "\"scf.yield\"() : () -> ()\n"
		}
		return fmt.Sprintf("%q() ({\n%s%s}) : () -> ()\n", name, strings.Join(body, ""), end)
	}
	named := func(op, name string) string { return fmt.Sprintf("%q() {sym_name = %q} : () -> ()\n", op, name) }
	// decl declares a function of op (func.func, ml_program.func) with
	// the given visibility ("" for none).
	decl := func(op, vis string) string {
		if vis != "" {
			vis = fmt.Sprintf(", sym_visibility = %q", vis)
		}
		return fmt.Sprintf("%q() <{function_type = () -> (), sym_name = \"d\"%s}> ({\n}) : () -> ()\n", op, vis)
	}
	const redefined, parent = "redefinition of symbol named 'f'", "symbol's parent must have the SymbolTable trait"
	const public = "symbol declaration cannot have public visibility"
	for _, tc := range []struct {
		name, text string
		refused    string // what both say, or "" for neither
		only22     bool
	}{
		{"a private declaration", module(decl("func.func", "private")), "", false},
		{"a nested declaration", module(decl("func.func", "nested")), "", false},
		{"a declaration", module(decl("func.func", "")), public, false},
		{"a public declaration", module(decl("func.func", "public")), public, false},
		{"an ml_program declaration", module(decl("ml_program.func", "")), public, false},
		{"a private ml_program declaration", module(decl("ml_program.func", "private")), "", false},
		{"a wasm import, nested in C++", module("\"wasmssa.import_func\"() <{importName = \"foo\", moduleName = \"m\", sym_name = \"f\", type = (i32) -> ()}> : () -> ()\n"), "", true},
		{"distinct", module(fn("f"), fn("g")), "", false},
		{"twice", module(fn("f"), fn("f")), redefined, false},
		{"unregistered ops count", module(fn("f"), named("foo.sym", "f")), redefined, false},
		{"a name not a string does not", module(fn("f"), "\"foo.sym\"() {sym_name = 3 : i32} : () -> ()\n"), "", false},
		{"in a nested module", module(fn("f"), "\"builtin.module\"() <{sym_name = \"m\"}> ({\n"+fn("f")+"}) : () -> ()\n"), "", false},
		{"in a registered op", module(region("scf.execute_region", fn("f"))), parent, false},
		{"a named module in a registered op", module(region("scf.execute_region", "\"builtin.module\"() <{sym_name = \"m\"}> ({\n^bb0:\n}) : () -> ()\n")), parent, false},
		{"an unnamed module in a registered op", module(region("scf.execute_region", "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n")), "", false},
		{"in an unregistered op", module(region("foo.region", fn("f"), fn("f"))), "", false},
		{"a named op that is no symbol", module(region("scf.execute_region", named("foo.sym", "f"))), "", false},
	} {
		for _, rel := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
			if tc.only22 && rel != oracle.LLVM22 {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s", tc.name, rel), func(t *testing.T) {
				refusedAsMLIROpt(t, rel, tc.text, tc.refused, tc.refused)
			})
		}
	}
}

// refusedAsMLIROpt writes text with mlir-opt and with our writer at
// release rel: both must refuse it (mlir-opt saying refused, ours saying
// ours), or both write the same bytes.
func refusedAsMLIROpt(t *testing.T, rel oracle.Release, text, refused, ours string) {
	t.Helper()
	oracle.Require(t, rel)
	want, oerr := oracle.RunInput(rel, []byte(text), ".mlir", oracle.BytecodeFlags(rel, 6, "--allow-unregistered-dialect")...)
	if (oerr != nil) != (refused != "") || oerr != nil && !strings.Contains(oerr.Error(), refused) {
		t.Fatalf("mlir-opt-%d: %v, want %q", rel, oerr, refused)
	}
	ctx := all.NewContext()
	m, err := mlirtext.ParseBytes(ctx, []byte(text), mlirtext.ParseOptions{File: "input.mlir", Release: int(rel)})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: rel.Producer(), Release: int(rel)})
	switch {
	case ours != "":
		if err == nil || !strings.Contains(err.Error(), ours) {
			t.Fatalf("the writer: %v, want %q", err, ours)
		}
	case err != nil:
		t.Fatal(err)
	case !bytes.Equal(got, want):
		t.Error("the bytes differ from mlir-opt's")
	}
}

// TestCountRules writes ops with more or fewer operands, results,
// regions or successors than their definitions allow: the writer must
// refuse them exactly where mlir-opt does.
func TestCountRules(t *testing.T) {
	fn := func(body string) string {
		return `"builtin.module"() ({
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "f"}> ({
  ^bb0(%a: i32, %c: i1):
` + body + `  }) : () -> ()
}) : () -> ()
`
	}
	for _, tc := range []struct {
		name, body    string
		refused, ours string
	}{
		{"two operands", "%0 = \"arith.addi\"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n\"func.return\"(%0) : (i32) -> ()\n", "", ""},
		{"one operand of two", "%0 = \"arith.addi\"(%a) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i32\n\"func.return\"(%0) : (i32) -> ()\n",
			"expected 2 operands, but found 1", "expected 2 operands, but found 1"},
		{"three operands of two", "%0 = \"arith.addi\"(%a, %a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32, i32) -> i32\n\"func.return\"(%0) : (i32) -> ()\n",
			"expected 2 operands, but found 3", "expected 2 operands, but found 3"},
		{"two results of one", "%0:2 = \"arith.addi\"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> (i32, i32)\n\"func.return\"(%0#0) : (i32) -> ()\n",
			"requires one result", "expected 1 results, but found 2"},
		{"a variadic group", "\"func.return\"(%a) : (i32) -> ()\n", "", ""},
		{"one region of two", "\"scf.if\"(%c) ({\n\"scf.yield\"() : () -> ()\n}) : (i1) -> ()\n\"func.return\"(%a) : (i32) -> ()\n",
			"expected 2 regions", "expected 2 regions, but found 1"},
		{"no successor of one", "\"cf.br\"() : () -> ()\n", "requires 1 successor", "expected 1 successors, but found 0"},
		{"an if without a then block", "\"scf.if\"(%c) ({\n}, {\n}) : (i1) -> ()\n\"func.return\"(%a) : (i32) -> ()\n",
			"region with 1 blocks", "region 0 holds 0 blocks, where scf.if wants one"},
		{"an execute_region of two blocks", "\"scf.execute_region\"() ({\n\"cf.br\"()[^bb1] : () -> ()\n^bb1:\n\"scf.yield\"() : () -> ()\n}) : () -> ()\n\"func.return\"(%a) : (i32) -> ()\n", "", ""},
		{"a return in its function", "\"scf.if\"(%c) ({\n\"scf.yield\"() : () -> ()\n}, {\n}) : (i1) -> ()\n\"func.return\"(%a) : (i32) -> ()\n", "", ""},
		{"a return in an if", "\"scf.if\"(%c) ({\n\"func.return\"(%a) : (i32) -> ()\n}, {\n}) : (i1) -> ()\n\"func.return\"(%a) : (i32) -> ()\n",
			"expects parent op 'func.func'", "expects parent op 'func.func', not scf.if"},
		{"a yield in a function", "\"scf.yield\"() : () -> ()\n",
			"expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'", "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while', not func.func"},
	} {
		for _, rel := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
			t.Run(fmt.Sprintf("%s/%s", tc.name, rel), func(t *testing.T) {
				refusedAsMLIROpt(t, rel, fn(tc.body), tc.refused, tc.ours)
			})
		}
	}
}

// TestParentsByRelease writes an op whose parents LLVM 19 restricts and
// LLVM 22 does not: emitc.include in a function.
func TestParentsByRelease(t *testing.T) {
	text := `"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "emitc.include"() <{include = "x.h"}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	t.Run("llvm19", func(t *testing.T) {
		refusedAsMLIROpt(t, oracle.LLVM19, text, "expects parent op 'builtin.module'", "expects parent op 'builtin.module', not func.func")
	})
	t.Run("llvm22", func(t *testing.T) { refusedAsMLIROpt(t, oracle.LLVM22, text, "", "") })
}

// TestOptionalGroupCounts writes memref.realloc, whose second operand
// group is optional: one or two operands, not three.
func TestOptionalGroupCounts(t *testing.T) {
	realloc := func(operands, types string) string {
		return `"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>, index) -> (), sym_name = "f"}> ({
  ^bb0(%m: memref<?xf32>, %n: index):
    %0 = "memref.realloc"(` + operands + `) : (` + types + `) -> memref<?xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	}
	for _, rel := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		t.Run(fmt.Sprintf("two/%s", rel), func(t *testing.T) {
			refusedAsMLIROpt(t, rel, realloc("%m, %n", "memref<?xf32>, index"), "", "")
		})
		t.Run(fmt.Sprintf("three/%s", rel), func(t *testing.T) {
			refusedAsMLIROpt(t, rel, realloc("%m, %n, %n", "memref<?xf32>, index, index"),
				"operand group starting at #1 requires 0 or 1 element, but found 2", "expected 1 to 2 operands, but found 3")
		})
	}
}
