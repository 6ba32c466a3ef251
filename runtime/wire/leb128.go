package wire

// Tile IR's varints are unsigned LEB128: 7 bits per byte, low group first,
// bit 7 set when another byte follows. Its C++ reader stops after 10 bytes
// (the 10th holds bit 63) and silently drops whatever the 10th byte carries
// above bit 63; an 11th byte is an error. We match that exactly.

// MaxLEB128Len is the longest LEB128 encoding of a 64-bit value.
const MaxLEB128Len = 10

// AppendULEB128 appends v as unsigned LEB128 (shortest form).
func AppendULEB128(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// AppendSLEB128 appends v zigzag-encoded as unsigned LEB128. This is what
// Tile IR calls a signed varint; it is not DWARF's sign-extended SLEB128.
func AppendSLEB128(b []byte, v int64) []byte { return AppendULEB128(b, zigzag(v)) }

// ULEB128Len is the number of bytes AppendULEB128 writes for v.
func ULEB128Len(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// decodeULEB128 decodes LEB128 at the start of p, returning the value and
// its length, or ErrTruncated / ErrOverflow.
func decodeULEB128(p []byte) (uint64, int, error) {
	var v uint64
	for i := 0; i < MaxLEB128Len; i++ {
		if i >= len(p) {
			return 0, 0, ErrTruncated
		}
		b := p[i]
		v |= uint64(b&0x7f) << (7 * uint(i)) // at i==9 only bit 0 survives
		if b < 0x80 {
			return v, i + 1, nil
		}
	}
	return 0, 0, ErrOverflow
}

func (r *Reader) uleb128(expected string) (uint64, error) {
	v, n, err := decodeULEB128(r.data[r.pos:])
	if err != nil {
		return 0, r.errAt(r.pos, expected, err)
	}
	r.pos += n
	return v, nil
}

// ULEB128 reads an unsigned LEB128 varint (non-minimal forms accepted, at
// most 10 bytes).
func (r *Reader) ULEB128() (uint64, error) {
	if r.pos < len(r.data) {
		if b := r.data[r.pos]; b < 0x80 {
			r.pos++
			return uint64(b), nil
		}
	}
	return r.uleb128("a LEB128 varint")
}

// SLEB128 reads a zigzag-encoded LEB128 varint (Tile IR's signed varint).
func (r *Reader) SLEB128() (int64, error) {
	u, err := r.uleb128("a signed LEB128 varint")
	return unzigzag(u), err
}
