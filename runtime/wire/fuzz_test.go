package wire

import (
	"bytes"
	"errors"
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/; the f.Add seeds below
// cover the same ground so `go test` exercises them even without the files.

const fuzzBase = 1000 // a non-zero base so offsets are checked as absolute

// checkFailedAt: a failed primitive read must leave the cursor at the start
// of the item, which is also where the error points.
func checkFailedAt(t *testing.T, r *Reader, err error, off int64, sentinels ...error) {
	t.Helper()
	checkErr(t, err, off, off)
	if r.Offset() != off {
		t.Fatalf("cursor moved from %#x to %#x on error %v", off, r.Offset(), err)
	}
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("unexpected cause: %v", err)
}

func FuzzVarInt(f *testing.F) {
	for _, s := range []string{"", "01", "ff", "0202", "2203", "feff", "040002", "02", "00ff",
		"00ffffffffffffffff", "0200", "80ffffffffffffff01", "00000000000000000001"} {
		f.Add(hx(f, s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, fuzzBase, "fuzz")
		for !r.Empty() {
			off := r.Offset()
			v, err := r.VarInt()
			if err != nil {
				checkFailedAt(t, r, err, off, ErrTruncated)
				return
			}
			n := int(r.Offset() - off)
			in := data[off-fuzzBase : r.Offset()-fuzzBase]
			// VarInt's short forms agree with the general decoder.
			if dv, dn, err := decodeVarInt(data[off-fuzzBase:]); err != nil || dv != v || dn != n {
				t.Fatalf("% x: VarInt %#x in %d bytes, decodeVarInt %#x in %d (%v)", in, v, n, dv, dn, err)
			}
			if u, flag, err := NewReader(in, 0, "").VarIntWithFlag(); err != nil || u != v>>1 || flag != (v&1 != 0) {
				t.Fatalf("% x: VarIntWithFlag %#x, %v (%v); VarInt %#x", in, u, flag, err, v)
			}
			enc := AppendVarInt(nil, v)
			if len(enc) != VarIntLen(v) || len(enc) > n {
				t.Fatalf("%#x from % x re-encodes as % x (VarIntLen %d)", v, in, enc, VarIntLen(v))
			}
			// Encodings of one length are unique, so a minimal input must
			// come back byte for byte.
			if len(enc) == n && !bytes.Equal(enc, in) {
				t.Fatalf("%#x: input % x, re-encoded % x", v, in, enc)
			}
			r2 := NewReader(enc, 0, "")
			if v2, err := r2.VarInt(); err != nil || v2 != v || !r2.Empty() {
				t.Fatalf("%#x: round trip gave %#x, %v", v, v2, err)
			}
		}
	})
}

func FuzzSignedVarInt(f *testing.F) {
	for _, s := range []string{"", "01", "03", "05", "07", "00ffffffffffffffff", "00feffffffffffffff", "0202", "22"} {
		f.Add(hx(f, s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, fuzzBase, "fuzz")
		for !r.Empty() {
			off := r.Offset()
			v, err := r.SignedVarInt()
			if err != nil {
				checkFailedAt(t, r, err, off, ErrTruncated)
				return
			}
			enc := AppendSignedVarInt(nil, v)
			if len(enc) > int(r.Offset()-off) {
				t.Fatalf("%d re-encodes longer: % x", v, enc)
			}
			if v2, err := NewReader(enc, 0, "").SignedVarInt(); err != nil || v2 != v {
				t.Fatalf("%d: round trip gave %d, %v", v, v2, err)
			}
			// The flag form shares the encoding.
			r3 := NewReader(data[off-fuzzBase:], off, "fuzz")
			u, flag, err := r3.VarIntWithFlag()
			if err != nil {
				t.Fatal(err)
			}
			enc = AppendVarIntWithFlag(nil, u, flag)
			if u2, flag2, err := NewReader(enc, 0, "").VarIntWithFlag(); err != nil || u2 != u || flag2 != flag {
				t.Fatalf("flag round trip: %d,%v → %d,%v, %v", u, flag, u2, flag2, err)
			}
		}
	})
}

func FuzzULEB128(f *testing.F) {
	for _, s := range []string{"", "00", "7f", "8001", "ff7f", "808001", "ffffffffffffffffff01",
		"ffffffffffffffffff7f", "8080808080808080808000", "8000", "80"} {
		f.Add(hx(f, s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, signed := range []bool{false, true} {
			r := NewReader(data, fuzzBase, "fuzz")
			for !r.Empty() {
				off := r.Offset()
				var enc []byte
				var err error
				if signed {
					var v int64
					if v, err = r.SLEB128(); err == nil {
						enc = AppendSLEB128(nil, v)
						if v2, err := NewReader(enc, 0, "").SLEB128(); err != nil || v2 != v {
							t.Fatalf("%d: round trip gave %d, %v", v, v2, err)
						}
					}
				} else {
					var v uint64
					if v, err = r.ULEB128(); err == nil {
						enc = AppendULEB128(nil, v)
						if len(enc) != ULEB128Len(v) {
							t.Fatalf("ULEB128Len(%d) = %d, encoding % x", v, ULEB128Len(v), enc)
						}
						if v2, err := NewReader(enc, 0, "").ULEB128(); err != nil || v2 != v {
							t.Fatalf("%d: round trip gave %d, %v", v, v2, err)
						}
					}
				}
				if err != nil {
					checkFailedAt(t, r, err, off, ErrTruncated, ErrOverflow)
					break
				}
				n := int(r.Offset() - off)
				in := data[off-fuzzBase : r.Offset()-fuzzBase]
				if n > MaxLEB128Len || len(enc) > n {
					t.Fatalf("input % x (%d bytes) re-encodes as % x", in, n, enc)
				}
				// Below 10 bytes nothing is dropped, so equal lengths mean
				// equal bytes.
				if len(enc) == n && n < MaxLEB128Len && !bytes.Equal(enc, in) {
					t.Fatalf("input % x re-encodes as % x", in, enc)
				}
			}
		}
	})
}

func FuzzSection(f *testing.F) {
	f.Add(hx(f, "855b21cbcb"), uint16(11))
	f.Add(hx(f, "030b68656c6c6f0109"), uint16(0))
	f.Add(hx(f, "81070900110102"), uint16(3))
	f.Add(hx(f, "81c80104cbcbcb"), uint16(13))
	f.Add(hx(f, "8501400000000402"), uint16(0))
	f.Add([]byte{}, uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, base uint16) {
		// SkipSection moves as Section does and fails where it fails.
		for a, b := NewReader(data, int64(base), "file"), NewReader(data, int64(base), "file"); ; {
			_, errA := a.Section()
			errB := b.SkipSection()
			if (errA == nil) != (errB == nil) || a.Offset() != b.Offset() {
				t.Fatalf("Section: %v, at %d; SkipSection: %v, at %d", errA, a.Offset(), errB, b.Offset())
			}
			if errA != nil || a.Empty() {
				break
			}
		}
		for _, sf := range []SectionFormat{MLIRSection, TileIRSection} {
			r := NewReader(data, int64(base), "file")
			for !r.Empty() {
				off := r.Offset()
				s, err := r.SectionOf(sf)
				if err != nil {
					checkErr(t, err, off, int64(base)+int64(len(data)))
					if r.Offset() != off {
						t.Fatalf("cursor moved on error %v", err)
					}
					break
				}
				if s.HeaderOffset != off || s.Offset < off+2 || s.Offset+int64(len(s.Data)) != r.Offset() {
					t.Fatalf("bad offsets %+v (start %d, now %d)", s, off, r.Offset())
				}
				if !bytes.Equal(s.Data, data[s.Offset-int64(base):r.Offset()-int64(base)]) {
					t.Fatalf("data is not the input's bytes")
				}
				if s.Aligned != (s.Alignment != 0) || s.ID&0x80 != 0 {
					t.Fatalf("bad header %+v", s)
				}
				if s.Aligned {
					a := s.Alignment
					if a&(a-1) != 0 || uint64(s.Offset)&(a-1) != 0 {
						t.Fatalf("alignment %d, data at %d", a, s.Offset)
					}
				}
				// Re-encode at the same absolute offset and read back.
				file := sf.Append(make([]byte, s.HeaderOffset), s.ID, s.Alignment, s.Data)
				r2 := NewReader(file[s.HeaderOffset:], s.HeaderOffset, "file")
				s2, err := r2.SectionOf(sf)
				if err != nil {
					t.Fatalf("re-encoded section %+v: %v", s, err)
				}
				if s2.ID != s.ID || !bytes.Equal(s2.Data, s.Data) || !r2.Empty() {
					t.Fatalf("round trip: %+v → %+v", s, s2)
				}
				if s.Aligned && uint64(s2.Offset)%s.Alignment != 0 {
					t.Fatalf("re-encoded data at %d not aligned to %d", s2.Offset, s.Alignment)
				}
				// Minimal varints and padding never push data later.
				if s2.Offset > s.Offset {
					t.Fatalf("re-encoded data at %d, originally %d", s2.Offset, s.Offset)
				}
			}
		}
	})
}

func FuzzStringTable(f *testing.F) {
	f.Add(append(hx(f, "07250f11"), "builtin\x00module\x00arith.constant_op\x00"...))
	f.Add(append(hx(f, "050d05"), "a\x00bcdef\x00"...))
	f.Add(hx(f, "01"))
	f.Add(hx(f, "0100"))
	f.Add(hx(f, "050303610062"))
	f.Add(append(hx(f, "0503030000"), 0))
	f.Add(hx(f, "000000000000000040"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, fuzzBase, "String")
		strs, err := ReadStringTable(r)
		if err != nil {
			checkErr(t, err, fuzzBase, fuzzBase+int64(len(data)))
			if r.Offset() != fuzzBase {
				t.Fatalf("cursor moved on error %v", err)
			}
			return
		}
		if !r.Empty() {
			t.Fatalf("%d bytes left after the table", r.Len())
		}
		var st StringTable
		var uniq []string
		for i := range strs.Len() {
			s := strs.At(i)
			if string(strs.Bytes(i)) != s {
				t.Fatalf("At(%d) and Bytes(%d) differ", i, i)
			}
			if o := strs.Offset(i) - fuzzBase; o < 0 || int(o)+len(s) >= len(data) || data[int(o)+len(s)] != 0 ||
				string(data[o:int(o)+len(s)]) != s {
				t.Fatalf("string %d not at its offset", i)
			}
			if int(st.Intern(s)) == len(uniq) {
				uniq = append(uniq, s)
			}
		}
		body := st.AppendTo(nil)
		if len(body) > len(data) {
			t.Fatalf("re-encoded table is longer: %d > %d", len(body), len(data))
		}
		back, err := ReadStringTable(NewReader(body, 0, "String"))
		if err != nil {
			t.Fatalf("re-encoded table: %v", err)
		}
		if back.Len() != len(uniq) {
			t.Fatalf("round trip: %d strings, want %d", back.Len(), len(uniq))
		}
		for i, s := range uniq {
			if back.At(i) != s {
				t.Fatalf("round trip string %d: %q, want %q", i, back.At(i), s)
			}
		}
	})
}

func FuzzCString(f *testing.F) {
	f.Add([]byte("MLIR19.0.0git\x00"))
	f.Add([]byte("\x00\x00a\x00"))
	f.Add([]byte("no terminator"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, fuzzBase, "header")
		for !r.Empty() {
			off := r.Offset()
			s, err := r.CString()
			if err != nil {
				checkFailedAt(t, r, err, off, ErrTruncated)
				if bytes.IndexByte(r.Rest(), 0) >= 0 {
					t.Fatalf("failed though a NUL remains")
				}
				return
			}
			if bytes.IndexByte(s, 0) >= 0 || r.Offset() != off+int64(len(s))+1 || data[r.Offset()-fuzzBase-1] != 0 {
				t.Fatalf("bad string %q at %d", s, off)
			}
			enc := AppendCString(nil, string(s))
			if s2, err := NewReader(enc, 0, "").CString(); err != nil || !bytes.Equal(s2, s) {
				t.Fatalf("round trip %q → %q, %v", s, s2, err)
			}
		}
	})
}

// FuzzReaderOps drives every Reader method in an order chosen by ops, to
// show that no sequence of reads panics or moves the cursor on failure.
func FuzzReaderOps(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, hx(f, "0103ff7f0202aa00bbccdd"))
	f.Add([]byte{12, 12, 13}, hx(f, "05aabb0000"))
	f.Fuzz(func(t *testing.T, ops, data []byte) {
		r := NewReader(data, fuzzBase, "ops")
		for _, op := range ops {
			off, left := r.Offset(), r.Len()
			var err error
			switch op % 16 {
			case 0:
				_, err = r.Byte()
			case 1:
				_, err = r.PeekByte()
			case 2:
				_, err = r.VarInt()
			case 3:
				_, err = r.SignedVarInt()
			case 4:
				_, _, err = r.VarIntWithFlag()
			case 5:
				_, err = r.ULEB128()
			case 6:
				_, err = r.SLEB128()
			case 7:
				_, err = r.Uint16()
			case 8:
				_, err = r.Uint32()
			case 9:
				_, err = r.Uint64()
			case 10:
				_, err = r.CString()
			case 11:
				_, err = r.Count(int(op>>4), "things")
			case 12:
				var n uint64
				if n, err = r.VarInt(); err == nil {
					_, err = r.Bytes(n)
				}
			case 13:
				var n uint64
				if n, err = r.ULEB128(); err == nil {
					var sub *Reader
					if sub, err = r.Sub(n, "sub"); err == nil {
						r = sub
					}
				}
			case 14:
				_, err = r.Section()
			case 15:
				_, err = ReadStringTable(r)
			}
			if err != nil {
				checkErr(t, err, fuzzBase, fuzzBase+int64(len(data)))
				// Composite reads (12, 13) may fail after their first part.
				if op%16 != 12 && op%16 != 13 && (r.Offset() != off || r.Len() != left) {
					t.Fatalf("op %d moved the cursor on error %v", op%16, err)
				}
			}
			if r.Len() < 0 || r.Len() > left {
				t.Fatalf("op %d: Len went from %d to %d", op%16, left, r.Len())
			}
		}
	})
}
