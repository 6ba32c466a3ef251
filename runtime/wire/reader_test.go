package wire

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	e := &Error{Offset: 0x1f, Section: "String", Expected: "16 bytes", Err: ErrTruncated}
	if got, want := e.Error(), "offset 0x1f (String section): expected 16 bytes: unexpected end of data"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e = &Error{Offset: 0, Err: ErrInvalid}
	if got, want := e.Error(), "offset 0x0: invalid encoding"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var err error = e
	if !errors.Is(err, ErrInvalid) || errors.Is(err, ErrTruncated) {
		t.Errorf("errors.Is does not see through Unwrap")
	}
	r := NewReader([]byte{1, 2, 3}, 0x10, "AttrType")
	r.Byte()
	we := r.Errorf("an attribute", ErrInvalid)
	if we.Offset != 0x11 || we.Section != "AttrType" {
		t.Errorf("Errorf: %+v", we)
	}
	if we := r.ErrorAt(0x99, "x", ErrOverflow); we.Offset != 0x99 || we.Section != "AttrType" {
		t.Errorf("ErrorAt: %+v", we)
	}
}

func TestReaderBasics(t *testing.T) {
	in := []byte{0xAB, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r := NewReader(in, 100, "x")
	if r.Offset() != 100 || r.Len() != 10 || r.Empty() || r.SectionName() != "x" {
		t.Fatalf("fresh reader: off %d len %d", r.Offset(), r.Len())
	}
	if b, err := r.PeekByte(); err != nil || b != 0xAB || r.Offset() != 100 {
		t.Fatalf("PeekByte = %x, %v", b, err)
	}
	if b, err := r.Byte(); err != nil || b != 0xAB {
		t.Fatalf("Byte = %x, %v", b, err)
	}
	got, err := r.Bytes(3)
	if err != nil || !bytes.Equal(got, []byte{1, 2, 3}) || cap(got) != 3 {
		t.Fatalf("Bytes(3) = %v (cap %d), %v", got, cap(got), err)
	}
	if _, err := r.Bytes(math.MaxUint64); err == nil {
		t.Fatal("Bytes(MaxUint64) succeeded")
	} else {
		wantErr(t, err, ErrTruncated, 104)
	}
	if _, err := r.Bytes(7); err == nil {
		t.Fatal("Bytes(7) with 6 left succeeded")
	}
	sub, err := r.Sub(2, "inner")
	if err != nil || sub.Offset() != 104 || sub.Len() != 2 {
		t.Fatalf("Sub: %v", err)
	}
	sub.Skip(2)
	_, err = sub.Byte()
	if we := wantErr(t, err, ErrTruncated, 106); we.Section != "inner" {
		t.Errorf("sub-reader error section %q", we.Section)
	}
	if _, err := r.Sub(5, "big"); err == nil {
		t.Fatal("Sub past end succeeded")
	}
	if rest := r.Rest(); !bytes.Equal(rest, []byte{6, 7, 8, 9}) || cap(rest) != 4 {
		t.Fatalf("Rest = %v", rest)
	}
	if err := r.Skip(4); err != nil || !r.Empty() {
		t.Fatalf("Skip: %v", err)
	}
	_, err = r.PeekByte()
	wantErr(t, err, ErrTruncated, 110)
	_, err = r.Byte()
	wantErr(t, err, ErrTruncated, 110)

	var zero Reader
	if !zero.Empty() || zero.Offset() != 0 {
		t.Fatal("zero Reader is not empty at 0")
	}
	if _, err := zero.VarInt(); err == nil {
		t.Fatal("VarInt on zero Reader succeeded")
	}
}

func TestFixedWidth(t *testing.T) {
	var b []byte
	b = AppendUint16(b, 0x0102)
	b = AppendUint32(b, 0x03040506)
	b = AppendUint64(b, 0x0708090a0b0c0d0e)
	b = AppendInt16(b, -2)
	b = AppendInt32(b, -3)
	b = AppendInt64(b, math.MinInt64)
	want := hx(t, "0201 06050403 0e0d0c0b0a090807 feff fdffffff 0000000000000080")
	if !bytes.Equal(b, want) {
		t.Fatalf("got % x\nwant % x", b, want)
	}
	r := NewReader(b, 0, "")
	u16, _ := r.Uint16()
	u32, _ := r.Uint32()
	u64, _ := r.Uint64()
	i16, _ := r.Int16()
	i32, _ := r.Int32()
	i64, err := r.Int64()
	if err != nil || u16 != 0x0102 || u32 != 0x03040506 || u64 != 0x0708090a0b0c0d0e ||
		i16 != -2 || i32 != -3 || i64 != math.MinInt64 || !r.Empty() {
		t.Fatalf("read back %x %x %x %d %d %d, %v", u16, u32, u64, i16, i32, i64, err)
	}
	for size, read := range map[int]func(*Reader) error{
		2: func(r *Reader) error { _, err := r.Uint16(); return err },
		4: func(r *Reader) error { _, err := r.Uint32(); return err },
		8: func(r *Reader) error { _, err := r.Uint64(); return err },
	} {
		for k := range size {
			r := NewReader(make([]byte, k), 50, "")
			wantErr(t, read(r), ErrTruncated, 50)
			if r.Offset() != 50 {
				t.Errorf("cursor moved")
			}
		}
	}
}

func TestCString(t *testing.T) {
	in := []byte("MLIR19.0.0git\x00\x00tail")
	r := NewReader(in, 4, "header")
	s, err := r.CString()
	if err != nil || string(s) != "MLIR19.0.0git" || cap(s) != len(s) {
		t.Fatalf("CString = %q (cap %d), %v", s, cap(s), err)
	}
	if &s[0] != &in[0] {
		t.Errorf("CString copied")
	}
	s, err = r.CString()
	if err != nil || len(s) != 0 || r.Offset() != 4+15 {
		t.Fatalf("empty CString = %q, %v at %d", s, err, r.Offset())
	}
	_, err = r.CString()
	wantErr(t, err, ErrTruncated, 4+15)
	if r.Len() != 4 {
		t.Errorf("cursor moved after error")
	}

	if got := AppendCString([]byte("x"), "abc"); string(got) != "xabc\x00" {
		t.Errorf("AppendCString = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("AppendCString with a NUL did not panic")
		}
	}()
	AppendCString(nil, "a\x00b")
}

func TestCount(t *testing.T) {
	// 3 elements of at least 2 bytes need 6 bytes after the count.
	in := append(AppendVarInt(nil, 3), make([]byte, 6)...)
	if n, err := NewReader(in, 0, "").Count(2, "ops"); err != nil || n != 3 {
		t.Fatalf("Count = %d, %v", n, err)
	}
	r := NewReader(in[:6], 10, "Op")
	_, err := r.Count(2, "ops")
	wantErr(t, err, ErrTruncated, 10)
	if r.Offset() != 10 {
		t.Errorf("cursor moved after error")
	}
	// minElemSize < 1 counts as 1.
	if n, err := NewReader(in, 0, "").Count(0, "x"); err != nil || n != 3 {
		t.Fatalf("Count(0) = %d, %v", n, err)
	}
	huge := AppendVarInt(nil, math.MaxUint64)
	_, err = NewReader(huge, 0, "").Count(1, "x")
	wantErr(t, err, ErrTruncated, 0)
	// Zero is always fine, even with nothing left.
	if n, err := NewReader([]byte{1}, 0, "").Count(8, "x"); err != nil || n != 0 {
		t.Fatalf("Count of 0 = %d, %v", n, err)
	}
}
