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
	values reflect.Value // a slice of the kind's type
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

// alloc returns a zero value in c's chunk for the kind, whose values are
// of the type hint points to; c.mu is held.
func (s *Slab) alloc(c *Context, hint any) SlabSlot {
	i := s.place()
	if i >= len(c.slabs) {
		// Up to this kind only: a program meets few of the hundreds of
		// kinds it links, and those met first have the low indices.
		c.slabs = append(c.slabs, make([]*slabChunk, i+1-len(c.slabs))...)
	}
	ch := c.slabs[i]
	if ch == nil {
		ch = &slabChunk{}
		c.slabs[i] = ch
	}
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
// the same key won), zeroing it; c.mu is held.
func (s *Slab) free(c *Context) {
	ch := c.slabs[s.place()]
	ch.n--
	ch.values.Index(ch.n).SetZero()
}

// InsertAttrWith returns the attribute stored under k or, when there is
// none, one made in the context's slab for its kind, of the type hint (a
// nil pointer) points to: fill sets the slot's zero value and returns it.
// One lock and one probe serve both: a miss remembers the free slot the
// insert then takes. It releases k.
func InsertAttrWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Attribute) Attribute {
	c.mu.Lock()
	if _, e := c.attrs.find(k); e >= 0 {
		return foundUnlock(c, k, c.attrs.entries.At(e).val)
	}
	// fill is called here, not in the generic insert: called there, it
	// escaped, and each value cost a heap object for its closure.
	return insertFilled(c, &c.attrs, k, s, fill(s.alloc(c, hint)))
}

// InsertTypeWith is InsertAttrWith for types.
func InsertTypeWith(c *Context, k *Key, s *Slab, hint any, fill func(SlabSlot) Type) Type {
	c.mu.Lock()
	if _, e := c.types.find(k); e >= 0 {
		return foundUnlock(c, k, c.types.entries.At(e).val)
	}
	return insertFilled(c, &c.types, k, s, fill(s.alloc(c, hint)))
}

// foundUnlock returns v, found under k with c.mu held; it unlocks c.mu
// and releases k.
func foundUnlock[V any](c *Context, k *Key, v V) V {
	c.mu.Unlock()
	k.Release()
	return v
}

// insertFilled stores v, just made in s with c.mu held, under k, or
// gives it back if another call stored a value first; it unlocks c.mu
// and releases k.
func insertFilled[V interface{ ident() *identity }](c *Context, table *uniqueTable[V], k *Key, s *Slab, v V) V {
	old, found := table.getOrPut(k, v)
	if found {
		s.free(c)
		v = old
	} else {
		c.nextID++
		*v.ident() = identity{id: c.nextID, ctx: c}
	}
	c.mu.Unlock()
	k.Release()
	return v
}
