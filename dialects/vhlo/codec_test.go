package vhlo_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// table numbers the attributes and types an entry refers to in the order
// it asks for them, and resolves them back for the reader.
type table struct {
	attrs []ir.Attribute
	types []ir.Type
	strs  []string
}

func (t *table) AttributeIndex(a ir.Attribute) (uint64, error) {
	for i, x := range t.attrs {
		if x == a {
			return uint64(i), nil
		}
	}
	t.attrs = append(t.attrs, a)
	return uint64(len(t.attrs) - 1), nil
}

func (t *table) TypeIndex(x ir.Type) (uint64, error) {
	for i, y := range t.types {
		if x == y {
			return uint64(i), nil
		}
	}
	t.types = append(t.types, x)
	return uint64(len(t.types) - 1), nil
}

func (t *table) StringIndex(s string) uint64 {
	for i, x := range t.strs {
		if x == s {
			return uint64(i)
		}
	}
	t.strs = append(t.strs, s)
	return uint64(len(t.strs) - 1)
}

func (t *table) ResourceIndex(ir.ResourceHandle) (uint64, error) {
	return 0, fmt.Errorf("no resources")
}

func (t *table) Attribute(i uint64) (ir.Attribute, error) {
	if i >= uint64(len(t.attrs)) {
		return nil, fmt.Errorf("no attribute %d", i)
	}
	return t.attrs[i], nil
}

func (t *table) Type(i uint64) (ir.Type, error) {
	if i >= uint64(len(t.types)) {
		return nil, fmt.Errorf("no type %d", i)
	}
	return t.types[i], nil
}

func (t *table) String(i uint64) (string, error) {
	if i >= uint64(len(t.strs)) {
		return "", fmt.Errorf("no string %d", i)
	}
	return t.strs[i], nil
}

func (t *table) Resource(uint64) (ir.ResourceHandle, error) {
	return ir.ResourceHandle{}, fmt.Errorf("no resources")
}

var target = bytecode.Target{Version: 6}

// encode encodes v (an attribute or a type) and decodes it back.
func encode(t *testing.T, ctx *ir.Context, v any) ([]byte, *table) {
	t.Helper()
	tab := &table{}
	var out []byte
	var err error
	switch v := v.(type) {
	case ir.Attribute:
		out, _, err = bytecode.EncodeAttribute(ctx, nil, tab, target, v)
	case ir.Type:
		out, _, err = bytecode.EncodeType(ctx, nil, tab, target, v)
	}
	if err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	back, err := decode(ctx, out, tab, v)
	if err != nil {
		t.Fatalf("%v: % x does not read back: %v", v, out, err)
	}
	if back != v {
		t.Errorf("%v: read back as %v", v, back)
	}
	return out, tab
}

func decode(ctx *ir.Context, data []byte, tab *table, like any) (any, error) {
	r := bytecode.NewEntryReader(ctx, wire.NewReader(data, 0, "AttrType"), tab, target)
	var got any
	var err error
	if _, ok := like.(ir.Type); ok {
		got, err = vhlo.Dialect.ReadType(r)
	} else {
		got, err = vhlo.Dialect.ReadAttribute(r)
	}
	if err == nil && !r.Empty() {
		err = fmt.Errorf("%d bytes left", len(r.Rest()))
	}
	return got, err
}

func newContext() *ir.Context { return ir.NewContext(builtin.Dialect, vhlo.Dialect) }

// The wire forms of VhloBytecode.cpp's writers, byte by byte.
func TestEncodings(t *testing.T) {
	ctx := newContext()
	f32 := vhlo.GetFloatF32V1Type(ctx)
	si8 := vhlo.GetIntegerSI8V1Type(ctx)
	str := vhlo.GetStringV1Attr(ctx, "x")
	enc := vhlo.GetTypeExtensionsV1Attr(ctx, []int64{4})
	dynamic := int64(math.MinInt64)
	one := math.Float64bits(1.0)
	svar := func(v int64) []byte { return wire.AppendSignedVarInt(nil, v) }
	for _, c := range []struct {
		v    any
		want []byte
	}{
		// code 20: shape (count, svarints), element type
		{vhlo.GetRankedTensorV1Type(ctx, []int64{2, dynamic}, f32, nil), bytes.Join([][]byte{{0x29, 0x05, 0x09}, svar(dynamic), {0x01}}, nil)},
		// code 21: the encoding first
		{vhlo.GetRankedTensorV1Type(ctx, []int64{2}, f32, enc), []byte{0x2b, 0x01, 0x03, 0x09, 0x01}},
		// code 30: flags, storage, expressed, dimension as a varint, min, max, scales, zero points
		{vhlo.GetUniformQuantizedPerAxisV1Type(ctx, 1, si8, f32, 2, []int64{int64(one)}, []int64{-1}, -128, 127),
			bytes.Join([][]byte{{0x3d, 0x03, 0x01, 0x03, 0x05}, svar(-128), svar(127), {0x03}, svar(int64(one)), {0x03, 0x03}}, nil)},
		// code 24: flags, storage, expressed, scale, zero point, min, max
		{vhlo.GetUniformQuantizedV1Type(ctx, 0, si8, f32, int64(one), 3, -128, 127),
			bytes.Join([][]byte{{0x31, 0x01, 0x01, 0x03}, svar(int64(one)), svar(3), svar(-128), svar(127)}, nil)},
		{vhlo.GetFloatF8E8M0FNUV1Type(ctx), []byte{0x51}},
		{vhlo.GetFutureV1Type(ctx, []ir.Type{f32, si8}), []byte{0x55, 0x05, 0x01, 0x03}},
		{vhlo.GetBooleanV1Attr(ctx, 1), []byte{0x05, 0x03}},
		// f32 1.0 is 0x3f800000, a signed varint of its 64-bit zero extension.
		{vhlo.GetFloatV1Attr(ctx, f32, ir.APIntFromUint64(32, 0x3f800000)), []byte{0x11, 0x01, 0x10, 0x00, 0x00, 0xe0, 0x0f}},
		// i8 -1: one byte
		{vhlo.GetIntegerV1Attr(ctx, si8, ir.APIntFromInt64(8, -1)), []byte{0x13, 0x01, 0xff}},
		{vhlo.GetComparisonDirectionV1Attr(ctx, vhlo.ComparisonDirectionV1Lt), []byte{0x07, 0x0b}},
		{vhlo.GetDictionaryV1Attr(ctx, []vhlo.DictionaryEntryV1{{Key: str, Value: enc}}), []byte{0x0d, 0x03, 0x01, 0x03}},
		{vhlo.GetAxisRefV1Attr(ctx, str, vhlo.GetSubAxisInfoV1Attr(ctx, 1, 2)), []byte{0x2d, 0x01, 0x03, 0x03}},
		{vhlo.GetAxisRefV1Attr(ctx, str, nil), []byte{0x2d, 0x01, 0x01}},
		{vhlo.GetMeshV1Attr(ctx, str, nil), []byte{0x33, 0x01, 0x01}},
		{vhlo.GetMeshV1Attr(ctx, str, enc), []byte{0x33, 0x01, 0x07}}, // present: index 1 << 1 | 1
		{vhlo.GetStringV1Attr(ctx, "abc"), []byte{0x1d, 0x01}},
		{vhlo.GetTensorV1Attr(ctx, vhlo.GetRankedTensorV1Type(ctx, []int64{2}, si8, nil), []byte{7, 9}), []byte{0x1f, 0x01, 0x05, 0x07, 0x09}},
		{vhlo.GetOutputOperandAliasV1Attr(ctx, []int64{0}, 1, nil), []byte{0x15, 0x03, 0x01, 0x05, 0x01}},
		{vhlo.GetResultAccuracyV1Attr(ctx, 0, 0, 0, vhlo.GetResultAccuracyModeV1Attr(ctx, vhlo.ResultAccuracyModeV1Default)), []byte{0x29, 0x01, 0x01, 0x01, 0x01}},
	} {
		got, _ := encode(t, ctx, c.v)
		if !bytes.Equal(got, c.want) {
			t.Errorf("%v:\n got % x\nwant % x", c.v, got, c.want)
		}
	}
}

// What VHLO's readers refuse, refused with the offset and what was expected.
func TestRefused(t *testing.T) {
	ctx := newContext()
	str := vhlo.GetStringV1Attr(ctx, "x")
	tab := &table{attrs: []ir.Attribute{str}, types: []ir.Type{vhlo.GetTokenV1Type(ctx)}}
	for _, c := range []struct {
		data []byte
		want string
	}{
		{[]byte{0x05, 0x05}, "a bool_v1 is 0 or 1, not 2"},
		{[]byte{0x07, 0x0d}, "ComparisonDirectionV1"},                       // EQ..LT are 0..5
		{[]byte{0x01}, "unknown code 0"},                                    // ArgResultAliasV1, retired
		{[]byte{0x2d, 0x01, 0x05}, "0 or 1 for whether a sub-axis follows"}, // AxisRef
		{[]byte{0x11, 0x01, 0x01}, "bit width"},                             // a float of token type
		{[]byte{0x35}, "unknown code 26"},
	} {
		_, err := decode(ctx, c.data, tab, ir.Attribute(nil))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("% x: %v, want an error containing %q", c.data, err, c.want)
		}
	}
	if _, err := decode(ctx, []byte{0x57}, tab, ir.Type(nil)); err == nil || !strings.Contains(err.Error(), "unknown code 43") {
		t.Errorf("type code 43: %v", err)
	}
}
