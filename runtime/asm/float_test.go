package asm

import (
	"math"
	"testing"
)

// The oracle values of the spec (MLIR 22's printFloatValue).
func TestAppendFloat(t *testing.T) {
	f64 := func(f float64) uint64 { return math.Float64bits(f) }
	f32 := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
	for _, c := range []struct {
		s    *FloatSemantics
		bits uint64
		want string
	}{
		{Float64, f64(1.5), "1.500000e+00"},
		{Float32, f32(0.1), "1.000000e-01"},
		{Float64, f64(1e-7), "9.9999999999999995E-8"},
		{Float64, f64(0.1234567890123), "0.12345678901230001"},
		{Float64, f64(12345678.9), "12345678.9"},
		{Float64, f64(1.2345678901234567e30), "1.2345678901234567E+30"},
		{Float64, f64(123456789.0), "0x419D6F3454000000"},
		{Float64, f64(9999999.0), "0x416312CFE0000000"},
		{Float32, f32(16777216.0), "0x4B800000"},
		{Float32, f32(1e8), "1.000000e+08"},
		{Float32, f32(1e-45), "1.401300e-45"},
		{Float16, 0x0001, "5.960460e-08"},
		{BFloat16, 0x4049, "3.140630e+00"},
		{Float16, 0x3554, "3.330080e-01"},
		{Float8E4M3FN, 0x7E, "4.480000e+02"},
		{Float4E2M1FN, 0x1, "5.000000e-01"},
		{Float4E2M1FN, 0x7, "6.000000e+00"},
		// A 4-bit float stored in a byte: the high bits are not its value.
		{Float4E2M1FN, 0x31, "5.000000e-01"},
		{Float64, f64(math.Copysign(0, -1)), "-0.000000e+00"},
		{Float16, 0x7C00, "0x7C00"},
		{Float8E4M3FN, 0x7F, "0x7F"},
		{Float8E8M0FNU, 0xFF, "0xFF"},
		{Float32, 0xFF800000, "0xFF800000"},
		{Float32, 0x7FC00000, "0x7FC00000"},
	} {
		if got := string(AppendFloat(nil, c.s, c.bits)); got != c.want {
			t.Errorf("%s 0x%X: got %s, want %s", c.s.Name, c.bits, got, c.want)
		}
	}
}

func TestFromRat(t *testing.T) {
	for _, c := range []struct {
		s    *FloatSemantics
		lit  string
		want uint64
	}{
		{Float16, "70000.0", 0x7C00},
		{Float16, "1.0", 0x3C00},
		{Float8E4M3FN, "448.0", 0x7E},
		{Float8E4M3FN, "480.0", 0x7F},
		{Float4E2M1FN, "6.0", 0x7},
		{Float4E2M1FN, "100.0", 0x7},
		{Float32, "-0.0", 0x80000000},
		{Float16, "5.960460e-08", 0x0001},
		{Float8E8M0FNU, "1.0", 0x7F},
	} {
		got, ok := c.s.ParseDecimal(c.lit)
		if !ok || got != c.want {
			t.Errorf("%s %s: got 0x%X, want 0x%X", c.s.Name, c.lit, got, c.want)
		}
	}
}
