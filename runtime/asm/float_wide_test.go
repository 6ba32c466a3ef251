package asm

import (
	"math/big"
	"testing"
)

// TestWideFloats: f80 and f128 print as mlir-opt prints them (values from
// mlir-opt 22 on testdata/mlir/attrs_all.mlir and attrs_19.mlir) and their
// decimal forms read back to the same bits.
func TestWideFloats(t *testing.T) {
	for _, c := range []struct {
		s    *FloatSemantics
		hex  string
		want string
	}{
		{Float128, "40004000000000000000000000000000", "2.500000e+00"},
		{Float128, "4000921FB54442D18000000000000000", "3.14159265358979311599796346854418516"},
		{Float128, "80000000000000000000000000000000", "-0.000000e+00"},
		{Float128, "7FFF0000000000000000000000000000", "0x7FFF0000000000000000000000000000"},
		{Float128, "7FFF8000000000000000000000000000", "0x7FFF8000000000000000000000000000"},
		{Float80, "3FFFC000000000000000", "1.500000e+00"},
		{Float80, "80000000000000000000", "-0.000000e+00"},
		{Float80, "7FFF8000000000000000", "0x7FFF8000000000000000"},
	} {
		bits, _ := new(big.Int).SetString(c.hex, 16)
		got := string(AppendFloatBig(nil, c.s, bits))
		if got != c.want {
			t.Errorf("%s 0x%s: got %s, want %s", c.s.Name, c.hex, got, c.want)
			continue
		}
		if got[0] == '0' && len(got) > 1 && got[1] == 'x' {
			continue
		}
		back, ok := c.s.ParseDecimalBig(got)
		if !ok || back.Cmp(bits) != 0 {
			t.Errorf("%s %s reads back as %x, want %s", c.s.Name, got, back, c.hex)
		}
	}
	if inf := Float80.InfBig(true); inf.Text(16) != "ffff8000000000000000" {
		t.Errorf("-inf f80: %x", inf)
	}
}

// TestNegativeZeroNaN: the FNUZ formats' NaN is the negative zero pattern,
// and they have no negative zero.
func TestNegativeZeroNaN(t *testing.T) {
	for _, s := range []*FloatSemantics{Float8E5M2FNUZ, Float8E4M3FNUZ, Float8E4M3B11FNUZ} {
		if got := string(AppendFloat(nil, s, 0x80)); got != "0x80" {
			t.Errorf("%s 0x80 prints %s", s.Name, got)
		}
		if b, _ := s.ParseDecimal("-0.0"); b != 0 {
			t.Errorf("%s -0.0 reads as 0x%X, want 0", s.Name, b)
		}
		if b := s.FromRat(big.NewRat(1, 1)); string(AppendFloat(nil, s, b)) != "1.000000e+00" {
			t.Errorf("%s 1.0 prints %s", s.Name, AppendFloat(nil, s, b))
		}
	}
}
