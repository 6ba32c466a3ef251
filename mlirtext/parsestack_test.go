package mlirtext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
)

// TestParseNestedKeepsOuter reads ops whose operand uses, result names and
// dictionaries are read before their regions' ops and dictionaries push
// theirs onto the same stacks, enough of them to move the stacks: the
// outer op must keep its own. The text is in the generic form mlir-opt-22
// prints, so it prints back the same, with the blank line mlir-opt ends
// its output with.
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
	src := b.String()
	m, err := ParseString(all.NewContext(), src, ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Print(&out, m, Options{NoDebugInfo: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), src+"\n"; got != want {
		t.Errorf("printed (%d bytes)\n%q\nwant (%d bytes)\n%q", len(got), firstDiff(got, want), len(want), firstDiff(want, got))
	}
	top := m.Op.Regions()[0].Blocks()[0].Ops()
	outer, use := top[1], top[2]
	if outer.NumOperands() != 2 || outer.Operand(0) != top[0].Result(0) || use.Operand(0) != outer.Result(1) {
		t.Error("the outer op's operands or results are not the values its text names")
	}
}

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

// TestPrintSplitsAttributes prints registered ops whose attributes are
// partly properties (printed before their regions) and partly not
// (printed after them, while the ops inside print theirs), at releases
// that print properties apart and that do not. The wanted texts are
// mlir-opt-22's and mlir-opt-16's. (mlir-opt also gives an op read from
// text the default of a property it omits, as arith's overflowFlags:
// this parser does not, so the text here names it.)
func TestPrintSplitsAttributes(t *testing.T) {
	for _, c := range []struct {
		release   int
		src, want string
	}{{22, split22Src, split22Want}, {16, split16Src, split16Want}} {
		m, err := ParseString(all.NewContext(), c.src, ParseOptions{Release: c.release})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := Print(&out, m, Options{NoDebugInfo: true, Release: c.release}); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != c.want {
			t.Errorf("release %d: printed\n%s\nwant\n%s", c.release, got, c.want)
		}
	}
}

const split22Src = `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    "scf.execute_region"() ({
      %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> {z.w = 3 : i64, a.b = 1 : i64} : (i32, i32) -> i32
      %1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> {y.v = 5 : i64} : (i32, i32) -> i32
      "scf.yield"() {x.u = 6 : i64} : () -> ()
    }) {q.r = 4 : i64, m.n = 7 : i64} : () -> ()
    "func.return"() : () -> ()
  }) {p.s = 8 : i64, a.a = 9 : i64} : () -> ()
}) : () -> ()
`

const split22Want = `"builtin.module"() ({
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

const split16Src = `"builtin.module"() ({
  "func.func"() ({
  ^bb0(%arg0: i32):
    "scf.execute_region"() ({
      %0 = "arith.addi"(%arg0, %arg0) {z.w = 3 : i64, a.b = 1 : i64} : (i32, i32) -> i32
      %1 = "arith.addi"(%0, %0) {y.v = 5 : i64} : (i32, i32) -> i32
      "scf.yield"() {x.u = 6 : i64} : () -> ()
    }) {q.r = 4 : i64, m.n = 7 : i64} : () -> ()
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "f", p.s = 8 : i64, a.a = 9 : i64} : () -> ()
}) : () -> ()
`

const split16Want = `"builtin.module"() ({
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
