package builtin_test

import (
	"testing"

	. "github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestNewLocationAllocates: a generated constructor makes a new value
// without a heap object of its own (its fill closure included): values,
// keys and slots come in chunks, a few per thousand values. A reader of
// a million-op file makes a million locations.
func TestNewLocationAllocates(t *testing.T) {
	ctx := ir.NewContext(Dialect)
	file := GetStringAttr(ctx, "kernel.mlir", GetNoneType(ctx))
	line := uint32(0)
	allocs := testing.AllocsPerRun(4000, func() {
		line++
		GetFileLineColRange(ctx, file, line, 3, line, 9, 4)
	})
	if allocs > 0.1 {
		t.Errorf("%.2f allocations per new location, want chunks only (< 0.1)", allocs)
	}
}

// BenchmarkNewLocations makes 100,000 new locations in a fresh context
// through the generated constructor (key, lookup, slab, insert), then
// asks for each again (a hit): the path a reader takes for every op.
func BenchmarkNewLocations(b *testing.B) {
	const n = 100_000
	b.ReportAllocs()
	for b.Loop() {
		ctx := ir.NewContext(Dialect)
		file := GetStringAttr(ctx, "kernel.mlir", GetNoneType(ctx))
		for line := uint32(1); line <= n; line++ {
			GetFileLineColRange(ctx, file, line, 3, line, 9, 4)
		}
		for line := uint32(1); line <= n; line += 100 {
			GetFileLineColRange(ctx, file, line, 3, line, 9, 4)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/loc")
}

// BenchmarkLookupLocations asks a context of 100,000 locations for each
// of them again: every call is a hit, the path of a builder or a parser
// that names values the context already holds.
func BenchmarkLookupLocations(b *testing.B) {
	const n = 100_000
	ctx := ir.NewContext(Dialect)
	file := GetStringAttr(ctx, "kernel.mlir", GetNoneType(ctx))
	for line := uint32(1); line <= n; line++ {
		GetFileLineColRange(ctx, file, line, 3, line, 9, 4)
	}
	b.ReportAllocs()
	for b.Loop() {
		for line := uint32(1); line <= n; line++ {
			GetFileLineColRange(ctx, file, line, 3, line, 9, 4)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/loc")
}
