package mlirtext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

func TestFunctionTypeEnd(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the type's text; "-" for none
	}{
		{"(i32, i32) -> i32\n", "(i32, i32) -> i32"},
		{"(i32, i32)->i32 loc(#loc1)", "(i32, i32)->i32"},
		{"() -> ()}", "() -> ()"},
		{"(i32) -> (i32, f32) {", "(i32) -> (i32, f32)"},
		{"(i32) -> tensor<4xf32>, x", "(i32) -> tensor<4xf32>"},
		{"(i32) -> memref<?xf32, affine_map<(d0) -> (d0 + 1)>>)", "(i32) -> memref<?xf32, affine_map<(d0) -> (d0 + 1)>>"},
		{"(!llvm.struct<\"a)>\\\"\", (i32)>) -> !llvm.ptr\n", "(!llvm.struct<\"a)>\\\"\", (i32)>) -> !llvm.ptr"},
		{"(i32) -> !test.t<x> y", "(i32) -> !test.t<x>"},
		{"(i32) -> f8E4M3FN$.x_1 ", "(i32) -> f8E4M3FN$.x_1"},
		{"(i32) -> complex <f32>", "(i32) -> complex"}, // the parse ends elsewhere: never remembered
		{"(i32 -> i32", "-"},
		{"(i32] -> i32", "-"},
		{"(i32) - > i32", "-"},
		{"(i32) -> 42", "-"},
		{"(i32) -> (i32", "-"},
		{"(i32 // a comment\n) -> i32", "-"},
		{"(i32) -> ", "-"},
	} {
		got := "-"
		if end := functionTypeEnd(c.src, 0); end >= 0 {
			got = c.src[:end]
		}
		if got != c.want {
			t.Errorf("functionTypeEnd(%q) ends %q, want %q", c.src, got, c.want)
		}
	}
}

// repeated has function types and dialect attributes several times over,
// and a type whose text functionTypeEnd misjudges (the space in
// "complex <f32>").
const repeated = `"builtin.module"() ({
  "func.func"() <{function_type = (i32, complex<f32>) -> complex <f32>, sym_name = "f"}> ({
  ^bb0(%a: i32, %c: complex<f32>):
    %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32)->i32
    %2 = "arith.addi"(%1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "complex.add"(%c, %c) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex <f32>
    %4 = "complex.add"(%3, %3) <{fastmath = #arith.fastmath<none>}> : (complex<f32>, complex<f32>) -> complex <f32>
    "func.return"(%4) : (complex<f32>) -> ()
  }) : () -> ()
}) : () -> ()
`

func TestRepeatedRemembered(t *testing.T) {
	ps, err := parse(all.NewContext(), repeated, ParseOptions{Release: 22}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"(i32, i32) -> i32", "(i32, i32)->i32", "#arith.overflow<none>", "#arith.overflow<nsw>", "#arith.fastmath<none>", "(complex<f32>) -> ()"} {
		if ps.parsed[text] == nil {
			t.Errorf("%s is not remembered", text)
		}
	}
	// (i32, i32) -> i32, () -> () (the module's), #arith.overflow<none> and
	// #arith.fastmath<none> read once each before.
	if ps.reused != 4 {
		t.Errorf("%d lookups answered, want 4", ps.reused)
	}
	for text := range ps.parsed {
		if text == "(complex<f32>, complex<f32>) -> complex" || text == "(i32, complex<f32>) -> complex" {
			t.Errorf("%s is remembered, but reading it ended further on", text)
		}
	}
	ops := ps.m.Op.Regions()[0].Blocks()[0].Ops()[0].Regions()[0].Blocks()[0].Ops()
	for _, c := range []struct {
		i, j     int
		attr     string
		sameAttr bool
	}{
		{0, 1, "overflowFlags", false},
		{0, 2, "overflowFlags", true},
		{3, 4, "fastmath", true},
	} {
		if got := ops[c.i].Attr(c.attr) == ops[c.j].Attr(c.attr); got != c.sameAttr {
			t.Errorf("ops %d and %d: same %s is %v, want %v", c.i, c.j, c.attr, got, c.sameAttr)
		}
		if ops[c.i].Results()[0].Type() != ops[c.j].Results()[0].Type() {
			t.Errorf("ops %d and %d: result types differ", c.i, c.j)
		}
	}
}

func TestRepeatedSameAsFresh(t *testing.T) {
	remembered, err := ParseString(all.NewContext(), repeated, ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := ParseFresh(all.NewContext(), repeated, ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	a, errA := Append(nil, remembered, Options{})
	b, errB := Append(nil, fresh, Options{})
	if errA != nil || errB != nil || string(a) != string(b) {
		t.Errorf("remembered and fresh reads print differently (%v, %v):\n%s\n%s", errA, errB, a, b)
	}
}

// TestManyAliases reads many aliases, before the module and after it, and
// a redefinition among them.
func TestManyAliases(t *testing.T) {
	var b strings.Builder
	const n = 100
	for i := range n {
		fmt.Fprintf(&b, "#top%d = loc(\"top.mlir\":%d:1)\n", i, i+1)
	}
	b.WriteString("\"builtin.module\"() ({\n")
	for i := range n {
		fmt.Fprintf(&b, "  \"test.op\"() : () -> () loc(#loc%d)\n", i)
	}
	b.WriteString("}) : () -> () loc(#top7)\n")
	for i := range n {
		fmt.Fprintf(&b, "#loc%d = loc(\"ops.mlir\":%d:3)\n", i, i+1)
	}
	src := b.String()
	ps, err := parse(all.NewContext(), src, ParseOptions{Release: 22}, true)
	if err != nil {
		t.Fatal(err)
	}
	if ps.attrAlias.n != 2*n {
		t.Errorf("%d aliases, want %d", ps.attrAlias.n, 2*n)
	}
	for i, op := range ps.m.Op.Regions()[0].Blocks()[0].Ops() {
		if want, _ := ps.attrAlias.get(fmt.Sprintf("#loc%d", i)); op.Loc() != want {
			t.Errorf("op %d is at %v, want %v", i, op.Loc(), want)
		}
	}
	if want, _ := ps.attrAlias.get("#top7"); ps.m.Op.Loc() != want {
		t.Errorf("the module is at %v, want %v", ps.m.Op.Loc(), want)
	}
	dup := src + "#top3 = loc(\"again.mlir\":1:1)\n"
	if _, err := parse(all.NewContext(), dup, ParseOptions{Release: 22}, true); err == nil || !strings.Contains(err.Error(), "redefinition of attribute alias #top3") {
		t.Errorf("a redefined alias reads with error %v", err)
	}
}

// TestNumberedValues names values by numbers in and out of order, far
// apart and not numbers at all, and finds each again.
func TestNumberedValues(t *testing.T) {
	s := &valueScope{values: map[string][]*ir.Value{}}
	names := []string{"0", "5", "64", "65", "3000", "99999999", "007", "arg0", "1x", "-1", "1234567890"}
	for i := 1; i < 2500; i += 3 {
		names = append(names, fmt.Sprint(i))
	}
	want := map[string][]*ir.Value{}
	for _, name := range names {
		if _, dup := want[name]; dup {
			continue
		}
		v := []*ir.Value{{}}
		want[name] = v
		s.put(name, v)
	}
	for name, v := range want {
		if got, ok := s.get(name); !ok || &got[0] != &v[0] {
			t.Errorf("%%%s: got %v, %v", name, got, ok)
		}
	}
	for _, name := range []string{"3", "6", "2498", "3001", "3002", "00", ""} {
		if _, ok := s.get(name); ok {
			t.Errorf("%%%s found, never named", name)
		}
	}
	if _, ok := s.values["99999999"]; !ok {
		t.Errorf("%%99999999 is not in the map")
	}
	if s.numbered.end > 3001 {
		t.Errorf("numbered reaches %d", s.numbered.end)
	}
}

// TestIntegerLiterals reads integer attributes in and out of their types'
// ranges. What mlir-opt-22 prints or refuses for each (measured) is the
// truth: a signless type takes the union of the signed and unsigned
// ranges, index is signed, a leading 0 is not octal.
func TestIntegerLiterals(t *testing.T) {
	for _, c := range []struct {
		lit  string // value : type
		want string // the value, signed, as APInt prints it, or the error
	}{
		{"0 : i1", "i1 0"},
		{"1 : i1", "i1 -1"},
		{"-1 : i1", "i1 -1"},
		{"2 : i1", "out of range"},
		{"17 : i8", "i8 17"},
		{"-128 : i8", "i8 -128"},
		{"255 : i8", "i8 -1"},
		{"256 : i8", "out of range"},
		{"-129 : i8", "out of range"},
		{"0xFF : i8", "i8 -1"},
		{"0x1FF : i8", "out of range"},
		{"-0x1 : i8", "i8 -1"},
		{"127 : si8", "i8 127"},
		{"128 : si8", "out of range"},
		{"-129 : si8", "out of range"},
		{"255 : ui8", "i8 -1"},
		{"256 : ui8", "out of range"},
		{"-1 : ui8", "negative integer literal not valid for unsigned integer type"},
		{"-0 : ui8", "negative integer literal not valid for unsigned integer type"},
		{"017 : i32", "i32 17"},
		{"007 : si8", "i8 7"},
		{"999999999999999999 : i64", "i64 999999999999999999"},
		{"18446744073709551615 : i64", "i64 -1"},
		{"-9223372036854775808 : i64", "i64 -9223372036854775808"},
		{"-9223372036854775809 : i64", "out of range"},
		{"-9223372036854775808 : index", "i64 -9223372036854775808"},
		{"9223372036854775808 : index", "out of range"},
		{"0 : i0", "i0 0"},
		{"1 : i0", "out of range"},
		{"-0 : i0", "out of range"},
		{"-0 : i8", "out of range"},
		{"-0 : si8", "out of range"},
		{"-0 : index", "out of range"},
		{"-1 : i128", "i128 -1"},
		{"340282366920938463463374607431768211455 : i128", "i128 -1"},
		{"340282366920938463463374607431768211456 : i128", "out of range"},
	} {
		checkRead(t, c.lit, c.want, func(_ *mlirbc.Module, a ir.Attribute) (string, error) {
			if a, ok := a.(*builtin.IntegerAttr); ok {
				return a.Value().String(), nil
			}
			return fmt.Sprintf("%T", a), nil
		})
	}
}

// TestElementLiterals reads integer elements of dense and array
// attributes in and out of their types' ranges; each case has what
// mlir-opt-22 prints or refuses for it (measured).
func TestElementLiterals(t *testing.T) {
	for _, c := range []struct{ attr, want string }{
		{"dense<256> : tensor<2xi8>", "integer constant out of range for type"},
		{"dense<-129> : tensor<i8>", "integer constant out of range for type"},
		{"dense<0x1FF> : tensor<i8>", "integer constant out of range for type"},
		{"dense<-0> : tensor<i8>", "integer constant out of range for type"},
		{"dense<128> : tensor<si8>", "integer constant out of range for type"},
		{"dense<2> : tensor<i1>", "integer constant out of range for type"},
		{"dense<9223372036854775808> : tensor<index>", "integer constant out of range for type"},
		{"dense<[1, -1]> : tensor<2xui8>", "expected unsigned integer elements, but parsed negative value"},
		{"dense<-0> : tensor<ui8>", "expected unsigned integer elements, but parsed negative value"},
		{"dense<017> : tensor<i32>", "dense<17> : tensor<i32>"},
		{"dense<[0x1F, 017]> : tensor<2xi32>", "dense<[31, 17]> : tensor<2xi32>"},
		{"dense<255> : tensor<ui8>", "dense<255> : tensor<ui8>"},
		{"dense<255> : tensor<i8>", "dense<-1> : tensor<i8>"},
		{"dense<-128> : tensor<i8>", "dense<-128> : tensor<i8>"},
		{"dense<-1> : tensor<i1>", "dense<true> : tensor<i1>"},
		{"dense<-9223372036854775808> : tensor<index>", "dense<-9223372036854775808> : tensor<index>"},
		{"array<i8: 300>", "integer constant out of range"},
		{"array<si8: 128>", "integer constant out of range"},
		{"array<i8: -129>", "integer constant out of range"},
		{"array<ui8: -0>", "integer constant out of range"},
		{"array<i64: -9223372036854775809>", "integer constant out of range"},
		{"array<i1: 1>", "expected 'true' or 'false' values for i1 type"},
		{"array<i32: 017>", "array<i32: 17>"},
		{"array<ui8: -1>", "array<ui8: 255>"},
		{"array<si8: -128>", "array<si8: -128>"},
		{"array<i8: 255>", "array<i8: -1>"},
		{"array<i64: 18446744073709551615>", "array<i64: -1>"},
		{"array<i1: true, false>", "array<i1: true, false>"},
	} {
		checkRead(t, c.attr, c.want, func(m *mlirbc.Module, _ ir.Attribute) (string, error) {
			text, err := Append(nil, m, Options{})
			_, got, _ := strings.Cut(string(text), "{a = ")
			got, _, _ = strings.Cut(got, "}")
			return got, err
		})
	}
}

// checkRead reads a module of one op with the attribute a = attr and
// checks what show makes of it, or the error, against want: equal to a
// value, within an error.
func checkRead(t *testing.T, attr, want string, show func(*mlirbc.Module, ir.Attribute) (string, error)) {
	t.Helper()
	src := fmt.Sprintf("\"test.op\"() {a = %s} : () -> ()\n", attr)
	m, err := ParseString(all.NewContext(), src, ParseOptions{Release: 22})
	got := ""
	if err == nil {
		got, err = show(m, m.Op.Regions()[0].Blocks()[0].Ops()[0].Attr("a"))
	}
	if err != nil {
		got = err.Error()
	}
	if !strings.Contains(got, want) || err == nil && got != want {
		t.Errorf("%s reads as %q, want %q", attr, got, want)
	}
}

// TestFirstUndefinedReported reads text with several undeclared values,
// and several undefined blocks, and expects the first in the text named
// each time, whatever order the parser's maps give.
func TestFirstUndefinedReported(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"\"test.op\"(%a, %b, %c, %d, %e) : (i1, i1, i1, i1, i1) -> ()\n", "1:11: use of undeclared SSA value %a"},
		{"\"test.op\"() ({\n  \"test.br\"() [^x, ^y, ^z, ^w] : () -> ()\n}) : () -> ()\n", "2:16: reference to an undefined block ^x"},
	} {
		for range 20 {
			_, err := ParseString(all.NewContext(), c.src, ParseOptions{Release: 22})
			if err == nil || !strings.HasSuffix(err.Error(), c.want) {
				t.Fatalf("%q: error %v, want one ending %q", c.src, err, c.want)
			}
		}
	}
}

// TestAliasTable defines names of a prefix and a number, and names that
// only look like them: each must read back as its own, a number far past
// the others must not grow a run, and an undefined name must not be found.
func TestAliasTable(t *testing.T) {
	var tab aliasTable[int]
	names := []string{"#loc", "#loc0", "#loc1", "#loc00", "#loc01", "#loc7", "#x2_", "#x2_3", "#a.b", "#loc999999999", "#loc12345678901", "#top", "#"}
	for i, name := range names {
		tab.set(name, i)
	}
	for i, name := range names {
		if v, ok := tab.get(name); !ok || v != i {
			t.Errorf("%s reads as %d, %v; want %d", name, v, ok, i)
		}
	}
	for _, name := range []string{"#loc2", "#loc6", "#loc8", "#lo", "#loc000", "#top1", "#x2_4", "#loc99999999"} {
		if v, ok := tab.get(name); ok {
			t.Errorf("undefined %s reads as %d", name, v)
		}
	}
	if n := len(tab.runs["#loc"]); n > 8+1 {
		t.Errorf("the run of #loc holds %d places for numbers up to 7", n)
	}
	if tab.n != len(names) {
		t.Errorf("%d names defined, want %d", tab.n, len(names))
	}
}
