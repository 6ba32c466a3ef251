package mlirtext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// printsBack reads src, text in the generic form mlir-opt prints at
// release rel (without locations), prints it again and wants src; a
// subtest checks that mlir-opt prints src as src.
func printsBack(t *testing.T, rel oracle.Release, src string) *mlirbc.Module {
	t.Helper()
	m, err := ParseString(all.NewContext(), src, ParseOptions{Release: int(rel)})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Print(&out, m, Options{NoDebugInfo: true, Release: int(rel)}); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != src {
		t.Errorf("release %d: printed (%d bytes)\n%s\nwant (%d bytes)\n%s", rel, len(got), firstDiff(got, src), len(src), firstDiff(src, got))
	}
	t.Run(fmt.Sprintf("mlir-opt-%d", rel), func(t *testing.T) {
		oracle.Require(t, rel)
		got, err := oracle.RunInput(rel, []byte(src), ".mlir", "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != src {
			t.Errorf("mlir-opt-%d prints\n%s\nwhere the test has\n%s", rel, firstDiff(string(got), src), firstDiff(src, string(got)))
		}
	})
	return m
}

// TestParseNestedKeepsOuter reads ops whose operand uses, result names and
// dictionaries are read before their regions' ops and dictionaries push
// theirs onto the same stacks, enough of them to move the stacks: the
// outer op must keep its own.
func TestParseNestedKeepsOuter(t *testing.T) {
	var b strings.Builder
	b.WriteString(`"builtin.module"() ({
  %0 = "test.v"() : () -> i32
  %1:2 = "test.outer"(%0, %0) <{p = {a = {b = 1 : i64, c = [{d = 2 : i64}]}, e = 3 : i64}}> ({
  ^bb0(%arg0: i32):
`)
	for i := range 300 {
		fmt.Fprintf(&b, "    %%%d:2 = \"test.inner\"(%%arg0, %%arg0, %%arg0, %%0) <{q = {r = {s = %d : i64}}}> : (i32, i32, i32, i32) -> (i32, i32)\n", i+2, i)
	}
	b.WriteString(`    "test.end"(%301#1) : (i32) -> ()
  }) {x = {y = {z = 4 : i64}}} : (i32, i32) -> (i32, i32)
  "test.use"(%1#1, %1#0) : (i32, i32) -> ()
}) : () -> ()

`)
	m := printsBack(t, oracle.LLVM22, b.String())
	top := m.Op.Regions()[0].Blocks()[0].Ops()
	outer, use := top[1], top[2]
	if outer.NumOperands() != 2 || outer.Operand(0) != top[0].Result(0) || use.Operand(0) != outer.Result(1) {
		t.Error("the outer op's operands or results are not the values its text names")
	}
}

// TestPrintSplitsAttributes prints registered ops whose attributes are
// partly properties (printed before their regions) and partly not
// (printed after them, while the ops inside print theirs), at a release
// that prints properties apart and at one that does not. (mlir-opt gives
// an op read from text the default of a property it omits, as arith's
// overflowFlags: this parser does not, so the text names it.)
func TestPrintSplitsAttributes(t *testing.T) {
	printsBack(t, oracle.LLVM22, splitAt22)
	printsBack(t, oracle.LLVM16, splitAt16)
}

const splitAt22 = `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    "scf.execute_region"() ({
      %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> {a.b = 1 : i64, z.w = 3 : i64} : (i32, i32) -> i32
      %1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> {y.v = 5 : i64} : (i32, i32) -> i32
      "scf.yield"() {x.u = 6 : i64} : () -> ()
    }) {m.n = 7 : i64, q.r = 4 : i64} : () -> ()
    "func.return"() : () -> ()
  }) {a.a = 9 : i64, p.s = 8 : i64} : () -> ()
}) : () -> ()

`

const splitAt16 = `"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "scf.execute_region"() ({
      %0 = "arith.addi"(%arg0, %arg0) {a.b = 1 : i64, z.w = 3 : i64} : (i32, i32) -> i32
      %1 = "arith.addi"(%0, %0) {y.v = 5 : i64} : (i32, i32) -> i32
      "scf.yield"() {x.u = 6 : i64} : () -> ()
    }) {m.n = 7 : i64, q.r = 4 : i64} : () -> ()
    "func.return"() : () -> ()
  }) {a.a = 9 : i64, function_type = (i32) -> (), p.s = 8 : i64, sym_name = "f"} : () -> ()
}) : () -> ()

`

// firstDiff is s from a line before where it differs from t.
func firstDiff(s, t string) string {
	i := 0
	for i < len(s) && i < len(t) && s[i] == t[i] {
		i++
	}
	if j := strings.LastIndexByte(s[:i], '\n'); j >= 0 {
		i = j
	}
	return s[i:min(len(s), i+400)]
}
