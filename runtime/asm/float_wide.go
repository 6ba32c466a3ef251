package asm

import (
	"math/big"
	"strings"
)

// Formats wider than 64 bits: their bit patterns are big.Ints.
var (
	// Float80 is x87's extended format, whose significand stores its
	// integer bit.
	Float80  = &FloatSemantics{Name: "f80", Bits: 80, Precision: 64, Bias: 16383, MaxExp: 16383, ExplicitInt: true}
	Float128 = &FloatSemantics{Name: "f128", Bits: 128, Precision: 113, Bias: 16383, MaxExp: 16383}
)

func init() {
	FloatFormats[Float80.Name] = Float80
	FloatFormats[Float128.Name] = Float128
}

// fieldBits is the width of the stored significand field.
func (s *FloatSemantics) fieldBits() int {
	if s.ExplicitInt {
		return s.Precision
	}
	return s.Precision - 1
}

// decodeBig is decode for bit patterns of any width (IEEE formats).
func (s *FloatSemantics) decodeBig(b *big.Int) (neg bool, c floatClass, m *big.Int, e int) {
	fb := s.fieldBits()
	expBits := s.Bits - 1 - fb
	neg = b.Bit(s.Bits-1) == 1
	one := big.NewInt(1)
	mant := new(big.Int).And(b, new(big.Int).Sub(new(big.Int).Lsh(one, uint(fb)), one))
	exp := int(new(big.Int).Rsh(b, uint(fb)).Int64()) & (1<<expBits - 1)
	mb := s.Precision - 1
	if exp == 1<<expBits-1 {
		frac := new(big.Int).SetBit(new(big.Int).Set(mant), mb, 0) // without an explicit integer bit
		if frac.Sign() == 0 {
			return neg, fcInf, nil, 0
		}
		return neg, fcNaN, nil, 0
	}
	if exp == 0 {
		if mant.Sign() == 0 {
			return neg, fcZero, nil, 0
		}
		return neg, fcNormal, mant, 1 - s.Bias - mb
	}
	if !s.ExplicitInt {
		mant.SetBit(mant, mb, 1)
	}
	return neg, fcNormal, mant, exp - s.Bias - mb
}

// FromRatBig rounds r to a wide format, ties to even (IEEE formats).
func (s *FloatSemantics) FromRatBig(r *big.Rat) *big.Int {
	fb := s.fieldBits()
	expBits := s.Bits - 1 - fb
	mb := s.Precision - 1
	out := new(big.Int)
	if r.Sign() < 0 {
		out.SetBit(out, s.Bits-1, 1)
	}
	if r.Sign() == 0 {
		return out
	}
	a := new(big.Rat).Abs(r)
	num, den := a.Num(), a.Denom()
	e2 := num.BitLen() - den.BitLen()
	if cmpPow2(num, den, e2) < 0 {
		e2--
	}
	q := max(e2-mb, 1-s.Bias-mb)
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
	if m.BitLen() > s.Precision {
		m.Rsh(m, 1)
		q++
	}
	exp := 0
	if m.BitLen() == s.Precision {
		exp = q + mb + s.Bias
	}
	if exp >= 1<<expBits-1 { // overflow: infinity
		exp, m = 1<<expBits-1, new(big.Int)
		if s.ExplicitInt {
			m.SetBit(m, mb, 1)
		}
	}
	if !s.ExplicitInt {
		m.SetBit(m, mb, 0)
	}
	out.Or(out, m)
	return out.Or(out, new(big.Int).Lsh(big.NewInt(int64(exp)), uint(fb)))
}

// AppendFloatBig is AppendFloat for a bit pattern of any width: f80 and
// f128 values.
func AppendFloatBig(b []byte, s *FloatSemantics, bits *big.Int) []byte {
	if s.Bits <= 64 {
		return AppendFloat(b, s, bits.Uint64())
	}
	neg, c, m, e := s.decodeBig(bits)
	if c != fcInf && c != fcNaN {
		str := toStringBig(s, neg, c, m, e, 6, 0, false)
		r, ok := new(big.Rat).SetString(str)
		back := new(big.Int)
		if ok {
			back = s.FromRatBig(r)
			if neg && r.Sign() == 0 {
				back.SetBit(back, s.Bits-1, 1)
			}
		}
		if ok && back.Cmp(bits) == 0 {
			return append(b, str...)
		}
		str = toStringBig(s, neg, c, m, e, 0, 3, true)
		if strings.Contains(str, ".") {
			return append(b, str...)
		}
	}
	b = append(b, "0x"...)
	return append(b, strings.ToUpper(bits.Text(16))...)
}

// ParseDecimalBig rounds a decimal literal to a format of any width, ties
// to even (IEEE formats); ok is false for text that is not a number.
func (s *FloatSemantics) ParseDecimalBig(lit string) (*big.Int, bool) {
	if s.Bits <= 64 {
		b, ok := s.ParseDecimal(lit)
		return new(big.Int).SetUint64(b), ok
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return nil, false
	}
	b := s.FromRatBig(r)
	if r.Sign() == 0 && strings.HasPrefix(strings.TrimSpace(lit), "-") {
		b.SetBit(b, s.Bits-1, 1)
	}
	return b, true
}

// InfBig is the pattern of an infinity of a wide IEEE format.
func (s *FloatSemantics) InfBig(neg bool) *big.Int {
	fb := s.fieldBits()
	expBits := s.Bits - 1 - fb
	b := new(big.Int).Lsh(big.NewInt(int64(1<<expBits-1)), uint(fb))
	if s.ExplicitInt {
		b.SetBit(b, s.Precision-1, 1)
	}
	if neg {
		b.SetBit(b, s.Bits-1, 1)
	}
	return b
}
