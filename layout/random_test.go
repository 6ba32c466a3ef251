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
				src := randomModule(rand.New(rand.NewPCG(seed, 15)), r)
				input := []byte(src)
				bc, err := oracle.RunInput(r, input, ".mlir", oracle.BytecodeFlags(r, 0)...)
				if err != nil {
					t.Fatalf("seed %d: mlir-opt does not accept the input: %v\n%s", seed, err, src)
				}
				want, err := oracle.RunInput(r, input, ".mlir", "--test-data-layout-query")
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, src)
				}
				m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				got, err := layout.Queries(m.Op, m.Options().Release)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, src)
				}
				wantDicts := queryDicts(t, string(want))
				if len(got) != len(wantDicts) {
					t.Fatalf("seed %d: %d results, mlir-opt gives %d", seed, len(got), len(wantDicts))
				}
				for i := range got {
					if got[i] != wantDicts[i] {
						t.Errorf("seed %d query #%d:\n got %s\nwant %s\n%s", seed, i+1, got[i], wantDicts[i], src)
						break
					}
				}
				compared += len(got)
			}
			t.Logf("%d generated queries compared with mlir-opt-%d", compared, int(r))
		})
	}
}
