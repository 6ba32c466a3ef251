package wire

import (
	"bytes"
	"errors"
	"testing"
)

func filler(n int) []byte { return bytes.Repeat([]byte{0xEE}, n) }

func TestSectionNoAlignment(t *testing.T) {
	body := []byte("hello")
	got := AppendSection(nil, 3, 0, body)
	if want := hx(t, "03 0b 68656c6c6f"); !bytes.Equal(got, want) {
		t.Fatalf("got % x, want % x", got, want)
	}
	if got1 := AppendSection(nil, 3, 1, body); !bytes.Equal(got1, got) {
		t.Fatalf("alignment 1 differs from 0: % x", got1)
	}
	r := NewReader(got, 0, "file")
	s, err := r.Section()
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 3 || s.Aligned || s.Alignment != 0 || s.HeaderOffset != 0 || s.Offset != 2 ||
		!bytes.Equal(s.Data, body) || cap(s.Data) != len(body) || !r.Empty() {
		t.Fatalf("got %+v", s)
	}
	sr := s.Reader("Dialect")
	if sr.Offset() != 2 || sr.SectionName() != "Dialect" || sr.Len() != 5 {
		t.Fatalf("section reader at %d, %q", sr.Offset(), sr.SectionName())
	}
}

func TestSectionAlignmentNeeded(t *testing.T) {
	// The measured Resource section header: id 5|0x80, length 45, alignment
	// 16, two 0xCB bytes. It works out when the section starts at 11 mod 16.
	const start = 27
	body := bytes.Repeat([]byte{0x42}, 45)
	file := AppendSection(filler(start), 5, 16, body)
	want := append(hx(t, "85 5b 21 cb cb"), body...)
	if !bytes.Equal(file[start:], want) {
		t.Fatalf("got % x\nwant % x", file[start:], want)
	}
	// Read with a reader whose region starts mid-file.
	r := NewReader(file[start:], start, "file")
	s, err := r.Section()
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 5 || !s.Aligned || s.Alignment != 16 || s.HeaderOffset != start ||
		s.Offset != 32 || s.Offset%16 != 0 || !bytes.Equal(s.Data, body) || !r.Empty() {
		t.Fatalf("got %+v", s)
	}

	// Every start offset mod 16 (and mod 8): data lands on an aligned
	// absolute offset and reads back.
	for _, align := range []uint64{2, 4, 8, 16, 64} {
		for start := range 70 {
			file := AppendSection(filler(start), 1, align, body)
			r := NewReader(file[start:], int64(start), "file")
			s, err := r.Section()
			if err != nil {
				t.Fatalf("align %d start %d: %v", align, start, err)
			}
			if uint64(s.Offset)%align != 0 || !bytes.Equal(s.Data, body) || !r.Empty() {
				t.Fatalf("align %d start %d: got %+v", align, start, s)
			}
			// The field is written exactly when the offset after the
			// length is unaligned.
			needed := uint64(start+2)%align != 0
			if s.Aligned != needed || (file[start]&0x80 != 0) != needed {
				t.Fatalf("align %d start %d: aligned=%v, want %v", align, start, s.Aligned, needed)
			}
		}
	}
}

func TestSectionAlreadyAligned(t *testing.T) {
	// id + 1-byte length end at offset 16: no alignment field at all.
	body := []byte{1, 2, 3, 4}
	file := AppendSection(filler(14), 7, 16, body)
	if want := append(hx(t, "07 09"), body...); !bytes.Equal(file[14:], want) {
		t.Fatalf("got % x, want % x", file[14:], want)
	}
	s, err := NewReader(file[14:], 14, "").Section()
	if err != nil || s.Aligned || s.Offset != 16 {
		t.Fatalf("got %+v, %v", s, err)
	}
}

func TestSectionReaderRejects(t *testing.T) {
	const base = 11 // with "85 5b 21" padding runs from 14 to 16
	body := bytes.Repeat([]byte{0}, 45)
	good := append(hx(t, "85 5b 21 cb cb"), body...)
	if _, err := NewReader(good, base, "").Section(); err != nil {
		t.Fatalf("good section: %v", err)
	}
	for _, tc := range []struct {
		name     string
		in       []byte
		sentinel error
		off      int64
	}{
		{"bad padding byte", append(hx(t, "85 5b 21 cb 00"), body...), ErrInvalid, base + 4},
		{"zero padding", append(hx(t, "85 5b 21 00 00"), body...), ErrInvalid, base + 3},
		{"zero alignment", append(hx(t, "85 5b 01"), body...), ErrInvalid, base + 2},
		{"alignment 3", append(hx(t, "85 5b 07"), body...), ErrInvalid, base + 2},
		{"alignment 2^32", append(append(hx(t, "85 5b"), AppendVarInt(nil, 1<<32)...), body...), ErrInvalid, base + 2},
		{"lying length", append(hx(t, "85 5d 21 cb cb"), body...), ErrTruncated, base + 5},
		{"length, no alignment", hx(t, "05 05 00"), ErrTruncated, base + 2},
		{"padding past end", hx(t, "85 01 21 cb"), ErrTruncated, base + 3},
		{"no id", nil, ErrTruncated, base},
		{"no length", hx(t, "05"), ErrTruncated, base + 1},
		{"truncated length", hx(t, "05 02"), ErrTruncated, base + 1},
		{"no alignment", hx(t, "85 01"), ErrTruncated, base + 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(tc.in, base, "file")
			_, err := r.Section()
			wantErr(t, err, tc.sentinel, tc.off)
			if r.Offset() != base {
				t.Errorf("cursor at %d after error", r.Offset())
			}
			// SkipSection refuses the same way.
			r = NewReader(tc.in, base, "file")
			wantErr(t, r.SkipSection(), tc.sentinel, tc.off)
			if r.Offset() != base {
				t.Errorf("SkipSection: cursor at %d after error", r.Offset())
			}
		})
	}
}

func TestSectionSequence(t *testing.T) {
	file := []byte("ML\xefR")
	bodies := [][]byte{[]byte("a"), {}, bytes.Repeat([]byte{9}, 300), []byte("xyz")}
	aligns := []uint64{0, 8, 16, 4}
	for i, b := range bodies {
		file = AppendSection(file, byte(i), aligns[i], b)
	}
	r := NewReader(file[4:], 4, "file")
	for i := 0; !r.Empty(); i++ {
		s, err := r.Section()
		if err != nil {
			t.Fatal(err)
		}
		if int(s.ID) != i || !bytes.Equal(s.Data, bodies[i]) ||
			(aligns[i] > 1 && uint64(s.Offset)%aligns[i] != 0) {
			t.Fatalf("section %d: %+v", i, s)
		}
	}
}

func TestTileIRSection(t *testing.T) {
	body := bytes.Repeat([]byte{7}, 200)
	// Tile IR writes the alignment field whenever alignment > 1, even when
	// already aligned, and uses LEB128 for length and alignment.
	file := TileIRSection.Append(filler(13), 1, 4, body)
	// 13+1+2 = 16 is aligned, yet the field and then padding to 20 follow.
	if want := append(hx(t, "81 c8 01 04 cb cb cb"), body...); !bytes.Equal(file[13:], want) {
		t.Fatalf("got % x", file[13:20])
	}
	file = TileIRSection.Append(filler(12), 2, 8, body)
	// 12+1+2 = 15, alignment byte → 16: aligned with no padding.
	if want := append(hx(t, "82 c8 01 08"), body...); !bytes.Equal(file[12:], want) {
		t.Fatalf("got % x", file[12:20])
	}
	s, err := NewReader(file[12:], 12, "").SectionOf(TileIRSection)
	if err != nil || s.ID != 2 || !s.Aligned || s.Alignment != 8 || s.Offset != 16 || !bytes.Equal(s.Data, body) {
		t.Fatalf("got %+v, %v", s, err)
	}
	// Its reader skips padding without looking at it.
	in := append(hx(t, "81 03 04 00 11"), 1, 2, 3)
	s, err = NewReader(in, 3, "").SectionOf(TileIRSection)
	if err != nil || s.Offset != 8 || !bytes.Equal(s.Data, []byte{1, 2, 3}) {
		t.Fatalf("got %+v, %v", s, err)
	}
	// The same bytes in MLIR framing are rejected at the first pad byte.
	_, err = NewReader(hx(t, "81 07 09 00 11 01 02 03"), 3, "").Section()
	wantErr(t, err, ErrInvalid, 6)
	// A large power of two is fine for Tile IR (no 32-bit cap) but needs
	// the padding to be present.
	in = append(hx(t, "81 00"), AppendULEB128(nil, 1<<40)...)
	_, err = NewReader(in, 0, "").SectionOf(TileIRSection)
	wantErr(t, err, ErrTruncated, int64(len(in)))
}

func TestAppendSectionPanics(t *testing.T) {
	for _, tc := range []struct {
		id    byte
		align uint64
	}{{0x80, 0}, {1, 3}, {1, 24}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("AppendSection(id %#x, align %d) did not panic", tc.id, tc.align)
				}
			}()
			AppendSection(nil, tc.id, tc.align, nil)
		}()
	}
}

// TestSkipSection: SkipSection ends where Section does, aligned or not.
func TestSkipSection(t *testing.T) {
	const base = 11
	body := bytes.Repeat([]byte{0}, 45)
	for _, in := range [][]byte{
		append(hx(t, "85 5b 21 cb cb"), body...), // aligned
		append(append(hx(t, "05"), AppendVarInt(nil, 45)...), body...),
		append(append(hx(t, "05"), AppendVarInt(nil, 3)...), body...), // bytes left after it
		hx(t, "05 01"), // empty
	} {
		a, b := NewReader(in, base, "file"), NewReader(in, base, "file")
		if _, err := a.Section(); err != nil {
			t.Fatalf("% x: %v", in, err)
		}
		if err := b.SkipSection(); err != nil {
			t.Fatalf("% x: SkipSection: %v", in, err)
		}
		if a.Offset() != b.Offset() {
			t.Errorf("% x: Section ends at %d, SkipSection at %d", in, a.Offset(), b.Offset())
		}
	}
}

// A section whose length is cut short names its id and where the length
// starts, in both formats.
func TestSectionLengthErrorNamesID(t *testing.T) {
	for _, f := range []SectionFormat{MLIRSection, TileIRSection} {
		r := NewReader([]byte{0x05}, 100, "test")
		_, err := r.section(f)
		var e *Error
		if !errors.As(err, &e) || e.Expected != "the length of section 5" || e.Offset != 101 || !errors.Is(err, ErrTruncated) {
			t.Errorf("LEB128 %v: %v (%+v), want the length of section 5 at offset 101, truncated", f.LEB128, err, e)
		}
	}
}
