package bytecode

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestEntryTableWidths: the table gives the same entries whether it keeps
// four bytes an entry or eight (which only sections of 2 GiB and more
// need, too large to build in a test).
func TestEntryTableWidths(t *testing.T) {
	data := []byte("..aaabbbbbcddddddd")
	ends := []int{5, 10, 11, 18} // the first entry starts at 2
	custom := []bool{true, false, true, false}
	for _, wide := range []bool{false, true} {
		tab := newEntryTable(data, 100, 2, len(ends), wide)
		tab.groups = []entryGroup{{first: 0, dialect: 3}, {first: 2, dialect: 7}}
		for i, e := range ends {
			tab.setEnd(i, e, custom[i])
		}
		if tab.Len() != len(ends) {
			t.Fatalf("wide %v: %d entries, want %d", wide, tab.Len(), len(ends))
		}
		start := 2
		for i, e := range ends {
			got := tab.At(i)
			want := Entry{Dialect: 3, Custom: custom[i], Offset: 100 + int64(start), Data: data[start:e]}
			if i >= 2 {
				want.Dialect = 7
			}
			if got.Dialect != want.Dialect || got.Custom != want.Custom || got.Offset != want.Offset || !bytes.Equal(got.Data, want.Data) {
				t.Errorf("wide %v: entry %d = %+v, want %+v", wide, i, got, want)
			}
			start = e
		}
	}
}

// TestSetEnds8 compares the eight-at-a-time run of one-byte sizes with
// the same run taken a byte at a time: the same ends and custom bits, and
// it stops where a byte is not a one-byte size, where fewer than eight
// are left, or where an entry would end past the room.
func TestSetEnds8(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		sizes := make([]byte, rng.IntN(40))
		for i := range sizes {
			sizes[i] = byte(rng.IntN(64))<<2 | byte(rng.IntN(2))<<1 | 1
			if rng.IntN(30) == 0 {
				sizes[i] &^= 1 // not a one-byte varint
			}
		}
		pos, room := rng.IntN(1000), rng.IntN(1500)
		tab := newEntryTable(nil, 0, 0, len(sizes)+3, false)
		n, total := tab.setEnds8(3, pos, sizes, room)
		want := newEntryTable(nil, 0, 0, len(sizes)+3, false)
		wantN, wantTotal := 0, 0
		// A group of eight is taken whole or not at all.
		for wantN+8 <= len(sizes) {
			ok, sum := true, wantTotal
			for _, b := range sizes[wantN : wantN+8] {
				sum += int(b >> 2)
				ok = ok && b&1 != 0 && sum <= room
			}
			if !ok {
				break
			}
			for _, b := range sizes[wantN : wantN+8] {
				wantTotal += int(b >> 2)
				want.setEnd(3+wantN, pos+wantTotal, b&2 != 0)
				wantN++
			}
		}
		if n != wantN || total != wantTotal {
			t.Fatalf("trial %d: %d entries of %d bytes, want %d of %d", trial, n, total, wantN, wantTotal)
		}
		for i := range tab.ends {
			if tab.ends[i] != want.ends[i] {
				t.Fatalf("trial %d: entry %d ends at %#x, want %#x", trial, i, tab.ends[i], want.ends[i])
			}
		}
	}
}
