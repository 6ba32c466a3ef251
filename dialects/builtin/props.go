package builtin

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The native property forms (ODS Property<> arguments of ops) that
// generated dialects use: the attributes that stand for their values are
// builtin ones, as ODS's convertToAttribute makes them. See the property
// key of op attributes in docs/definitions.md.

// IntProp is a property written as a varint whose attribute is an
// IntegerAttr of bits bits (EnumProp, IntProp): 0 : i32. Readers reject
// values above max (0: any); an absent attribute writes dflt, or fails
// when the property has no default.
func IntProp(bits uint32, max, dflt uint64, hasDefault bool) bytecode.NativeProp {
	return intProp{bits: bits, max: max, dflt: dflt, hasDefault: hasDefault}
}

type intProp struct {
	bits            uint32
	max, dflt       uint64
	hasDefault      bool
	toAttr          func(*ir.Context, uint64) (ir.Attribute, error)
	fromAttr        func(ir.Attribute) (uint64, error)
	attrDescription string
}

func (p intProp) ReadProp(r *wire.Reader, ctx *ir.Context) (ir.Attribute, error) {
	at := r.Offset()
	v, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	if p.max != 0 && v > p.max {
		return nil, r.ErrorAt(at, fmt.Sprintf("a value up to %d", p.max), wire.ErrInvalid)
	}
	if p.toAttr != nil {
		a, err := p.toAttr(ctx, v)
		if err != nil {
			return nil, r.ErrorAt(at, "a property value", err)
		}
		return a, nil
	}
	return GetIntegerAttr(ctx, GetIntegerType(ctx, p.bits, SignednessSignless), ir.APIntFromUint64(p.bits, v)), nil
}

func (p intProp) AppendProp(b []byte, a ir.Attribute) ([]byte, error) {
	if a == nil {
		if !p.hasDefault {
			return b, fmt.Errorf("the property has no default and is not set")
		}
		return wire.AppendVarInt(b, p.dflt), nil
	}
	var v uint64
	if p.fromAttr != nil {
		var err error
		if v, err = p.fromAttr(a); err != nil {
			return b, err
		}
	} else {
		i, ok := a.(*IntegerAttr)
		if t, isInt := typeOf(i); !ok || !isInt || t.Width() != p.bits || i.Value().Width() > 64 {
			return b, fmt.Errorf("want an i%d IntegerAttr, not %v", p.bits, a)
		}
		v = i.Value().Uint64()
	}
	if p.max != 0 && v > p.max {
		return b, fmt.Errorf("value %d is above %d", v, p.max)
	}
	return wire.AppendVarInt(b, v), nil
}

func typeOf(i *IntegerAttr) (*IntegerType, bool) {
	if i == nil {
		return nil, false
	}
	t, ok := i.Type().(*IntegerType)
	return t, ok
}

// HookProp is a property written as a varint whose attribute the dialect
// converts by hand (a C++ convertToAttribute overload, such as LLVM 19's
// #llvm.overflow<…> for IntegerOverflowFlags).
func HookProp(toAttr func(*ir.Context, uint64) (ir.Attribute, error), fromAttr func(ir.Attribute) (uint64, error), max, dflt uint64, hasDefault bool) bytecode.NativeProp {
	return intProp{max: max, dflt: dflt, hasDefault: hasDefault, toAttr: toAttr, fromAttr: fromAttr}
}

// UnitProp is a property written as one byte whose attribute is UnitAttr
// when set and BoolAttr false when not (UnitProp); dflt is what an absent
// attribute writes.
func UnitProp(dflt bool) bytecode.NativeProp { return boolProp{unit: true, dflt: dflt} }

// BoolProp is a property written as one byte whose attribute is a BoolAttr
// (BoolProp).
func BoolProp(dflt bool) bytecode.NativeProp { return boolProp{dflt: dflt} }

type boolProp struct{ unit, dflt bool }

func (p boolProp) ReadProp(r *wire.Reader, ctx *ir.Context) (ir.Attribute, error) {
	at := r.Offset()
	c, err := r.Byte()
	if err != nil {
		return nil, err
	}
	if c > 1 {
		return nil, r.ErrorAt(at, "a bool byte (0 or 1)", wire.ErrInvalid)
	}
	if p.unit && c == 1 {
		return GetUnitAttr(ctx), nil
	}
	return GetBoolAttr(ctx, c == 1), nil
}

func (p boolProp) AppendProp(b []byte, a ir.Attribute) ([]byte, error) {
	v := p.dflt
	switch x := a.(type) {
	case nil:
	case *UnitAttr:
		if !p.unit {
			return b, fmt.Errorf("want a BoolAttr, not %v", a)
		}
		v = true
	case *IntegerAttr:
		t, ok := typeOf(x)
		if !ok || t.Width() != 1 {
			return b, fmt.Errorf("want a BoolAttr, not %v", a)
		}
		v = x.Value().Uint64() != 0
	default:
		return b, fmt.Errorf("want a BoolAttr or UnitAttr, not %v", a)
	}
	if v {
		return append(b, 1), nil
	}
	return append(b, 0), nil
}

// OptionalIntProp is a property written as a presence byte and, when
// present, a varint; its attribute is an ArrayAttr of no or one
// IntegerAttr of bits bits (OptionalProp of an integer: AlignmentProp is
// [] or [8]). An absent attribute writes "not present".
func OptionalIntProp(bits uint32) bytecode.NativeProp { return optionalIntProp{bits: bits} }

type optionalIntProp struct{ bits uint32 }

func (p optionalIntProp) ReadProp(r *wire.Reader, ctx *ir.Context) (ir.Attribute, error) {
	at := r.Offset()
	c, err := r.Byte()
	if err != nil {
		return nil, err
	}
	switch c {
	case 0:
		return GetArrayAttr(ctx, nil), nil
	case 1:
	default:
		return nil, r.ErrorAt(at, "a presence byte (0 or 1)", wire.ErrInvalid)
	}
	v, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	i := GetIntegerAttr(ctx, GetIntegerType(ctx, p.bits, SignednessSignless), ir.APIntFromUint64(p.bits, v))
	return GetArrayAttr(ctx, []ir.Attribute{i}), nil
}

func (p optionalIntProp) AppendProp(b []byte, a ir.Attribute) ([]byte, error) {
	if a == nil {
		return append(b, 0), nil
	}
	arr, ok := a.(*ArrayAttr)
	if !ok || len(arr.Value()) > 1 {
		return b, fmt.Errorf("want an ArrayAttr of no or one i%d IntegerAttr, not %v", p.bits, a)
	}
	if len(arr.Value()) == 0 {
		return append(b, 0), nil
	}
	i, ok := arr.Value()[0].(*IntegerAttr)
	if t, isInt := typeOf(i); !ok || !isInt || t.Width() != p.bits {
		return b, fmt.Errorf("want an ArrayAttr of no or one i%d IntegerAttr, not %v", p.bits, a)
	}
	return wire.AppendVarInt(append(b, 1), i.Value().Uint64()), nil
}

// EitherProp is prop, whose writer also takes the attributes of others:
// the forms the same property has in other releases (LLVM 19 keeps
// llvm.add's overflowFlags as #llvm.overflow<nsw>, 22 as 1 : i32, and
// both write the varint 1), so that an op read at one release writes at
// another. Reading is prop's.
func EitherProp(prop bytecode.NativeProp, others ...bytecode.NativeProp) bytecode.NativeProp {
	return eitherProp{prop, others}
}

type eitherProp struct {
	bytecode.NativeProp
	others []bytecode.NativeProp
}

func (p eitherProp) AppendProp(b []byte, a ir.Attribute) ([]byte, error) {
	out, err := p.NativeProp.AppendProp(b, a)
	if err == nil || a == nil {
		return out, err
	}
	for _, o := range p.others {
		if out, oerr := o.AppendProp(b, a); oerr == nil {
			return out, nil
		}
	}
	return b, err
}

// StructProp is a property of several unsigned integers, each written as a
// varint in order (a C++ struct with its own writeToMlirBytecode, such as
// the test dialect's VersionedProperties); its attribute is a
// DictionaryAttr of one IntegerAttr per field, by name. Each field is
// "name:bits" or "name:bits=default"; a field without a default must be
// set. Versions of a dialect that lack a field read and write the others
// (WithoutFields), and the field takes its default.
func StructProp(fields ...string) bytecode.NativeProp {
	p := structProp{}
	for _, f := range fields {
		name, rest, _ := strings.Cut(f, ":")
		bits, dflt, hasDefault := strings.Cut(rest, "=")
		sf := structField{name: name, hasDefault: hasDefault}
		b, err := strconv.ParseUint(bits, 10, 32)
		if err != nil || b < 1 || b > 64 {
			panic(fmt.Sprintf("builtin.StructProp: field %q: want name:bits or name:bits=default", f))
		}
		sf.bits = uint32(b)
		if hasDefault {
			if sf.dflt, err = strconv.ParseUint(dflt, 10, 64); err != nil {
				panic(fmt.Sprintf("builtin.StructProp: field %q: bad default", f))
			}
		}
		p.fields = append(p.fields, sf)
	}
	return p
}

type structField struct {
	name       string
	bits       uint32
	dflt       uint64
	hasDefault bool
	absent     bool // not on the wire at this version: always dflt
}

type structProp struct{ fields []structField }

// WithoutFields returns the form of a version that lacks the named fields:
// they are not on the wire and read as their defaults.
func (p structProp) WithoutFields(names ...string) bytecode.NativeProp {
	q := structProp{fields: append([]structField(nil), p.fields...)}
	for i := range q.fields {
		for _, n := range names {
			if q.fields[i].name == n {
				q.fields[i].absent = true
			}
		}
	}
	return q
}

func (p structProp) ReadProp(r *wire.Reader, ctx *ir.Context) (ir.Attribute, error) {
	entries := make([]NamedAttribute, len(p.fields))
	none := GetNoneType(ctx)
	for i, f := range p.fields {
		v := f.dflt
		if !f.absent {
			at := r.Offset()
			var err error
			if v, err = r.VarInt(); err != nil {
				return nil, err
			}
			if f.bits < 64 && v>>f.bits != 0 {
				return nil, r.ErrorAt(at, fmt.Sprintf("field %s in %d bits", f.name, f.bits), wire.ErrInvalid)
			}
		}
		entries[i] = NamedAttribute{Name: GetStringAttr(ctx, f.name, none),
			Value: GetIntegerAttr(ctx, GetIntegerType(ctx, f.bits, SignednessSignless), ir.APIntFromUint64(f.bits, v))}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name.Value() < entries[j].Name.Value() })
	return GetDictionaryAttr(ctx, entries), nil
}

func (p structProp) AppendProp(b []byte, a ir.Attribute) ([]byte, error) {
	var dict *DictionaryAttr
	if a != nil {
		var ok bool
		if dict, ok = a.(*DictionaryAttr); !ok {
			return b, fmt.Errorf("want a DictionaryAttr of the fields, not %v", a)
		}
	}
	for _, f := range p.fields {
		var v ir.Attribute
		if dict != nil {
			for _, e := range dict.Value() {
				if e.Name.Value() == f.name {
					v = e.Value
				}
			}
		}
		if f.absent {
			continue
		}
		if v == nil {
			if !f.hasDefault {
				return b, fmt.Errorf("field %s has no default and is not set", f.name)
			}
			b = wire.AppendVarInt(b, f.dflt)
			continue
		}
		i, ok := v.(*IntegerAttr)
		if t, isInt := typeOf(i); !ok || !isInt || t.Width() != f.bits || i.Value().Width() > 64 {
			return b, fmt.Errorf("field %s: want an i%d IntegerAttr, not %v", f.name, f.bits, v)
		}
		b = wire.AppendVarInt(b, i.Value().Uint64())
	}
	return b, nil
}
