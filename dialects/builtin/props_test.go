package builtin

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Each native property form reads its wire bytes into the attribute ODS's
// convertToAttribute makes, and writes that attribute (or, absent, the
// default) back to the same bytes.
func TestNativeProps(t *testing.T) {
	ctx := ir.NewContext(Dialect)
	i32 := func(v uint64) ir.Attribute {
		return GetIntegerAttr(ctx, GetIntType(ctx, 32), ir.APIntFromUint64(32, v))
	}
	i64 := func(v uint64) ir.Attribute {
		return GetIntegerAttr(ctx, GetIntType(ctx, 64), ir.APIntFromUint64(64, v))
	}
	for _, tc := range []struct {
		name string
		prop bytecode.NativeProp
		wire []byte
		attr ir.Attribute
	}{
		{"int", IntProp(32, 0xffffffff, 0, true), []byte{0x07}, i32(3)},
		{"int large", IntProp(32, 0xffffffff, 0, true), []byte{0x02, 0x02}, i32(128)},
		{"unit set", UnitProp(false), []byte{1}, GetUnitAttr(ctx)},
		{"unit unset", UnitProp(false), []byte{0}, GetBoolAttr(ctx, false)},
		{"bool", BoolProp(false), []byte{1}, GetBoolAttr(ctx, true)},
		{"optional absent", OptionalIntProp(64), []byte{0}, GetArrayAttr(ctx, nil)},
		{"optional 8", OptionalIntProp(64), []byte{1, 0x11}, GetArrayAttr(ctx, []ir.Attribute{i64(8)})},
	} {
		r := wire.NewReader(tc.wire, 0, "Properties")
		a, err := tc.prop.ReadProp(r, ctx)
		if err != nil || a != tc.attr || !r.Empty() {
			t.Errorf("%s: read %v (%v), want %v", tc.name, a, err, tc.attr)
		}
		b, err := tc.prop.AppendProp(nil, tc.attr)
		if err != nil || !bytes.Equal(b, tc.wire) {
			t.Errorf("%s: wrote % x (%v), want % x", tc.name, b, err, tc.wire)
		}
	}
	// Absent attributes write the default.
	for _, tc := range []struct {
		prop bytecode.NativeProp
		want []byte
	}{
		{IntProp(32, 0, 5, true), []byte{0x0b}},
		{UnitProp(false), []byte{0}},
		{BoolProp(true), []byte{1}},
		{OptionalIntProp(64), []byte{0}},
	} {
		if b, err := tc.prop.AppendProp(nil, nil); err != nil || !bytes.Equal(b, tc.want) {
			t.Errorf("default of %#v: % x (%v), want % x", tc.prop, b, err, tc.want)
		}
	}
	// What does not fit is an error, reading and writing.
	if _, err := IntProp(8, 0xff, 0, true).ReadProp(wire.NewReader([]byte{0x02, 0x04}, 0, "Properties"), ctx); err == nil {
		t.Error("IntProp read 256 with max 255")
	}
	if _, err := UnitProp(false).ReadProp(wire.NewReader([]byte{2}, 0, "Properties"), ctx); err == nil {
		t.Error("UnitProp read 2")
	}
	if _, err := IntProp(32, 0, 0, false).AppendProp(nil, nil); err == nil {
		t.Error("IntProp without default wrote an absent value")
	}
	if _, err := IntProp(32, 0, 0, true).AppendProp(nil, i64(1)); err == nil {
		t.Error("IntProp(32) wrote an i64")
	}
	if _, err := OptionalIntProp(64).AppendProp(nil, i32(1)); err == nil {
		t.Error("OptionalIntProp wrote a bare integer")
	}
	if _, err := BoolProp(false).AppendProp(nil, GetUnitAttr(ctx)); err == nil {
		t.Error("BoolProp wrote a UnitAttr")
	}
	hook := HookProp(func(ctx *ir.Context, v uint64) (ir.Attribute, error) {
		return ir.GetTextAttr(ctx, "x", "#x<"+string(rune('0'+v))+">"), nil
	},
		func(a ir.Attribute) (uint64, error) {
			t, ok := a.(*ir.TextAttr)
			if !ok {
				return 0, fmt.Errorf("not #x<…>: %v", a)
			}
			return uint64(t.Text()[3] - '0'), nil
		}, 9, 0, false)
	a, err := hook.ReadProp(wire.NewReader([]byte{0x0b}, 0, "Properties"), ctx)
	if err != nil || a != ir.GetTextAttr(ctx, "x", "#x<5>") {
		t.Fatalf("hook read %v (%v)", a, err)
	}
	if b, err := hook.AppendProp(nil, a); err != nil || !bytes.Equal(b, []byte{0x0b}) {
		t.Errorf("hook wrote % x (%v)", b, err)
	}
	// A form that also takes another release's attributes.
	either := EitherProp(IntProp(32, 0, 0, true), hook)
	if b, err := either.AppendProp(nil, a); err != nil || !bytes.Equal(b, []byte{0x0b}) {
		t.Errorf("either wrote % x (%v) for the hook's attribute", b, err)
	}
	if b, err := either.AppendProp(nil, i32(5)); err != nil || !bytes.Equal(b, []byte{0x0b}) {
		t.Errorf("either wrote % x (%v) for its own attribute", b, err)
	}
	if _, err := either.AppendProp(nil, GetUnitAttr(ctx)); err == nil {
		t.Error("either wrote a UnitAttr")
	}
}
