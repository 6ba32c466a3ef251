package mlirbc

import (
	"bytes"
	"hash/maphash"
)

// keyIndex numbers distinct byte strings in the order first met. The
// keys are spans of one buffer the caller owns and only appends to (a
// larger buffer copies the bytes, so a span reads the same in it): the
// index keeps 16 bytes a key and no pointer, where a map of strings
// viewing the buffer took about ten times that, with its growth, in a
// module of 20,000 small functions (two property sets each, every one
// new). Convert runs without the collector, so that was resident memory.
type keyIndex struct {
	seed maphash.Seed
	// spans are the keys by number; hashes the top bits of each key's
	// hash, which growth places them by and probes compare first.
	spans  []keySpan
	hashes []uint32
	// slots is a table of key numbers plus one (0: empty), of a power of
	// two size, at most half full.
	slots []uint32
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
		n := x.slots[i]
		if n == 0 {
			return -1, h
		}
		if x.hashes[n-1] == uint32(h>>32) && bytes.Equal(x.Key(buf, int(n-1)), key) {
			return int(n - 1), h
		}
	}
}

// Add numbers buf[start:end], which Find did not find (h is the hash it
// returned), and returns its number. Past 2^32 bytes or keys it panics:
// a writer's buffers do not reach that.
func (x *keyIndex) Add(start, end int, h uint64) int {
	if uint64(end) > 1<<32-1 || len(x.spans) == 1<<32-1 {
		panic("mlirbc: key index beyond 4 GiB or 2^32 keys")
	}
	if 2*(len(x.spans)+1) > len(x.slots) {
		x.grow(max(16, 2*len(x.slots)))
	}
	x.spans = append(x.spans, keySpan{uint32(start), uint32(end)})
	x.hashes = append(x.hashes, uint32(h>>32))
	x.place(h, uint32(len(x.spans)))
	return len(x.spans) - 1
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
	x.spans = growCap(x.spans, n)
	x.hashes = growCap(x.hashes, n)
}

func growCap[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s
	}
	return append(make([]T, 0, n), s...)
}

// grow makes the table size slots and places the keys again by the hash
// bits kept: a key's slot depends only on those (see place).
func (x *keyIndex) grow(size int) {
	x.slots = make([]uint32, size)
	for i, h := range x.hashes {
		x.place(uint64(h)<<32, uint32(i+1))
	}
}

// place puts key number n (plus one) in the first free slot from the one
// its hash's top bits pick.
func (x *keyIndex) place(h uint64, n uint32) {
	// The top bits, as hashes keeps them, so that growth places a key
	// without its bytes.
	mask := uint64(len(x.slots) - 1)
	for i := (h >> 32) & mask; ; i = (i + 1) & mask {
		if x.slots[i] == 0 {
			x.slots[i] = n
			return
		}
	}
}
