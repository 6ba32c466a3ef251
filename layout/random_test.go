package layout_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/layout"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// randomModule writes a module with a random spec (and a nested scope with
// other classes) and random queries, from a fixed seed.
func randomModule(rng *rand.Rand, r oracle.Release) string {
	elem := "i64"
	if r == oracle.LLVM16 {
		elem = "i32"
	}
	align := func() int { return 8 << rng.IntN(5) }
	pair := func(n int) string {
		a := align()
		if rng.IntN(3) == 0 {
			return fmt.Sprintf("dense<%d> : vector<1x%s>", a, elem)
		}
		return fmt.Sprintf("dense<[%d, %d]> : vector<2x%s>", a, a<<rng.IntN(3), elem)
	}
	floats := []string{"f16", "bf16", "f32", "f64", "f80", "f128"}
	var outer, inner []string
	seen := map[string]bool{}
	for range 1 + rng.IntN(4) {
		w := []int{1, 8, 16, 24, 32, 48, 64, 128}[rng.IntN(8)]
		k := fmt.Sprintf("i%d", w)
		if !seen[k] {
			seen[k] = true
			outer = append(outer, fmt.Sprintf("#dlti.dl_entry<%s, %s>", k, pair(0)))
		}
	}
	for _, f := range floats {
		if rng.IntN(3) == 0 {
			e := fmt.Sprintf("#dlti.dl_entry<%s, %s>", f, pair(0))
			if rng.IntN(2) == 0 {
				outer = append(outer, e)
			} else {
				inner = append(inner, e)
			}
		}
	}
	if rng.IntN(2) == 0 {
		outer = append(outer, fmt.Sprintf("#dlti.dl_entry<index, %d : i%d>", []int{16, 32, 64}[rng.IntN(3)], []int{32, 64}[rng.IntN(2)]))
	}
	for _, as := range []int{0, 1, 3} {
		if rng.IntN(2) == 0 {
			size := []int{32, 64}[rng.IntN(2)]
			a := align()
			outer = append(outer, fmt.Sprintf("#dlti.dl_entry<!llvm.ptr%s, dense<[%d, %d, %d]> : vector<3x%s>>",
				map[bool]string{true: "", false: fmt.Sprintf("<%d>", as)}[as == 0], size, a, a<<rng.IntN(2), elem))
		}
	}
	if rng.IntN(2) == 0 {
		inner = append(inner, fmt.Sprintf("#dlti.dl_entry<!llvm.struct<()>, %s>", pair(0)))
	}
	scalars := []string{"i1", "i5", "i8", "si16", "ui20", "i32", "i40", "i64", "i65", "i100", "i128", "i200", "index",
		"f16", "bf16", "f32", "f64", "f80", "f128"}
	var pick func(depth int) string
	pick = func(depth int) string {
		switch n := rng.IntN(12); {
		case n < 5 || depth > 2:
			return scalars[rng.IntN(len(scalars))]
		case n == 5:
			return fmt.Sprintf("vector<%dx%s>", 1+rng.IntN(9), scalars[rng.IntN(len(scalars))])
		case n == 6:
			return fmt.Sprintf("vector<%dx%dx%s>", 1+rng.IntN(3), 1+rng.IntN(7), scalars[rng.IntN(len(scalars))])
		case n == 7:
			return fmt.Sprintf("complex<%s>", scalars[rng.IntN(len(scalars)-7)+0])
		case n == 8:
			return fmt.Sprintf("!llvm.ptr<%d>", rng.IntN(4))
		case n == 9:
			return fmt.Sprintf("!llvm.array<%d x %s>", rng.IntN(5), strings.TrimPrefix(pick(depth+1), "!llvm."))
		default:
			var fs []string
			for range rng.IntN(4) {
				fs = append(fs, strings.TrimPrefix(pick(depth+1), "!llvm."))
			}
			packed := ""
			if rng.IntN(3) == 0 {
				packed = "packed "
			}
			return fmt.Sprintf("!llvm.struct<%s(%s)>", packed, strings.Join(fs, ", "))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module attributes { dlti.dl_spec = #dlti.dl_spec<%s> } {\n  func.func @q() {\n", strings.Join(outer, ", "))
	for range 20 {
		t := pick(0)
		if strings.HasPrefix(t, "complex<index") {
			t = "complex<i32>"
		}
		fmt.Fprintf(&b, "    \"test.data_layout_query\"() : () -> %s\n", t)
	}
	fmt.Fprintf(&b, "    \"test.op_with_data_layout\"() ({\n")
	for range 20 {
		fmt.Fprintf(&b, "      \"test.data_layout_query\"() : () -> %s\n", pick(0))
	}
	fmt.Fprintf(&b, "      \"test.maybe_terminator\"() : () -> ()\n    }) { dlti.dl_spec = #dlti.dl_spec<%s> } : () -> ()\n    return\n  }\n}\n", strings.Join(inner, ", "))
	return b.String()
}

// TestRandomQueriesMatchMLIROpt compares generated specs and types (fixed
// seeds) with mlir-opt 16, 19 and 22.
func TestRandomQueriesMatchMLIROpt(t *testing.T) {
	for _, r := range oracle.Releases {
		t.Run(r.String(), func(t *testing.T) {
			oracle.Require(t, r)
			compared := 0
			for seed := range uint64(12) {
				compared += compareWithOracle(t, r, randomModule(rand.New(rand.NewPCG(seed, 15)), r))
			}
			t.Logf("%d generated queries compared with mlir-opt-%d", compared, int(r))
		})
	}
}

// randomScopes writes a module whose spec mixes every kind of entry
// (identifiers, test types, both spellings where the release has them)
// with a nested scope refining the classes that may be refined.
func randomScopes(rng *rand.Rand, r oracle.Release) string {
	elem := "i64"
	if r == oracle.LLVM16 {
		elem = "i32"
	}
	kv := r == oracle.LLVM22 && rng.IntN(2) == 0
	entry := func(k, v string) string {
		if kv {
			return k + " = " + v
		}
		return "#dlti.dl_entry<" + k + ", " + v + ">"
	}
	align := func() int { return 8 << rng.IntN(4) }
	var outer, inner []string
	for _, k := range []string{"i8", "si16", "ui32", "i64"} {
		if rng.IntN(2) == 0 {
			a := align()
			outer = append(outer, entry(k, fmt.Sprintf("dense<[%d, %d]> : vector<2x%s>", a, a*(1+rng.IntN(2)), elem)))
		}
	}
	if rng.IntN(2) == 0 {
		inner = append(inner, entry("index", fmt.Sprintf("%d : i32", []int{8, 16, 32, 128}[rng.IntN(4)])))
	}
	if rng.IntN(2) == 0 {
		inner = append(inner, entry("f16", fmt.Sprintf("dense<%d> : vector<2x%s>", align(), elem)))
	}
	testAlign := 1 << rng.IntN(6)
	outer = append(outer,
		entry("!test.test_type_with_layout<10>", fmt.Sprintf(`["size", %d]`, 1+rng.IntN(100))),
		entry("!test.test_type_with_layout<20>", fmt.Sprintf(`["alignment", %d]`, testAlign)))
	if rng.IntN(2) == 0 {
		outer = append(outer, entry("!test.test_type_with_layout<30>", fmt.Sprintf(`["preferred", %d]`, rng.IntN(64))))
	}
	inner = append(inner,
		entry("!test.test_type_with_layout<10>", fmt.Sprintf(`["index", %d]`, rng.IntN(64))),
		entry("!test.test_type_with_layout<40>", fmt.Sprintf(`["alignment", %d]`, max(1, testAlign>>rng.IntN(3)))))
	structABI := 8 << rng.IntN(4)
	outer = append(outer, entry("!llvm.struct<()>", fmt.Sprintf("dense<[%d, %d]> : vector<2x%s>", structABI, structABI*2, elem)))
	inner = append(inner, entry("!llvm.struct<()>", fmt.Sprintf("dense<%d> : vector<1x%s>", max(8, structABI>>rng.IntN(3)), elem)))
	if r != oracle.LLVM16 {
		ids := []string{
			entry(`"dlti.endianness"`, []string{`"big"`, `"little"`}[rng.IntN(2)]),
			entry(`"dlti.alloca_memory_space"`, fmt.Sprintf("%d : ui%d", rng.IntN(6), []int{32, 64}[rng.IntN(2)])),
			entry(`"dlti.stack_alignment"`, fmt.Sprintf("%d : i%d", 8<<rng.IntN(5), []int{32, 64}[rng.IntN(2)])),
			entry(`"dlti.program_memory_space"`, fmt.Sprintf("%d : ui32", rng.IntN(4))),
			entry(`"dlti.global_memory_space"`, fmt.Sprintf("%d : i64", rng.IntN(4))),
		}
		if r == oracle.LLVM22 {
			ids = append(ids,
				entry(`"dlti.mangling_mode"`, []string{`"e"`, `"o"`, `"m"`}[rng.IntN(3)]),
				entry(`"dlti.legal_int_widths"`, []string{"array<i32: 8, 16, 32, 64>", "array<i32: 32>"}[rng.IntN(2)]),
				entry(`"dlti.function_pointer_alignment"`, fmt.Sprintf("#dlti.function_pointer_alignment<%d, function_dependent = %t>", 8<<rng.IntN(3), rng.IntN(2) == 0)),
				entry(`"dlti.default_memory_space"`, fmt.Sprintf("%d : ui32", rng.IntN(3))))
		}
		for _, id := range ids {
			if rng.IntN(2) == 0 {
				outer = append(outer, id)
			}
		}
		rng.Shuffle(len(outer), func(i, j int) { outer[i], outer[j] = outer[j], outer[i] })
	}
	types := []string{"i1", "si8", "ui16", "i24", "i32", "i48", "i64", "i96", "index", "f16", "vector<3xindex>", "vector<2x[2]xi16>",
		"vector<[8]xi1>", "complex<f16>", "complex<i24>", "!test.test_type_with_layout<5>", "!test.test_type_with_layout<10>",
		"!llvm.struct<(i8, index)>", "!llvm.struct<packed (i8, f16)>", "!llvm.struct<()>", "!llvm.array<3 x struct<(i24)>>"}
	var b strings.Builder
	fmt.Fprintf(&b, "module attributes { dlti.dl_spec = #dlti.dl_spec<%s> } {\n  func.func @q() {\n", strings.Join(outer, ", "))
	for range 12 {
		fmt.Fprintf(&b, "    \"test.data_layout_query\"() : () -> %s\n", types[rng.IntN(len(types))])
	}
	fmt.Fprintf(&b, "    \"test.op_with_data_layout\"() ({\n")
	for range 12 {
		fmt.Fprintf(&b, "      \"test.data_layout_query\"() : () -> %s\n", types[rng.IntN(len(types))])
	}
	fmt.Fprintf(&b, "      \"test.maybe_terminator\"() : () -> ()\n    }) { dlti.dl_spec = #dlti.dl_spec<%s> } : () -> ()\n    return\n  }\n}\n", strings.Join(inner, ", "))
	return b.String()
}

func TestRandomScopesMatchMLIROpt(t *testing.T) {
	for _, r := range oracle.Releases {
		t.Run(r.String(), func(t *testing.T) {
			oracle.Require(t, r)
			compared := 0
			for seed := range uint64(12) {
				src := randomScopes(rand.New(rand.NewPCG(seed, 99)), r)
				compared += compareWithOracle(t, r, src)
			}
			t.Logf("%d generated queries compared with mlir-opt-%d", compared, int(r))
		})
	}
}

// compareWithOracle runs mlir-opt's pass and ours on src and returns how
// many results it compared.
func compareWithOracle(t *testing.T, r oracle.Release, src string) int {
	t.Helper()
	input := []byte(src)
	bc, err := oracle.RunInput(r, input, ".mlir", oracle.BytecodeFlags(r, 0)...)
	if err != nil {
		t.Fatalf("mlir-opt does not accept the input: %v\n%s", err, src)
	}
	want, err := oracle.RunInput(r, input, ".mlir", "--test-data-layout-query")
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := layout.Queries(m.Op, m.Options().Release)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	wantDicts := queryDicts(t, string(want))
	if len(got) != len(wantDicts) {
		t.Fatalf("%d results, mlir-opt gives %d", len(got), len(wantDicts))
	}
	for i := range got {
		if got[i] != wantDicts[i] {
			t.Errorf("query #%d:\n got %s\nwant %s\n%s", i+1, got[i], wantDicts[i], src)
			break
		}
	}
	return len(got)
}
