package builtin_test

import (
	"fmt"
	"sync"
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

// jaxNames are the strings of jaxLocation, made once.
var jaxNames = func() (n struct{ ops, files, callers []string }) {
	for i := range 97 {
		n.ops = append(n.ops, fmt.Sprintf("jit(f)/add%d", i))
	}
	for i := range 13 {
		n.files = append(n.files, fmt.Sprintf("file%d.py", i))
	}
	for i := range 31 {
		n.callers = append(n.callers, fmt.Sprintf("caller%d", i))
	}
	return n
}()

// jaxLocation makes the location a JAX frontend gives op i: a call site
// of a name fused with a file position, called from a caller that many
// ops share. Its parts are made just before it (locality by their IDs).
func jaxLocation(ctx *ir.Context, i int) ir.Location {
	none := GetNoneType(ctx)
	name := GetNameLoc(ctx, GetStringAttr(ctx, jaxNames.ops[i%97], none), GetUnknownLoc(ctx))
	pos := GetFileLineColLoc(ctx, jaxNames.files[i%13], uint32(i+1), uint32(i%80))
	caller := GetCallSiteLoc(ctx,
		GetNameLoc(ctx, GetStringAttr(ctx, jaxNames.callers[i%31], none), GetFileLineColLoc(ctx, "main.py", uint32(i%500), 4)),
		GetFileLineColLoc(ctx, "root.py", 1, 1))
	return GetCallSiteLoc(ctx, GetFusedLoc(ctx, []ir.Location{name, pos}, nil), caller)
}

// TestCompositeLocationsUnique: call sites, fused and named locations are
// grouped by the newest ID among their parts, which depends on the order
// values were made in. Made again in another order, or by two goroutines
// at once, each must still be the one value made first.
func TestCompositeLocationsUnique(t *testing.T) {
	const n = 5000
	ctx := ir.NewContext(Dialect)
	first := make([]ir.Location, n)
	for i := range n {
		first[i] = jaxLocation(ctx, i)
	}
	seen := map[ir.Location]int{}
	for i, l := range first {
		if j, dup := seen[l]; dup {
			t.Fatalf("ops %d and %d got one location %v", j, i, l)
		}
		seen[l] = i
	}
	for i := n - 1; i >= 0; i -= 7 {
		if got := jaxLocation(ctx, i); got != first[i] {
			t.Fatalf("op %d made again in reverse: %p %v, want %p %v", i, got, got, first[i], first[i])
		}
	}
	// A fresh context made by two goroutines at once, each from its own
	// end: every location is one value, whichever goroutine made it.
	ctx = ir.NewContext(Dialect)
	var halves [2][]ir.Location
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Go(func() {
			halves[g] = make([]ir.Location, n)
			for k := range n {
				i := k
				if g == 1 {
					i = n - 1 - k
				}
				halves[g][i] = jaxLocation(ctx, i)
			}
		})
	}
	wg.Wait()
	for i := range n {
		if halves[0][i] != halves[1][i] {
			t.Fatalf("op %d: two goroutines made two values, %v and %v", i, halves[0][i], halves[1][i])
		}
		if got := jaxLocation(ctx, i); got != halves[0][i] {
			t.Fatalf("op %d made again: another value", i)
		}
	}
}

// BenchmarkNewCallSites makes the locations of 20,000 ops as JAX writes
// them in a fresh context: four new values an op, three of them made of
// the ones just before.
func BenchmarkNewCallSites(b *testing.B) {
	const n = 20_000
	b.ReportAllocs()
	for b.Loop() {
		ctx := ir.NewContext(Dialect)
		for i := range n {
			jaxLocation(ctx, i)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/op-loc")
}
