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
	"maps"
	"sort"
	"sync"
	"sync/atomic"
)

// Context owns uniqued attributes and types and the dialect registry.
// It is safe for concurrent use.
//
// Its values are spread over shards by their keys (see shardOf), each
// shard with its own lock, tables and slabs. The MLIR bytecode reader
// makes attributes on two goroutines at once (bytecode.Decoder.Ahead).
// Behind one lock, the reader often found it taken, was parked, and was
// woken only when the scheduler found it a processor again: 0.1 to 1.5
// ms later, in traces of a converted file of 1,000 functions, and a fifth
// of that process's run in all.
type Context struct {
	shards [1 << shardBits]shard
	// seed is the seed of every table's hash: a key hashed to pick its
	// shard is hashed right for the shard's table.
	seed maphash.Seed
	// nextID numbers the values of all shards.
	nextID atomic.Uint64
	// dialects is the registry, replaced whole by Register (under
	// registerMu), so that looking a dialect up takes no lock.
	dialects   atomic.Pointer[map[string]Dialect]
	registerMu sync.Mutex
}

// shardBits sets the number of shards. Four take the reader and its
// goroutine as far as sixteen did (ReadFuncs at -cpu 2: -24 % and -26 %
// against one lock, ten alternating runs). Sixteen made 100,000 new
// locations on one goroutine 29 % slower and 21 % larger in allocations
// (BenchmarkNewLocations), each shard growing its tables and chunks
// from small on its own; four cost nothing measurable there.
const shardBits = 2

// shard holds the values whose keys shardOf sends to it.
type shard struct {
	mu    sync.Mutex
	attrs uniqueTable[Attribute]
	types uniqueTable[Type]
	// slabs holds, by Slab index, the chunk values of that kind are
	// placed in.
	slabs []slabChunk
	// The next shard's lock is a cache line away: two goroutines using
	// neighbouring shards do not slow each other.
	_ [64]byte
}

// NewContext returns an empty context with the given dialects registered.
func NewContext(dialects ...Dialect) *Context {
	c := &Context{seed: maphash.MakeSeed()}
	for i := range c.shards {
		c.shards[i].attrs = newUniqueTable[Attribute](c.seed)
		c.shards[i].types = newUniqueTable[Type](c.seed)
		c.shards[i].attrs.slabs = &c.shards[i].slabs
		c.shards[i].types.slabs = &c.shards[i].slabs
	}
	reg := make(map[string]Dialect, len(dialects))
	for _, d := range dialects {
		reg[d.Name()] = d
	}
	c.dialects.Store(&reg)
	return c
}

// shardOf returns the shard that holds the value of key k, locked.
//   - The keys of a group (see Key.Near) share one, so that the group's
//     slots stay together. The shard is picked by the group's span of
//     Near values alone (for locations, its 256 lines): one multiply, no
//     hash of the key. Keys chosen to meet in one shard make goroutines
//     wait for each other, nothing worse.
//   - Other keys are sent by the low bits of the hash their table probes
//     with, whose high bits pick their slots.
func (c *Context) shardOf(k *Key) *shard {
	var i uint64
	if k.group != 0 {
		i = (k.near>>nearShift + 1) * 0x9e3779b97f4a7c15 >> (64 - shardBits)
	} else {
		i = k.hashFor(c.seed) & (1<<shardBits - 1)
	}
	sh := &c.shards[i]
	sh.lock()
	return sh
}

// lockPolls is how many times lock tries a shard's lock before it waits
// in line: about 0.1 ms here. A holder keeps it for one lookup or insert,
// mostly under a microsecond, tens of microseconds when a table grows.
// A goroutine that parks instead is woken 0.1 to 1.5 ms later (see
// Context). With 4,096 polls (and sixteen shards), converting 1,000
// functions still parked about ten times; with these, about never.
const lockPolls = 1 << 16

// lock takes sh.mu, polling it first when it is taken (see lockPolls).
func (sh *shard) lock() {
	if !sh.mu.TryLock() {
		sh.lockSlow()
	}
}

func (sh *shard) lockSlow() {
	for range lockPolls {
		if sh.mu.TryLock() {
			return
		}
	}
	sh.mu.Lock()
}

// newID returns the next value number.
func (c *Context) newID() uint64 { return c.nextID.Add(1) }

// Dialect is what a dialect package registers. Codecs and other hooks are
// found by asserting the value to the interfaces that need them (for example
// bytecode.AttrCodec), so this package stays independent of every format.
type Dialect interface {
	// Name is the dialect namespace, e.g. "builtin" or "arith".
	Name() string
}

// Register adds a dialect; registering the same name again replaces it.
func (c *Context) Register(d Dialect) {
	c.registerMu.Lock()
	reg := maps.Clone(*c.dialects.Load())
	reg[d.Name()] = d
	c.dialects.Store(&reg)
	c.registerMu.Unlock()
}

// Dialect returns the registered dialect with that namespace, or nil.
func (c *Context) Dialect(name string) Dialect { return (*c.dialects.Load())[name] }

// Dialects returns the registered dialect names in sorted order.
func (c *Context) Dialects() []string {
	reg := *c.dialects.Load()
	names := make([]string, 0, len(reg))
	for n := range reg {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Reserve makes room for n more attributes when the context holds fewer
// than n, so that a caller about to make n attributes in a new context
// does not grow the table step by step. A context that already holds as
// many grows as usual: rebuilding a large table for every batch would
// cost more than it saves. Keys grouped by Key.Near (locations) do not
// use this room; the MLIR bytecode reader, whose tables are mostly
// locations, calls Expect instead.
func (c *Context) Reserve(n int) {
	for i := range c.shards {
		sh := &c.shards[i]
		sh.lock()
		sh.attrs.reserve(n>>shardBits + 1)
		sh.mu.Unlock()
	}
}

// Expect says that about n more attributes may be made, as a reader does
// for the entries of a file. Unlike Reserve it allocates nothing at once:
// a table that grows past a few thousand keys outside the location groups
// (call sites, fused locations, names) then grows once to hold them all,
// instead of doubling again and again with its shard locked while the
// other goroutine of a reader waits.
func (c *Context) Expect(n int) {
	for i := range c.shards {
		sh := &c.shards[i]
		sh.lock()
		sh.attrs.expect = max(sh.attrs.expect, n>>shardBits+1)
		sh.mu.Unlock()
	}
}

// NumAttributes and NumTypes report how many distinct values the context holds.
func (c *Context) NumAttributes() int {
	return c.count(func(sh *shard) int { return sh.attrs.len() })
}

func (c *Context) NumTypes() int {
	return c.count(func(sh *shard) int { return sh.types.len() })
}

func (c *Context) count(n func(*shard) int) int {
	total := 0
	for i := range c.shards {
		sh := &c.shards[i]
		sh.lock()
		total += n(sh)
		sh.mu.Unlock()
	}
	return total
}

// LookupAttr returns the attribute stored under k, if any. A constructor
// calls it first and builds a value only when it misses, so a hit
// allocates nothing. It releases k when it finds a value.
func LookupAttr[T Attribute](c *Context, k *Key) (T, bool) {
	sh := c.shardOf(k)
	a, ok := sh.attrs.get(k)
	sh.mu.Unlock()
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
	sh := c.shardOf(k)
	old, found := sh.attrs.getOrPut(k, a)
	if !found {
		*a.ident() = identity{id: c.newID(), ctx: c}
	}
	sh.mu.Unlock()
	k.Release()
	if found {
		return old.(T)
	}
	return a
}

// LookupType and InsertType are LookupAttr and InsertAttr for types.
func LookupType[T Type](c *Context, k *Key) (T, bool) {
	sh := c.shardOf(k)
	t, ok := sh.types.get(k)
	sh.mu.Unlock()
	if !ok {
		var zero T
		return zero, false
	}
	k.Release()
	return t.(T), true
}

func InsertType[T Type](c *Context, k *Key, t T) T {
	sh := c.shardOf(k)
	old, found := sh.types.getOrPut(k, t)
	if !found {
		*t.ident() = identity{id: c.newID(), ctx: c}
	}
	sh.mu.Unlock()
	k.Release()
	if found {
		return old.(T)
	}
	return t
}

// NewDistinctAttr stores an attribute that is never uniqued with another one
// (MLIR's distinct attributes): each call yields a new identity.
func NewDistinctAttr[T Attribute](c *Context, a T) T {
	*a.ident() = identity{id: c.newID(), ctx: c}
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
