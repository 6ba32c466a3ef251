package cudatile

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// sharedConstant is a kernel of n constant ops holding one 64 KiB buffer
// (a file that uses one pool entry n times reads back like this); with
// copies, each op holds its own copy of the same bytes.
func sharedConstant(n int, copies bool) *tileir.Module {
	t := &TileType{Element: i32, Shape: []int64{16384}}
	data := make([]byte, 64<<10)
	for i := range data {
		data[i] = byte(i * 7)
	}
	body := make([]tileir.Op, 0, n+1)
	for range n {
		d := data
		if copies {
			d = bytes.Clone(data)
		}
		body = append(body, BuildConstantOp(detached, t, tileir.Dense{Data: d}))
	}
	m, _ := fn(append(body, BuildReturnOp(detached, nil))...)
	return m
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A constant used by 40,000 ops is keyed by its buffer, not rebuilt into a
// key per use (that allocated 2.6 GB and took 9 s); equal bytes in
// different buffers are hashed, not copied, and still share one entry.
func TestWriteSharedConstant(t *testing.T) {
	for _, tc := range []struct {
		n      int
		copies bool
		limit  uint64
	}{
		{40000, false, 16 << 20}, // the output is 0.3 MB
		{256, true, 2 << 20},     // the 256 buffers are 16 MiB
	} {
		m := sharedConstant(tc.n, tc.copies)
		var b []byte
		var err error
		start := time.Now()
		alloc := allocated(func() { b, err = Append(nil, m, tileir.WriteOptions{Version: tileir.Latest}) })
		elapsed := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d ops, copies %v: %d bytes written, %d allocated, %v", tc.n, tc.copies, len(b), alloc, elapsed)
		if alloc > tc.limit {
			t.Errorf("%d ops, copies %v: Write allocated %d bytes, want at most %d", tc.n, tc.copies, alloc, tc.limit)
		}
		if elapsed > 5*time.Second {
			t.Errorf("%d ops, copies %v: Write took %v", tc.n, tc.copies, elapsed)
		}
		// One pool entry: every op reads back the same buffer.
		back, err := Read(b, tileir.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		first := unsafe.SliceData(back.Funcs[0].Body[0].(*ConstantOp).Value.Data)
		for _, op := range back.Funcs[0].Body[:tc.n] {
			if unsafe.SliceData(op.(*ConstantOp).Value.Data) != first {
				t.Fatalf("%d ops, copies %v: more than one constant-pool entry", tc.n, tc.copies)
			}
		}
		if again, err := Append(nil, back, tileir.WriteOptions{Version: tileir.Latest}); err != nil || !bytes.Equal(again, b) {
			t.Errorf("rewriting differs: %v", err)
		}
	}
}

// Values are shared by type and bytes, as upstream does: the same bytes
// under another type, or untyped in a dense attribute, are other entries.
func TestConstantPoolKeys(t *testing.T) {
	data := []byte{1, 0, 0, 0, 2, 0, 0, 0}
	t2 := &TileType{Element: i32, Shape: []int64{2}}
	t2b := &TileType{Element: i32, Shape: []int64{2}} // equal, another pointer
	f2 := &TileType{Element: &Float32Type{}, Shape: []int64{2}}
	m, _ := fn(BuildConstantOp(detached, t2, tileir.Dense{Data: data}), BuildConstantOp(detached, t2b, tileir.Dense{Data: bytes.Clone(data)}),
		BuildConstantOp(detached, f2, tileir.Dense{Data: data}), BuildReturnOp(detached, nil))
	m.Globals = []*tileir.Global{{Name: "g", Type: t2, Data: bytes.Clone(data)}}
	b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		t.Fatal(err)
	}
	back, err := Read(b, tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ptr := func(i int) *byte { return unsafe.SliceData(back.Funcs[0].Body[i].(*ConstantOp).Value.Data) }
	if ptr(0) != ptr(1) || ptr(0) != unsafe.SliceData(back.Globals[0].Data) {
		t.Error("equal type and bytes are not one entry")
	}
	if ptr(0) == ptr(2) {
		t.Error("the same bytes under tile<2xf32> share the tile<2xi32> entry")
	}
}

func BenchmarkWriteSharedConstant(b *testing.B) {
	m := sharedConstant(40000, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest}); err != nil {
			b.Fatal(err)
		}
	}
}

// Large dense values print elided: the first elements, the count, the
// size and a hash that tells different buffers apart.
func TestFormatDenseElides(t *testing.T) {
	t64 := &TileType{Element: i32, Shape: []int64{64}}
	small := make([]byte, 64*4)
	if got := formatDense(tileir.Dense{Type: t64, Data: small}); strings.Contains(got, "...") || strings.Count(got, ",") != 63 {
		t.Errorf("64 elements: %s", got)
	}
	big := make([]byte, 16384*4)
	for i := range 16384 {
		big[4*i] = byte(i + 1)
	}
	tBig := &TileType{Element: i32, Shape: []int64{16384}}
	got := formatDense(tileir.Dense{Type: tBig, Data: big})
	want := "[1, 2, 3, 4, 5, 6, 7, 8, ... 16384 elements, 65536 bytes, sha256 "
	if !strings.HasPrefix(got, want) || len(got) != len(want)+17 {
		t.Errorf("got %.200q, want %q + 16 hex digits + ]", got, want)
	}
	big[len(big)-1] = 1
	if other := formatDense(tileir.Dense{Type: tBig, Data: big}); other == got {
		t.Error("two different buffers print the same")
	}
	// Hex (f16 here) is elided the same way.
	h := formatDense(tileir.Dense{Type: &TileType{Element: &Float16Type{}, Shape: []int64{64}}, Data: make([]byte, 128)})
	if !strings.HasPrefix(h, "0x0000000000000000... 128 bytes, sha256 ") {
		t.Errorf("hex: %.200q", h)
	}
}

// An empty producer string is kept: the file round-trips byte for byte.
func TestEmptyProducer(t *testing.T) {
	m, _ := fn(BuildReturnOp(detached, nil))
	m.HasProducer = true
	b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		t.Fatal(err)
	}
	back, err := Read(b, tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !back.HasProducer || back.Producer != "" {
		t.Fatalf("read back HasProducer %v, Producer %q", back.HasProducer, back.Producer)
	}
	again, err := Append(nil, back, tileir.WriteOptions{Version: tileir.Latest})
	if err != nil || !bytes.Equal(again, b) {
		t.Errorf("rewriting differs (%v):\n% x\n% x", err, again, b)
	}
	// Without a producer there is no section, and a non-empty producer
	// is written whether HasProducer is set or not.
	m.HasProducer = false
	none, _ := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
	if back, _ := Read(none, tileir.ReadOptions{}); back.HasProducer || len(none) >= len(b) {
		t.Errorf("no producer: HasProducer %v, %d bytes (with an empty one: %d)", back.HasProducer, len(none), len(b))
	}
	m.Producer = "p"
	p, _ := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
	if back, _ := Read(p, tileir.ReadOptions{}); !back.HasProducer || back.Producer != "p" {
		t.Errorf("producer p: %v %q", back.HasProducer, back.Producer)
	}
	// Below 13.3 there is no Producer section, even for an empty one.
	m.Producer, m.HasProducer = "", true
	if _, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_2}); err == nil || !strings.Contains(err.Error(), "producer") {
		t.Errorf("empty producer at 13.2: %v", err)
	}
}
