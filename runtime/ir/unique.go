package ir

import (
	"bytes"
	"hash/maphash"
)

// uniqueTable maps uniquing keys to values. A map keyed by strings would
// allocate a string per value, hash each key twice per insert (lookup,
// then insert) and hold pointers the collector scans on every cycle.
// Here an open-addressed table of entry indices is probed with a seeded
// hash of the key's bytes, a lookup that misses remembers the free slot
// for the insert that follows, and the keys sit in large byte chunks
// without pointers. The seed is random per context, so a hostile file
// cannot pick keys that pile up in one run of slots.
type uniqueTable[V any] struct {
	seed maphash.Seed
	// slots hold 1 + an entry index in the low half and the top of the
	// entry's hash in the high half (so that most probes of other keys
	// never touch the entry), or 0 for a free slot; len is a power of two.
	slots   []uint64
	entries []uniqueEntry[V]
	chunks  [][]byte
	// version changes whenever slots do, so that a slot a lookup found
	// is known to be still free.
	version uint64
}

type uniqueEntry[V any] struct {
	val   V
	hash  uint64
	chunk uint32
	off   uint32
	n     uint32
}

// keyChunkSize is the largest size of the chunks keys are copied into; a
// longer key gets a chunk of its own.
const keyChunkSize = 64 << 10

// newUniqueTable returns an empty table. The tables of one context share
// a seed, so that a key hashed by one is hashed right for the other.
func newUniqueTable[V any](seed maphash.Seed) uniqueTable[V] {
	return uniqueTable[V]{seed: seed, slots: make([]uint64, 64)}
}

func (t *uniqueTable[V]) len() int { return len(t.entries) }

func (t *uniqueTable[V]) key(e *uniqueEntry[V]) []byte {
	return t.chunks[e.chunk][e.off : e.off+e.n]
}

// find returns the entry stored under k, or the free slot where it
// belongs and -1. It records both in k for put.
func (t *uniqueTable[V]) find(k *Key) (slot, entry int) {
	if k.hashed != len(k.b)+1 {
		k.hash = maphash.Bytes(t.seed, k.b)
		k.hashed = len(k.b) + 1
	}
	mask := len(t.slots) - 1
	tag := k.hash &^ (1<<32 - 1)
	for i := int(k.hash) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			k.slot, k.version, k.table = i, t.version, t
			return i, -1
		}
		if s&^(1<<32-1) != tag {
			continue
		}
		e := &t.entries[uint32(s)-1]
		if e.hash == k.hash && bytes.Equal(t.key(e), k.b) {
			return i, int(uint32(s) - 1)
		}
	}
}

// get returns the value stored under k.
func (t *uniqueTable[V]) get(k *Key) (V, bool) {
	if _, e := t.find(k); e >= 0 {
		return t.entries[e].val, true
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
			return t.entries[e].val, true
		}
	}
	t.put(k, slot, v)
	return v, false
}

// put stores v under k in the free slot where k belongs.
func (t *uniqueTable[V]) put(k *Key, slot int, v V) {
	t.version++
	chunk, off := t.store(k.b)
	t.entries = append(t.entries, uniqueEntry[V]{val: v, hash: k.hash, chunk: chunk, off: off, n: uint32(len(k.b))})
	t.slots[slot] = k.hash&^(1<<32-1) | uint64(len(t.entries))
	if 2*len(t.entries) > len(t.slots) {
		t.rehash(2 * len(t.slots))
	}
}

// store copies key into the chunks.
func (t *uniqueTable[V]) store(key []byte) (chunk, off uint32) {
	last := len(t.chunks) - 1
	if last < 0 || len(t.chunks[last])+len(key) > cap(t.chunks[last]) {
		// Chunks double from 1 KiB, so that a context of a few values
		// stays small.
		size := 1 << 10
		if last >= 0 {
			size = min(2*cap(t.chunks[last]), keyChunkSize)
		}
		t.chunks = append(t.chunks, make([]byte, 0, max(size, len(key))))
		last++
	}
	c := &t.chunks[last]
	off = uint32(len(*c))
	*c = append(*c, key...)
	return uint32(last), off
}

// rehash moves the entries to a table of n slots.
func (t *uniqueTable[V]) rehash(n int) {
	slots := make([]uint64, n)
	mask := n - 1
	for j := range t.entries {
		h := t.entries[j].hash
		i := int(h) & mask
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = h&^(1<<32-1) | uint64(j+1)
	}
	t.slots = slots
	t.version++
}

// reserve makes room for n more entries.
func (t *uniqueTable[V]) reserve(n int) {
	if n <= len(t.entries) {
		return
	}
	want := len(t.entries) + n
	if size := len(t.slots); 2*want > size {
		for size < 2*want {
			size *= 2
		}
		t.rehash(size)
	}
	if cap(t.entries) < want {
		entries := make([]uniqueEntry[V], len(t.entries), want)
		copy(entries, t.entries)
		t.entries = entries
	}
}
