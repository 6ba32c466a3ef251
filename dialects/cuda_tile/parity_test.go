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
	m, p := fn(NewMakePartitionViewOp(pv, nil), NewReturnOp(nil))
	m.Funcs[0].Body[0].(*MakePartitionViewOp).TensorView = p[0]
	b, err := Write(m, tileir.WriteOptions{Version: tileir.V13_1})
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
	back, err := Read(b)
	if err != nil {
		t.Fatal(err)
	}
	got := back.Funcs[0].Body[0].Base().Results[0].Type.(*PartitionViewType)
	if got.PaddingValue == nil || *got.PaddingValue != PaddingValueNan {
		t.Errorf("presence byte 0x02 read as %v, want padding nan", got.PaddingValue)
	}
}

// Dense buffers must hold every element of their tile or one (a splat).
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
		m, _ := fn(NewConstantOp(t4, tileir.Dense{Data: tc.data}), NewReturnOp(nil))
		b, err := Write(m, tileir.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Read(b)
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "does not fit") {
			t.Errorf("%d bytes for %s: %v", len(tc.data), t4, err)
		}
		// The same rule holds for globals.
		m, _ = fn(NewReturnOp(nil))
		m.Globals = []*tileir.Global{{Name: "g", Type: t4, Data: tc.data}}
		if b, err = Write(m, tileir.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err = Read(b); (err == nil) != tc.ok {
			t.Errorf("global of %d bytes for %s: %v", len(tc.data), t4, err)
		}
	}
	// i1 tiles may be bit-packed or a byte per element.
	b8 := &TileType{Element: &Int1Type{}, Shape: []int64{16}}
	for _, n := range []int{1, 2, 16} {
		m, _ := fn(NewConstantOp(b8, tileir.Dense{Data: make([]byte, n)}), NewReturnOp(nil))
		b, _ := Write(m, tileir.WriteOptions{})
		if _, err := Read(b); err != nil {
			t.Errorf("%d bytes for %s: %v", n, b8, err)
		}
	}
}

// Writing leaves the module as it was: a result left off the wire is not
// marked in it.
func TestWriteDoesNotChangeModule(t *testing.T) {
	pr := NewPrintTkoOp(&TokenType{}, nil, nil, "x")
	m, _ := fn(pr, NewReturnOp(nil))
	if _, err := Write(m, tileir.WriteOptions{Version: tileir.V13_1}); err != nil {
		t.Fatal(err)
	}
	if pr.ResultToken().Unnumbered {
		t.Error("writing at 13.1 marked print_tko's token unnumbered")
	}
}
