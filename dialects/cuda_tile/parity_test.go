package cudatile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// Before 13.3 a partition view's padding value follows a presence byte;
// upstream takes any non-zero byte as "present", not just bit 0.
func TestPresenceByteAnyNonZero(t *testing.T) {
	nan := PaddingValueNan
	pv := &PartitionViewType{TileShape: []int32{4}, TensorView: &TensorViewType{Element: i32, Shape: []int64{16}, Strides: []int64{1}}, DimMap: []int32{0}, PaddingValue: &nan}
	m, p := fn(BuildMakePartitionViewOp(detached, pv, nil), BuildReturnOp(detached, nil))
	m.Funcs[0].Body[0].(*MakePartitionViewOp).TensorView = p[0]
	b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1})
	if err != nil {
		t.Fatal(err)
	}
	// dim_map [0] (count 1, one zero word), presence 01, nan 02.
	tail := []byte{1, 0, 0, 0, 0, 1, 2}
	at := bytes.LastIndex(b, tail)
	if at < 0 {
		t.Fatalf("partition view entry not found in % x", b)
	}
	b[at+5] = 0x02 // bit 0 clear, still non-zero
	back, err := Read(b, tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := back.Funcs[0].Body[0].Base().Results[0].Type.(*PartitionViewType)
	if got.PaddingValue == nil || *got.PaddingValue != PaddingValueNan {
		t.Errorf("presence byte 0x02 read as %v, want padding nan", got.PaddingValue)
	}
}

// Dense buffers must hold every element of their tile or one (a splat).
// The writer refuses others, for ops and globals; the reader too, shown
// on files whose type entry is patched to disagree with the buffer.
func TestDenseMustFitType(t *testing.T) {
	t4 := &TileType{Element: i32, Shape: []int64{4}}
	for _, tc := range []struct {
		data []byte
		ok   bool
	}{
		{make([]byte, 16), true},
		{make([]byte, 4), true},
		{make([]byte, 3), false},
		{make([]byte, 12), false},
	} {
		m, _ := fn(BuildConstantOp(detached, t4, tileir.Dense{Data: tc.data}), BuildReturnOp(detached, nil))
		b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
		if tc.ok && err == nil {
			_, err = Read(b, tileir.ReadOptions{})
		}
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "does not fit") || err != nil && !strings.Contains(err.Error(), "cuda_tile.constant at op 0") {
			t.Errorf("%d bytes for %s: %v", len(tc.data), t4, err)
		}
		m, _ = fn(BuildReturnOp(detached, nil))
		m.Globals = []*tileir.Global{{Name: "g", Type: t4, Data: tc.data}}
		b, err = Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
		if tc.ok && err == nil {
			_, err = Read(b, tileir.ReadOptions{})
		}
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "global 'g'") {
			t.Errorf("global of %d bytes for %s: %v", len(tc.data), t4, err)
		}
	}
	// tile<5xi32> with 20 bytes, read as tile<6xi32>.
	t5 := &TileType{Element: i32, Shape: []int64{5}}
	shape5 := []byte{1, 5, 0, 0, 0, 0, 0, 0, 0}
	op, _ := fn(BuildConstantOp(detached, t5, tileir.Dense{Data: make([]byte, 20)}), BuildReturnOp(detached, nil))
	global, _ := fn(BuildReturnOp(detached, nil))
	global.Globals = []*tileir.Global{{Name: "g", Type: t5, Data: make([]byte, 20)}}
	for name, m := range map[string]*tileir.Module{"op": op, "global": global} {
		b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
		if err != nil {
			t.Fatal(err)
		}
		at := bytes.Index(b, shape5)
		if at < 0 || bytes.Count(b, shape5) != 1 {
			t.Fatalf("%s: the shape of tile<5xi32> is not found once in % x", name, b)
		}
		b[at+1] = 6
		if _, err := Read(b, tileir.ReadOptions{}); err == nil || !strings.Contains(err.Error(), "does not fit") {
			t.Errorf("%s: 20 bytes read as tile<6xi32>: %v", name, err)
		}
	}
	// i1 tiles may be bit-packed or a byte per element.
	b8 := &TileType{Element: &Int1Type{}, Shape: []int64{16}}
	for _, n := range []int{1, 2, 16} {
		m, _ := fn(BuildConstantOp(detached, b8, tileir.Dense{Data: make([]byte, n)}), BuildReturnOp(detached, nil))
		b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest})
		if err != nil {
			t.Fatalf("%d bytes for %s: %v", n, b8, err)
		}
		if _, err := Read(b, tileir.ReadOptions{}); err != nil {
			t.Errorf("%d bytes for %s: %v", n, b8, err)
		}
	}
}

// Writing leaves the module as it was: a result left off the wire is not
// marked in it.
func TestWriteDoesNotChangeModule(t *testing.T) {
	pr := BuildPrintTkoOp(detached, &TokenType{}, nil, nil, "x")
	m, _ := fn(pr, BuildReturnOp(detached, nil))
	if _, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1}); err != nil {
		t.Fatal(err)
	}
	if pr.ResultToken().Unnumbered {
		t.Error("writing at 13.1 marked print_tko's token unnumbered")
	}
}
