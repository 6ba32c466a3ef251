package wire

import (
	"encoding/binary"
	"math/bits"
)

// MLIR's PrefixVarInt: 1 to 9 bytes, and the number of trailing zero bits of
// the first byte is the number of bytes that follow it.
//
//	v < 2^7            1 byte   (v<<1)|1
//	v < 2^(7n), n≤8    n bytes  low n bytes, little-endian, of (v<<n)|(1<<(n-1))
//	otherwise          9 bytes  0x00, then v as 8 little-endian bytes
//
// Writers always use the shortest form. Like MLIR's reader, ours also accepts
// longer-than-needed forms (e.g. 02 00 for 0), so decode→encode need not give
// back the same bytes, only the same value.

// MaxVarIntLen is the longest PrefixVarInt encoding.
const MaxVarIntLen = 9

// VarIntLen is the number of bytes AppendVarInt writes for v.
func VarIntLen(v uint64) int {
	if v >= 1<<56 {
		return 9
	}
	n := (bits.Len64(v) + 6) / 7
	if n == 0 {
		return 1
	}
	return n
}

// AppendVarInt appends v as a PrefixVarInt. It is small enough to inline,
// so the one-byte case (most counts and indices) costs no call.
func AppendVarInt(b []byte, v uint64) []byte {
	if v < 1<<7 {
		return append(b, byte(v<<1|1))
	}
	return appendLongVarInt(b, v)
}

// appendLongVarInt is AppendVarInt for v ≥ 2^7. Kept out of line so that
// AppendVarInt stays within the inlining budget.
//
//go:noinline
func appendLongVarInt(b []byte, v uint64) []byte {
	if v >= 1<<56 {
		b = append(b, 0)
		return binary.LittleEndian.AppendUint64(b, v)
	}
	n := VarIntLen(v)
	enc := v<<n | 1<<(n-1)
	// Write all 8 bytes and keep n: one store instead of a byte loop.
	l := len(b)
	return binary.LittleEndian.AppendUint64(b, enc)[:l+n]
}

// zigzag maps signed to unsigned so small magnitudes stay small:
// 0→0, -1→1, 1→2, -2→3, …
func zigzag(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// AppendSignedVarInt appends v zigzag-encoded as a PrefixVarInt.
func AppendSignedVarInt(b []byte, v int64) []byte { return AppendVarInt(b, zigzag(v)) }

// AppendVarIntWithFlag appends (v<<1)|flag as a PrefixVarInt, the form MLIR
// uses to pack a boolean next to a count or index. v must be below 2^63; its
// top bit is lost otherwise.
func AppendVarIntWithFlag(b []byte, v uint64, flag bool) []byte {
	f := uint64(0)
	if flag {
		f = 1
	}
	return AppendVarInt(b, v<<1|f)
}

// EncodedLen is the length of the PrefixVarInt whose first byte is b
// (its low bits say it: the lowest set bit's position, 9 for 0).
func EncodedLen(b byte) int {
	if b == 0 {
		return 9
	}
	return bits.TrailingZeros8(b) + 1
}

// decodeVarInt decodes a PrefixVarInt at the start of p, returning the value
// and its length, or ErrTruncated.
func decodeVarInt(p []byte) (uint64, int, error) {
	if len(p) == 0 {
		return 0, 0, ErrTruncated
	}
	b := p[0]
	if b&1 != 0 {
		return uint64(b >> 1), 1, nil
	}
	if b == 0 {
		if len(p) < 9 {
			return 0, 0, ErrTruncated
		}
		return binary.LittleEndian.Uint64(p[1:]), 9, nil
	}
	n := bits.TrailingZeros8(b) + 1 // total length, 2..8
	if len(p) < n {
		return 0, 0, ErrTruncated
	}
	var v uint64
	if len(p) >= 8 {
		// Load 8 and mask: n==8 gives a shift of 64, i.e. an all-ones mask.
		v = binary.LittleEndian.Uint64(p) & (1<<(8*uint(n)) - 1)
	} else {
		for i := n - 1; i >= 0; i-- {
			v = v<<8 | uint64(p[i])
		}
	}
	return v >> uint(n), n, nil
}

// varInt reads a PrefixVarInt, naming what was expected if it cannot.
// The one- and two-byte forms are read here, the others by decodeVarInt:
// most varints are indices below 2^14.
func (r *Reader) varInt(expected string) (uint64, error) {
	if p := r.pos; p < len(r.data) {
		b := r.data[p]
		if b&1 != 0 {
			r.pos = p + 1
			return uint64(b >> 1), nil
		}
		if b&2 != 0 && p+1 < len(r.data) {
			r.pos = p + 2
			return (uint64(b) | uint64(r.data[p+1])<<8) >> 2, nil
		}
	}
	v, n, err := decodeVarInt(r.data[r.pos:])
	if err != nil {
		return 0, r.errAt(r.pos, expected, err)
	}
	r.pos += n
	return v, nil
}

// VarInt reads a PrefixVarInt (non-minimal forms accepted).
func (r *Reader) VarInt() (uint64, error) { return r.varInt("a varint") }

// SignedVarInt reads a zigzag-encoded PrefixVarInt.
func (r *Reader) SignedVarInt() (int64, error) {
	u, err := r.varInt("a signed varint")
	return unzigzag(u), err
}

// VarIntWithFlag reads a PrefixVarInt written by AppendVarIntWithFlag.
func (r *Reader) VarIntWithFlag() (uint64, bool, error) {
	u, err := r.varInt("a varint with flag")
	return u >> 1, u&1 != 0, err
}
