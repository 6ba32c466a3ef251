package wire

import (
	"bytes"
	"encoding/binary"
	"strconv"
)

// Reader is a zero-copy cursor over one region of a file.
//
// It remembers the absolute file offset of its first byte and the name of
// the section it reads, so errors point into the file. When a primitive read
// fails the cursor does not move: Offset() still names the start of the item
// that failed, which is also the Error's Offset.
//
// The zero Reader is an empty region at offset 0.
type Reader struct {
	data []byte
	pos  int
	base int64 // absolute offset of data[0]
	name string
}

// NewReader returns a Reader over data, whose first byte sits at absolute
// offset base in the file; section names the region in error messages.
func NewReader(data []byte, base int64, section string) *Reader {
	return &Reader{data: data, base: base, name: section}
}

// Reset makes r read data from its start, as NewReader does, without
// allocating a new Reader.
func (r *Reader) Reset(data []byte, base int64, section string) {
	// Field by field: storing the struct whole copies it through the
	// collector's bulk write barrier, and the name is mostly the same.
	r.data, r.pos, r.base = data, 0, base
	if r.name != section {
		r.name = section
	}
}

// Offset is the absolute file offset of the next byte.
func (r *Reader) Offset() int64 { return r.base + int64(r.pos) }

// Len is the number of bytes left.
func (r *Reader) Len() int { return len(r.data) - r.pos }

// Empty reports whether no bytes are left.
func (r *Reader) Empty() bool { return r.pos >= len(r.data) }

// SectionName is the name used in this Reader's errors.
func (r *Reader) SectionName() string { return r.name }

// Rest returns the unread bytes (zero-copy) without consuming them.
func (r *Reader) Rest() []byte { return r.data[r.pos:len(r.data):len(r.data)] }

// Errorf builds an Error at the current offset.
func (r *Reader) Errorf(expected string, err error) *Error {
	return r.ErrorAt(r.Offset(), expected, err)
}

// ErrorAt builds an Error at the given absolute offset.
func (r *Reader) ErrorAt(offset int64, expected string, err error) *Error {
	return &Error{Offset: offset, Section: r.name, Expected: expected, Err: err}
}

// errAt builds an Error at a position relative to r.data.
func (r *Reader) errAt(pos int, expected string, err error) *Error {
	return r.ErrorAt(r.base+int64(pos), expected, err)
}

// Byte reads one byte.
func (r *Reader) Byte() (byte, error) {
	if r.pos >= len(r.data) {
		return 0, r.errAt(r.pos, "a byte", ErrTruncated)
	}
	b := r.data[r.pos]
	r.pos++
	return b, nil
}

// PeekByte returns the next byte without consuming it.
func (r *Reader) PeekByte() (byte, error) {
	if r.pos >= len(r.data) {
		return 0, r.errAt(r.pos, "a byte", ErrTruncated)
	}
	return r.data[r.pos], nil
}

// Bytes reads n bytes without copying. n may be an untrusted length: it is
// checked against Len() before anything else. The result's capacity is
// clipped so appending to it cannot overwrite the input.
func (r *Reader) Bytes(n uint64) ([]byte, error) {
	if n > uint64(r.Len()) {
		return nil, r.errAt(r.pos, strconv.FormatUint(n, 10)+" bytes", ErrTruncated)
	}
	end := r.pos + int(n)
	b := r.data[r.pos:end:end]
	r.pos = end
	return b, nil
}

// Skip advances past n bytes; n is checked like in Bytes.
func (r *Reader) Skip(n uint64) error {
	_, err := r.Bytes(n)
	return err
}

// Sub consumes the next n bytes and returns a Reader over them that keeps
// their absolute offsets; section names the new region.
func (r *Reader) Sub(n uint64, section string) (*Reader, error) {
	off := r.Offset()
	b, err := r.Bytes(n)
	if err != nil {
		return nil, err
	}
	return NewReader(b, off, section), nil
}

// Uint16 reads a little-endian uint16.
func (r *Reader) Uint16() (uint16, error) {
	if r.Len() < 2 {
		return 0, r.errAt(r.pos, "a 2-byte integer", ErrTruncated)
	}
	v := binary.LittleEndian.Uint16(r.data[r.pos:])
	r.pos += 2
	return v, nil
}

// Uint32 reads a little-endian uint32.
func (r *Reader) Uint32() (uint32, error) {
	if r.Len() < 4 {
		return 0, r.errAt(r.pos, "a 4-byte integer", ErrTruncated)
	}
	v := binary.LittleEndian.Uint32(r.data[r.pos:])
	r.pos += 4
	return v, nil
}

// Uint64 reads a little-endian uint64.
func (r *Reader) Uint64() (uint64, error) {
	if r.Len() < 8 {
		return 0, r.errAt(r.pos, "an 8-byte integer", ErrTruncated)
	}
	v := binary.LittleEndian.Uint64(r.data[r.pos:])
	r.pos += 8
	return v, nil
}

// Int16 reads a little-endian two's-complement int16.
func (r *Reader) Int16() (int16, error) { v, err := r.Uint16(); return int16(v), err }

// Int32 reads a little-endian two's-complement int32.
func (r *Reader) Int32() (int32, error) { v, err := r.Uint32(); return int32(v), err }

// Int64 reads a little-endian two's-complement int64.
func (r *Reader) Int64() (int64, error) { v, err := r.Uint64(); return int64(v), err }

// CString reads a NUL-terminated string and returns the bytes before the
// NUL without copying (capacity clipped); the NUL is consumed.
func (r *Reader) CString() ([]byte, error) {
	i := bytes.IndexByte(r.data[r.pos:], 0)
	if i < 0 {
		return nil, r.errAt(r.pos, "a NUL-terminated string", ErrTruncated)
	}
	end := r.pos + i
	s := r.data[r.pos:end:end]
	r.pos = end + 1
	return s, nil
}

// Count reads a PrefixVarInt element count and rejects it unless
// count*minElemSize fits in the bytes left after it. Use it before any
// allocation sized by an untrusted count. minElemSize below 1 counts as 1,
// so the result always fits in an int. what names the elements in errors.
func (r *Reader) Count(minElemSize int, what string) (int, error) {
	start := r.pos
	n, err := r.VarInt()
	if err != nil {
		return 0, r.errAt(start, "a count of "+what, err.(*Error).Err)
	}
	if minElemSize < 1 {
		minElemSize = 1
	}
	if max := r.Len() / minElemSize; n > uint64(max) {
		left := r.Len()
		r.pos = start
		return 0, r.errAt(start, "at most "+strconv.Itoa(max)+" "+what+
			" in the "+strconv.Itoa(left)+" bytes left, not "+
			strconv.FormatUint(n, 10), ErrTruncated)
	}
	return int(n), nil
}
