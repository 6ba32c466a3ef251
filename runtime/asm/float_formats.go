package asm

// The small float formats of LLVM 19 and 22 beyond those of Tile IR.
var (
	Float8E4M3        = &FloatSemantics{Name: "f8E4M3", Bits: 8, Precision: 4, Bias: 7, MaxExp: 7}
	Float8E3M4        = &FloatSemantics{Name: "f8E3M4", Bits: 8, Precision: 5, Bias: 3, MaxExp: 3}
	Float8E5M2FNUZ    = &FloatSemantics{Name: "f8E5M2FNUZ", Bits: 8, Precision: 3, Bias: 16, MaxExp: 15, NonFinite: NegativeZeroNaN}
	Float8E4M3FNUZ    = &FloatSemantics{Name: "f8E4M3FNUZ", Bits: 8, Precision: 4, Bias: 8, MaxExp: 7, NonFinite: NegativeZeroNaN}
	Float8E4M3B11FNUZ = &FloatSemantics{Name: "f8E4M3B11FNUZ", Bits: 8, Precision: 4, Bias: 11, MaxExp: 4, NonFinite: NegativeZeroNaN}
	Float6E2M3FN      = &FloatSemantics{Name: "f6E2M3FN", Bits: 6, Precision: 4, Bias: 1, MaxExp: 2, NonFinite: FiniteOnly}
	Float6E3M2FN      = &FloatSemantics{Name: "f6E3M2FN", Bits: 6, Precision: 3, Bias: 3, MaxExp: 4, NonFinite: FiniteOnly}
)

// FloatFormats lists every format by its MLIR type name.
var FloatFormats = map[string]*FloatSemantics{}

func init() {
	for _, s := range []*FloatSemantics{
		Float64, Float32, Float16, BFloat16, TFloat32, Float8E5M2, Float8E4M3FN,
		Float8E8M0FNU, Float4E2M1FN, Float8E4M3, Float8E3M4, Float8E5M2FNUZ,
		Float8E4M3FNUZ, Float8E4M3B11FNUZ, Float6E2M3FN, Float6E3M2FN,
	} {
		FloatFormats[s.Name] = s
	}
}
