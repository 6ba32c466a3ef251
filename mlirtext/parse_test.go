package mlirtext_test

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestParseSeedsReprint: the fuzz seeds parse, and printing what they
// parse to, then parsing and printing that again, gives the same text.
func TestParseSeedsReprint(t *testing.T) {
	for i, s := range fuzzSeeds {
		m, err := mlirtext.ParseBytes(all.NewContext(), []byte(s), mlirtext.ParseOptions{File: "seed.mlir", Release: 22})
		if err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		once, err := mlirtext.Append(nil, m, mlirtext.Options{Release: 22})
		if err != nil {
			t.Fatalf("seed %d: print: %v", i, err)
		}
		m2, err := mlirtext.ParseBytes(all.NewContext(), once, mlirtext.ParseOptions{File: "once.mlir", Release: 22})
		if err != nil {
			t.Fatalf("seed %d: reparse: %v\n%s", i, err, once)
		}
		twice, err := mlirtext.Append(nil, m2, mlirtext.Options{Release: 22})
		if err != nil {
			t.Fatalf("seed %d: print again: %v", i, err)
		}
		if string(once) != string(twice) {
			t.Errorf("seed %d: printing is not stable:\n%s\nthen\n%s", i, once, twice)
		}
	}
}

// TestParseErrors: bad text is refused at the place it goes wrong.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`"u.a"(%0) : (i32) -> ()`, "e.mlir:1:7: use of undeclared SSA value %0"},
		{`u.a() : () -> ()`, "e.mlir:1:1: expected an op, an alias definition"},
		{`"u.a"() : () -> () loc(#nope)`, "e.mlir:1:24: undefined location alias #nope"},
		{`"u.a"() {x = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()`, "e.mlir:1:20: a list whose shape does not match the type"},
		{`"u.a"() {x = 1.5 : i32} : () -> ()`, "e.mlir:1:14: a float literal for i32"},
		{"\"u.a\"() ({\n  \"u.br\"()[^bb7] : () -> ()\n}) : () -> ()", "e.mlir:2:12: reference to an undefined block ^bb7"},
		{`%0 = "u.a"() : () -> (i32, i32)`, "e.mlir:1:16: 1 result names but 2 result types"},
		{`"u.a"() {x = #alias} : () -> ()`, "e.mlir:1:14: undefined attribute alias #alias"},
		{`"u.a"() : () -> () loc("f":1)`, "e.mlir:1:29: expected ':'"},
		{strings.Repeat("[", 600), "e.mlir:1:1: expected an op"},
		{`"u.a"() {x = ` + strings.Repeat("[", ir.DefaultMaxAttrDepth+1) + `} : () -> ()`, "nesting deeper than 10000 levels"},
		{"%0 = \"u.a\"() : () -> i32\n%0 = \"u.b\"() : () -> i32", "e.mlir:2:1: redefinition of SSA value %0"},
		{`"u.a"() {x = 1 : i32, x = 2 : i32} : () -> ()`, "e.mlir:1:23: duplicate key 'x' in dictionary attribute"},
		{`"u.a"() {x = {a, b, a}} : () -> ()`, "e.mlir:1:21: duplicate key 'a' in dictionary attribute"},
		{`"u.a"() {` + manyKeys(40) + `, k7} : () -> ()`, "duplicate key 'k7' in dictionary attribute"},
		{"#a = 1 : i32\n#a = 2 : i32\n\"u.a\"() : () -> ()", "e.mlir:2:1: redefinition of attribute alias #a"},
		{"!t = i32\n!t = i64\n\"u.a\"() : () -> ()", "e.mlir:2:1: redefinition of type alias !t"},
	} {
		_, err := mlirtext.ParseBytes(all.NewContext(), []byte(c.src), mlirtext.ParseOptions{File: "e.mlir"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got error %v, want one containing %q", c.src, err, c.want)
		}
	}
}

// TestScopesOfManyRegions: each region's names are its own, whether its
// values are numbered from 0 or on from the regions before (as mlir-opt
// 19 on prints them), and a closed region's names, block names included,
// are gone for the next (the parser reuses a closed region's tables).
func TestScopesOfManyRegions(t *testing.T) {
	fn := func(name, body string) string {
		return `"func.func"() <{function_type = (i32) -> i32, sym_name = "` + name + `"}> ({` + "\n" + body + "\n" + `}) : () -> ()` + "\n"
	}
	ok := `"builtin.module"() ({` + "\n" +
		fn("f", `^bb0(%a: i32):
  %5 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "cf.br"(%5)[^bb1] : (i32) -> ()
^bb1(%b: i32):
  "func.return"(%b) : (i32) -> ()`) +
		fn("g", `^bb0(%a: i32):
  %2000 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %2001 = "arith.addi"(%2000, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%2001) : (i32) -> ()`) +
		`}) : () -> ()` + "\n"
	if _, err := mlirtext.ParseString(all.NewContext(), ok, mlirtext.ParseOptions{File: "s.mlir"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ body, want string }{
		// %5 and ^bb1 were f's.
		{`^bb0(%a: i32):
  "func.return"(%5) : (i32) -> ()`, "use of undeclared SSA value %5"},
		// Also where a larger number came first (the table once showed
		// f's %5 again: LLVM 16 prints sibling regions with the same
		// numbers, and a region's use of an outer %1 found another
		// function's).
		{`^bb0(%a: i32):
  %7 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "func.return"(%5) : (i32) -> ()`, "use of undeclared SSA value %5"},
		{`^bb0(%a: i32):
  "cf.br"(%a)[^bb1] : (i32) -> ()`, "reference to an undefined block ^bb1"},
		{`^bb0(%c: i32):
  "func.return"(%b) : (i32) -> ()`, "use of undeclared SSA value %b"},
	} {
		src := `"builtin.module"() ({` + "\n" + fn("f", `^bb0(%a: i32):
  %5 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  "cf.br"(%5)[^bb1] : (i32) -> ()
^bb1(%b: i32):
  "func.return"(%b) : (i32) -> ()`) + fn("g", c.body) + `}) : () -> ()` + "\n"
		_, err := mlirtext.ParseString(all.NewContext(), src, mlirtext.ParseOptions{File: "s.mlir"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.body, err, c.want)
		}
	}
}

// TestDeepNestingReadsBack: IR as deep as the bytecode reader takes
// prints and reads back (regions and attributes the text parser refused
// from 256 and 512 levels); beyond ParseOptions.Limits it is refused.
func TestDeepNestingReadsBack(t *testing.T) {
	const regions, arrays = 3000, 3000
	var src strings.Builder
	for range regions {
		src.WriteString(`"u.r"() ({` + "\n")
	}
	src.WriteString(`"u.a"() {x = ` + strings.Repeat("[", arrays) + "1" + strings.Repeat("]", arrays) + "} : () -> ()\n")
	for range regions {
		src.WriteString("}) : () -> ()\n")
	}
	m, err := mlirtext.ParseString(all.NewContext(), src.String(), mlirtext.ParseOptions{File: "deep.mlir", Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	once, err := mlirtext.Append(nil, m, mlirtext.Options{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	m2, err := mlirtext.ParseBytes(all.NewContext(), once, mlirtext.ParseOptions{File: "once.mlir", Release: 22})
	if err != nil {
		t.Fatalf("the printed text does not read back: %v", err)
	}
	twice, err := mlirtext.Append(nil, m2, mlirtext.Options{Release: 22})
	if err != nil || string(twice) != string(once) {
		t.Fatalf("printed again: %v, same text: %v", err, string(twice) == string(once))
	}
	for _, c := range []struct {
		limits ir.Limits
		want   string
	}{
		{ir.Limits{MaxRegionDepth: regions - 1}, fmt.Sprintf("regions nested more than %d deep", regions-1)},
		{ir.Limits{MaxAttrDepth: arrays - 1}, fmt.Sprintf("nesting deeper than %d levels", arrays-1)},
	} {
		_, err := mlirtext.ParseString(all.NewContext(), src.String(), mlirtext.ParseOptions{File: "deep.mlir", Limits: c.limits})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("limits %+v: got %v, want an error containing %q", c.limits, err, c.want)
		}
	}
}

// TestParseAliasesInDialectText: aliases in the text of a known dialect's
// value are spelled out (mlir-opt parses the value and writes it whole),
// whether the value is typed (dlti) or kept as text; an unknown dialect's
// text stays as written, as mlir-opt keeps it.
func TestParseAliasesInDialectText(t *testing.T) {
	src := `#map = affine_map<(d0) -> (d0)>
"u.x"() {a = #dlti.dl_entry<"k", #map>, b = #u.thing<#map>} : () -> ()
`
	m, err := mlirtext.ParseBytes(all.NewContext(), []byte(src), mlirtext.ParseOptions{File: "a.mlir", Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	text := func(name string) string {
		op := m.Op.Region(0).Block(0).Op(0)
		if a, ok := op.Attr(name).(interface{ Text() string }); ok {
			return a.Text() // kept as text
		}
		return fmt.Sprint(op.Attr(name)) // typed: its text form
	}
	if got := text("a"); got != `#dlti.dl_entry<"k", affine_map<(d0) -> (d0)>>` {
		t.Errorf("dlti: %s", got)
	}
	if got := text("b"); got != `#u.thing<#map>` {
		t.Errorf("unknown dialect: %s", got)
	}
}

// TestPrintRefusesBrokenIR: IR built in Go with holes is refused with a
// reason, not printed with a panic.
func TestPrintRefusesBrokenIR(t *testing.T) {
	for _, c := range []struct {
		name    string
		breakIR func(m *mlirbc.Module)
		want    string
	}{
		{"nil op", func(m *mlirbc.Module) { b := m.Op.Region(0).Block(0); b.SetOps(append(b.Ops(), nil)) }, "nil op"},
		{"nil region", func(m *mlirbc.Module) { m.Op.SetRegions(append(m.Op.Regions(), nil)) }, "nil region"},
		{"nil block", func(m *mlirbc.Module) { m.Op.Region(0).SetBlocks(append(m.Op.Region(0).Blocks(), nil)) }, "nil block"},
		{"nil argument", func(m *mlirbc.Module) { b := m.Op.Region(0).Block(0); b.SetArgs(append(b.Args(), nil)) }, "nil argument"},
	} {
		m, err := mlirtext.ParseBytes(all.NewContext(), []byte(fuzzSeeds[0]), mlirtext.ParseOptions{File: "s.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		c.breakIR(m)
		if _, err := mlirtext.Append(nil, m, mlirtext.Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, err := mlirtext.Append(nil, &mlirbc.Module{}, mlirtext.Options{}); err == nil {
		t.Error("an empty module printed")
	}
}

// ParseString keeps the text it is given: a string without escapes in the
// IR is a view of it, not a copy (a hex constant of megabytes is not
// copied into a string first). ParseBytes copies, so that its caller may
// reuse its buffer.
func TestParseStringKeepsText(t *testing.T) {
	long := strings.Repeat("ab", 1000)
	src := `"u.a"() {s = "` + long + `"} : () -> ()`
	valueOf := func(m *mlirbc.Module) string {
		var got string
		m.Op.Walk(func(op *ir.Operation) bool {
			if a, ok := op.Attr("s").(*builtin.StringAttr); ok {
				got = a.Value()
			}
			return true
		})
		return got
	}
	within := func(s, in string) bool {
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(in)))
		return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(in))
	}
	m, err := mlirtext.ParseString(all.NewContext(), src, mlirtext.ParseOptions{File: "k.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if v := valueOf(m); v != long || !within(v, src) {
		t.Errorf("ParseString: the string read is %d bytes, a view of the text: %v", len(v), within(v, src))
	}
	buf := []byte(src)
	if m, err = mlirtext.ParseBytes(all.NewContext(), buf, mlirtext.ParseOptions{File: "k.mlir"}); err != nil {
		t.Fatal(err)
	}
	clear(buf)
	if v := valueOf(m); v != long {
		t.Errorf("ParseBytes: the string changed with the caller's buffer")
	}
}

// manyKeys lists n unit attributes k0, k1, ...
func manyKeys(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("k%d", i)
	}
	return strings.Join(keys, ", ")
}

// TestPrintIntegerElements: integer elements of every width print as
// mlir-opt-22 prints them (this text is its output for the same input):
// the edges of signed, unsigned and signless widths to 64 bits, which
// print without big.Int, and one of 128, which does not.
func TestPrintIntegerElements(t *testing.T) {
	const want = `"builtin.module"() ({
  "u.a"() {a = array<i64: -9223372036854775808, 9223372036854775807, -1>, b = dense<[-1, 127, -128]> : tensor<3xi8>, c = dense<[255, 0]> : tensor<2xui8>, d = dense<[-64, 63]> : tensor<2xi7>, e = dense<[-8, 7]> : tensor<2xsi4>, f = dense<18446744073709551615> : tensor<ui64>, g = array<i16: -32768, 32767>, h = dense<[true, false]> : tensor<2xi1>, i = dense<[-5, 3]> : tensor<2xsi64>, j = dense<340282366920938463463374607431768211455> : tensor<ui128>} : () -> ()
}) : () -> ()

`
	m, err := mlirtext.ParseString(all.NewContext(), want, mlirtext.ParseOptions{File: "ints.mlir", Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mlirtext.Append(nil, m, mlirtext.Options{Release: 22, NoDebugInfo: true})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
}

// TestParseSegmentsRelease: an op's segment sizes parsed for an older
// release say so (ir.Operation.SegmentsRelease), as the bytecode reader's
// do: LLVM 19's omp.parallel has as many groups as 22's, in another order,
// and its accessors need to know whose groups the sizes count.
func TestParseSegmentsRelease(t *testing.T) {
	src := "\"func.func\"() <{function_type = (i1) -> (), sym_name = \"f\"}> ({\n^bb0(%c: i1):\n" +
		"  \"omp.parallel\"(%c) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0>}> ({\n    \"omp.terminator\"() : () -> ()\n  }) : (i1) -> ()\n" +
		"  \"func.return\"() : () -> ()\n}) : () -> ()\n"
	for _, release := range []int{19, 0} {
		m, err := mlirtext.ParseBytes(all.NewContext(), []byte(src), mlirtext.ParseOptions{File: "p.mlir", Release: release})
		if err != nil {
			t.Fatalf("release %d: %v", release, err)
		}
		var got []int
		m.Op.Walk(func(op *ir.Operation) bool {
			if op.Name().String() == "omp.parallel" {
				got = append(got, op.SegmentsRelease())
			}
			return true
		})
		if len(got) != 1 || got[0] != release {
			t.Errorf("parsed for release %d: omp.parallel's SegmentsRelease() %v, want [%d]", release, got, release)
		}
	}
}
