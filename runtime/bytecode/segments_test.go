package bytecode

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// SegmentsFor moves each group's size to the group's place: converted to
// a release that has every group the sizes fill, and back, sizes come out
// as they went in; sizes still add up to the same values; a size in a
// group the target lacks is refused, naming the group.
func TestSegmentsFor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// ids picks the places of a release's groups among n (nil: all).
	ids := func(n int) []int {
		var out []int
		for i := range n {
			if rng.IntN(3) > 0 {
				out = append(out, i)
			}
		}
		if len(out) == n {
			return nil
		}
		return out
	}
	count := func(ids []int, n int) int {
		if ids == nil {
			return n
		}
		return len(ids)
	}
	for range 2000 {
		n := 1 + rng.IntN(8)
		fromIDs, toIDs := ids(n), ids(n)
		fromN, toN := count(fromIDs, n), count(toIDs, n)
		in := make([]int32, fromN)
		sum, missing := 0, -1
		for i := range in {
			place := i
			if fromIDs != nil {
				place = fromIDs[i]
			}
			shared := toIDs == nil || slices.Contains(toIDs, place)
			if rng.IntN(2) == 0 && (shared || missing < 0) {
				in[i] = int32(1 + rng.IntN(3))
				sum += int(in[i])
				if !shared {
					missing = place
				}
			}
		}
		out, err := SegmentsFor(in, fromIDs, fromN, toIDs, toN)
		if missing >= 0 {
			var me *MissingGroupError
			if !errors.As(err, &me) || me.Group != missing {
				t.Fatalf("%v from %v to %v: %v, want group %d refused", in, fromIDs, toIDs, err, missing)
			}
			continue
		}
		if err != nil || len(out) != toN {
			t.Fatalf("%v from %v to %v: %v, %v", in, fromIDs, toIDs, out, err)
		}
		got := 0
		for _, s := range out {
			got += int(s)
		}
		if got != sum {
			t.Fatalf("%v from %v to %v: %v adds up to %d, not %d", in, fromIDs, toIDs, out, got, sum)
		}
		back, err := SegmentsFor(out, toIDs, toN, fromIDs, fromN)
		if err != nil || !slices.Equal(back, in) {
			t.Fatalf("%v from %v to %v and back: %v, %v", in, fromIDs, toIDs, back, err)
		}
	}
	if _, err := SegmentsFor([]int32{1, 2}, nil, 3, nil, 3); err == nil {
		t.Error("two sizes for three groups were taken")
	}
}
