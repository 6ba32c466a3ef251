package mlirbc

import (
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestCarver: slices cut from one chunk lie side by side, each with its
// capacity clipped, so that appending to one copies it rather than
// writing over the next; a slice over a quarter chunk gets its own; and
// chunks grow to maxCarveBytes, no further.
func TestCarver(t *testing.T) {
	var c carver[*ir.Value]
	size := unsafe.Sizeof((*ir.Value)(nil))
	after := func(s []*ir.Value) uintptr {
		return uintptr(unsafe.Pointer(unsafe.SliceData(s))) + uintptr(len(s))*size
	}
	a, b := c.take(3), c.take(2)
	if cap(a) != 3 || cap(b) != 2 {
		t.Fatalf("capacities %d and %d, want 3 and 2", cap(a), cap(b))
	}
	if after(a) != uintptr(unsafe.Pointer(&b[0])) {
		t.Fatal("two slices taken in turn are not neighbours in one chunk")
	}
	v := new(ir.Value)
	b[0] = v
	_ = append(a, new(ir.Value))
	if b[0] != v {
		t.Error("appending to a slice wrote over its neighbour")
	}
	n := maxCarveBytes/4/int(size) + 1
	if big := c.take(n); len(big) != n || cap(big) != n {
		t.Errorf("large slice of %d (capacity %d), want %d", len(big), cap(big), n)
	}
	if next := c.take(1); after(b) != uintptr(unsafe.Pointer(&next[0])) {
		t.Error("a slice over a quarter chunk was cut from the chunk")
	}
	d := carver[ir.Operation]{ahead: true}
	most := maxCarveBytes / int(unsafe.Sizeof(ir.Operation{}))
	for range 4 * most {
		d.take(1)
	}
	if d.last != most {
		t.Errorf("chunks of %d ops after %d taken, want the most, %d", d.last, 4*most, most)
	}
	// Large chunks come ready: the one after the chunk being filled is
	// already made (and mapped on another core), and it is the next used.
	if len(d.next) == 0 {
		t.Fatal("no next chunk made ahead for chunks of the largest size")
	}
	ahead := &d.next[0]
	for len(d.free) > 0 {
		d.take(1)
	}
	if got := &d.take(1)[0]; got != ahead {
		t.Error("the chunk made ahead is not the next one used")
	}
}

// TestCarverKeep: the room a slice does not use goes back to the chunk,
// where the next slice starts, and only when nothing was taken after it.
func TestCarverKeep(t *testing.T) {
	var c carver[*ir.Value]
	// end is where the element after s's last would be.
	end := func(s []*ir.Value) uintptr {
		return uintptr(unsafe.Pointer(unsafe.SliceData(s))) + uintptr(len(s))*unsafe.Sizeof(s[0])
	}
	v := new(ir.Value)
	a := c.take(5)
	a[0], a[1] = v, v
	a = c.keep(a, 2)
	if len(a) != 2 || cap(a) != 2 || a[1] != v {
		t.Fatalf("kept %d of capacity %d", len(a), cap(a))
	}
	b := c.take(1)
	if uintptr(unsafe.Pointer(&b[0])) != end(a) {
		t.Error("the room given back is not where the next slice starts")
	}
	b[0] = new(ir.Value)
	if a[1] != v {
		t.Error("the next slice wrote over the one kept")
	}
	// A slice taken before another keeps its room.
	x, y := c.take(4), c.take(1)
	x = c.keep(x, 1)
	if z := c.take(1); uintptr(unsafe.Pointer(&z[0])) == end(x) || cap(x) != 1 {
		t.Error("room given back from a slice that is not the last taken")
	}
	_ = y
	// A slice of its own (over a quarter chunk) gives nothing back.
	big := c.take(maxCarveBytes/4/8 + 1)
	before := len(c.free)
	c.keep(big, 1)
	if len(c.free) != before {
		t.Error("room of a slice of its own went to the chunk")
	}
}
