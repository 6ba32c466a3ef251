package ir

import "sync/atomic"

// Slab hands out the values of one attribute or type kind from chunks
// that each context keeps for it, instead of a heap object per value:
// uniqued values live as long as their context anyway, and a reader that
// makes a million locations then makes a few hundred chunks rather than a
// million objects for the allocator to place and the collector to visit.
// Generated packages make one per kind (NewSlab, at init) and pass it to
// InsertAttrIn or InsertTypeIn.
type Slab[T any] struct{ index int }

var slabCount atomic.Int32

// NewSlab registers a kind of value; call it once per kind, at init.
func NewSlab[T any]() *Slab[T] { return &Slab[T]{index: int(slabCount.Add(1)) - 1} }

// slabChunk is a context's current chunk for one kind: values[:n] are
// handed out. Chunks double up to maxSlabChunk values.
type slabChunk[T any] struct {
	values []T
	n      int
}

const maxSlabChunk = 1024

// alloc returns a zero value in c's chunk for the kind; c.mu is held.
func (s *Slab[T]) alloc(c *Context) *T {
	if s.index >= len(c.slabs) {
		// Up to this kind only: a context uses few of the hundreds of
		// kinds, and the builtin ones, made first, have the low indices.
		c.slabs = append(c.slabs, make([]any, s.index+1-len(c.slabs))...)
	}
	ch, _ := c.slabs[s.index].(*slabChunk[T])
	if ch == nil {
		ch = &slabChunk[T]{}
		c.slabs[s.index] = ch
	}
	if ch.n == len(ch.values) {
		ch.values, ch.n = make([]T, min(max(2*len(ch.values), 4), maxSlabChunk)), 0
	}
	ch.n++
	return &ch.values[ch.n-1]
}

// free gives back the value alloc returned last (a concurrent insert of
// the same key won); c.mu is held.
func (s *Slab[T]) free(c *Context) {
	ch := c.slabs[s.index].(*slabChunk[T])
	ch.n--
	var zero T
	ch.values[ch.n] = zero
}

// InsertAttrIn is InsertAttr for a value v that the context copies into
// its slab for the kind: it stores it under k unless another call stored
// a value first, and returns the stored value. It releases k.
func InsertAttrIn[T any, P interface {
	*T
	Attribute
}](c *Context, k *Key, s *Slab[T], v T) P {
	return insertIn(c, &c.attrs, k, s, v, func(p P) Attribute { return p })
}

// InsertTypeIn is InsertAttrIn for types.
func InsertTypeIn[T any, P interface {
	*T
	Type
}](c *Context, k *Key, s *Slab[T], v T) P {
	return insertIn(c, &c.types, k, s, v, func(p P) Type { return p })
}

// insertIn is both: value turns the slab's pointer into what table holds.
func insertIn[V any, T any, P interface {
	*T
	ident() *identity
}](c *Context, table *uniqueTable[V], k *Key, s *Slab[T], v T, value func(P) V) P {
	c.mu.Lock()
	p := P(s.alloc(c))
	*p = v
	old, found := table.getOrPut(k, value(p))
	if found {
		s.free(c)
	} else {
		c.nextID++
		*p.ident() = identity{id: c.nextID, ctx: c}
	}
	c.mu.Unlock()
	k.Release()
	if found {
		return any(old).(P)
	}
	return p
}
