package ir

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"

	"github.com/dialectgen/dialectgen/runtime/internal/chunked"
)

// uniqueTable maps uniquing keys to values. A map keyed by strings would
// allocate a string per value, hash each key twice per insert (lookup,
// then insert) and hold pointers the collector scans on every cycle.
// Here an open-addressed table of entry indices is probed with a seeded
// hash of the key's bytes, a lookup that misses remembers the free slot
// for the insert that follows, and the keys sit in large byte chunks
// without pointers. The seed is random per context, so a hostile file
// cannot pick keys that pile up in one run of slots.
//
// A file of a million locations puts a million entries here, so every
// byte of an entry counts: an entry is the value and where its key sits,
// nothing else, and entries live in chunks that are never copied as the
// table grows.
type uniqueTable[V any] struct {
	seed maphash.Seed
	// slots hold 1 + an entry index in the low half and the top half of
	// the entry's hash in the high half, or 0 for a free slot; len is a
	// power of two, 1<<shift. A key's first slot is the top shift bits
	// of its hash, which the slot keeps: rehashing needs no key.
	slots   []uint64
	shift   uint
	entries chunked.List[uniqueEntry[V]]
	chunks  [][]byte
	// version changes whenever slots do, so that a slot a lookup found
	// is known to be still free.
	version uint64
}

// uniqueEntry is a value and its key's place: chunk<<32 | offset of the
// key's length (a uvarint) followed by its bytes.
type uniqueEntry[V any] struct {
	val V
	key uint64
}

// keyChunkSize is the largest size of the chunks keys are copied into; a
// longer key gets a chunk of its own.
const keyChunkSize = 64 << 10

const minSlotsShift = 6

// newUniqueTable returns an empty table. The tables of one context share
// a seed, so that a key hashed by one is hashed right for the other.
func newUniqueTable[V any](seed maphash.Seed) uniqueTable[V] {
	return uniqueTable[V]{seed: seed, slots: make([]uint64, 1<<minSlotsShift), shift: minSlotsShift}
}

func (t *uniqueTable[V]) len() int { return t.entries.Len() }

func (t *uniqueTable[V]) key(e *uniqueEntry[V]) []byte {
	c := t.chunks[e.key>>32][uint32(e.key):]
	n, w := binary.Uvarint(c)
	return c[w : w+int(n)]
}

// home is the first slot to probe for a key with this hash (or this tag).
func (t *uniqueTable[V]) home(hash uint64) int { return int(hash >> (64 - t.shift)) }

// find returns the entry stored under k, or the free slot where it
// belongs and -1. It records both in k for put.
func (t *uniqueTable[V]) find(k *Key) (slot, entry int) {
	if k.hashed != len(k.b)+1 {
		k.hash = maphash.Bytes(t.seed, k.b)
		k.hashed = len(k.b) + 1
	}
	mask := len(t.slots) - 1
	tag := k.hash &^ (1<<32 - 1)
	for i := t.home(k.hash); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			k.slot, k.version, k.table = i, t.version, t
			return i, -1
		}
		if s&^(1<<32-1) != tag {
			continue
		}
		if e := t.entries.At(int(uint32(s) - 1)); bytes.Equal(t.key(e), k.b) {
			return i, int(uint32(s) - 1)
		}
	}
}

// get returns the value stored under k.
func (t *uniqueTable[V]) get(k *Key) (V, bool) {
	if _, e := t.find(k); e >= 0 {
		return t.entries.At(e).val, true
	}
	var zero V
	return zero, false
}

// getOrPut returns the value stored under k, or stores v there and
// returns it. Right after a get of k that missed, with no change to the
// table since, the slot that get found is still free: no second probe.
func (t *uniqueTable[V]) getOrPut(k *Key, v V) (V, bool) {
	slot := k.slot
	if k.hashed != len(k.b)+1 || k.table != any(t) || k.version != t.version {
		var e int
		if slot, e = t.find(k); e >= 0 {
			return t.entries.At(e).val, true
		}
	}
	t.put(k, slot, v)
	return v, false
}

// put stores v under k in the free slot where k belongs.
func (t *uniqueTable[V]) put(k *Key, slot int, v V) {
	t.version++
	n := t.entries.Append(uniqueEntry[V]{val: v, key: t.store(k.b)}) + 1
	t.slots[slot] = k.hash&^(1<<32-1) | uint64(n)
	if 2*n > len(t.slots) {
		t.rehash(t.shift + 1)
	}
}

// store copies key, after its length, into the chunks and returns where.
func (t *uniqueTable[V]) store(key []byte) uint64 {
	need := binary.MaxVarintLen64 + len(key)
	last := len(t.chunks) - 1
	if last < 0 || len(t.chunks[last])+need > cap(t.chunks[last]) {
		// Chunks double from 1 KiB, so that a context of a few values
		// stays small.
		size := 1 << 10
		if last >= 0 {
			size = min(2*cap(t.chunks[last]), keyChunkSize)
		}
		t.chunks = append(t.chunks, make([]byte, 0, max(size, need)))
		last++
	}
	c := &t.chunks[last]
	off := len(*c)
	*c = binary.AppendUvarint(*c, uint64(len(key)))
	*c = append(*c, key...)
	return uint64(last)<<32 | uint64(off)
}

// rehash moves the entries to a table of 1<<shift slots. Each slot's tag
// holds the top of its key's hash, which is all placing it needs.
func (t *uniqueTable[V]) rehash(shift uint) {
	old := t.slots
	t.slots, t.shift = make([]uint64, 1<<shift), shift
	mask := len(t.slots) - 1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := t.home(s)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
	t.version++
}

// reserve makes room for n entries, so that they go in without a
// rehash, unless the table holds as many already.
func (t *uniqueTable[V]) reserve(n int) {
	if n <= t.entries.Len() {
		return
	}
	if want := t.entries.Len() + n; 2*want > len(t.slots) {
		t.rehash(uint(bits.Len(uint(2*want - 1))))
	}
}
