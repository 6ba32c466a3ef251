package builtin

import (
	"fmt"
	"math"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestString checks that builtin values print in MLIR's syntax through
// String and %v.
func TestString(t *testing.T) {
	ctx := ir.NewContext(Dialect)
	i32, f32 := GetIntegerType(ctx, 32, SignednessSignless), GetFloat32Type(ctx)
	dyn := int64(math.MinInt64)
	file := GetFileLineColLoc(ctx, "in.mlir", 3, 7)
	for _, tc := range []struct {
		v    any
		want string
	}{
		{i32, "i32"},
		{GetIntegerType(ctx, 8, SignednessUnsigned), "ui8"},
		{GetIndexType(ctx), "index"},
		{GetRankedTensorType(ctx, []int64{2, dyn}, f32, nil), "tensor<2x?xf32>"},
		{GetUnrankedTensorType(ctx, f32), "tensor<*xf32>"},
		{GetVectorType(ctx, []int64{4, 8}, f32, []bool{false, true}), "vector<4x[8]xf32>"},
		{GetFunctionType(ctx, []ir.Type{i32, f32}, []ir.Type{i32}), "(i32, f32) -> i32"},
		{GetFunctionType(ctx, nil, nil), "() -> ()"},
		{GetTupleType(ctx, []ir.Type{i32, GetComplexType(ctx, f32)}), "tuple<i32, complex<f32>>"},
		{GetIntegerAttr(ctx, i32, ir.APIntFromInt64(32, -5)), "-5 : i32"},
		{GetBoolAttr(ctx, true), "true"},
		{GetFloatAttr(ctx, f32, ir.APIntFromUint64(32, uint64(math.Float32bits(1.5)))), "1.5e+00 : f32"},
		{GetStringAttr(ctx, "hi", nil), `"hi"`},
		{GetArrayAttr(ctx, []ir.Attribute{GetUnitAttr(ctx), GetTypeAttr(ctx, i32)}), "[unit, i32]"},
		{GetDictionaryAttr(ctx, []NamedAttribute{{Name: GetStringAttr(ctx, "a", nil), Value: GetUnitAttr(ctx)}}), "{a}"},
		{GetDenseArrayAttr(ctx, i32, 2, []byte{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff}), "array<i32: 1, -2>"},
		{file, `loc("in.mlir":3:7)`},
		{GetNameLoc(ctx, GetStringAttr(ctx, "x", nil), file), `loc("x"("in.mlir":3:7))`},
		{GetCallSiteLoc(ctx, file, GetUnknownLoc(ctx)), `loc(callsite("in.mlir":3:7 at unknown))`},
		{GetStringAttr(ctx, "a\"b\n", nil), `"a\22b\0A"`},
		{GetFileLineColLoc(ctx, "a\tb.mlir", 1, 2), `loc("a\09b.mlir":1:2)`},
		{GetSymbolRefAttr(ctx, GetStringAttr(ctx, "outer", nil), []*SymbolRefAttr{GetSymbolRefAttr(ctx, GetStringAttr(ctx, "in ner", nil), nil)}), `@outer::@"in ner"`},
	} {
		if got := fmt.Sprint(tc.v); got != tc.want {
			t.Errorf("%T prints %s, want %s", tc.v, got, tc.want)
		}
	}
	op := BuildUnrealizedConversionCastOp(ir.NewBuilder(ctx, nil), file, []ir.Type{f32}, nil)
	if got, want := op.String(), `"builtin.unrealized_conversion_cast"() : () -> f32`; got != want {
		t.Errorf("op prints %s, want %s", got, want)
	}
}
