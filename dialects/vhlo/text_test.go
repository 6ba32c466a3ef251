package vhlo_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestText: each VHLO attribute and type prints as stablehlo-opt prints
// it (the texts are those its tests check, stablehlo/tests/vhlo), and the
// text reads back into the same value: the module writes the same bytes.
func TestText(t *testing.T) {
	ctx := newContext()
	f32, i32, i64 := vhlo.GetFloatF32V1Type(ctx), vhlo.GetIntegerSI32V1Type(ctx), vhlo.GetIntegerSI64V1Type(ctx)
	tensor := func(elem ir.Type, shape ...int64) ir.Type { return vhlo.GetRankedTensorV1Type(ctx, shape, elem, nil) }
	str := func(s string) ir.Attribute { return vhlo.GetStringV1Attr(ctx, s) }
	integer := func(t ir.Type, w uint32, v int64) ir.Attribute {
		return vhlo.GetIntegerV1Attr(ctx, t, ir.APIntFromInt64(w, v))
	}
	typ := func(t ir.Type) ir.Attribute { return vhlo.GetTypeV1Attr(ctx, t) }
	highest := vhlo.GetResultAccuracyModeV1Attr(ctx, vhlo.ResultAccuracyModeV1Highest)
	precision := vhlo.GetPrecisionV1Attr(ctx, vhlo.PrecisionV1Default)
	scale := int64(math.Float64bits(34))
	cases := []struct {
		value ir.Attribute
		want  string
	}{
		{vhlo.GetComparisonDirectionV1Attr(ctx, vhlo.ComparisonDirectionV1Eq), `#vhlo<comparison_direction_v1 EQ>`},
		{vhlo.GetDictionaryV1Attr(ctx, []vhlo.DictionaryEntryV1{{Key: str("attr1"), Value: integer(i32, 32, 1)}, {Key: str("attr2"), Value: integer(i32, 32, 2)}}),
			`#vhlo.dict_v1<{#vhlo.string_v1<"attr1"> = #vhlo.integer_v1<1 : i32>, #vhlo.string_v1<"attr2"> = #vhlo.integer_v1<2 : i32>}>`},
		{vhlo.GetDictionaryV1Attr(ctx, nil), `#vhlo.dict_v1<{}>`},
		{vhlo.GetResultAccuracyV1Attr(ctx, 0, 0, 0, highest),
			`#vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 HIGHEST>>`},
		{vhlo.GetArrayV1Attr(ctx, []ir.Attribute{precision, precision}), `#vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>`},
		{typ(vhlo.GetRankedTensorV1Type(ctx, []int64{asm.Dynamic, asm.Dynamic}, f32, vhlo.GetTypeExtensionsV1Attr(ctx, []int64{16, asm.Dynamic}))),
			`#vhlo.type_v1<!vhlo.tensor_v1<?x?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [16, ?]>>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetBooleanV1Type(ctx), 8), []byte{0x01}),
			`#vhlo.tensor_v1<dense<[true, false, false, false, false, false, false, false]> : tensor<8xi1>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetIndexV1Type(ctx), 0), nil), `#vhlo.tensor_v1<dense<> : tensor<0xindex>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(i64, 2, 1), []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}), `#vhlo.tensor_v1<dense<[[0], [1]]> : tensor<2x1xi64>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(f32), make([]byte, 4)), `#vhlo.tensor_v1<dense<0.000000e+00> : tensor<f32>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetIntegerUI8V1Type(ctx), 2), []byte{1, 255}), `#vhlo.tensor_v1<dense<[1, 255]> : tensor<2xui8>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetFloatTF32V1Type(ctx)), []byte{0x00, 0xfc, 0x01}), `#vhlo.tensor_v1<dense<1.000000e+00> : tensor<tf32>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetFloatF8E4M3FNV1Type(ctx), 2), []byte{0x38, 0x40}), `#vhlo.tensor_v1<dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>>`},
		{vhlo.GetTensorV1Attr(ctx, tensor(vhlo.GetComplexV1Type(ctx, f32)), make([]byte, 8)), `#vhlo.tensor_v1<dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>>`},
		{vhlo.GetFloatV1Attr(ctx, vhlo.GetFloatBF16V1Type(ctx), ir.APIntFromUint64(16, 0x3f80)), `#vhlo.float_v1<1.000000e+00 : !vhlo.bf16_v1>`},
		{integer(vhlo.GetIntegerUI32V1Type(ctx), 32, 7), `#vhlo.integer_v1<7 : ui32>`},
		{integer(vhlo.GetIndexV1Type(ctx), 64, 3), `#vhlo.integer_v1<3 : index>`},
		{integer(i64, 64, -1), `#vhlo.integer_v1<-1 : i64>`},
		{integer(vhlo.GetBooleanV1Type(ctx), 1, 1), `#vhlo.integer_v1<true>`},
		{vhlo.GetBooleanV1Attr(ctx, 0), `#vhlo.bool_v1<false>`},
		{vhlo.GetAxisRefV1Attr(ctx, str("x"), vhlo.GetSubAxisInfoV1Attr(ctx, 1, 2)),
			`#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 1, size = 2>>`},
		{vhlo.GetAxisRefV1Attr(ctx, str("y"), nil), `#vhlo.axis_ref_v1<name = #vhlo.string_v1<"y">>`},
		{typ(vhlo.GetFunctionV1Type(ctx, []ir.Type{tensor(f32)}, []ir.Type{tensor(f32)})),
			`#vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>>>`},
		{typ(vhlo.GetFunctionV1Type(ctx, nil, []ir.Type{vhlo.GetFutureV1Type(ctx, []ir.Type{tensor(f32), tensor(i32)})})),
			`#vhlo.type_v1<!vhlo.func_v1<(()) -> !vhlo.future_v1<!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>>>>`},
		{str("\x08\x03\x1a\x02"), `#vhlo.string_v1<"\08\03\1A\02">`},
		{vhlo.GetOutputOperandAliasV1Attr(ctx, nil, 0, nil), `#vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = []>`},
		{vhlo.GetFloatV1Attr(ctx, f32, ir.APIntFromUint64(32, uint64(math.Float32bits(1e-3)))), `#vhlo.float_v1<1.000000e-03 : !vhlo.f32_v1>`},
		{typ(vhlo.GetUniformQuantizedV1Type(ctx, 1, vhlo.GetIntegerSI8V1Type(ctx), f32, scale, 16, -128, 127)),
			`#vhlo.type_v1<!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+01:16, -128:127, 1>>`},
		{typ(vhlo.GetUniformQuantizedPerAxisV1Type(ctx, 1, vhlo.GetIntegerSI8V1Type(ctx), f32, 0, []int64{scale, scale}, []int64{16, 16}, -128, 127)),
			`#vhlo.type_v1<!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 0, [3.400000e+01, 3.400000e+01], [16, 16], -128:127, 1>>`},
		{typ(vhlo.GetTupleV1Type(ctx, []ir.Type{tensor(f32), tensor(i32)})), `#vhlo.type_v1<!vhlo.tuple_v1<!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i32_v1>>>`},
		{typ(vhlo.GetComplexV1Type(ctx, f32)), `#vhlo.type_v1<!vhlo.complex_v1<!vhlo.f32_v1>>`},
		{typ(vhlo.GetRankedBufferV1Type(ctx, []int64{2}, f32)), `#vhlo.type_v1<!vhlo.buffer_v1<2x!vhlo.f32_v1>>`},
		{typ(vhlo.GetUnrankedTensorV1Type(ctx, f32)), `#vhlo.type_v1<!vhlo.unranked_tensor_v1<!vhlo.f32_v1>>`},
		{typ(vhlo.GetFloatTF32V1Type(ctx)), `#vhlo.type_v1<!vhlo.tf31_v1>`},
		{typ(vhlo.GetTokenV1Type(ctx)), `#vhlo.type_v1<!vhlo.token_v1>`},
	}
	for _, c := range cases {
		module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), builtin.GetUnknownLoc(ctx), nil, nil)
		module.Op().SetAttr("a", c.value)
		m := &mlirbc.Module{Op: module.Op()}
		var out bytes.Buffer
		if err := mlirtext.Print(&out, m, mlirtext.Options{NoDebugInfo: true}); err != nil {
			t.Errorf("%s: %v", c.want, err)
			continue
		}
		if !strings.Contains(out.String(), "{a = "+c.want+"}") {
			t.Errorf("printed\n%s\nwant a = %s", out.String(), c.want)
			continue
		}
		want, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.20.0"})
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		// Read back as printed with its locations, which the text
		// otherwise takes from where it is read.
		out.Reset()
		if err := mlirtext.Print(&out, m, mlirtext.Options{}); err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		ctx2 := newContext()
		back, err := mlirtext.ParseString(ctx2, out.String(), mlirtext.ParseOptions{})
		if err != nil {
			t.Errorf("%s read back: %v", c.want, err)
			continue
		}
		if got, err := mlirbc.Append(nil, ctx2, back, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.20.0"}); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s read back: %v\n got % x\nwant % x", c.want, err, got, want)
		}
	}
}

// TestPrintAtFileVersion: an artifact's ops print at the version of the
// file, as stablehlo-opt shows it, though the reader upgraded them; and
// the module is as read afterwards.
func TestPrintAtFileVersion(t *testing.T) {
	ctx := newContext()
	last, _ := vhlo.ParseVersion("0.19.0")
	data, err := write(ctx, withOp(ctx, "dynamic_conv_v1"), last)
	if err != nil {
		t.Fatal(err)
	}
	ctx2 := newContext()
	m, err := mlirbc.Read(ctx2, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := mlirtext.Print(&out, m, mlirtext.Options{}); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, `"vhlo.dynamic_conv_v1"`) || !strings.Contains(s, "padding = #vhlo.tensor_v1<dense<0> : tensor<2x2xi64>>") {
		t.Errorf("printed at 0.19.0:\n%s", s)
	}
	if got := opNames(m); got != "dynamic_conv_v2" {
		t.Errorf("after printing, the module holds %s", got)
	}
}
