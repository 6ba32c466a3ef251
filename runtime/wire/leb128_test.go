package wire

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

func TestULEB128Edges(t *testing.T) {
	for _, tc := range []struct {
		v   uint64
		hex string
	}{
		{0, "00"},
		{1, "01"},
		{127, "7f"},
		{128, "80 01"},
		{16383, "ff 7f"},
		{16384, "80 80 01"},
		{1<<63 - 1, "ff ff ff ff ff ff ff ff 7f"},
		{1 << 63, "80 80 80 80 80 80 80 80 80 01"},
		{math.MaxUint64, "ff ff ff ff ff ff ff ff ff 01"},
	} {
		want := hx(t, tc.hex)
		if got := AppendULEB128(nil, tc.v); !bytes.Equal(got, want) {
			t.Errorf("AppendULEB128(%d) = % x, want % x", tc.v, got, want)
		}
		if n := ULEB128Len(tc.v); n != len(want) {
			t.Errorf("ULEB128Len(%d) = %d, want %d", tc.v, n, len(want))
		}
		r := NewReader(want, 0, "")
		if got, err := r.ULEB128(); err != nil || got != tc.v || !r.Empty() {
			t.Errorf("ULEB128(% x) = %d, %v, want %d", want, got, err, tc.v)
		}
	}
}

func TestULEB128TenthByte(t *testing.T) {
	for _, tc := range []struct {
		hex string
		v   uint64
	}{
		// Bits above 63 in the 10th byte are dropped, as the C++ reader does.
		{"ff ff ff ff ff ff ff ff ff 7f", math.MaxUint64},
		{"80 80 80 80 80 80 80 80 80 7e", 0},
		{"80 80 80 80 80 80 80 80 80 03", 1 << 63},
		// Non-minimal forms are accepted.
		{"80 00", 0},
		{"ff 80 80 80 80 80 80 80 80 00", 127},
	} {
		in := hx(t, tc.hex)
		r := NewReader(in, 0, "")
		if got, err := r.ULEB128(); err != nil || got != tc.v || !r.Empty() {
			t.Errorf("ULEB128(% x) = %#x, %v, want %#x", in, got, err, tc.v)
		}
	}
}

func TestULEB128Overflow(t *testing.T) {
	for _, s := range []string{
		"80 80 80 80 80 80 80 80 80 80 00", // an 11th byte
		"ff ff ff ff ff ff ff ff ff ff 01",
		"80 80 80 80 80 80 80 80 80 80", // 10th byte wants more, none left
	} {
		in := append([]byte{0x05}, hx(t, s)...)
		r := NewReader(in, 0x100, "Func")
		r.Byte()
		_, err := r.ULEB128()
		wantErr(t, err, ErrOverflow, 0x101)
		r = NewReader(in, 0x100, "Func")
		r.Byte()
		_, err = r.SLEB128()
		wantErr(t, err, ErrOverflow, 0x101)
	}
}

func TestULEB128Truncated(t *testing.T) {
	for _, v := range varIntEdges() {
		enc := AppendULEB128(nil, v)
		for k := range len(enc) {
			in := append([]byte{0x05}, enc[:k]...)
			for _, signed := range []bool{false, true} {
				r := NewReader(in, 7, "")
				r.Byte()
				var err error
				if signed {
					_, err = r.SLEB128()
				} else {
					_, err = r.ULEB128()
				}
				wantErr(t, err, ErrTruncated, 8)
				if r.Offset() != 8 {
					t.Errorf("cursor moved after error")
				}
			}
		}
	}
}

func TestSLEB128(t *testing.T) {
	for _, tc := range []struct {
		v   int64
		hex string
	}{
		{0, "00"},
		{-1, "01"},
		{1, "02"},
		{-2, "03"},
		{-64, "7f"},
		{64, "80 01"},
		{math.MaxInt64, "fe ff ff ff ff ff ff ff ff 01"},
		{math.MinInt64, "ff ff ff ff ff ff ff ff ff 01"},
	} {
		want := hx(t, tc.hex)
		if got := AppendSLEB128(nil, tc.v); !bytes.Equal(got, want) {
			t.Errorf("AppendSLEB128(%d) = % x, want % x", tc.v, got, want)
		}
		if got, err := NewReader(want, 0, "").SLEB128(); err != nil || got != tc.v {
			t.Errorf("SLEB128(% x) = %d, %v, want %d", want, got, err, tc.v)
		}
	}
}

func TestLEB128RandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var buf []byte
	var vs []uint64
	for range 5000 {
		v := rng.Uint64() >> rng.IntN(64)
		vs = append(vs, v)
		buf = AppendULEB128(buf, v)
		buf = AppendSLEB128(buf, int64(v))
	}
	r := NewReader(buf, 0, "")
	for _, v := range vs {
		u, err := r.ULEB128()
		if err != nil || u != v {
			t.Fatalf("ULEB128 = %#x, %v, want %#x", u, err, v)
		}
		s, err := r.SLEB128()
		if err != nil || s != int64(v) {
			t.Fatalf("SLEB128 = %d, %v, want %d", s, err, int64(v))
		}
	}
	if !r.Empty() {
		t.Fatalf("%d bytes left", r.Len())
	}
}
