package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Parameter values are held as:
//
//	Attribute, Location     ir.Attribute (nil when absent)
//	Type                    ir.Type
//	string                  string
//	bool                    bool
//	int64, int32            int64
//	uint64, uint32, enums   uint64
//	APInt, APFloat          ir.APInt
//	bytes                   []byte
//	Resource                ir.ResourceHandle
//	[T], structs            []any (a struct's params in order)

// value is what attribute and type values of an interpreted definition
// hold.
type value struct {
	in     *Dialect
	ctx    *ir.Context // where it is uniqued, for the compiled values of hooks
	def    *defs.Def
	params []any
}

// Def is the value's definition.
func (v *value) Def() *defs.Def { return v.def }

// Params returns the parameters in definition order (shared: do not
// modify).
func (v *value) Params() []any { return v.params }

// Param returns the named parameter, or nil.
func (v *value) Param(name string) any {
	for i, p := range v.def.Params {
		if p.Name == name {
			return v.params[i]
		}
	}
	return nil
}

// Attr is an attribute of an interpreted definition.
type Attr struct {
	ir.Base
	value
}

func (a *Attr) Dialect() string { return a.in.d.Name }
func (a *Attr) Kind() string    { return a.def.Name }
func (a *Attr) String() string {
	if s, ok := a.in.hookString(&a.value); ok {
		return s
	}
	if s, ok := a.in.asm.PrintAttribute(a); ok && a.in.hasText[a.def] {
		return s
	}
	return a.text("#")
}

// LocAttr is an attribute of a definition with the Location trait.
type LocAttr struct{ Attr }

// LocationAttr marks the attribute as a location.
func (*LocAttr) LocationAttr() {}

// Type is a type of an interpreted definition.
type Type struct {
	ir.TypeBase
	value
}

func (t *Type) Dialect() string { return t.in.d.Name }
func (t *Type) Kind() string    { return t.def.Name }
func (t *Type) String() string {
	if s, ok := t.in.hookString(&t.value); ok {
		return s
	}
	if s, ok := t.in.asm.PrintType(t); ok && t.in.hasText[t.def] {
		return s
	}
	return t.text("!")
}

// WidthType is a type of a definition with a bit_width.
type WidthType struct{ Type }

// BitWidth is the width in bits of the type's values.
func (t *WidthType) BitWidth() uint32 {
	if p := t.Param(t.def.BitWidth); p != nil {
		switch w := p.(type) {
		case uint64:
			return uint32(w)
		case int64:
			return uint32(w)
		}
	}
	var n uint32
	fmt.Sscan(t.def.BitWidth, &n)
	return n
}

// text is what the generated String returns: the keyword of a keyword
// definition, else #dialect.Name<param = value, …>.
func (v *value) text(sigil string) string {
	if t := v.def.Text; t != nil && t.Keyword != "" {
		return t.Keyword
	}
	name := sigil + v.in.d.Name + "." + v.def.Name
	if len(v.def.Params) == 0 {
		return name
	}
	parts := make([]string, len(v.def.Params))
	for i, p := range v.def.Params {
		var s string
		switch p.Type.Kind {
		case defs.RefBytes:
			s = fmt.Sprintf("%x", v.params[i])
		case defs.RefString:
			s = fmt.Sprintf("%q", v.params[i])
		default:
			s = v.in.format(p.Type, v.params[i])
		}
		parts[i] = p.Name + " = " + s
	}
	return name + "<" + strings.Join(parts, ", ") + ">"
}

// format prints x as fmt's %v prints the generated Go value.
func (in *Dialect) format(t *defs.TypeRef, x any) string {
	switch t.Kind {
	case defs.RefEnum:
		cases := enumCases(t.Enum)
		if t.Enum.BitEnum {
			return ir.BitEnumString(cases, x.(uint64))
		}
		return ir.EnumString(cases, x.(uint64), t.Enum.Name)
	case defs.RefList, defs.RefStruct:
		elems := x.([]any)
		parts := make([]string, len(elems))
		for i, e := range elems {
			et := t.Elem
			if t.Kind == defs.RefStruct {
				et = t.Struct.Params[i].Type
			}
			parts[i] = in.format(et, e)
		}
		if t.Kind == defs.RefStruct {
			return "{" + strings.Join(parts, " ") + "}"
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprintf("%v", x)
}

// get returns the uniqued value of def with these parameters, as the
// generated constructor does: absent handles take their default, lists
// their canonical form, and equal parameters give the same value.
func (in *Dialect) get(ctx *ir.Context, def *defs.Def, params []any) any {
	params = slices.Clone(params)
	for i, p := range def.Params {
		if p.Default != "" && params[i] == nil {
			params[i] = in.get(ctx, in.byName[p.Default], nil)
		}
		if p.Canonical == "empty_if_all_zero" && !anyNonZero(params[i]) {
			params[i] = []any(nil)
		}
		switch x := params[i].(type) {
		case []any:
			params[i] = slices.Clone(x)
		case []byte:
			params[i] = slices.Clone(x)
		}
	}
	if def.BuildHook != "" {
		params = in.build(ctx, def, params)
	}
	v := value{in: in, ctx: ctx, def: def, params: params}
	var a ir.Attribute
	var t ir.Type
	switch {
	case def.IsType && def.BitWidth != "":
		t = &WidthType{Type{value: v}}
	case def.IsType:
		t = &Type{value: v}
	case defs.HasTrait(def.Traits, "Location"):
		a = &LocAttr{Attr{value: v}}
	default:
		a = &Attr{value: v}
	}
	if def.Distinct && a != nil {
		return ir.NewDistinctAttr(ctx, a)
	}
	// The kind is marked so that a generated value of the same dialect
	// and kind never shares a key with an interpreted one.
	k := ir.NewKey(in.d.Name, def.Name+"\x00interp")
	for i, p := range def.Params {
		if p.Locality {
			switch n := params[i].(type) {
			case int64:
				k.Near(uint64(n))
			case uint64:
				k.Near(n)
			}
		}
		appendKey(k, p.Type, params[i])
	}
	if t != nil {
		if old, ok := ir.LookupType[ir.Type](ctx, k); ok {
			return old
		}
		return ir.InsertType(ctx, k, t)
	}
	if old, ok := ir.LookupAttr[ir.Attribute](ctx, k); ok {
		return old
	}
	return ir.InsertAttr(ctx, k, a)
}

// build passes the parameters through the definition's build hook, as
// the generated constructor does (unsupported refused a dialect whose
// table lacks it). A result the interpreter cannot hold as its own is
// kept as the hook returned it.
func (in *Dialect) build(ctx *ir.Context, def *defs.Def, params []any) []any {
	h := in.hooks.Defs[def.Name]
	if h == nil || h.Build == nil {
		return params
	}
	compiled := make([]any, len(params))
	for i, p := range def.Params {
		compiled[i] = in.toCompiled(p.Type, params[i])
	}
	out := h.Build(ctx, compiled)
	for i, p := range def.Params {
		if i < len(out) {
			if x, err := in.fromCompiled(ctx, p.Type, out[i]); err == nil {
				params[i] = x
			} else {
				params[i] = out[i]
			}
		}
	}
	return params
}

// appendKey writes x into k as the generated constructor writes a
// parameter of type t.
func appendKey(k *ir.Key, t *defs.TypeRef, x any) {
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation:
		a, _ := x.(ir.Attribute)
		k.Attr(a)
	case defs.RefType:
		ty, _ := x.(ir.Type)
		k.Type(ty)
	case defs.RefString:
		k.String(x.(string))
	case defs.RefBool:
		k.Bool(x.(bool))
	case defs.RefInt64, defs.RefInt32:
		k.Int(x.(int64))
	case defs.RefUint64, defs.RefUint32, defs.RefEnum:
		k.Uint(x.(uint64))
	case defs.RefAPInt, defs.RefAPFloat:
		k.APInt(x.(ir.APInt))
	case defs.RefBytes:
		k.Blob(x.([]byte))
	case defs.RefResource:
		k.Resource(x.(ir.ResourceHandle))
	case defs.RefStruct:
		for i, p := range t.Struct.Params {
			appendKey(k, p.Type, x.([]any)[i])
		}
	case defs.RefList:
		l, _ := x.([]any)
		k.Uint(uint64(len(l)))
		for _, e := range l {
			appendKey(k, t.Elem, e)
		}
	case defs.RefGo:
		// A go: value keys itself, as the generated constructor has it do.
		if g, ok := x.(interface{ AppendKey(*ir.Key) }); ok {
			g.AppendKey(k)
			return
		}
		panic(fmt.Sprintf("interp: %s value %T has no AppendKey", t.Text, x))
	default:
		panic("interp: no key for " + t.Text) // unsupported refused it
	}
}

// anyNonZero is bytecode.Any over a list value.
func anyNonZero(x any) bool {
	l, _ := x.([]any)
	for _, e := range l {
		if !isZero(e) {
			return true
		}
	}
	return false
}

func isZero(e any) bool {
	switch e := e.(type) {
	case nil:
		return true
	case bool:
		return !e
	case int64:
		return e == 0
	case uint64:
		return e == 0
	case string:
		return e == ""
	}
	return false
}
