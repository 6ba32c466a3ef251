package bytecode

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// SegmentsFor moves each group's size to the group's place, and its
// values with it where the releases order the groups otherwise: converted
// to a release that has every group the sizes fill, and back, sizes and
// values come out as they went in; each group keeps its values; a size in
// a group the target lacks is refused, naming the group.
func TestSegmentsFor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// ids picks the places of a release's groups among n (nil: all, in
	// order), in order or, one time in three, in another.
	ids := func(n int) []int {
		var out []int
		for i := range n {
			if rng.IntN(3) > 0 {
				out = append(out, i)
			}
		}
		if rng.IntN(3) == 0 {
			rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		}
		if len(out) == n && slices.IsSorted(out) {
			return nil
		}
		return out
	}
	place := func(ids []int, i int) int {
		if ids == nil {
			return i
		}
		return ids[i]
	}
	// groupsOf gives each group's values, by place, of values laid out
	// by sizes in the layout of ids.
	groupsOf := func(values []int, sizes []int32, ids []int) map[int][]int {
		out := map[int][]int{}
		at := 0
		for i, n := range sizes {
			out[place(ids, i)] = values[at : at+int(n)]
			at += int(n)
		}
		return out
	}
	reorder := func(values, order []int) []int {
		if order == nil {
			return values
		}
		out := make([]int, len(order))
		for i, j := range order {
			out[i] = values[j]
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
			place := place(fromIDs, i)
			shared := toIDs == nil || slices.Contains(toIDs, place)
			if rng.IntN(2) == 0 && (shared || missing < 0) {
				in[i] = int32(1 + rng.IntN(3))
				sum += int(in[i])
				if !shared {
					missing = place
				}
			}
		}
		values := make([]int, sum)
		for i := range values {
			values[i] = i
		}
		out, order, err := SegmentsFor(in, fromIDs, fromN, toIDs, toN)
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
		moved := reorder(values, order)
		if order != nil && len(order) != sum {
			t.Fatalf("%v from %v to %v: an order of %d values for %d", in, fromIDs, toIDs, len(order), sum)
		}
		was, now := groupsOf(values, in, fromIDs), groupsOf(moved, out, toIDs)
		for id, vs := range was {
			if len(vs) > 0 && !slices.Equal(now[id], vs) {
				t.Fatalf("%v from %v to %v: group %d holds %v, want %v", in, fromIDs, toIDs, id, now[id], vs)
			}
		}
		back, order, err := SegmentsFor(out, toIDs, toN, fromIDs, fromN)
		if err != nil || !slices.Equal(back, in) || !slices.Equal(reorder(moved, order), values) {
			t.Fatalf("%v from %v to %v and back: %v, %v", in, fromIDs, toIDs, back, err)
		}
	}
	if _, _, err := SegmentsFor([]int32{1, 2}, nil, 3, nil, 3); err == nil {
		t.Error("two sizes for three groups were taken")
	}
	if _, _, err := SegmentsFor([]int32{1, -1}, nil, 2, []int{1, 0}, 2); err == nil {
		t.Error("a negative size was taken")
	}
	// The values of two groups swapped move with them.
	out, order, err := SegmentsFor([]int32{1, 2}, nil, 2, []int{1, 0}, 2)
	if err != nil || !slices.Equal(out, []int32{2, 1}) || !slices.Equal(order, []int{1, 2, 0}) {
		t.Errorf("two groups swapped: sizes %v, order %v, %v; want [2 1], [1 2 0]", out, order, err)
	}
}
