package mlirbc

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKeyIndex numbers random keys, many repeated, against a map: each
// key gets the number of its first appearance, numbers count up from 0,
// and keys read back from a buffer that grew (and so moved) since.
func TestKeyIndex(t *testing.T) {
	for _, reserve := range []int{0, 10, 5000} {
		rng := rand.New(rand.NewPCG(5, uint64(reserve)))
		x := newKeyIndex()
		x.Reserve(reserve)
		want := map[string]int{}
		var buf []byte
		for range 20000 {
			key := []byte(fmt.Sprintf("k%d", rng.IntN(3000)))
			if rng.IntN(10) == 0 {
				key = key[:0] // the empty key is a key too
			}
			i, h := x.Find(buf, key)
			if w, ok := want[string(key)]; ok != (i >= 0) || ok && w != i {
				t.Fatalf("reserve %d: %q found as %d, want %d (known: %v)", reserve, key, i, w, ok)
			}
			if i < 0 {
				start := len(buf)
				buf = append(buf, key...)
				if n, err := x.Add(start, len(buf), h); err != nil || n != len(want) {
					t.Fatalf("reserve %d: %q numbered %d (%v), want %d", reserve, key, n, err, len(want))
				}
				want[string(key)] = len(want)
			}
		}
		if x.Len() != len(want) {
			t.Errorf("reserve %d: %d keys, want %d", reserve, x.Len(), len(want))
		}
		for k, i := range want {
			if got := string(x.Key(buf, i)); got != k {
				t.Errorf("reserve %d: key %d reads %q, want %q", reserve, i, got, k)
			}
		}
	}
}

// TestKeyIndexFull: keys past what 32-bit spans hold are an error, not a
// wrapped number.
func TestKeyIndexFull(t *testing.T) {
	x := newKeyIndex()
	if _, err := x.Add(1<<32, 1<<32+4, 0); err == nil {
		t.Error("a key past 4 GiB was numbered")
	}
}
