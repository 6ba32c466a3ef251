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
	// main holds the slots of every key but grouped ones.
	main slotSet
	// groups holds a small slot set per group of keys (see Key.Near),
	// by the group's hash: groups whose hashes collide share a set, which
	// costs nothing but a longer probe. last is the set used last, and
	// lastPrefix and lastNear the group it was found for, which keys made
	// in order hit again and again.
	groups     map[uint64]*slotSet
	last       *slotSet
	lastPrefix []byte
	lastNear   uint64
	entries    chunked.List[uniqueEntry[V]]
	chunks     [][]byte
	// version changes whenever slots do, so that a slot a lookup found
	// is known to be still free.
	version uint64
}

// slotSet is an open-addressed set of entry indices: each slot holds
// 1 + an entry index in the low half and the top half of the entry's
// hash in the high half, or 0 for a free slot; len is a power of two,
// 1<<shift. A key's first slot is the top shift bits of its hash, which
// the slot keeps: rehashing needs no key.
type slotSet struct {
	slots []uint64
	shift uint
	n     int
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

// minGroupShift sizes a new group's slot set: a group holds the keys of
// 1<<nearShift nearby values, most often one each, at a load of half.
const minGroupShift = 6

// nearShift is how many low bits of a Near value a group spans: 32 lines
// of locations share one.
const nearShift = 5

// newUniqueTable returns an empty table. The tables of one context share
// a seed, so that a key hashed by one is hashed right for the other.
func newUniqueTable[V any](seed maphash.Seed) uniqueTable[V] {
	return uniqueTable[V]{seed: seed, main: newSlotSet(minSlotsShift)}
}

func (t *uniqueTable[V]) len() int { return t.entries.Len() }

func (t *uniqueTable[V]) key(e *uniqueEntry[V]) []byte {
	c := t.chunks[e.key>>32][uint32(e.key):]
	n, w := binary.Uvarint(c)
	return c[w : w+int(n)]
}

func newSlotSet(shift uint) slotSet {
	return slotSet{slots: make([]uint64, 1<<shift), shift: shift}
}

// home is the first slot to probe for a key with this hash (or this tag).
func (ss *slotSet) home(hash uint64) int { return int(hash >> (64 - ss.shift)) }

// set is the slot set k belongs in: the main one, or its group's, made
// on first use. Keys made in order mostly fall in the group of the key
// before, which is recognised by its bytes without hashing.
func (t *uniqueTable[V]) set(k *Key) *slotSet {
	if k.group == 0 {
		return &t.main
	}
	prefix, near := k.b[:k.group], k.near>>nearShift
	if t.last != nil && t.lastNear == near && bytes.Equal(t.lastPrefix, prefix) {
		return t.last
	}
	g := maphash.Bytes(t.seed, prefix) ^ near*0x9e3779b97f4a7c15
	ss := t.groups[g]
	if ss == nil {
		if t.groups == nil {
			t.groups = make(map[uint64]*slotSet)
		}
		ss = new(slotSet)
		*ss = newSlotSet(minGroupShift)
		t.groups[g] = ss
	}
	t.last, t.lastNear = ss, near
	t.lastPrefix = append(t.lastPrefix[:0], prefix...)
	return ss
}

// find returns the entry stored under k, or the free slot where it
// belongs and -1. It records both in k for put.
func (t *uniqueTable[V]) find(k *Key) (slot, entry int) {
	if k.hashed != len(k.b)+1 {
		k.hash = maphash.Bytes(t.seed, k.b)
		k.hashed = len(k.b) + 1
	}
	ss := t.set(k)
	k.set = ss
	mask := len(ss.slots) - 1
	tag := k.hash &^ (1<<32 - 1)
	for i := ss.home(k.hash); ; i = (i + 1) & mask {
		s := ss.slots[i]
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
	ss := k.set
	ss.slots[slot] = k.hash&^(1<<32-1) | uint64(n)
	ss.n++
	if 2*ss.n > len(ss.slots) {
		ss.rehash(ss.shift + 1)
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

// rehash moves the slots to a set of 1<<shift. Each slot's tag holds
// the top of its key's hash, which is all placing it needs.
func (ss *slotSet) rehash(shift uint) {
	old := ss.slots
	ss.slots, ss.shift = make([]uint64, 1<<shift), shift
	mask := len(ss.slots) - 1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := ss.home(s)
		for ss.slots[i] != 0 {
			i = (i + 1) & mask
		}
		ss.slots[i] = s
	}
}

// reserve makes room for n more keys in the main set, so that they go
// in without a rehash, unless the table holds as many already.
func (t *uniqueTable[V]) reserve(n int) {
	if n <= t.entries.Len() {
		return
	}
	if want := t.main.n + n; 2*want > len(t.main.slots) {
		t.main.rehash(uint(bits.Len(uint(2*want - 1))))
		t.version++
	}
}
