package ir

import (
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

var testAttrSlab, testTypeSlab Slab

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
	}).(*slabAttr)
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
	}).(*slabType)
}

// TestSlabUniques: values placed in a slab are uniqued like any other:
// the same parameters give the same pointer, with an identity in the
// context; and they sit side by side in chunks.
func TestSlabUniques(t *testing.T) {
	c := NewContext()
	const n = 3000 // several chunks, up to the largest
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
	// The last chunk is full size, its values adjacent.
	a, b := attrs[n-2], attrs[n-1]
	if uintptr(unsafe.Pointer(b))-uintptr(unsafe.Pointer(a)) != unsafe.Sizeof(slabAttr{}) {
		t.Errorf("two values made one after the other are not adjacent: %p, %p", a, b)
	}
	if ch := c.slabs[testAttrSlab.place()]; ch.cap != maxSlabChunk {
		t.Errorf("chunk of %d values after %d, want %d", ch.cap, n, maxSlabChunk)
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
	ch := c.slabs[testAttrSlab.place()]
	for i, v := range ch.values.Interface().([]slabAttr) {
		if stored := v.ID() != 0; stored != (i < ch.n) {
			t.Fatalf("slot %d of %d handed out: ID %d", i, ch.n, v.ID())
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
