package asm

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// FloatSemantics describes a binary floating-point format as LLVM's
// APFloat does: how many bits it takes, its precision (the significand's
// bits, the implicit one included), its exponent range and which special
// values it has.
type FloatSemantics struct {
	Name string
	// Bits is the storage width; Precision the significand's bits with
	// the implicit bit. Bias is the exponent bias of the encoding, MaxExp
	// the largest exponent of a finite value.
	Bits, Precision, Bias, MaxExp int
	// NonFinite: IEEE formats have infinities and NaNs; NaNOnly formats
	// (f8E4M3FN) only NaN, all ones; FiniteOnly (f4E2M1FN) neither.
	NonFinite NonFinite
	// Unsigned formats have no sign bit (f8E8M0FNU); NoDenormals ones
	// use the zero exponent for the smallest normal (and have no zero).
	Unsigned, NoDenormals bool
	// ExplicitInt formats (f80) store the significand's integer bit.
	ExplicitInt bool
}

// NonFinite says which non-finite values a float format has.
type NonFinite int

// The non-finite behaviours of APFloat.
const (
	IEEE NonFinite = iota
	NaNOnly
	FiniteOnly
	// NegativeZeroNaN formats (the FNUZ ones, f8E5M2FNUZ) have no
	// infinities and no negative zero: its pattern is their NaN.
	NegativeZeroNaN
)

// The float formats MLIR's builtin types name.
var (
	Float64       = &FloatSemantics{Name: "f64", Bits: 64, Precision: 53, Bias: 1023, MaxExp: 1023}
	Float32       = &FloatSemantics{Name: "f32", Bits: 32, Precision: 24, Bias: 127, MaxExp: 127}
	Float16       = &FloatSemantics{Name: "f16", Bits: 16, Precision: 11, Bias: 15, MaxExp: 15}
	BFloat16      = &FloatSemantics{Name: "bf16", Bits: 16, Precision: 8, Bias: 127, MaxExp: 127}
	TFloat32      = &FloatSemantics{Name: "tf32", Bits: 19, Precision: 11, Bias: 127, MaxExp: 127}
	Float8E5M2    = &FloatSemantics{Name: "f8E5M2", Bits: 8, Precision: 3, Bias: 15, MaxExp: 15}
	Float8E4M3FN  = &FloatSemantics{Name: "f8E4M3FN", Bits: 8, Precision: 4, Bias: 7, MaxExp: 8, NonFinite: NaNOnly}
	Float8E8M0FNU = &FloatSemantics{Name: "f8E8M0FNU", Bits: 8, Precision: 1, Bias: 127, MaxExp: 127, NonFinite: NaNOnly, Unsigned: true, NoDenormals: true}
	Float4E2M1FN  = &FloatSemantics{Name: "f4E2M1FN", Bits: 4, Precision: 2, Bias: 1, MaxExp: 2, NonFinite: FiniteOnly}
)

func (s *FloatSemantics) mantBits() int { return s.Precision - 1 }

func (s *FloatSemantics) expBits() int {
	n := s.Bits - s.mantBits()
	if !s.Unsigned {
		n--
	}
	return n
}

// minExp is the exponent of the smallest normal value.
func (s *FloatSemantics) minExp() int {
	if s.NoDenormals {
		return -s.Bias
	}
	return 1 - s.Bias
}

func (s *FloatSemantics) signBit() uint64 {
	if s.Unsigned {
		return 0
	}
	return 1 << (s.Bits - 1)
}

type floatClass int

const (
	fcZero floatClass = iota
	fcNormal
	fcInf
	fcNaN
)

// decode splits a bit pattern into its sign, class and, for finite
// nonzero values, m·2^e with m a Precision-bit (or smaller, denormal)
// integer.
func (s *FloatSemantics) decode(b uint64) (neg bool, c floatClass, m uint64, e int) {
	neg = b&s.signBit() != 0
	mb := s.mantBits()
	mant := b & (1<<mb - 1)
	exp := int(b>>mb) & (1<<s.expBits() - 1)
	maxField := 1<<s.expBits() - 1
	switch s.NonFinite {
	case IEEE:
		if exp == maxField {
			if mant == 0 {
				return neg, fcInf, 0, 0
			}
			return neg, fcNaN, 0, 0
		}
	case NaNOnly:
		if exp == maxField && mant == 1<<mb-1 {
			return neg, fcNaN, 0, 0
		}
	case NegativeZeroNaN:
		if b == s.signBit() {
			return true, fcNaN, 0, 0
		}
	}
	if s.NoDenormals {
		return neg, fcNormal, mant | 1<<mb, exp - s.Bias - mb
	}
	if exp == 0 {
		if mant == 0 {
			return neg, fcZero, 0, 0
		}
		return neg, fcNormal, mant, s.minExp() - mb
	}
	return neg, fcNormal, mant | 1<<mb, exp - s.Bias - mb
}

// IsNaN and IsInf classify a bit pattern.
func (s *FloatSemantics) IsNaN(b uint64) bool { _, c, _, _ := s.decode(b); return c == fcNaN }
func (s *FloatSemantics) IsInf(b uint64) bool { _, c, _, _ := s.decode(b); return c == fcInf }

// IsNegative says whether the sign bit is set.
func (s *FloatSemantics) IsNegative(b uint64) bool { return b&s.signBit() != 0 }

// Rat returns the exact value of a finite bit pattern; ok is false for
// infinities and NaNs.
func (s *FloatSemantics) Rat(b uint64) (r *big.Rat, ok bool) {
	neg, c, m, e := s.decode(b)
	switch c {
	case fcInf, fcNaN:
		return nil, false
	case fcZero:
		return new(big.Rat), true
	}
	r = new(big.Rat).SetInt(new(big.Int).SetUint64(m))
	if e > 0 {
		r.Mul(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e))))
	} else if e < 0 {
		r.Quo(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(-e))))
	}
	if neg {
		r.Neg(r)
	}
	return r, true
}

// nan is the default NaN pattern (APFloat's getQNaN, positive).
func (s *FloatSemantics) nan(neg bool) uint64 {
	var b uint64
	mb := s.mantBits()
	switch s.NonFinite {
	case IEEE:
		b = uint64(1<<s.expBits()-1)<<mb | 1<<(mb-1)
	case NaNOnly:
		b = uint64(1<<s.expBits()-1)<<mb | (1<<mb - 1)
	case NegativeZeroNaN:
		return s.signBit()
	default:
		return 0
	}
	if neg {
		b |= s.signBit()
	}
	return b
}

// NaN returns the quiet NaN pattern, the maximum for formats without one.
func (s *FloatSemantics) NaN() uint64 { return s.nan(false) }

// Inf returns infinity's pattern (NaN, or the largest finite value, for
// formats without infinities).
func (s *FloatSemantics) Inf(neg bool) uint64 {
	switch s.NonFinite {
	case IEEE:
		b := uint64(1<<s.expBits()-1) << s.mantBits()
		if neg {
			b |= s.signBit()
		}
		return b
	case NaNOnly, NegativeZeroNaN:
		return s.nan(neg)
	}
	b := s.maxFinite()
	if neg {
		b |= s.signBit()
	}
	return b
}

func (s *FloatSemantics) maxFinite() uint64 {
	mb := s.mantBits()
	switch s.NonFinite {
	case IEEE:
		return uint64(1<<s.expBits()-2)<<mb | (1<<mb - 1)
	case NaNOnly:
		return uint64(1<<s.expBits()-1)<<mb | (1<<mb - 2)
	}
	return uint64(1<<s.expBits()-1)<<mb | (1<<mb - 1)
}

// FromRat rounds r to the nearest value of the format, ties to even, as
// APFloat's convertFromString and convert do (overflow gives infinity, or
// NaN or the largest value for formats without one).
func (s *FloatSemantics) FromRat(r *big.Rat) uint64 {
	neg := r.Sign() < 0
	var sign uint64
	if neg {
		sign = s.signBit()
		if s.Unsigned {
			return s.nan(false)
		}
	}
	if neg && s.NonFinite == NegativeZeroNaN {
		sign = s.signBit()
	}
	if r.Sign() == 0 {
		if s.NoDenormals {
			return 0 // the smallest value: the format has no zero
		}
		return sign
	}
	a := new(big.Rat).Abs(r)
	num, den := a.Num(), a.Denom()
	// e2 = floor(log2(a)), first estimated from bit lengths.
	e2 := num.BitLen() - den.BitLen()
	if cmpPow2(num, den, e2) < 0 {
		e2--
	}
	mb := s.mantBits()
	// The quantum: the exponent of the significand's last bit.
	q := e2 - mb
	if minQ := s.minExp() - mb; q < minQ {
		q = minQ
	}
	// m = round(a / 2^q), ties to even.
	n, d := new(big.Int).Set(num), new(big.Int).Set(den)
	if q > 0 {
		d.Lsh(d, uint(q))
	} else {
		n.Lsh(n, uint(-q))
	}
	m, rem := new(big.Int).QuoRem(n, d, new(big.Int))
	rem.Lsh(rem, 1)
	if c := rem.Cmp(d); c > 0 || c == 0 && m.Bit(0) == 1 {
		m.Add(m, big.NewInt(1))
	}
	if m.Sign() == 0 {
		if s.NonFinite == NegativeZeroNaN {
			return 0 // no negative zero
		}
		return sign
	}
	if m.BitLen() > s.Precision { // carried into a new binade
		m.Rsh(m, 1)
		q++
	}
	var b uint64
	if m.BitLen() < s.Precision && !s.NoDenormals {
		b = m.Uint64() // denormal: exponent field 0
	} else {
		exp := q + mb + s.Bias
		if exp >= 1<<s.expBits() {
			return s.overflow(neg)
		}
		if exp < 0 {
			return sign // below the smallest value of a format without denormals
		}
		b = uint64(exp)<<mb | m.Uint64()&(1<<mb-1)
	}
	if b > s.maxFinite() {
		return s.overflow(neg)
	}
	return b | sign
}

func (s *FloatSemantics) overflow(neg bool) uint64 {
	var sign uint64
	if neg {
		sign = s.signBit()
	}
	switch s.NonFinite {
	case IEEE:
		return s.Inf(neg)
	case NaNOnly, NegativeZeroNaN:
		return s.nan(neg)
	}
	return s.maxFinite() | sign
}

// cmpPow2 compares num/den with 2^e.
func cmpPow2(num, den *big.Int, e int) int {
	n, d := num, den
	if e >= 0 {
		d = new(big.Int).Lsh(den, uint(e))
	} else {
		n = new(big.Int).Lsh(num, uint(-e))
	}
	return n.Cmp(d)
}

// FromFloat64 converts a float64 to the format (APFloat's convert, ties to
// even), NaN staying NaN with its sign.
func (s *FloatSemantics) FromFloat64(f float64) uint64 {
	if s == Float64 {
		return math.Float64bits(f)
	}
	switch {
	case math.IsNaN(f):
		return s.nan(math.Signbit(f))
	case math.IsInf(f, 0):
		if f < 0 && s.Unsigned {
			return s.nan(false)
		}
		return s.overflow(f < 0)
	case f == 0 && math.Signbit(f):
		if s.Unsigned || s.NoDenormals {
			return s.FromRat(new(big.Rat))
		}
		return s.signBit()
	}
	return s.FromRat(new(big.Rat).SetFloat64(f))
}

// ParseDecimal rounds a decimal float literal ("1.5", "-2.0e-3") to the
// format, ties to even, as APFloat's string constructor does.
func (s *FloatSemantics) ParseDecimal(lit string) (uint64, bool) {
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return 0, false
	}
	b := s.FromRat(r)
	if r.Sign() == 0 && strings.HasPrefix(strings.TrimSpace(lit), "-") && !s.Unsigned && s.NonFinite != NegativeZeroNaN {
		b |= s.signBit()
	}
	return b, true
}

// AppendFloat appends a float's bit pattern as MLIR prints it
// (printFloatValue): in scientific notation with 6 digits when that reads
// back as the same value, else the shortest form that does if it has a
// point, else (and for infinities and NaNs) the bit pattern in hex.
func AppendFloat(b []byte, s *FloatSemantics, bits uint64) []byte {
	// Bits above the format's width are not part of the value (a 4-bit
	// float is stored in a byte), as APFloat reads only its own width.
	if s.Bits < 64 {
		bits &= 1<<s.Bits - 1
	}
	neg, c, m, e := s.decode(bits)
	if c != fcInf && c != fcNaN {
		str := toString(s, neg, c, m, e, 6, 0, false)
		if back, ok := s.ParseDecimal(str); ok && back == bits {
			return append(b, str...)
		}
		str = toString(s, neg, c, m, e, 0, 3, true)
		if strings.Contains(str, ".") {
			return append(b, str...)
		}
	}
	b = append(b, "0x"...)
	return append(b, strings.ToUpper(strconv.FormatUint(bits, 16))...)
}

// toString is APFloat::toString.
func toString(s *FloatSemantics, neg bool, c floatClass, m uint64, e int, precision, maxPadding int, truncateZero bool) string {
	return toStringBig(s, neg, c, new(big.Int).SetUint64(m), e, precision, maxPadding, truncateZero)
}

// toStringBig is toString for significands of any width.
func toStringBig(s *FloatSemantics, neg bool, c floatClass, m *big.Int, e int, precision, maxPadding int, truncateZero bool) string {
	var out []byte
	if neg {
		out = append(out, '-')
	}
	if c == fcZero {
		if maxPadding == 0 {
			if truncateZero {
				out = append(out, "0.0E+0"...)
			} else {
				out = append(out, "0.0"...)
				for i := 1; i < precision; i++ {
					out = append(out, '0')
				}
				out = append(out, "e+00"...)
			}
		} else {
			out = append(out, '0')
		}
		return string(out)
	}
	if precision == 0 {
		precision = 2 + s.Precision*59/196
	}
	tz := int(m.TrailingZeroBits())
	e += tz
	sig := new(big.Int).Rsh(m, uint(tz))
	exp := 0
	switch {
	case e > 0:
		sig.Lsh(sig, uint(e))
	case e < 0:
		sig.Mul(sig, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-e)), nil))
		exp = e
	}
	// Reduction 1: drop decimal digits the precision cannot use.
	nbits := sig.BitLen()
	required := (precision*196 + 58) / 59
	if nbits > required {
		if tens := (nbits - required) * 59 / 196; tens > 0 {
			exp += tens
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	// The digits, least significant first, trailing zeros dropped.
	digits := []byte(sig.String())
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	buf := make([]byte, len(digits)) // least significant first
	for i, d := range digits {
		buf[len(digits)-1-i] = d
	}
	// Reduction 2: round half up to precision digits.
	if n := len(buf); n > precision {
		first := n - precision
		if buf[first-1] < '5' {
			for first < n && buf[first] == '0' {
				first++
			}
			exp += first
			buf = buf[first:]
		} else {
			for i := first; i != n; i++ {
				if buf[i] == '9' {
					first++
				} else {
					buf[i]++
					break
				}
			}
			if first == n {
				exp += first
				buf = []byte{'1'}
			} else {
				exp += first
				buf = buf[first:]
			}
		}
	}
	n := len(buf)
	var scientific bool
	if maxPadding == 0 {
		scientific = true
	} else if exp >= 0 {
		scientific = exp > maxPadding || n+exp > precision
	} else if msd := exp + n - 1; msd >= 0 {
		scientific = false
	} else {
		scientific = -msd > maxPadding
	}
	if scientific {
		exp += n - 1
		out = append(out, buf[n-1], '.')
		if n == 1 && truncateZero {
			out = append(out, '0')
		} else {
			for i := 1; i != n; i++ {
				out = append(out, buf[n-1-i])
			}
		}
		if !truncateZero && precision > n-1 {
			for i := 0; i < precision-n+1; i++ {
				out = append(out, '0')
			}
		}
		if truncateZero {
			out = append(out, 'E')
		} else {
			out = append(out, 'e')
		}
		if exp >= 0 {
			out = append(out, '+')
		} else {
			out = append(out, '-')
			exp = -exp
		}
		ds := strconv.Itoa(exp)
		if !truncateZero && len(ds) < 2 {
			out = append(out, '0')
		}
		return string(append(out, ds...))
	}
	if exp >= 0 {
		for i := 0; i != n; i++ {
			out = append(out, buf[n-1-i])
		}
		for i := 0; i != exp; i++ {
			out = append(out, '0')
		}
		return string(out)
	}
	whole := exp + n
	i := 0
	if whole > 0 {
		for ; i != whole; i++ {
			out = append(out, buf[n-i-1])
		}
		out = append(out, '.')
	} else {
		out = append(out, '0', '.')
		for z := 0; z < -whole; z++ {
			out = append(out, '0')
		}
	}
	for ; i != n; i++ {
		out = append(out, buf[n-i-1])
	}
	return string(out)
}
