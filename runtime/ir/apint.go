package ir

import (
	"fmt"
	"math/big"
)

// APInt is a fixed-width two's-complement integer of any width, as MLIR's
// IntegerAttr and dense elements carry them. Only the words up to the
// highest non-zero one are stored (little-endian), and bits above Width are
// always zero, so equal values compare equal and a wide zero costs nothing.
type APInt struct {
	width uint32
	words []uint64
}

func numWords(width uint32) int {
	if width == 0 {
		return 1
	}
	return int((uint64(width) + 63) / 64)
}

// NewAPInt builds a width-bit integer from little-endian words; missing
// words are zero and bits beyond width are dropped.
func NewAPInt(width uint32, words []uint64) APInt {
	n := min(len(words), numWords(width))
	w := make([]uint64, n)
	copy(w, words)
	v := APInt{width: width, words: w}
	v.normalize()
	return v
}

// APIntFromUint64 and APIntFromInt64 truncate v to width bits (a negative
// v is sign-extended first, so -1 is all ones at any width).
func APIntFromUint64(width uint32, v uint64) APInt { return NewAPInt(width, []uint64{v}) }
func APIntFromInt64(width uint32, v int64) APInt {
	if v >= 0 {
		return APIntFromUint64(width, uint64(v))
	}
	w := make([]uint64, numWords(width))
	for i := range w {
		w[i] = ^uint64(0)
	}
	w[0] = uint64(v)
	return NewAPInt(width, w)
}

// APIntFromBig truncates x (two's complement) to width bits.
func APIntFromBig(width uint32, x *big.Int) APInt {
	n := numWords(width)
	m := new(big.Int).Lsh(big.NewInt(1), uint(n*64))
	y := new(big.Int).Mod(x, m) // two's complement modulo 2^(64n)
	w := make([]uint64, n)
	for i := range w {
		w[i] = new(big.Int).Rsh(y, uint(64*i)).Uint64()
	}
	return NewAPInt(width, w)
}

// normalize clears the bits above the width and drops high zero words.
func (v *APInt) normalize() {
	if v.width == 0 {
		v.words = v.words[:0]
		return
	}
	if len(v.words) == numWords(v.width) && v.width%64 != 0 {
		v.words[len(v.words)-1] &= (uint64(1) << (v.width % 64)) - 1
	}
	for len(v.words) > 0 && v.words[len(v.words)-1] == 0 {
		v.words = v.words[:len(v.words)-1]
	}
}

func (v APInt) Width() uint32 { return v.width }

// Words returns the stored little-endian words: those up to the highest
// non-zero one (none for zero); all higher words are zero. Callers must
// not modify them.
func (v APInt) Words() []uint64 { return v.words }

// Uint64 is the low 64 bits.
func (v APInt) Uint64() uint64 {
	if len(v.words) == 0 {
		return 0
	}
	return v.words[0]
}

// word returns word i, which may be above the stored ones.
func (v APInt) word(i int) uint64 {
	if i < len(v.words) {
		return v.words[i]
	}
	return 0
}

// Int64 is the value sign-extended from Width, truncated to 64 bits.
func (v APInt) Int64() int64 {
	u := v.Uint64()
	if v.width > 0 && v.width < 64 && u&(uint64(1)<<(v.width-1)) != 0 {
		u |= ^uint64(0) << v.width
	}
	return int64(u)
}

// Negative reports whether the sign bit is set.
func (v APInt) Negative() bool {
	if v.width == 0 {
		return false
	}
	b := v.width - 1
	return v.word(int(b/64))&(uint64(1)<<(b%64)) != 0
}

// ActiveWords is the number of words up to the highest set bit (at least 1),
// which is what the MLIR bytecode writes for integers wider than 64 bits.
func (v APInt) ActiveWords() int { return max(1, len(v.words)) }

// Big returns the value as unsigned (signed=false) or two's complement.
func (v APInt) Big(signed bool) *big.Int {
	x := new(big.Int)
	for i := len(v.words) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(v.words[i]))
	}
	if signed && v.Negative() {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(v.width)))
	}
	return x
}

// Equal reports whether both have the same width and bits.
func (v APInt) Equal(o APInt) bool {
	if v.width != o.width || len(v.words) != len(o.words) {
		return false
	}
	for i := range v.words {
		if v.words[i] != o.words[i] {
			return false
		}
	}
	return true
}

func (v APInt) String() string { return fmt.Sprintf("i%d %s", v.width, v.Big(true)) }
