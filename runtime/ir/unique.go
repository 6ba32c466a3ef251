package ir

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/internal/chunked"
	"github.com/dialectgen/dialectgen/runtime/internal/prefault"
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
// byte of an entry counts. A value made in a slab (every generated kind)
// is entered as its place there, 8 bytes without a pointer, and keeps no
// copy of its key: the kind's key function writes the key again from the
// value when a probe needs to compare it, which only a probe whose slot
// matches 32 bits of the hash does. Other values are kept with their key
// (held). Entries live in chunks that are never copied as the table
// grows.
type uniqueTable[V any] struct {
	seed maphash.Seed
	// sets[0] holds the slots of every key but grouped ones; the others
	// are a small set per group of keys (see Key.Near), which groups
	// finds by the group's hash: groups whose hashes collide share a set,
	// which costs nothing but a longer probe. last is the set used last
	// (0: none), and lastPrefix and lastNear the group it was found for,
	// which keys made in order hit again and again.
	sets       []slotSet
	groups     map[uint64]groupRef
	last       int32
	lastPrefix []byte
	lastNear   uint64
	entries    chunked.List[entryRef]
	held       chunked.List[uniqueEntry[V]]
	chunks     [][]byte
	// heldBig holds the big parameters of held keys that have them (see
	// Key.big), by held index.
	heldBig map[int][][]byte
	// slabs are the slabs of the table's shard, which entries refer to;
	// scratch is where a slab value's key is written again.
	slabs   *[]slabChunk
	scratch Key
	// version changes whenever slots do, so that a slot a lookup found
	// is known to be still free.
	version uint64
	// expect is how many more keys a caller said may come (Expect).
	expect int
}

// slotSet is an open-addressed set of entry indices: each slot holds
// 1 + an entry index in the low half and the top half of the entry's
// hash in the high half, or 0 for a free slot; len is a power of two,
// 1<<shift. A key's first slot is the top shift bits of its hash, which
// the slot keeps: rehashing needs no key.
type slotSet struct {
	slots []uint64
	shift uint32
	n     int32
}

// entryRef is where an entry's value is: place<<32 | index for the
// index-th value of the kind at place in the shard's slabs, or
// heldEntry | i for held's i-th entry.
type entryRef uint64

const heldEntry entryRef = 1 << 63

// uniqueEntry is a held value and its key's place: chunk<<32 | offset of
// the key's length (a uvarint) followed by its bytes.
type uniqueEntry[V any] struct {
	val V
	key uint64
}

// keyChunkSize is the largest size of the chunks keys are copied into; a
// longer key gets a chunk of its own.
const keyChunkSize = 64 << 10

const minSlotsShift = 6

// minGroupShift is the smallest size of a group's slot set, for groups
// whose first keys are far apart in their Near values.
const minGroupShift = 2

// nearShift is how many low bits of a Near value a group spans: 256
// lines of locations share one, whose slots (4 KiB for a location a
// line) stay in cache while a file is read line by line.
const nearShift = 8

// newUniqueTable returns an empty table. The tables of one context share
// a seed, so that a key hashed by one is hashed right for the other.
func newUniqueTable[V any](seed maphash.Seed) uniqueTable[V] {
	return uniqueTable[V]{seed: seed, sets: []slotSet{newSlotSet(minSlotsShift)}}
}

func (t *uniqueTable[V]) len() int { return t.entries.Len() }

// addr identifies t in a key (see Key.table).
func (t *uniqueTable[V]) addr() uintptr { return uintptr(unsafe.Pointer(t)) }

// key returns entry i's key and its big parameters: views of the table's
// chunks, or of scratch until the next call.
func (t *uniqueTable[V]) key(i int) ([]byte, [][]byte) {
	r := *t.entries.At(i)
	if r&heldEntry != 0 {
		h := int(r &^ heldEntry)
		e := t.held.At(h)
		c := t.chunks[e.key>>32][uint32(e.key):]
		n, w := binary.Uvarint(c)
		return c[w : w+int(n)], t.heldBig[h]
	}
	ch := &(*t.slabs)[r>>32]
	k := &t.scratch
	k.b, k.big = k.b[:0], k.big[:0]
	k.Uint(ch.kind)
	ch.key(k, SlabSlot{ch.at(uint32(r))})
	return k.b, k.big
}

// matches reports whether entry i is stored under k.
func (t *uniqueTable[V]) matches(i int, k *Key) bool { return k.equal(t.key(i)) }

// value returns entry i's value.
func (t *uniqueTable[V]) value(i int) V {
	r := *t.entries.At(i)
	if r&heldEntry != 0 {
		return t.held.At(int(r &^ heldEntry)).val
	}
	ch := &(*t.slabs)[r>>32]
	return fromWords[V](ch.tab, ch.at(uint32(r)))
}

// fromWords is the interface value (V is Attribute or Type) of type word
// tab (see slabChunk.tab) and data p.
func fromWords[V any](tab, p unsafe.Pointer) V {
	var v V
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))
	w[0], w[1] = tab, p
	return v
}

func newSlotSet(shift uint32) slotSet {
	// Probes read slots before writing them: see prefault.Touch.
	return slotSet{slots: prefault.Touch(make([]uint64, 1<<shift)), shift: shift}
}

// home is the first slot to probe for a key with this hash (or this tag).
func (ss *slotSet) home(hash uint64) int { return int(hash >> (64 - ss.shift)) }

// groupRef is what groups holds for a group: its set, or -1 - the entry
// of its one key, with the low bits of that key's Near value.
type groupRef struct {
	ref  int32
	near uint8
}

// Where a key belongs, as Key.set records it: a slot set (0 the main
// one), or a group that has no set yet.
const (
	lonelyGroup = -1 // the group holds one key, Key.single, in no set
	newGroup    = -2 // the group holds no key yet
)

// set finds where k belongs: the main set, its group's set, or a group
// without one. A group gets a set with its second key, so that keys far
// apart (locations of lines far apart) cost a map entry each, not a set.
// Keys made in order mostly fall in the group of the key before, which
// is recognised by its bytes without hashing.
func (t *uniqueTable[V]) set(k *Key) {
	if k.group == 0 {
		k.set = 0
		return
	}
	prefix, near := k.b[:k.group], k.near>>nearShift
	if t.last != 0 && t.lastNear == near && bytes.Equal(t.lastPrefix, prefix) {
		k.set = t.last
		return
	}
	k.groupHash = maphash.Bytes(t.seed, prefix) ^ near*0x9e3779b97f4a7c15
	g, ok := t.groups[k.groupHash]
	switch {
	case !ok:
		k.set = newGroup
	case g.ref < 0:
		k.set, k.single, k.singleNear = lonelyGroup, -g.ref-1, g.near
	default:
		k.set = g.ref
		t.remember(k, g.ref)
	}
}

// remember makes set i the last one used, for k's group.
func (t *uniqueTable[V]) remember(k *Key, i int32) {
	t.last, t.lastNear = i, k.near>>nearShift
	t.lastPrefix = append(t.lastPrefix[:0], k.b[:k.group]...)
}

// find returns the entry stored under k, or the free slot where it
// belongs (-1 in a group without a set) and -1. It records both in k
// for put.
func (t *uniqueTable[V]) find(k *Key) (slot, entry int) {
	k.hashFor(t.seed)
	t.set(k)
	switch k.set {
	case newGroup:
		k.slot, k.version, k.table = -1, t.version, t.addr()
		return -1, -1
	case lonelyGroup:
		if t.matches(int(k.single), k) {
			return -1, int(k.single)
		}
		k.slot, k.version, k.table = -1, t.version, t.addr()
		return -1, -1
	}
	ss := &t.sets[k.set]
	mask := len(ss.slots) - 1
	tag := k.hash &^ (1<<32 - 1)
	for i := ss.home(k.hash); ; i = (i + 1) & mask {
		s := ss.slots[i]
		if s == 0 {
			k.slot, k.version, k.table = i, t.version, t.addr()
			return i, -1
		}
		if s&^(1<<32-1) != tag {
			continue
		}
		if e := int(uint32(s) - 1); t.matches(e, k) {
			return i, e
		}
	}
}

// get returns the value stored under k.
func (t *uniqueTable[V]) get(k *Key) (V, bool) {
	if _, e := t.find(k); e >= 0 {
		return t.value(e), true
	}
	var zero V
	return zero, false
}

// getOrPut returns the value stored under k, or stores v there and
// returns it.
func (t *uniqueTable[V]) getOrPut(k *Key, v V) (V, bool) {
	slot, e := t.slotFor(k)
	if e >= 0 {
		return t.value(e), true
	}
	h := t.held.Append(uniqueEntry[V]{val: v, key: t.store(k.b)})
	if len(k.big) > 0 {
		if t.heldBig == nil {
			t.heldBig = map[int][][]byte{}
		}
		// The key's big parameters may be the caller's bytes, not the
		// value's: the table keeps a copy, as it does of the rest.
		big := make([][]byte, len(k.big))
		for i, b := range k.big {
			big[i] = bytes.Clone(b)
		}
		t.heldBig[h] = big
	}
	t.put(k, slot, heldEntry|entryRef(h))
	return v, false
}

// getOrPutSlab is getOrPut for a value just made in a slab, at r.
func (t *uniqueTable[V]) getOrPutSlab(k *Key, r entryRef) (V, bool) {
	slot, e := t.slotFor(k)
	if e >= 0 {
		return t.value(e), true
	}
	t.put(k, slot, r)
	var zero V
	return zero, false
}

// slotFor returns the entry stored under k, or the free slot where k
// belongs and -1. Right after a lookup of k that missed, with no change
// to the table since, the slot it found is still free: no second probe.
func (t *uniqueTable[V]) slotFor(k *Key) (slot, entry int) {
	if k.hashed == len(k.b)+1 && k.table == t.addr() && k.version == t.version {
		return k.slot, -1
	}
	return t.find(k)
}

// put enters the value at r under k in the free slot where k belongs.
func (t *uniqueTable[V]) put(k *Key, slot int, r entryRef) {
	t.version++
	n := t.entries.Append(r) + 1
	switch k.set {
	case newGroup:
		if t.groups == nil {
			t.groups = make(map[uint64]groupRef)
		}
		t.groups[k.groupHash] = groupRef{ref: -int32(n), near: uint8(k.near)}
		return
	case lonelyGroup:
		// The group's second key: both go in a set of its own, sized for
		// as many keys as the distance between the two suggests (a
		// location a line: the whole group), so that it rarely grows.
		gap := max(1, absDiff(uint8(k.near), k.singleNear))
		shift := uint32(minGroupShift)
		for shift < nearShift+1 && 1<<shift < 2*(1<<nearShift)/int(gap) {
			shift++
		}
		i := int32(len(t.sets))
		t.sets = append(t.sets, newSlotSet(shift))
		ss := &t.sets[i]
		single, _ := t.key(int(k.single))
		ss.add(maphash.Bytes(t.seed, single), k.single+1)
		ss.add(k.hash, int32(n))
		t.groups[k.groupHash] = groupRef{ref: i}
		t.remember(k, i)
		return
	}
	ss := &t.sets[k.set]
	ss.slots[slot] = slotOf(k.hash, int32(n))
	ss.n++
	if 2*int(ss.n) > len(ss.slots) {
		shift := ss.shift + 1
		if k.set == 0 && t.expect > 0 && ss.n >= expectAt {
			// Past a few thousand keys, grow once for all that are to
			// come (see Context.Expect) instead of doubling again and
			// again: each rehash moves every slot, with the shard locked.
			want := int(ss.n) + t.expect
			shift = max(shift, uint32(bits.Len(uint(2*want-1))))
			t.expect = 0
		}
		ss.rehash(shift)
	}
}

// expectAt is how many keys the main set holds before it grows for all
// those expected: files whose values are mostly locations (grouped keys,
// in sets of their own) never put as many there.
const expectAt = 1 << 12

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// slotOf is the slot of entry n-1, whose key has this hash.
func slotOf(hash uint64, n int32) uint64 { return hash&^(1<<32-1) | uint64(n) }

// add puts entry n-1, whose key has this hash, in a set with room.
func (ss *slotSet) add(hash uint64, n int32) {
	ss.place(slotOf(hash, n))
	ss.n++
}

// place puts slot s in the first free slot from its home on.
func (ss *slotSet) place(s uint64) {
	mask := len(ss.slots) - 1
	i := ss.home(s)
	for ss.slots[i] != 0 {
		i = (i + 1) & mask
	}
	ss.slots[i] = s
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
	// The chunk has room: appending to a copy of it and then reslicing
	// it stores only its length, where storing the slice would take a
	// write barrier while the collector marks.
	c := t.chunks[last]
	off := len(c)
	c = binary.AppendUvarint(c, uint64(len(key)))
	c = append(c, key...)
	t.chunks[last] = t.chunks[last][:len(c)]
	return uint64(last)<<32 | uint64(off)
}

// rehash moves the slots to a set of 1<<shift. Each slot's tag holds
// the top of its key's hash, which is all placing it needs.
func (ss *slotSet) rehash(shift uint32) {
	old := ss.slots
	fresh := newSlotSet(shift)
	ss.slots, ss.shift = fresh.slots, fresh.shift
	for _, s := range old {
		if s != 0 {
			ss.place(s)
		}
	}
}

// reserve makes room for n more keys in the main set, so that they go
// in without a rehash, unless the table holds as many already.
func (t *uniqueTable[V]) reserve(n int) {
	if n <= t.entries.Len() {
		return
	}
	main := &t.sets[0]
	if want := int(main.n) + n; 2*want > len(main.slots) {
		main.rehash(uint32(bits.Len(uint(2*want - 1))))
		t.version++
	}
}
