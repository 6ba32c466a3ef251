package mlirbc_test

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestReadFuncsAllocates: a function's regions, blocks, arguments and
// value scope come from the reader's shared chunks, not from heap objects
// of their own; a module of many small functions (mlir-opt-22's bytecode)
// costs three allocations per function in all (uniquing tables, chunks,
// and the entry block's argument locations, which Block.SetArgLocs keeps
// in one allocation per block), where it cost about nine. Counted per
// function added, from 300 functions to 1,200: what a context costs
// once, and the first chunks of its shards, are not per function.
func TestReadFuncsAllocates(t *testing.T) {
	allocs := func(funcs int) float64 {
		data := oracleInput(t, manyFuncs(funcs))
		return testing.AllocsPerRun(5, func() {
			if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
				t.Fatal(err)
			}
		})
	}
	const few, many = 300, 1200
	small, large := allocs(few), allocs(many)
	per := (large - small) / (many - few)
	t.Logf("%.0f allocations for %d functions, %.0f for %d: %.2f per function added", small, few, large, many, per)
	if per > 3.2 {
		t.Errorf("%.1f allocations per function added, want at most 3.2", per)
	}
}

// TestWriteFuncsAllocates: writing many small functions costs less than a
// heap object per function, all of it tables growing (the numbering keeps
// its walk's stack by value and its property-set keys in one buffer; it
// cost 2.65 per function before).
func TestWriteFuncsAllocates(t *testing.T) {
	const funcs = 300
	allocs, _ := writeAllocs(t, oracleInput(t, manyFuncs(funcs)))
	if per := allocs / funcs; per > 1 {
		t.Errorf("%.2f allocations per function written, want at most 1", per)
	}
}

// writeAllocs reads data and returns the allocations of writing it again
// as read, and what that wrote.
func writeAllocs(t *testing.T, data []byte) (float64, []byte) {
	t.Helper()
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	allocs := testing.AllocsPerRun(5, func() {
		if out, err = mlirbc.Append(out[:0], ctx, m, m.Options()); err != nil {
			t.Fatal(err)
		}
	})
	return allocs, out
}

// TestReadRareAllocates: what ops rarely hold (an unregistered op's
// properties, operand segment sizes and the sizes themselves) comes from
// the reader's chunks too. Half unregistered ops with properties, half
// memref.alloc (segments), these cost 2.53 heap objects an op; now
// chunks only. Counted per op added.
func TestReadRareAllocates(t *testing.T) {
	module := func(n int) func(*strings.Builder) int {
		return func(sb *strings.Builder) int {
			sb.WriteString("func.func @f(%n: index) {\n")
			for range n {
				sb.WriteString("  \"x.op\"() <{flag, k = 7 : i64}> : () -> ()\n")
				sb.WriteString("  memref.alloc(%n) : memref<?xf32>\n")
			}
			sb.WriteString("  return\n}\n")
			return 2*n + 3
		}
	}
	allocs := func(n int) float64 {
		data := oracleInput(t, module(n), "--allow-unregistered-dialect")
		return testing.AllocsPerRun(5, func() {
			if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
				t.Fatal(err)
			}
		})
	}
	const few, many = 500, 2000
	small, large := allocs(few), allocs(many)
	per := (large - small) / (2 * (many - few))
	t.Logf("%.0f allocations for %d ops, %.0f for %d: %.3f per op added", small, 2*few, large, 2*many, per)
	if per > 0.1 {
		t.Errorf("%.2f allocations per op added, want chunks only (< 0.1)", per)
	}
}
