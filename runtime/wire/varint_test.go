package wire

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// refVarInt encodes from the rule's text, independently of AppendVarInt.
func refVarInt(v uint64) []byte {
	for n := 1; n <= 8; n++ {
		if v < 1<<(7*n) {
			enc := v<<n | 1<<(n-1)
			out := make([]byte, n)
			for i := range out {
				out[i] = byte(enc >> (8 * i))
			}
			return out
		}
	}
	out := make([]byte, 9)
	binary.LittleEndian.PutUint64(out[1:], v)
	return out
}

func varIntEdges() []uint64 {
	vs := []uint64{0, 1, 2, 63, 64, 100, 200, 1<<63 - 1, 1 << 63, 1<<63 + 1, math.MaxUint64 - 1, math.MaxUint64}
	for n := 1; n <= 8; n++ {
		e := uint64(1) << (7 * n)
		vs = append(vs, e-2, e-1, e, e+1)
	}
	return vs
}

func TestVarIntExamples(t *testing.T) {
	for _, tc := range []struct {
		v   uint64
		hex string
	}{
		{0, "01"},
		{1, "03"},
		{127, "ff"},
		{128, "02 02"},
		{200, "22 03"},
		{16383, "fe ff"},
		{16384, "04 00 02"},
		{1<<21 - 1, "fc ff ff"},
		{1 << 21, "08 00 00 02"},
		{1<<56 - 1, "80 ff ff ff ff ff ff ff"},
		{1 << 56, "00 00 00 00 00 00 00 00 01"},
		{1 << 63, "00 00 00 00 00 00 00 00 80"},
		{math.MaxUint64, "00 ff ff ff ff ff ff ff ff"},
	} {
		want := hx(t, tc.hex)
		if got := AppendVarInt(nil, tc.v); !bytes.Equal(got, want) {
			t.Errorf("AppendVarInt(%d) = % x, want % x", tc.v, got, want)
		}
		r := NewReader(want, 0, "")
		got, err := r.VarInt()
		if err != nil || got != tc.v || !r.Empty() {
			t.Errorf("VarInt(% x) = %d, %v (left %d), want %d", want, got, err, r.Len(), tc.v)
		}
	}
}

func TestVarIntBoundaries(t *testing.T) {
	for n := 1; n <= 8; n++ {
		last := uint64(1)<<(7*n) - 1
		if l := VarIntLen(last); l != n {
			t.Errorf("VarIntLen(2^%d-1) = %d, want %d", 7*n, l, n)
		}
		next := n + 1
		if n == 8 {
			next = 9
		}
		if l := VarIntLen(last + 1); l != next {
			t.Errorf("VarIntLen(2^%d) = %d, want %d", 7*n, l, next)
		}
	}
	for _, v := range varIntEdges() {
		enc := AppendVarInt([]byte{0xAA}, v)[1:] // append after existing data
		if want := refVarInt(v); !bytes.Equal(enc, want) {
			t.Errorf("AppendVarInt(%#x) = % x, want % x", v, enc, want)
		}
		if len(enc) != VarIntLen(v) {
			t.Errorf("VarIntLen(%#x) = %d, encoding has %d bytes", v, VarIntLen(v), len(enc))
		}
		// Decode with and without trailing bytes (the 8-byte load path).
		for _, in := range [][]byte{enc, append(append([]byte{}, enc...), 1, 2, 3, 4, 5, 6, 7, 8)} {
			r := NewReader(in, 0, "")
			got, err := r.VarInt()
			if err != nil || got != v || r.Len() != len(in)-len(enc) {
				t.Errorf("VarInt(% x) = %#x, %v, consumed %d; want %#x, %d", in, got, err, len(in)-r.Len(), v, len(enc))
			}
		}
	}
}

func TestVarIntRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []byte
	var vs []uint64
	for range 5000 {
		v := rng.Uint64() >> rng.IntN(64)
		vs = append(vs, v)
		buf = AppendVarInt(buf, v)
	}
	r := NewReader(buf, 0, "")
	for i, v := range vs {
		got, err := r.VarInt()
		if err != nil || got != v {
			t.Fatalf("value %d: got %#x, %v, want %#x", i, got, err, v)
		}
	}
	if !r.Empty() {
		t.Fatalf("%d bytes left", r.Len())
	}
}

func TestVarIntNonMinimal(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 16384, 1<<49 - 1} {
		for n := VarIntLen(v); n <= 8; n++ {
			enc := v<<n | 1<<(n-1)
			in := binary.LittleEndian.AppendUint64(nil, enc)[:n]
			got, err := NewReader(in, 0, "").VarInt()
			if err != nil || got != v {
				t.Errorf("%d-byte form % x: got %d, %v, want %d", n, in, got, err, v)
			}
		}
		in := append([]byte{0}, binary.LittleEndian.AppendUint64(nil, v)...)
		if got, err := NewReader(in, 0, "").VarInt(); err != nil || got != v {
			t.Errorf("9-byte form % x: got %d, %v, want %d", in, got, err, v)
		}
	}
}

func TestVarIntTruncated(t *testing.T) {
	const base = 0x40
	for _, v := range varIntEdges() {
		enc := AppendVarInt(nil, v)
		for k := range len(enc) {
			// One byte of unrelated data first, so the failing item does
			// not start at the region's first byte.
			in := append([]byte{0x03}, enc[:k]...)
			readers := map[string]func(r *Reader) error{
				"VarInt":         func(r *Reader) error { _, err := r.VarInt(); return err },
				"SignedVarInt":   func(r *Reader) error { _, err := r.SignedVarInt(); return err },
				"VarIntWithFlag": func(r *Reader) error { _, _, err := r.VarIntWithFlag(); return err },
				"Count":          func(r *Reader) error { _, err := r.Count(0, "things"); return err },
			}
			for name, read := range readers {
				r := NewReader(in, base, "test")
				if _, err := r.Byte(); err != nil {
					t.Fatal(err)
				}
				err := read(r)
				wantErr(t, err, ErrTruncated, base+1)
				if r.Offset() != base+1 {
					t.Errorf("%s on % x: cursor moved to %#x after error", name, enc[:k], r.Offset())
				}
			}
		}
	}
}

func TestSignedVarInt(t *testing.T) {
	for _, tc := range []struct {
		v   int64
		hex string
	}{
		{0, "01"},
		{-1, "03"},
		{1, "05"},
		{-2, "07"},
		{63, "fd"},
		{-64, "ff"},
		{64, "02 02"},
		{math.MaxInt64, "00 fe ff ff ff ff ff ff ff"},
		{math.MinInt64, "00 ff ff ff ff ff ff ff ff"},
	} {
		want := hx(t, tc.hex)
		if got := AppendSignedVarInt(nil, tc.v); !bytes.Equal(got, want) {
			t.Errorf("AppendSignedVarInt(%d) = % x, want % x", tc.v, got, want)
		}
		if got, err := NewReader(want, 0, "").SignedVarInt(); err != nil || got != tc.v {
			t.Errorf("SignedVarInt(% x) = %d, %v, want %d", want, got, err, tc.v)
		}
	}
	// Values whose zigzag form sits on each length edge, and their neighbours.
	vs := []int64{math.MinInt64, math.MinInt64 + 1, math.MaxInt64 - 1, math.MaxInt64}
	for n := 1; n <= 9; n++ {
		h := int64(1) << (7*n - 1)
		if 7*n-1 >= 63 {
			break
		}
		for d := int64(-1); d <= 1; d++ {
			vs = append(vs, h+d, -h+d, h-1+d, -(h-1)+d)
		}
	}
	for _, v := range vs {
		enc := AppendSignedVarInt(nil, v)
		if want := refVarInt(zigzag(v)); !bytes.Equal(enc, want) {
			t.Errorf("AppendSignedVarInt(%d) = % x, want % x", v, enc, want)
		}
		if len(enc) != VarIntLen(zigzag(v)) {
			t.Errorf("%d: length %d, VarIntLen %d", v, len(enc), VarIntLen(zigzag(v)))
		}
		r := NewReader(enc, 0, "")
		if got, err := r.SignedVarInt(); err != nil || got != v || !r.Empty() {
			t.Errorf("SignedVarInt(% x) = %d, %v, want %d", enc, got, err, v)
		}
	}
}

func TestZigzag(t *testing.T) {
	for _, tc := range []struct {
		v int64
		u uint64
	}{{0, 0}, {-1, 1}, {1, 2}, {-2, 3}, {math.MaxInt64, math.MaxUint64 - 1}, {math.MinInt64, math.MaxUint64}} {
		if got := zigzag(tc.v); got != tc.u {
			t.Errorf("zigzag(%d) = %d, want %d", tc.v, got, tc.u)
		}
		if got := unzigzag(tc.u); got != tc.v {
			t.Errorf("unzigzag(%d) = %d, want %d", tc.u, got, tc.v)
		}
	}
}

func TestVarIntWithFlag(t *testing.T) {
	for _, tc := range []struct {
		v    uint64
		flag bool
		hex  string
	}{
		{0, false, "01"},
		{0, true, "03"},
		{5, true, "17"},
		{63, true, "ff"},
		{64, false, "02 02"},
		{1<<63 - 1, true, "00 ff ff ff ff ff ff ff ff"},
	} {
		want := hx(t, tc.hex)
		if got := AppendVarIntWithFlag(nil, tc.v, tc.flag); !bytes.Equal(got, want) {
			t.Errorf("AppendVarIntWithFlag(%d, %v) = % x, want % x", tc.v, tc.flag, got, want)
		}
		v, f, err := NewReader(want, 0, "").VarIntWithFlag()
		if err != nil || v != tc.v || f != tc.flag {
			t.Errorf("VarIntWithFlag(% x) = %d, %v, %v", want, v, f, err)
		}
	}
}

func BenchmarkAppendVarInt(b *testing.B) {
	vs := make([]uint64, 1024)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range vs {
		vs[i] = rng.Uint64() >> rng.IntN(64)
	}
	buf := make([]byte, 0, 9*len(vs))
	b.Run("small", func(b *testing.B) {
		for b.Loop() {
			buf = buf[:0]
			for i := range vs {
				buf = AppendVarInt(buf, uint64(i&127))
			}
		}
	})
	b.Run("mixed", func(b *testing.B) {
		for b.Loop() {
			buf = buf[:0]
			for _, v := range vs {
				buf = AppendVarInt(buf, v)
			}
		}
	})
}

func BenchmarkReaderVarInt(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	var small, mixed []byte
	for i := range 1024 {
		small = AppendVarInt(small, uint64(i&127))
		mixed = AppendVarInt(mixed, rng.Uint64()>>rng.IntN(64))
	}
	for _, bc := range []struct {
		name string
		in   []byte
	}{{"small", small}, {"mixed", mixed}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			var r Reader
			for b.Loop() {
				r = Reader{data: bc.in}
				for !r.Empty() {
					if _, err := r.VarInt(); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkReaderULEB128(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	var mixed []byte
	for range 1024 {
		mixed = AppendULEB128(mixed, rng.Uint64()>>rng.IntN(64))
	}
	b.SetBytes(int64(len(mixed)))
	for b.Loop() {
		r := Reader{data: mixed}
		for !r.Empty() {
			if _, err := r.ULEB128(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
