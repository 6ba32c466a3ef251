package ir

import (
	"encoding/binary"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"sync/atomic"
	"unsafe"
)

// Slab hands out the values of one attribute or type kind from chunks
// that each context keeps for it, instead of a heap object per value:
// uniqued values live as long as their context anyway, and a reader that
// makes a million locations then makes a few hundred chunks rather than a
// million objects for the allocator to place and the collector to visit.
// Generated packages declare one per kind (its zero value is ready) and
// make their values with InsertAttrWith or InsertTypeWith. A slab holds
// the values of one kind only: the context knows their keys by the first
// key a slab was given (its kind's number) and the key function.
//
// Nothing here is generic and nothing runs at init: a program links
// hundreds of kinds and meets few. (A generic version, stenciled per
// kind, made the mlirbc binary a third larger, and its start slower.)
type Slab struct {
	// index+1 is the kind's place in every context's slabs, given out on
	// first use.
	index atomic.Int32
	// kind is the kind's number in keys (see kindID), 0 until NewKey
	// first looks it up.
	kind atomic.Uint64
}

// NewKey is NewKey(dialect, kind) for the slab's kind, whose number it
// keeps: a reader that makes a million locations looks the pair up once.
func (s *Slab) NewKey(dialect, kind string) *Key {
	id := s.kind.Load()
	if id == 0 {
		id = kindID(dialect, kind)
		s.kind.Store(id)
	}
	return newKey(id)
}

var slabCount atomic.Int32

// place is the kind's index in Context.slabs.
func (s *Slab) place() int {
	if i := s.index.Load(); i != 0 {
		return int(i) - 1
	}
	s.index.CompareAndSwap(0, slabCount.Add(1))
	return int(s.index.Load()) - 1
}

// slabChunk is a context's current chunk for one kind: n of its values
// are handed out. Chunks double up to maxSlabChunk values.
type slabChunk struct {
	// values is a slice of the kind's type, made by reflect.MakeSlice.
	// (An array made by reflect.New of reflect.ArrayOf is one allocation
	// where MakeSlice makes two, but ArrayOf makes a type for each length
	// the first time, about 20 µs: a millisecond of converting 1,000
	// functions, and more than the allocations saved.)
	values reflect.Value
	base   unsafe.Pointer
	size   uintptr
	n, cap int
	// first and then bases are the starts of all the kind's chunks in
	// the shard, oldest first, and count the values handed out from them:
	// the uniquing table refers to a value by its index among them (see
	// at). The first is apart so that a kind of a few values in a small
	// context costs no allocation more.
	first unsafe.Pointer
	bases []unsafe.Pointer
	count uint32
	// tab is the type word of the kind's values as an Attribute or a
	// Type, from which the table makes the interface value of an index.
	tab unsafe.Pointer
	// kind is the number keys of the kind start with, and key writes the
	// rest of the key of the value in a slot, for the table to compare.
	kind uint64
	key  func(*Key, SlabSlot)
}

// firstSlabChunk is the size of a kind's first chunk in a shard; they
// double from it up to maxSlabChunk, which smallSlabValues fill.
const (
	firstSlabChunk  = 4
	smallSlabValues = maxSlabChunk*2 - firstSlabChunk
)

// at is the index-th value handed out.
func (ch *slabChunk) at(index uint32) unsafe.Pointer {
	i := int(index)
	var c, off int
	if i < smallSlabValues {
		c = bits.Len(uint(i/firstSlabChunk+1)) - 1
		off = i - firstSlabChunk*(1<<c-1)
	} else {
		c = bits.Len(maxSlabChunk/firstSlabChunk) + (i-smallSlabValues)/maxSlabChunk
		off = (i - smallSlabValues) % maxSlabChunk
	}
	base := ch.first
	if c > 0 {
		base = ch.bases[c-1]
	}
	return unsafe.Add(base, uintptr(off)*ch.size)
}

const maxSlabChunk = 1024

// SlabSlot is a zero value of a slab's type that InsertAttrWith or
// InsertTypeWith hands to the function filling it; SlotOf types it.
type SlabSlot struct{ p unsafe.Pointer }

// SlotOf is the slot as a *T, T being the slab's type.
func SlotOf[T any](s SlabSlot) *T { return (*T)(s.p) }

// SlotFor is v as a slot: a constructor hands the kind's key function its
// parameters as a value not stored yet.
func SlotFor[T any](v *T) SlabSlot { return SlabSlot{unsafe.Pointer(v)} }

// alloc returns a zero value in sh's chunk for the kind, whose values
// are of the type hint points to and whose keys key writes after k's
// first number, and where the value is; sh.mu is held.
func (s *Slab) alloc(sh *shard, hint any, k *Key, key func(*Key, SlabSlot)) (SlabSlot, entryRef) {
	i := s.place()
	if i >= len(sh.slabs) {
		// Up to this kind only: a program meets few of the hundreds of
		// kinds it links, and those met first have the low indices.
		sh.slabs = append(sh.slabs, make([]slabChunk, i+1-len(sh.slabs))...)
	}
	ch := &sh.slabs[i]
	if ch.count == math.MaxUint32 {
		panic("ir: more than 2^32-1 values of one kind in a shard")
	}
	if ch.n == ch.cap {
		if ch.key == nil {
			ch.kind, _ = binary.Uvarint(k.b)
			ch.key = key
		}
		t := reflect.TypeOf(hint).Elem()
		ch.cap, ch.size = min(max(2*ch.cap, firstSlabChunk), maxSlabChunk), t.Size()
		ch.values = reflect.MakeSlice(reflect.SliceOf(t), ch.cap, ch.cap)
		ch.base, ch.n = ch.values.UnsafePointer(), 0
		if ch.first == nil {
			ch.first = ch.base
		} else {
			ch.bases = append(ch.bases, ch.base)
		}
	}
	ch.n++
	ch.count++
	return SlabSlot{unsafe.Add(ch.base, uintptr(ch.n-1)*ch.size)}, entryRef(i)<<32 | entryRef(ch.count-1)
}

// free gives back the value alloc returned last (a concurrent insert of
// the same key won), zeroing it; sh.mu is held.
func (s *Slab) free(sh *shard) {
	ch := &sh.slabs[s.place()]
	ch.n--
	ch.count--
	ch.values.Index(ch.n).SetZero()
}

// InsertAttrWith returns the attribute stored under k or, when there is
// none, one made in the context's slab for its kind, of the type hint (a
// nil pointer) points to: fill sets the slot's zero value and returns it.
// One lock and one probe serve both: a miss remembers the free slot the
// insert then takes. key writes the key of the value in a slot, after
// its kind's number, as k was written: the table keeps no copy of keys.
// It releases k.
func InsertAttrWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Attribute, key func(*Key, SlabSlot)) Attribute {
	sh := c.shardOf(k)
	if _, e := sh.attrs.find(k); e >= 0 {
		return foundUnlock(sh, k, sh.attrs.value(e))
	}
	// fill is called here, not in the generic insert: called there, it
	// escaped, and each value cost a heap object for its closure.
	slot, r := s.alloc(sh, hint, k, key)
	return insertFilled(c, sh, &sh.attrs, k, s, r, fill(slot))
}

// InsertTypeWith is InsertAttrWith for types.
func InsertTypeWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Type, key func(*Key, SlabSlot)) Type {
	sh := c.shardOf(k)
	if _, e := sh.types.find(k); e >= 0 {
		return foundUnlock(sh, k, sh.types.value(e))
	}
	slot, r := s.alloc(sh, hint, k, key)
	return insertFilled(c, sh, &sh.types, k, s, r, fill(slot))
}

// foundUnlock returns v, found under k with sh.mu held; it unlocks
// sh.mu and releases k.
func foundUnlock[V any](sh *shard, k *Key, v V) V {
	sh.mu.Unlock()
	k.Release()
	return v
}

// insertFilled stores v, just made in s with sh.mu held, under k in
// table (sh's), or gives it back if another call stored a value first;
// it unlocks sh.mu and releases k.
func insertFilled[V interface{ ident() *identity }](c *Context, sh *shard, table *uniqueTable[V], k *Key, s *Slab, r entryRef, v V) V {
	if ch := &sh.slabs[r>>32]; ch.tab == nil {
		ch.tab = (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
	}
	old, found := table.getOrPutSlab(k, r)
	if found {
		s.free(sh)
		v = old
	} else {
		*v.ident() = identity{id: c.newID(), ctx: c}
	}
	sh.mu.Unlock()
	k.Release()
	return v
}

// CloneUnless returns s itself if keep, else a copy of it: how a
// generated constructor stores a list or bytes it was given, keeping
// what the bytecode reader has just made and copying what a caller may
// change later.
func CloneUnless[S ~[]E, E any](keep bool, s S) S {
	if keep {
		return s
	}
	return slices.Clone(s)
}
