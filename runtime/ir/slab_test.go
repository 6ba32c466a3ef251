package ir

import (
	"runtime"
	"sync"
	"testing"
	"unsafe"
)

type slabAttr struct {
	Base
	n uint64
}

func (*slabAttr) Dialect() string { return "test" }
func (*slabAttr) Kind() string    { return "slab" }

type slabType struct {
	TypeBase
	n uint64
}

func (*slabType) Dialect() string { return "test" }
func (*slabType) Kind() string    { return "slabtype" }

var testAttrSlab, testTypeSlab, testLineSlab Slab

// slabAttrKey and slabTypeKey write a value's key as its constructor did.
func slabAttrKey(k *Key, s SlabSlot) { k.Uint(SlotOf[slabAttr](s).n) }
func slabTypeKey(k *Key, s SlabSlot) { k.Uint(SlotOf[slabType](s).n) }

// lineAttrKey is the key of getLineAttr's values: file, then line.
func lineAttrKey(k *Key, s SlabSlot) {
	n := SlotOf[slabAttr](s).n
	k.Uint(n >> 32).Near(n & (1<<32 - 1)).Uint(n & (1<<32 - 1))
}

func getSlabAttr(c *Context, n uint64) *slabAttr {
	k := NewKey("test", "slab")
	k.Uint(n)
	if v, ok := LookupAttr[*slabAttr](c, k); ok {
		return v
	}
	return InsertAttrWith(c, k, &testAttrSlab, (*slabAttr)(nil), func(s SlabSlot) Attribute {
		a := SlotOf[slabAttr](s)
		*a = slabAttr{n: n}
		return a
	}, slabAttrKey).(*slabAttr)
}

func getSlabType(c *Context, n uint64) *slabType {
	k := NewKey("test", "slabtype")
	k.Uint(n)
	if v, ok := LookupType[*slabType](c, k); ok {
		return v
	}
	return InsertTypeWith(c, k, &testTypeSlab, (*slabType)(nil), func(s SlabSlot) Type {
		t := SlotOf[slabType](s)
		*t = slabType{n: n}
		return t
	}, slabTypeKey).(*slabType)
}

// shardOfKey is the shard that holds the value of key k, which it
// releases.
func shardOfKey(c *Context, k *Key) *shard {
	sh := c.shardOf(k)
	sh.mu.Unlock()
	k.Release()
	return sh
}

// slabShard is the shard that holds getSlabAttr(c, n).
func slabShard(c *Context, n uint64) *shard {
	return shardOfKey(c, NewKey("test", "slab").Uint(n))
}

// TestSlabUniques: values placed in a slab are uniqued like any other:
// the same parameters give the same pointer, with an identity in the
// context; and they sit side by side in chunks.
func TestSlabUniques(t *testing.T) {
	c := NewContext()
	const n = 40_000 // several chunks a shard, up to the largest
	attrs := make([]*slabAttr, n)
	for i := range attrs {
		attrs[i] = getSlabAttr(c, uint64(i))
		if tt := getSlabType(c, uint64(i)); tt.n != uint64(i) || tt.Context() != c {
			t.Fatalf("type %d: n %d, context %p", i, tt.n, tt.Context())
		}
	}
	ids := map[uint64]bool{}
	for i, a := range attrs {
		if a.n != uint64(i) || a.Context() != c || a.ID() == 0 || ids[a.ID()] {
			t.Fatalf("attribute %d: n %d, context %p, ID %d (seen: %v)", i, a.n, a.Context(), a.ID(), ids[a.ID()])
		}
		ids[a.ID()] = true
		if again := getSlabAttr(c, uint64(i)); again != a {
			t.Fatalf("attribute %d made again: %p, not %p", i, again, a)
		}
	}
	if c.NumAttributes() != n || c.NumTypes() != n {
		t.Errorf("%d attributes and %d types, want %d each", c.NumAttributes(), c.NumTypes(), n)
	}
	// The tables refer to slab values by their place and keep no copy of
	// their keys: a lookup writes a key again from the value.
	for i := range c.shards {
		sh := &c.shards[i]
		if sh.attrs.held.Len() != 0 || len(sh.attrs.chunks) != 0 || len(sh.types.chunks) != 0 {
			t.Errorf("shard %d holds %d attributes with their keys, in %d+%d chunks of keys", i, sh.attrs.held.Len(), len(sh.attrs.chunks), len(sh.types.chunks))
		}
	}
	// Each shard's last chunk is full size, and the last two values made
	// in one shard are adjacent.
	for i := range c.shards {
		if ch := c.shards[i].slabs[testAttrSlab.place()]; ch.cap != maxSlabChunk {
			t.Errorf("shard %d: chunk of %d values after %d, want %d", i, ch.cap, n, maxSlabChunk)
		}
	}
	last := slabShard(c, n-1)
	prev := n - 2
	for slabShard(c, uint64(prev)) != last {
		prev--
	}
	a, b := attrs[prev], attrs[n-1]
	if uintptr(unsafe.Pointer(b))-uintptr(unsafe.Pointer(a)) != unsafe.Sizeof(slabAttr{}) {
		t.Errorf("two values made one after the other in shard %p are not adjacent: %p, %p", last, a, b)
	}
	// Another context has slabs of its own.
	if other := getSlabAttr(NewContext(), 7); other == attrs[7] || other.n != 7 {
		t.Errorf("another context's attribute 7: %p (n %d), this one's %p", other, other.n, attrs[7])
	}
}

// TestSlabConcurrent: goroutines making the same values at once get one
// value each; the slots of inserts that lost are given back.
func TestSlabConcurrent(t *testing.T) {
	c := NewContext()
	const workers, values = 8, 500
	got := make([][]*slabAttr, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range values {
				got[w] = append(got[w], getSlabAttr(c, uint64(i)))
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for i := range values {
			if got[w][i] != got[0][i] {
				t.Fatalf("value %d: goroutine %d got %p, goroutine 0 %p", i, w, got[w][i], got[0][i])
			}
		}
	}
	// Every value handed out is one stored (a lost insert gave its slot
	// back), and none past them was touched.
	for s := range c.shards {
		ch := c.shards[s].slabs[testAttrSlab.place()]
		for i, v := range ch.values.Interface().([]slabAttr) {
			if stored := v.ID() != 0; stored != (i < ch.n) {
				t.Fatalf("shard %d: slot %d of %d handed out: ID %d", s, i, ch.n, v.ID())
			}
		}
	}
	if c.NumAttributes() != values {
		t.Errorf("%d attributes, want %d", c.NumAttributes(), values)
	}
}

// TestSlabNewKey: a key started from a slab is the key NewKey starts for
// the same dialect and kind, the first time and once the slab has kept
// the kind's number.
func TestSlabNewKey(t *testing.T) {
	var s Slab
	for range 2 {
		k, want := s.NewKey("test", "slabkey"), NewKey("test", "slabkey")
		if string(k.Bytes()) != string(want.Bytes()) {
			t.Errorf("Slab.NewKey starts %x, NewKey %x", k.Bytes(), want.Bytes())
		}
		k.Release()
		want.Release()
	}
	if other := NewKey("test", "other"); string(other.Bytes()) == string(NewKey("test", "slabkey").Bytes()) {
		t.Error("two kinds start their keys alike")
	}
}

// getLineAttr makes a value keyed like a location: its file, then its
// line grouped with the lines near it (Key.Near).
func getLineAttr(c *Context, file, line uint64) *slabAttr {
	k := testLineSlab.NewKey("test", "line")
	k.Uint(file).Near(line).Uint(line)
	return InsertAttrWith(c, k, &testLineSlab, (*slabAttr)(nil), func(s SlabSlot) Attribute {
		a := SlotOf[slabAttr](s)
		*a = slabAttr{n: file<<32 | line}
		return a
	}, lineAttrKey).(*slabAttr)
}

// TestShards: the keys of one group (Key.Near) share a shard, so that
// the group's slots stay in one table; groups, and keys in no group,
// spread over all the shards, so that two goroutines making values
// rarely wait for one lock.
func TestShards(t *testing.T) {
	c := NewContext()
	lineKey := func(file, line uint64) *Key {
		k := NewKey("test", "line")
		return k.Uint(file).Near(line).Uint(line)
	}
	group := shardOfKey(c, lineKey(1, 512))
	for line := uint64(512); line < 768; line++ {
		if sh := shardOfKey(c, lineKey(1, line)); sh != group {
			t.Fatalf("line %d is in shard %p, line 512 of its group in %p", line, sh, group)
		}
	}
	used := map[*shard]bool{}
	for line := uint64(0); line < 256<<nearShift; line += 1 << nearShift {
		used[shardOfKey(c, lineKey(1, line))] = true
	}
	if len(used) != len(c.shards) {
		t.Errorf("256 groups of lines use %d of %d shards", len(used), len(c.shards))
	}
	clear(used)
	for i := range 1000 {
		k := NewKey("test", "plain")
		used[shardOfKey(c, k.Uint(uint64(i)))] = true
	}
	if len(used) != len(c.shards) {
		t.Errorf("1,000 keys in no group use %d of %d shards", len(used), len(c.shards))
	}
}

// TestShardsConcurrent: values keyed like locations, made on two
// goroutines at once in opposite orders, are uniqued across them.
func TestShardsConcurrent(t *testing.T) {
	c := NewContext()
	const lines = 20_000
	var up, down [lines]*slabAttr
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range uint64(lines) {
			up[i] = getLineAttr(c, 2, i)
		}
	})
	wg.Go(func() {
		for i := uint64(lines); i > 0; i-- {
			down[i-1] = getLineAttr(c, 2, i-1)
		}
	})
	wg.Wait()
	for i := range lines {
		if up[i] != down[i] || up[i].n != 2<<32|uint64(i) {
			t.Fatalf("line %d: %p (n %x) made going up, %p going down", i, up[i], up[i].n, down[i])
		}
	}
}

// FuzzSlabUniques makes the values the input spells through the slab
// path, grouped by Near (getLineAttr: lines close and far) or not
// (getSlabAttr), which the tables find again by writing their keys from
// the values: the same parameters must give the same pointer, others
// another, again at the end.
func FuzzSlabUniques(f *testing.F) {
	f.Add([]byte{1, 0, 1, 2, 0, 2, 3, 200, 7})
	f.Add([]byte{0, 5, 5, 0, 5, 6, 1, 255, 255, 1, 0, 0})
	f.Fuzz(func(t *testing.T, ops []byte) {
		c := NewContext()
		type param struct {
			grouped    bool
			file, line uint64
		}
		get := func(p param) *slabAttr {
			if p.grouped {
				return getLineAttr(c, p.file, p.line)
			}
			return getSlabAttr(c, p.file<<32|p.line)
		}
		seen := map[param]*slabAttr{}
		byPtr := map[*slabAttr]param{}
		var order []param
		for i := 0; i+2 < len(ops); i += 3 {
			op := ops[i : i+3]
			p := param{op[0]&1 == 1, uint64(op[0] >> 1), uint64(op[1])<<(nearShift-2) | uint64(op[2])&3}
			v := get(p)
			if old, ok := seen[p]; ok && old != v {
				t.Fatalf("%+v made twice: %p, then %p", p, old, v)
			}
			if q, ok := byPtr[v]; ok && q != p {
				t.Fatalf("%+v and %+v share %p", p, q, v)
			}
			seen[p], byPtr[v] = v, p
			order = append(order, p)
		}
		for _, p := range order {
			if v := get(p); v != seen[p] {
				t.Fatalf("%+v at the end: %p, want %p", p, v, seen[p])
			}
		}
		if got := c.NumAttributes(); got != len(seen) {
			t.Fatalf("%d attributes for %d parameter sets", got, len(seen))
		}
	})
}

// TestSlabValuesOutliveHandles: the tables refer to slab values by place,
// which the collector does not follow, so the context must keep their
// chunks alive itself. Values no caller holds survive collections and
// the reuse of freed memory, and are found again intact.
func TestSlabValuesOutliveHandles(t *testing.T) {
	c := NewContext()
	const n = 20_000 // chunks of every size, in every shard
	ids := make([]uint64, n)
	for i := range ids {
		ids[i] = getSlabAttr(c, uint64(i)).ID()
	}
	for range 3 {
		runtime.GC()
		garbage := make([][]byte, 0, 1024)
		for range 1024 {
			garbage = append(garbage, make([]byte, 64<<10))
		}
		runtime.KeepAlive(garbage)
	}
	for i, id := range ids {
		if a := getSlabAttr(c, uint64(i)); a.n != uint64(i) || a.ID() != id || a.Context() != c {
			t.Fatalf("value %d after collections: n %d, ID %d (was %d), context %p", i, a.n, a.ID(), id, a.Context())
		}
	}
	if c.NumAttributes() != n {
		t.Errorf("%d attributes, want %d", c.NumAttributes(), n)
	}
}
