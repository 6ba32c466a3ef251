// Package ir is dialectgen's in-memory IR: uniqued attributes and types,
// locations (which are attributes), operations, regions, blocks and values,
// and the registry of dialects known to a Context.
//
// Attributes and types are uniqued per Context: two handles for the same
// value are the same pointer, so equality is == and a handle's ID is a
// perfect hash. Constructors build a Key that spells out every parameter
// and call InsertAttrWith (InsertTypeWith), which returns the value stored
// under it or makes one in the kind's slab; hand-written kinds call
// LookupAttr (LookupType) and, on a miss, InsertAttr (InsertType).
package ir

import (
	"hash/maphash"
	"sort"
	"sync"
)

// Context owns uniqued attributes and types and the dialect registry.
// It is safe for concurrent use.
type Context struct {
	mu       sync.Mutex
	attrs    uniqueTable[Attribute]
	types    uniqueTable[Type]
	nextID   uint64
	dialects map[string]Dialect
	// slabs holds, by Slab index, the chunk values of that kind are
	// placed in.
	slabs []*slabChunk
}

// NewContext returns an empty context with the given dialects registered.
func NewContext(dialects ...Dialect) *Context {
	seed := maphash.MakeSeed()
	c := &Context{
		attrs:    newUniqueTable[Attribute](seed),
		types:    newUniqueTable[Type](seed),
		dialects: make(map[string]Dialect, len(dialects)),
	}
	for _, d := range dialects {
		c.Register(d)
	}
	return c
}

// Dialect is what a dialect package registers. Codecs and other hooks are
// found by asserting the value to the interfaces that need them (for example
// bytecode.AttrCodec), so this package stays independent of every format.
type Dialect interface {
	// Name is the dialect namespace, e.g. "builtin" or "arith".
	Name() string
}

// Register adds a dialect; registering the same name again replaces it.
func (c *Context) Register(d Dialect) {
	c.mu.Lock()
	c.dialects[d.Name()] = d
	c.mu.Unlock()
}

// Dialect returns the registered dialect with that namespace, or nil.
func (c *Context) Dialect(name string) Dialect {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dialects[name]
}

// Dialects returns the registered dialect names in sorted order.
func (c *Context) Dialects() []string {
	c.mu.Lock()
	names := make([]string, 0, len(c.dialects))
	for n := range c.dialects {
		names = append(names, n)
	}
	c.mu.Unlock()
	sort.Strings(names)
	return names
}

// Reserve makes room for n more attributes when the context holds fewer
// than n, so that a caller about to make n attributes in a new context
// does not grow the table step by step. A context that already holds as
// many grows as usual: rebuilding a large table for every batch would
// cost more than it saves. Keys grouped by Key.Near (locations) do not
// use this room; the MLIR bytecode reader, whose tables are mostly
// locations, does not reserve.
func (c *Context) Reserve(n int) {
	c.mu.Lock()
	c.attrs.reserve(n)
	c.mu.Unlock()
}

// NumAttributes and NumTypes report how many distinct values the context holds.
func (c *Context) NumAttributes() int { c.mu.Lock(); defer c.mu.Unlock(); return c.attrs.len() }
func (c *Context) NumTypes() int      { c.mu.Lock(); defer c.mu.Unlock(); return c.types.len() }

// LookupAttr returns the attribute stored under k, if any. A constructor
// calls it first and builds a value only when it misses, so a hit
// allocates nothing. It releases k when it finds a value.
func LookupAttr[T Attribute](c *Context, k *Key) (T, bool) {
	c.mu.Lock()
	a, ok := c.attrs.get(k)
	c.mu.Unlock()
	if !ok {
		var zero T
		return zero, false
	}
	k.Release()
	return a.(T), true
}

// InsertAttr stores a under k unless another call stored a value first,
// and returns the stored value. It releases k.
func InsertAttr[T Attribute](c *Context, k *Key, a T) T {
	c.mu.Lock()
	old, found := c.attrs.getOrPut(k, a)
	if !found {
		c.nextID++
		*a.ident() = identity{id: c.nextID, ctx: c}
	}
	c.mu.Unlock()
	k.Release()
	if found {
		return old.(T)
	}
	return a
}

// LookupType and InsertType are LookupAttr and InsertAttr for types.
func LookupType[T Type](c *Context, k *Key) (T, bool) {
	c.mu.Lock()
	t, ok := c.types.get(k)
	c.mu.Unlock()
	if !ok {
		var zero T
		return zero, false
	}
	k.Release()
	return t.(T), true
}

func InsertType[T Type](c *Context, k *Key, t T) T {
	c.mu.Lock()
	old, found := c.types.getOrPut(k, t)
	if !found {
		c.nextID++
		*t.ident() = identity{id: c.nextID, ctx: c}
	}
	c.mu.Unlock()
	k.Release()
	if found {
		return old.(T)
	}
	return t
}

// NewDistinctAttr stores an attribute that is never uniqued with another one
// (MLIR's distinct attributes): each call yields a new identity.
func NewDistinctAttr[T Attribute](c *Context, a T) T {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	*a.ident() = identity{id: c.nextID, ctx: c}
	return a
}

// identity is what every uniqued value carries.
type identity struct {
	id  uint64
	ctx *Context
}

func (s *identity) ident() *identity { return s }

// ID is unique among all attributes and types of the context; it is a
// perfect hash for uniqued values.
func (s *identity) ID() uint64 { return s.id }

// Context is the context that owns the value.
func (s *identity) Context() *Context { return s.ctx }

// AttrIDIn and TypeIDIn return the value's ID and whether it belongs to
// c, in one call: IDs are unique within a context only, so a table keyed
// by them must tell another context's values apart (writers look values
// up this way once per reference).
func AttrIDIn(c *Context, a Attribute) (uint64, bool) {
	i := a.ident()
	return i.id, i.ctx == c
}

func TypeIDIn(c *Context, t Type) (uint64, bool) {
	i := t.ident()
	return i.id, i.ctx == c
}
