package mlirbc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// sortByRefs puts entries referred to more than once first, by descending
// count, and keeps the order of everything else: the same order as a
// stable sort with every count below two taken as one.
func TestSortByRefs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var many []*entry
	for round := range 200 {
		list := make([]*entry, rng.IntN(60))
		for i := range list {
			refs := int32(rng.IntN(2))
			if rng.IntN(5) == 0 {
				refs = int32(rng.IntN(6))
			}
			list[i] = &entry{refs: refs, id: uint32(i)}
		}
		want := slices.Clone(list)
		slices.SortStableFunc(want, func(a, b *entry) int { return int(max(b.refs, 1)) - int(max(a.refs, 1)) })
		many = sortByRefs(list, many[:0])
		if !slices.Equal(list, want) {
			t.Fatalf("round %d: order %v, want %v", round, ids(list), ids(want))
		}
	}
}

func ids(list []*entry) []uint32 {
	out := make([]uint32, len(list))
	for i, e := range list {
		out[i] = e.id
	}
	return out
}

// looseDialectSort is a stable sort wherever LLVM 16's comparison is a
// strict weak order: with the first dialect the lowest-numbered, as in the
// first slice, it orders as the stable sort of the strict comparison does,
// at any length (insertion runs, merge passes, either final merge). It
// also keeps every entry (a permutation) where the comparison is loose.
func TestLooseDialectSortStable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 300 {
		list := make([]*entry, rng.IntN(200))
		for i := range list {
			list[i] = &entry{dialect: uint16(rng.IntN(4)), id: uint32(i)}
		}
		want := slices.Clone(list)
		slices.SortStableFunc(want, func(a, b *entry) int { return int(a.dialect) - int(b.dialect) })
		got := slices.Clone(list)
		looseDialectSort(got, 0)
		if !slices.Equal(got, want) {
			t.Fatalf("round %d, %d entries: order %v, want %v", round, len(list), ids(got), ids(want))
		}
		loose := slices.Clone(list)
		looseDialectSort(loose, 2)
		seen := ids(loose)
		slices.Sort(seen)
		for i, id := range seen {
			if id != uint32(i) {
				t.Fatalf("round %d: not a permutation: %v", round, ids(loose))
			}
		}
	}
}
