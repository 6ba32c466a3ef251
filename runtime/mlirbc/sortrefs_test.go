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
