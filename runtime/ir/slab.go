package ir

import (
	"reflect"
	"sync/atomic"
	"unsafe"
)

// Slab hands out the values of one attribute or type kind from chunks
// that each context keeps for it, instead of a heap object per value:
// uniqued values live as long as their context anyway, and a reader that
// makes a million locations then makes a few hundred chunks rather than a
// million objects for the allocator to place and the collector to visit.
// Generated packages declare one per kind (its zero value is ready) and
// make their values with InsertAttrWith or InsertTypeWith.
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
}

const maxSlabChunk = 1024

// SlabSlot is a zero value of a slab's type that InsertAttrWith or
// InsertTypeWith hands to the function filling it; SlotOf types it.
type SlabSlot struct{ p unsafe.Pointer }

// SlotOf is the slot as a *T, T being the slab's type.
func SlotOf[T any](s SlabSlot) *T { return (*T)(s.p) }

// alloc returns a zero value in sh's chunk for the kind, whose values
// are of the type hint points to; sh.mu is held.
func (s *Slab) alloc(sh *shard, hint any) SlabSlot {
	i := s.place()
	if i >= len(sh.slabs) {
		// Up to this kind only: a program meets few of the hundreds of
		// kinds it links, and those met first have the low indices.
		sh.slabs = append(sh.slabs, make([]slabChunk, i+1-len(sh.slabs))...)
	}
	ch := &sh.slabs[i]
	if ch.n == ch.cap {
		t := reflect.TypeOf(hint).Elem()
		ch.cap, ch.size = min(max(2*ch.cap, 4), maxSlabChunk), t.Size()
		ch.values = reflect.MakeSlice(reflect.SliceOf(t), ch.cap, ch.cap)
		ch.base, ch.n = ch.values.UnsafePointer(), 0
	}
	ch.n++
	return SlabSlot{unsafe.Add(ch.base, uintptr(ch.n-1)*ch.size)}
}

// free gives back the value alloc returned last (a concurrent insert of
// the same key won), zeroing it; sh.mu is held.
func (s *Slab) free(sh *shard) {
	ch := &sh.slabs[s.place()]
	ch.n--
	ch.values.Index(ch.n).SetZero()
}

// InsertAttrWith returns the attribute stored under k or, when there is
// none, one made in the context's slab for its kind, of the type hint (a
// nil pointer) points to: fill sets the slot's zero value and returns it.
// One lock and one probe serve both: a miss remembers the free slot the
// insert then takes. It releases k.
func InsertAttrWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Attribute) Attribute {
	sh := c.shardOf(k)
	if _, e := sh.attrs.find(k); e >= 0 {
		return foundUnlock(sh, k, sh.attrs.entries.At(e).val)
	}
	// fill is called here, not in the generic insert: called there, it
	// escaped, and each value cost a heap object for its closure.
	return insertFilled(c, sh, &sh.attrs, k, s, fill(s.alloc(sh, hint)))
}

// InsertTypeWith is InsertAttrWith for types.
func InsertTypeWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Type) Type {
	sh := c.shardOf(k)
	if _, e := sh.types.find(k); e >= 0 {
		return foundUnlock(sh, k, sh.types.entries.At(e).val)
	}
	return insertFilled(c, sh, &sh.types, k, s, fill(s.alloc(sh, hint)))
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
func insertFilled[V interface{ ident() *identity }](c *Context, sh *shard, table *uniqueTable[V], k *Key, s *Slab, v V) V {
	old, found := table.getOrPut(k, v)
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
