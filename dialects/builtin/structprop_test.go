package builtin

import (
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func TestStructProp(t *testing.T) {
	ctx := ir.NewContext(Dialect)
	p := StructProp("value1:32=0", "value2:8=7")
	a, err := p.ReadProp(wire.NewReader([]byte{0x11, 0x13}, 0, "Properties"), ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.(*DictionaryAttr).String(); got != "{value1 = 8 : i32, value2 = 9 : i8}" {
		t.Errorf("read %s", got)
	}
	if b, err := p.AppendProp(nil, a); err != nil || string(b) != "\x11\x13" {
		t.Errorf("write % x, %v", b, err)
	}
	// Absent: the defaults.
	if b, err := p.AppendProp(nil, nil); err != nil || string(b) != "\x01\x0f" {
		t.Errorf("write absent % x, %v", b, err)
	}
	// A version without value2 reads value1 only, value2 at its default,
	// and writes value1 only.
	old := p.(bytecode.FieldedProp).WithoutFields("value2")
	a, err = old.ReadProp(wire.NewReader([]byte{0x11, 0x13}, 0, "Properties"), ctx)
	if err != nil || a.(*DictionaryAttr).String() != "{value1 = 8 : i32, value2 = 7 : i8}" {
		t.Errorf("read at the old version: %v, %v", a, err)
	}
	if b, err := old.AppendProp(nil, a); err != nil || string(b) != "\x11" {
		t.Errorf("write at the old version % x, %v", b, err)
	}
	// Out of range, wrong attributes, a field without default unset.
	if _, err := p.ReadProp(wire.NewReader([]byte{0x11, 0x02, 0x04}, 0, "Properties"), ctx); err == nil {
		t.Error("value2 of 256 in 8 bits read")
	}
	if _, err := p.AppendProp(nil, GetBoolAttr(ctx, true)); err == nil {
		t.Error("a BoolAttr written as the struct")
	}
	if _, err := StructProp("x:4").AppendProp(nil, nil); err == nil {
		t.Error("a field without default written unset")
	}
}
