package mlirbc

import (
	"bytes"
	"errors"
	"hash/maphash"
)

// keyIndex numbers distinct byte strings in the order first met. The
// keys are spans of one buffer the caller owns and only appends to (a
// larger buffer copies the bytes, so a span reads the same in it). The
// index holds no pointer and no string: a map of strings viewing the
// buffer, with a list of them by number, took more memory, and convert
// runs without the collector, so all of it stayed resident.
type keyIndex struct {
	seed maphash.Seed
	// spans are the keys by number.
	spans []keySpan
	// slots is an open-addressed table, at most half full, of a power of
	// two size: each slot holds the top half of a key's hash and its
	// number plus one in the low half, 0 if free. A probe compares the
	// hash before the key's bytes, and growth places keys by it.
	slots []uint64
}

type keySpan struct{ start, end uint32 }

func newKeyIndex() keyIndex { return keyIndex{seed: maphash.MakeSeed()} }

// Len is how many keys the index holds.
func (x *keyIndex) Len() int { return len(x.spans) }

// Key is key i's bytes in buf.
func (x *keyIndex) Key(buf []byte, i int) []byte {
	s := x.spans[i]
	return buf[s.start:s.end]
}

// Find returns the number of key, whose keys are in buf, or -1 and the
// hash to pass to Add.
func (x *keyIndex) Find(buf, key []byte) (int, uint64) {
	h := maphash.Bytes(x.seed, key)
	if len(x.slots) == 0 {
		return -1, h
	}
	mask := uint64(len(x.slots) - 1)
	for i := (h >> 32) & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return -1, h
		}
		if s>>32 == h>>32 {
			if n := int(uint32(s)) - 1; bytes.Equal(x.Key(buf, n), key) {
				return n, h
			}
		}
	}
}

// errKeyIndexFull is Add's error past what its 32-bit spans and numbers
// hold.
var errKeyIndexFull = errors.New("more than 4 GiB of property entries, or more than 2^32-1 of them")

// Add numbers buf[start:end], which Find did not find (h is the hash it
// returned), and returns its number; past 4 GiB of keys or 2^32-1 of them,
// an error.
func (x *keyIndex) Add(start, end int, h uint64) (int, error) {
	if uint64(end) > 1<<32-1 || uint64(len(x.spans)) >= 1<<32-1 {
		return -1, errKeyIndexFull
	}
	if 2*(len(x.spans)+1) > len(x.slots) {
		x.grow(max(16, 2*len(x.slots)))
	}
	x.spans = append(x.spans, keySpan{uint32(start), uint32(end)})
	x.place(h&^(1<<32-1) | uint64(len(x.spans)))
	return len(x.spans) - 1, nil
}

// Reserve makes room for n keys without growing.
func (x *keyIndex) Reserve(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if size > len(x.slots) {
		x.grow(size)
	}
	if cap(x.spans) < n {
		x.spans = append(make([]keySpan, 0, n), x.spans...)
	}
}

// grow makes the table size slots and places the keys again by the hash
// bits their slots keep.
func (x *keyIndex) grow(size int) {
	old := x.slots
	x.slots = make([]uint64, size)
	for _, s := range old {
		if s != 0 {
			x.place(s)
		}
	}
}

// place puts slot value s in the first free slot from the one its hash
// bits pick.
func (x *keyIndex) place(s uint64) {
	mask := uint64(len(x.slots) - 1)
	for i := (s >> 32) & mask; ; i = (i + 1) & mask {
		if x.slots[i] == 0 {
			x.slots[i] = s
			return
		}
	}
}
