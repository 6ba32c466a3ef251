package wire

import "testing"

// TestVarIntWithFlagOneByte: the one-byte fast path of VarIntWithFlag
// agrees with the general decoder on every one-byte encoding.
func TestVarIntWithFlagOneByte(t *testing.T) {
	for b := 1; b < 256; b += 2 {
		u, n, err := decodeVarInt([]byte{byte(b)})
		if err != nil || n != 1 {
			t.Fatalf("%#x: %v", b, err)
		}
		r := NewReader([]byte{byte(b), 0xff}, 0, "t")
		v, flag, err := r.VarIntWithFlag()
		if err != nil || v != u>>1 || flag != (u&1 != 0) || r.Offset() != 1 {
			t.Fatalf("%#x: got %d, %v, %v at %d; want %d, %v", b, v, flag, err, r.Offset(), u>>1, u&1 != 0)
		}
	}
}
