package mlirtext

import (
	"slices"
	"testing"
)

func TestChunks(t *testing.T) {
	for _, n := range []int{0, 1, 16, 17, 4096, 10000} {
		var c chunks[int]
		want := make([]int, n)
		for i := range n {
			c.add(i)
			want[i] = i
		}
		if got := slices.Collect(c.all()); !slices.Equal(got, want) && !(n == 0 && len(got) == 0) {
			t.Errorf("%d added: got %d elements, first differing from the order added", n, len(got))
		}
		for _, chunk := range c.full {
			if cap(chunk) > maxChunk {
				t.Errorf("a chunk of %d", cap(chunk))
			}
		}
		for range c.all() {
			break // stopping early must not panic
		}
	}
}
