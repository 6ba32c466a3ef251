package defs

import (
	"go.yaml.in/yaml/v3"
)

// NativeProperty is the form of an op attribute that ODS declares as a
// native property (Property<>) rather than as an attribute: how its value
// is written in the op's properties entry (bytecode v5+), and which
// attribute stands for the value in memory, in attribute dictionaries
// (bytecode before v5) and in MLIR's generic text (ODS's
// convertToAttribute). The forms are those upstream uses:
//
//   - int: a varint; the attribute is an IntegerAttr of Bits bits
//     (EnumProp, IntProp). Max, when set, is the largest value readers
//     accept (EnumProp rejects values above uint32 or uint8).
//   - unit: one byte 0/1; UnitAttr when set, BoolAttr false when not
//     (UnitProp).
//   - bool: one byte 0/1; BoolAttr (BoolProp).
//   - optional_int: a byte saying whether a value follows, then a varint;
//     an ArrayAttr of no or one IntegerAttr of Bits bits (OptionalProp of
//     an integer, AlignmentProp).
//   - hook: a varint, converted to and from its attribute by hand-written
//     functions <Hook>Attr(ctx *ir.Context, v uint64) (ir.Attribute, error)
//     and <Hook>Value(a ir.Attribute) (uint64, error) in the dialect
//     package (a C++ convertToAttribute overload, such as LLVM 19's
//     IntegerOverflowFlags, whose attribute is #llvm.overflow<…>).
//   - struct: Fields, unsigned integers written as one varint each in
//     order (a C++ struct with its own writeToMlirBytecode); the attribute
//     is a DictionaryAttr of one IntegerAttr of each field's bits by name.
//     Fields may exist only in some dialect versions (since: dialect 2.0).
//
// Default is the wire value written when the op does not carry the
// attribute (the C++ storage's default); without one, writing such an op
// fails. An optional_int without the attribute writes "absent".
type NativeProperty struct {
	Pos
	Form       string
	Bits       int
	Max        uint64
	Default    uint64
	HasDefault bool
	Hook       string
	HookPos    Pos
	Fields     []*PropertyField
	Availability
}

// PropertyField is one field of a struct property.
type PropertyField struct {
	Pos
	Name       string
	Bits       int
	Default    uint64
	HasDefault bool
	Availability
}

// PropertyForms are the forms a native property may take.
var PropertyForms = []string{"int", "unit", "bool", "optional_int", "hook", "struct"}

// nativeProperty reads an op attribute's property key: one form, or a
// list of forms each bounded to some releases.
func (l *loader) nativeProperty(n *yaml.Node) []*NativeProperty {
	if n.Kind == yaml.SequenceNode {
		var out []*NativeProperty
		l.list(n, "property", func(c *yaml.Node) { out = append(out, l.propertyForm(c)) })
		if len(out) == 0 {
			l.errorf(n, "property: an empty list of forms")
		}
		return out
	}
	return []*NativeProperty{l.propertyForm(n)}
}

func (l *loader) propertyForm(n *yaml.Node) *NativeProperty {
	p := &NativeProperty{Pos: l.pos(n)}
	l.fields(n, "property", l.avail(&p.Availability, map[string]func(*yaml.Node){
		"form": func(v *yaml.Node) { l.str(v, &p.Form) },
		"bits": func(v *yaml.Node) { l.int(v, &p.Bits) },
		"max":  func(v *yaml.Node) { l.uint(v, &p.Max) },
		"default": func(v *yaml.Node) {
			l.uint(v, &p.Default)
			p.HasDefault = true
		},
		"hook": func(v *yaml.Node) { l.hook(v, &p.Hook, &p.HookPos) },
		"fields": func(v *yaml.Node) {
			l.list(v, "fields", func(c *yaml.Node) {
				f := &PropertyField{Pos: l.pos(c)}
				l.fields(c, "property field", l.avail(&f.Availability, map[string]func(*yaml.Node){
					"name": func(v *yaml.Node) { l.str(v, &f.Name) },
					"bits": func(v *yaml.Node) { l.int(v, &f.Bits) },
					"default": func(v *yaml.Node) {
						l.uint(v, &f.Default)
						f.HasDefault = true
					},
				}))
				if !isIdent(f.Name) || f.Bits < 1 || f.Bits > 64 {
					l.errorf(c, "property field: want a name (an identifier) and bits (1 to 64)")
				}
				p.Fields = append(p.Fields, f)
			})
		},
	}))
	known := false
	for _, f := range PropertyForms {
		known = known || f == p.Form
	}
	switch {
	case !known:
		l.errorf(n, "property: unknown form %q (known: int, unit, bool, optional_int, hook, struct)", p.Form)
	case (p.Form == "struct") != (len(p.Fields) > 0):
		l.errorf(n, "property: form struct and fields go together")
	case p.Form == "struct" && (p.HasDefault || p.Max != 0):
		l.errorf(n, "property: a struct's fields have their own defaults")
	case (p.Form == "int" || p.Form == "optional_int") && (p.Bits < 1 || p.Bits > 64):
		l.errorf(n, "property: form %s needs bits, the width of its IntegerAttr (1 to 64)", p.Form)
	case p.Form != "int" && p.Form != "optional_int" && p.Bits != 0:
		l.errorf(n, "property: bits applies to forms int and optional_int only")
	case (p.Form == "hook") != (p.Hook != ""):
		l.errorf(n, "property: form hook and a hook go together")
	case p.Max != 0 && p.Form != "int" && p.Form != "hook":
		l.errorf(n, "property: max applies to forms int and hook only")
	case p.HasDefault && p.Form == "optional_int":
		l.errorf(n, "property: an optional_int defaults to absent")
	case p.HasDefault && (p.Form == "unit" || p.Form == "bool") && p.Default > 1:
		l.errorf(n, "property: a %s defaults to 0 or 1", p.Form)
	case p.HasDefault && p.Max != 0 && p.Default > p.Max:
		l.errorf(n, "property: default %d is above max %d", p.Default, p.Max)
	}
	return p
}

// optionalAt reads an op attribute's optional key: true or false, or the
// releases in which it is optional ({since: llvm 22}).
func (l *loader) optionalAt(n *yaml.Node, optional *bool) *Availability {
	return l.flagAt(n, "optional", optional)
}

// flagAt reads a key that is true, false or the release bounds in which
// it holds.
func (l *loader) flagAt(n *yaml.Node, what string, optional *bool) *Availability {
	if n.Kind == yaml.ScalarNode {
		l.boolean(n, optional)
		return nil
	}
	a := &Availability{}
	l.fields(n, what, l.avail(a, map[string]func(*yaml.Node){}))
	if a.Since == nil && a.Until == nil {
		l.errorf(n, "%s: want true, false or release bounds ({since: llvm N} or {until: llvm N})", what)
	}
	*optional = true
	return a
}
