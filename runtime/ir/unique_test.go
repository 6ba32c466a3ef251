package ir

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"math/bits"
	"testing"
	"unsafe"
)

// TestUniqueTable stores many keys, some long enough for a chunk of their
// own, across rehashes and reservations, and finds each again (and only
// it); a lookup and insert pair interrupted by other inserts or a
// reservation still inserts into the right slot.
func TestUniqueTable(t *testing.T) {
	tab := newUniqueTable[int](maphash.MakeSeed())
	key := func(i int) *Key {
		k := &Key{}
		k.String(fmt.Sprint("k", i))
		if i%1000 == 7 {
			k.Blob(make([]byte, keyChunkSize+i))
		}
		return k
	}
	const n = 20000
	for i := range n {
		if i == n/2 {
			tab.reserve(n)
		}
		k := key(i)
		if _, ok := tab.get(k); ok {
			t.Fatalf("key %d found before it was stored", i)
		}
		if i%3 == 0 {
			// Another key goes in between the lookup and the insert.
			other := key(n + i)
			if _, ok := tab.get(other); !ok {
				tab.getOrPut(other, n+i)
			}
		}
		if i%5 == 0 {
			tab.reserve(tab.len() + 10)
		}
		if _, found := tab.getOrPut(k, i); found {
			t.Fatalf("key %d stored twice", i)
		}
	}
	// A key stored between a lookup that missed and its insert is found.
	k := key(3 * n)
	tab.get(k)
	tab.getOrPut(key(3*n), 1)
	if v, found := tab.getOrPut(k, 2); !found || v != 1 {
		t.Fatalf("key stored meanwhile: got %d, %v", v, found)
	}
	for i := range n {
		v, ok := tab.get(key(i))
		if !ok || v != i {
			t.Fatalf("key %d: got %d, %v", i, v, ok)
		}
	}
	if _, ok := tab.get(key(2 * n)); ok {
		t.Fatal("found a key never stored")
	}
	if want := n + (n+2)/3 + 1; tab.len() != want {
		t.Fatalf("%d entries, want %d", tab.len(), want)
	}
}

// TestUniquingAllocs: uniquing a value that exists allocates nothing.
func TestUniquingAllocs(t *testing.T) {
	c := NewContext()
	get := func() *TextAttr { return GetTextAttr(c, "d", "x") }
	first := get()
	if allocs := testing.AllocsPerRun(100, func() {
		if get() != first {
			t.Fatal("not uniqued")
		}
	}); allocs != 0 {
		t.Fatalf("%v allocations per lookup", allocs)
	}
}

// TestKindNumbers: a key's kind number stands for the pair of names, the
// same in every call and goroutine, and pairs that spell the same bytes
// when joined still differ.
func TestKindNumbers(t *testing.T) {
	key := func(dialect, kind string) string {
		k := NewKey(dialect, kind)
		defer k.Release()
		return string(k.Bytes())
	}
	if key("ab", "c") == key("a", "bc") {
		t.Fatal(`("ab", "c") and ("a", "bc") have the same key`)
	}
	want := key("test", "KindNumbers")
	done := make(chan string)
	for i := range 8 {
		go func() {
			// Other kinds in between, some of them new.
			key("test", fmt.Sprint("Other", i))
			done <- key("test", "KindNumbers")
		}()
	}
	for range 8 {
		if got := <-done; got != want {
			t.Fatalf("key %q, want %q", got, want)
		}
	}
}

// TestUniqueReserve: a reserved table takes that many entries without
// rehashing, and a table that holds as many already keeps its slots.
func TestUniqueReserve(t *testing.T) {
	tab := newUniqueTable[int](maphash.MakeSeed())
	const n = 5000
	tab.reserve(n)
	slots := len(tab.sets[0].slots)
	for i := range n {
		k := &Key{}
		k.Uint(uint64(i))
		tab.getOrPut(k, i)
	}
	if len(tab.sets[0].slots) != slots {
		t.Fatalf("%d slots after %d inserts, %d reserved", len(tab.sets[0].slots), n, slots)
	}
	tab.reserve(n / 2)
	if len(tab.sets[0].slots) != slots {
		t.Fatalf("reserving fewer than it holds resized the table: %d slots, had %d", len(tab.sets[0].slots), slots)
	}
}

// TestUniqueExpect: a table told how many keys are coming allocates
// nothing for them at once, grows as usual while it is small, and once
// past expectAt grows a single time for all of them; every key is found.
func TestUniqueExpect(t *testing.T) {
	tab := newUniqueTable[int](maphash.MakeSeed())
	const n = 100_000
	tab.expect = n
	start := len(tab.sets[0].slots)
	grown := 0
	for i := range n {
		k := &Key{}
		k.Uint(uint64(i))
		before := len(tab.sets[0].slots)
		tab.getOrPut(k, i)
		if len(tab.sets[0].slots) != before {
			grown++
			if i >= expectAt && len(tab.sets[0].slots) < 2*n {
				t.Fatalf("past %d keys the set grew to %d slots, not for all %d expected", expectAt, len(tab.sets[0].slots), n)
			}
		}
		if i == 0 && len(tab.sets[0].slots) != start {
			t.Fatal("the first key grew the set for all those expected")
		}
	}
	if want := bits.Len(uint(expectAt)) - bits.Len(uint(start)) + 2; grown > want {
		t.Errorf("the set grew %d times, want at most %d", grown, want)
	}
	for i := range n {
		k := &Key{}
		k.Uint(uint64(i))
		if v, ok := tab.get(k); !ok || v != i {
			t.Fatalf("key %d: got %d, %v", i, v, ok)
		}
	}
}

// TestSizes guards the sizes that a file of a million ops and locations
// multiplies: an op, and a uniquing entry (of a slab value: its place).
func TestSizes(t *testing.T) {
	if n := unsafe.Sizeof(Operation{}); n > 200 {
		t.Errorf("Operation is %d bytes, want at most 200", n)
	}
	if n := unsafe.Sizeof(uniqueEntry[Attribute]{}); n > 24 {
		t.Errorf("a held uniquing entry is %d bytes, want at most 24", n)
	}
	if n := unsafe.Sizeof(entryRef(0)); n != 8 {
		t.Errorf("an entry of a slab value is %d bytes, want 8", n)
	}
}

// TestUniqueTableGroups stores keys grouped by Near (locations: a file,
// a line, a column) beside ungrouped ones, including one line with
// thousands of columns, whose group's set grows like any other, and
// lines far apart, whose groups hold one key until a second comes; each
// key is found again, and only it.
func TestUniqueTableGroups(t *testing.T) {
	tab := newUniqueTable[int](maphash.MakeSeed())
	type loc struct{ file, line, col int }
	key := func(l loc) *Key {
		k := &Key{}
		k.Uint(uint64(l.file)).Near(uint64(l.line)).Uint(uint64(l.line)).Uint(uint64(l.col))
		return k
	}
	plain := func(i int) *Key { return (&Key{}).Uint(uint64(i)).Uint(7) }
	var locs []loc
	for line := range 3000 {
		for col := range 1 + line%3 {
			locs = append(locs, loc{line % 2, line, col})
		}
	}
	for col := range 5000 {
		locs = append(locs, loc{0, 99999, col})
	}
	// Lines far apart: groups of one key, some of which get a second key
	// (a column) later, when the group gets a set of its own.
	for i := range 300 {
		locs = append(locs, loc{0, 1_000_000 + 1000*i, 1})
	}
	for i := 0; i < 300; i += 3 {
		locs = append(locs, loc{0, 1_000_000 + 1000*i, 2})
	}
	for i, l := range locs {
		k := key(l)
		if _, ok := tab.get(k); ok {
			t.Fatalf("%v found before it was stored", l)
		}
		if i%4 == 0 {
			tab.getOrPut(plain(i), -i)
		}
		if _, found := tab.getOrPut(k, i); found {
			t.Fatalf("%v stored twice", l)
		}
	}
	for i, l := range locs {
		if v, ok := tab.get(key(l)); !ok || v != i {
			t.Fatalf("%v: got %d, %v, want %d", l, v, ok, i)
		}
		if i%4 == 0 {
			if v, ok := tab.get(plain(i)); !ok || v != -i {
				t.Fatalf("plain key %d: got %d, %v", i, v, ok)
			}
		}
	}
	if _, ok := tab.get(key(loc{1, 99999, 0})); ok {
		t.Fatal("a location never stored was found")
	}
	if len(tab.groups) < 3000/(1<<nearShift) {
		t.Fatalf("%d groups for 3000 lines in 2 files", len(tab.groups))
	}
	// An ungrouped key with the same bytes is another key.
	k := &Key{}
	k.Uint(0).Uint(5).Uint(0)
	if _, ok := tab.get(k); ok {
		t.Fatal("an ungrouped key found a grouped entry")
	}
}

// BenchmarkUniqueLocations uniques 100,000 location-like keys (a file,
// Near the line, the line, a column) with lines 1, 40 and 1,000 apart:
// a location a line, a few per group, and groups of one.
func BenchmarkUniqueLocations(b *testing.B) {
	for _, step := range []int{1, 40, 1000} {
		b.Run(fmt.Sprintf("lines-apart=%d", step), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tab := newUniqueTable[int](maphash.MakeSeed())
				for i := range 100_000 {
					line := uint64(i*step + 1)
					k := NewKey("bench", "loc")
					k.Uint(1).Near(line).Uint(line).Uint(5)
					if _, ok := tab.get(k); ok {
						b.Fatal("stored twice")
					}
					tab.getOrPut(k, i)
					k.Release()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*100_000), "ns/key")
		})
	}
}

// FuzzUniqueTable stores keys that the input spells (grouped by Near or
// not, near values close or far), each twice, and checks against a map
// that every key is stored once and found again.
func FuzzUniqueTable(f *testing.F) {
	f.Add([]byte{1, 0, 1, 2, 0, 2, 3, 200, 7})
	f.Add([]byte{0, 5, 5, 0, 5, 6, 1, 255, 255, 1, 0, 0})
	f.Fuzz(func(t *testing.T, ops []byte) {
		tab := newUniqueTable[int](maphash.MakeSeed())
		want := map[string]int{}
		key := func(op []byte) (*Key, string) {
			grouped, a, b := op[0]&1 == 1, uint64(op[1]), uint64(op[2])
			k := &Key{}
			k.Uint(uint64(op[0] >> 1))
			near := a<<(nearShift-2) | b&3 // close and far near values
			if grouped {
				k.Near(near)
			}
			k.Uint(near).Uint(b)
			if op[0]&2 == 2 {
				// A blob too long to copy into the key, told apart by
				// its last byte.
				blob := bytes.Repeat([]byte{byte(a)}, bigParam)
				blob[len(blob)-1] = byte(b)
				k.Blob(blob)
			}
			return k, fmt.Sprint(grouped, k.b)
		}
		for i := 0; i+2 < len(ops); i += 3 {
			k, id := key(ops[i : i+3])
			v, found := tab.get(k)
			w, ok := want[id]
			if found != ok || found && v != w {
				t.Fatalf("op %d: key %s found %v (%d), want %v (%d)", i/3, id, found, v, ok, w)
			}
			if !found {
				if _, dup := tab.getOrPut(k, i); dup {
					t.Fatalf("op %d: key %s stored meanwhile", i/3, id)
				}
				want[id] = i
			}
		}
		if tab.len() != len(want) {
			t.Fatalf("%d entries for %d keys", tab.len(), len(want))
		}
		for i := 0; i+2 < len(ops); i += 3 {
			k, id := key(ops[i : i+3])
			if v, ok := tab.get(k); !ok || v != want[id] {
				t.Fatalf("key %s: got %d, %v at the end, want %d", id, v, ok, want[id])
			}
		}
	})
}
