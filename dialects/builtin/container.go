package builtin

import (
	"encoding/binary"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// What the bytecode container asks of the builtin dialect
// (bytecode.Builtin): dictionaries, the unknown location, i32 arrays.

var _ bytecode.Builtin = Dialect

func (dialect) Dictionary(ctx *ir.Context, attrs []ir.NamedAttr) ir.Attribute {
	none := GetNoneType(ctx)
	entries := make([]NamedAttribute, len(attrs))
	for i, a := range attrs {
		entries[i] = NamedAttribute{Name: GetStringAttr(ctx, a.Name, none), Value: a.Value}
	}
	return GetDictionaryAttr(ctx, entries)
}

func (dialect) DictionaryLen(a ir.Attribute) (int, bool) {
	d, ok := a.(*DictionaryAttr)
	if !ok {
		return 0, false
	}
	return len(d.value), true
}

func (dialect) DictionaryEntry(a ir.Attribute, i int) ir.NamedAttr {
	e := a.(*DictionaryAttr).value[i]
	return ir.NamedAttr{Name: e.Name.Value(), Value: e.Value}
}

func (dialect) UnknownLoc(ctx *ir.Context) ir.Location { return GetUnknownLoc(ctx) }

func (dialect) Int32Array(ctx *ir.Context, v []int32) ir.Attribute {
	raw := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(raw[4*i:], uint32(x))
	}
	return GetDenseArrayAttr(ctx, GetIntegerType(ctx, 32, SignednessSignless), int64(len(v)), raw)
}

func (dialect) Int32ArrayValues(a ir.Attribute) ([]int32, bool) {
	d, ok := a.(*DenseArrayAttr)
	if !ok {
		return nil, false
	}
	t, ok := d.elementType.(*IntegerType)
	if !ok || t.Width() != 32 || int64(len(d.rawData)) != 4*d.size {
		return nil, false
	}
	out := make([]int32, d.size)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(d.rawData[4*i:]))
	}
	return out, true
}
