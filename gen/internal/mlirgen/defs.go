package mlirgen

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// keyStmts writes x (of type t) into the uniquing key k.
func (g *gen) keyStmts(t *defs.TypeRef, x *jen.Statement, depth int) []jen.Code {
	k := jen.Id("k")
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation:
		if t.Def != nil {
			// A nil typed pointer would be a non-nil interface.
			return []jen.Code{jen.If(x.Clone().Op("!=").Nil()).Block(k.Clone().Dot("Attr").Call(x)).Else().Block(k.Clone().Dot("Attr").Call(jen.Nil()))}
		}
		return []jen.Code{k.Dot("Attr").Call(x)}
	case defs.RefType:
		if t.Def != nil {
			return []jen.Code{jen.If(x.Clone().Op("!=").Nil()).Block(k.Clone().Dot("Type").Call(x)).Else().Block(k.Clone().Dot("Type").Call(jen.Nil()))}
		}
		return []jen.Code{k.Dot("Type").Call(x)}
	case defs.RefString:
		return []jen.Code{k.Dot("String").Call(x)}
	case defs.RefBool:
		return []jen.Code{k.Dot("Bool").Call(x)}
	case defs.RefInt64, defs.RefInt32:
		return []jen.Code{k.Dot("Int").Call(jen.Int64().Call(x))}
	case defs.RefUint64, defs.RefUint32, defs.RefEnum:
		return []jen.Code{k.Dot("Uint").Call(jen.Uint64().Call(x))}
	case defs.RefAPInt, defs.RefAPFloat:
		return []jen.Code{k.Dot("APInt").Call(x)}
	case defs.RefBytes:
		return []jen.Code{k.Dot("Blob").Call(x)}
	case defs.RefResource:
		return []jen.Code{k.Dot("Resource").Call(x)}
	case defs.RefGo:
		return []jen.Code{x.Dot("AppendKey").Call(k)}
	case defs.RefStruct:
		var out []jen.Code
		for _, p := range t.Struct.Params {
			out = append(out, g.keyStmts(p.Type, x.Clone().Dot(defs.GoName(p.Name)), depth)...)
		}
		return out
	case defs.RefList:
		e := fmt.Sprintf("e%d", depth)
		return []jen.Code{
			k.Dot("Uint").Call(jen.Uint64().Call(jen.Len(x))),
			jen.For(jen.List(jen.Id("_"), jen.Id(e)).Op(":=").Range().Add(x.Clone())).Block(g.keyStmts(t.Elem, jen.Id(e), depth+1)...),
		}
	}
	panic("gen: unhandled key kind " + t.Text)
}

func (g *gen) genEnumsAndStructs(f *jen.File) {
	for _, e := range g.m.Enums {
		if e.Doc != "" {
			f.Comment(fmt.Sprintf("%s: %s", e.Name, e.Doc))
		}
		f.Type().Id(e.Name).Uint64()
		var consts []jen.Code
		for _, v := range e.Values {
			consts = append(consts, jen.Id(v.GoName).Id(e.Name).Op("=").Lit(int(v.Value)))
		}
		f.Const().Defs(consts...)
		// The keywords, a table sorted by value (data, not code).
		sorted := slices.Clone(e.Values)
		slices.SortStableFunc(sorted, func(a, b *defs.EnumValue) int { return cmp.Compare(a.Value, b.Value) })
		var cases []jen.Code
		var mask uint64
		for _, v := range sorted {
			fields := []jen.Code{jen.Id("Value").Op(":").Op(strconv.FormatUint(v.Value, 10)), jen.Id("Text").Op(":").Lit(v.Text)}
			if v.Name != v.Text {
				fields = append(fields, jen.Id("Name").Op(":").Lit(v.Name))
			}
			c := jen.Values(fields...)
			if len(sorted) > 3 {
				c = jen.Line().Add(c)
			}
			cases = append(cases, c)
			mask |= v.Value
		}
		if len(sorted) > 3 {
			cases = append(cases, jen.Line())
		}
		table := model.LowerFirst(e.Name) + "Cases"
		f.Var().Id(table).Op("=").Index().Qual(model.IR, "EnumCase").Values(cases...)
		recv := jen.Params(jen.Id("e").Id(e.Name))
		if e.BitEnum {
			f.Comment("String returns the keyword the textual form uses, or the set bits'")
			f.Comment("keywords joined by \"|\".")
			gofile.OneLine(f, jen.Func().Add(recv).Id("String").Params().String(),
				jen.Return(jen.Qual(model.IR, "BitEnumString").Call(jen.Id(table), jen.Uint64().Call(jen.Id("e")))))
			f.Comment("Valid reports whether e is a union of the defined bits.")
			gofile.OneLine(f, jen.Func().Add(recv).Id("Valid").Params().Bool(),
				jen.Return(jen.Id("e").Op("&^").Op(fmt.Sprintf("%#x", mask)).Op("==").Lit(0)))
			continue
		}
		f.Comment("String returns the keyword the textual form uses.")
		gofile.OneLine(f, jen.Func().Add(recv).Id("String").Params().String(),
			jen.Return(jen.Qual(model.IR, "EnumString").Call(jen.Id(table), jen.Uint64().Call(jen.Id("e")), jen.Lit(e.Name))))
		f.Comment("Valid reports whether e is one of the defined values.")
		gofile.OneLine(f, jen.Func().Add(recv).Id("Valid").Params().Bool(),
			jen.Return(jen.Qual(model.IR, "EnumValid").Call(jen.Id(table), jen.Uint64().Call(jen.Id("e")))))
	}
	for _, s := range g.m.Structs {
		if s.Doc != "" {
			f.Comment(fmt.Sprintf("%s is %s", s.Name, model.LowerFirst(s.Doc)))
		}
		var fields []jen.Code
		for _, p := range s.Params {
			fields = append(fields, jen.Id(p.GoName).Add(gofile.TypeCode(p.Type)))
		}
		f.Type().Id(s.Name).Struct(fields...)
	}
}

func (g *gen) genDefs(f *jen.File, list []*model.Def) {
	for _, def := range list {
		g.genDef(f, def.Def)
	}
}

func (g *gen) genDef(f *jen.File, def *defs.Def) {
	r := recv(def)
	base := jen.Qual(model.IR, "Base")
	if def.IsType {
		base = jen.Qual(model.IR, "TypeBase")
	}
	// The type.
	doc := def.Summary
	switch {
	case doc != "":
	case def.Text != nil && def.Text.Keyword != "":
		doc = fmt.Sprintf("%s %s %s, %s in text", model.Article(g.m.Name), g.m.Name, map[bool]string{true: "type", false: "attribute"}[def.IsType], def.Text.Keyword)
	case def.Text != nil:
		doc = fmt.Sprintf("%s %s %s, %s… in text", model.Article(g.m.Name), g.m.Name, map[bool]string{true: "type", false: "attribute"}[def.IsType], def.Text.Prefix)
	default:
		doc = fmt.Sprintf("%s %s %s", model.Article(g.m.Name), g.m.Name, map[bool]string{true: "type", false: "attribute"}[def.IsType])
	}
	f.Comment(fmt.Sprintf("%s is %s", def.Name, model.LowerFirst(strings.TrimSuffix(doc, "."))+"."))
	fields := []jen.Code{base}
	for _, p := range def.Params {
		fields = append(fields, jen.Id(model.Local(p.Name)).Add(g.goType(p.Type)))
	}
	f.Type().Id(def.Name).Struct(fields...)

	// The constructor.
	params := []gofile.Param{{Name: "ctx", Type: jen.Op("*").Qual(model.IR, "Context")}}
	var body []jen.Code
	for _, p := range def.Params {
		params = append(params, gofile.Param{Name: model.Local(p.Name), Type: g.goType(p.Type)})
		if p.Default != "" {
			body = append(body, jen.If(jen.Id(model.Local(p.Name)).Op("==").Nil()).Block(
				jen.Id(model.Local(p.Name)).Op("=").Id(defs.ConstructorName(g.m.Def(p.Default).Def)).Call(jen.Id("ctx")),
			))
		}
		if p.Canonical == "empty_if_all_zero" {
			body = append(body, jen.If(jen.Op("!").Qual(model.Bytecode, "Any").Call(jen.Id(model.Local(p.Name)))).Block(
				jen.Id(model.Local(p.Name)).Op("=").Nil(),
			))
		}
	}
	if def.BuildHook != "" && len(def.Params) > 0 {
		// The hand-written builder has the last word on the parameters.
		var names []jen.Code
		for _, p := range def.Params {
			names = append(names, jen.Id(model.Local(p.Name)))
		}
		body = append(body, jen.List(names...).Op("=").Id(def.BuildHook).Call(append([]jen.Code{jen.Id("ctx")}, names...)...))
	}
	slab := model.LowerFirst(def.Name) + "Slab"
	if def.Distinct {
		mk := jen.Id(def.Name).Values(g.fieldInits(def)...)
		body = append(body, jen.Return(jen.Qual(model.IR, "NewDistinctAttr").Call(jen.Id("ctx"), jen.Op("&").Add(mk))))
		f.Comment(fmt.Sprintf("%s returns a new %s; distinct attributes are never uniqued with another.", defs.ConstructorName(def), def.Name))
	} else {
		// The key is written from the parameters as a value on the stack,
		// by the function that writes a stored value's key.
		params := unusedName(def, "params")
		if len(def.Params) > 0 {
			var inits []jen.Code
			for _, p := range def.Params {
				inits = append(inits, jen.Id(model.Local(p.Name)).Op(":").Id(model.Local(p.Name)))
			}
			body = append(body, jen.Id(params).Op(":=").Id(def.Name).Values(inits...))
		}
		body = append(body, jen.Id("k").Op(":=").Id(slab).Dot("NewKey").Call(jen.Lit(g.m.Name), jen.Lit(def.Name)))
		if len(def.Params) > 0 {
			body = append(body, jen.Id(keyOf(def)).Call(jen.Id("k"), jen.Qual(model.IR, "SlotFor").Call(jen.Op("&").Id(params))))
		}
		insert, iface := "InsertAttrWith", "Attribute"
		if def.IsType {
			insert, iface = "InsertTypeWith", "Type"
		}
		// On a miss, the value is made in the context's slab for the kind.
		// The slot is zero, so it is filled field by field: a struct
		// stored whole is copied through the collector's bulk write
		// barrier, which a reader making a million locations pays for
		// while the collector marks.
		fill := []jen.Code{jen.Id("v").Op(":=").Qual(model.IR, "SlotOf").Types(jen.Id(def.Name)).Call(jen.Id("s"))}
		for i, init := range g.fieldValues(def) {
			set := jen.Id("v").Dot(init.name).Op("=").Add(init.value)
			if p := def.Params[i]; keepsParams(def) && kept(p) {
				set = jen.Id("v").Dot(init.name).Op("=").Qual(model.IR, "CloneUnless").Call(jen.Id(keepParam(def)), jen.Id(model.Local(p.Name)))
			}
			fill = append(fill, set)
		}
		fill = append(fill, jen.Return(jen.Id("v")))
		body = append(body,
			jen.Return(jen.Qual(model.IR, insert).Call(jen.Id("ctx"), jen.Id("k"), jen.Op("&").Id(slab), jen.Parens(jen.Op("*").Id(def.Name)).Call(jen.Nil()),
				jen.Func().Params(jen.Id("s").Qual(model.IR, "SlabSlot")).Qual(model.IR, iface).Block(fill...), jen.Id(keyOf(def))).Assert(jen.Op("*").Id(def.Name))))
		f.Comment(fmt.Sprintf("%s returns the uniqued %s with these parameters.", defs.ConstructorName(def), def.Name))
	}
	if keepsParams(def) {
		// The constructor is the variant that copies; the bytecode reader
		// calls the one that may keep what it is given.
		var args []jen.Code
		for _, p := range params {
			args = append(args, jen.Id(p.Name))
		}
		f.Func().Id(defs.ConstructorName(def)).Params(gofile.Params(params)...).Op("*").Id(def.Name).Block(
			jen.Return(jen.Id(keepingName(def)).Call(append(args, jen.False())...)))
		f.Comment(fmt.Sprintf("%s is %s, but with %s true it keeps the byte and list", keepingName(def), defs.ConstructorName(def), keepParam(def)))
		f.Comment("parameters it is given instead of copying them: for a caller whose bytes")
		f.Comment("stay unchanged while the context holds them and whose lists are its own")
		f.Comment("to give (the bytecode reader).")
		params = append(params, gofile.Param{Name: keepParam(def), Type: jen.Bool()})
		f.Func().Id(keepingName(def)).Params(gofile.Params(params)...).Op("*").Id(def.Name).Block(body...)
	} else {
		f.Func().Id(defs.ConstructorName(def)).Params(gofile.Params(params)...).Op("*").Id(def.Name).Block(body...)
	}
	if !def.Distinct {
		f.Comment(fmt.Sprintf("%s holds the %s values of each context.", slab, def.Name))
		f.Var().Id(slab).Qual(model.IR, "Slab")
		g.genKeyOf(f, def)
	}

	// Naming and printing (ir.Attribute or ir.Type, fmt.Stringer).
	gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(def.Name)).Id("Dialect").Params().String(), jen.Return(jen.Lit(g.m.Name)))
	gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(def.Name)).Id("Kind").Params().String(), jen.Return(jen.Lit(def.Name)))
	g.genString(f, def)

	// Accessors.
	for _, p := range def.Params {
		doc := p.Doc
		if doc == "" {
			doc = fmt.Sprintf("returns the %s parameter", p.Name)
		}
		if p.Type.Kind == defs.RefList || p.Type.Kind == defs.RefBytes {
			doc += " (shared: do not modify)"
		}
		f.Comment(fmt.Sprintf("%s %s.", defs.GoName(p.Name), strings.TrimSuffix(doc, ".")))
		f.Func().Params(jen.Id(r).Op("*").Id(def.Name)).Id(defs.GoName(p.Name)).Params().Add(g.goType(p.Type)).Block(
			jen.Return(jen.Id(r).Dot(model.Local(p.Name))))
	}
	if defs.HasTrait(def.Traits, "Location") {
		f.Comment("LocationAttr marks the attribute as a location.")
		f.Func().Params(jen.Op("*").Id(def.Name)).Id("LocationAttr").Params().Block()
	}
	if def.BitWidth != "" {
		var v jen.Code
		if p := def.FindParam(def.BitWidth); p != nil {
			v = jen.Uint32().Call(jen.Id(r).Dot(model.Local(p.Name)))
		} else {
			v = jen.Id(def.BitWidth)
		}
		f.Comment("BitWidth is the width in bits of the type's values.")
		f.Func().Params(jen.Id(r).Op("*").Id(def.Name)).Id("BitWidth").Params().Uint32().Block(jen.Return(v))
	}
}

// keepsParams reports whether def's values may keep the bytes and lists
// they are made of instead of copying them (a dense constant of many
// megabytes read from a mapped file; a fused location's list the reader
// has just made): uniqued kinds with such a parameter that the bytecode
// reader makes.
func keepsParams(def *defs.Def) bool {
	return !def.Distinct && len(def.Bytecode) > 0 && slices.ContainsFunc(def.Params, kept)
}

// kept reports whether p is a parameter a constructor copies unless told
// it may keep it.
func kept(p *defs.Param) bool { return p.Type.Kind == defs.RefBytes || p.Type.Kind == defs.RefList }

// keepingName names the constructor that may keep its byte and list
// parameters; keepParam is its last parameter, which says whether it may.
func keepingName(def *defs.Def) string { return "get" + def.Name }

func keepParam(def *defs.Def) string { return unusedName(def, "keep") }

// unusedName is name, or name with underscores after it, whichever no
// parameter of def is called in Go.
func unusedName(def *defs.Def, name string) string {
	for _, p := range def.Params {
		if model.Local(p.Name) == name {
			return unusedName(def, name+"_")
		}
	}
	return name
}

// keyOf names the function that writes the key of a stored value.
func keyOf(def *defs.Def) string { return model.LowerFirst(def.Name) + "Key" }

// genKeyOf emits the function that writes a value's key from its fields:
// the constructor's key, from its parameters, and a stored value's, which
// the context writes again when a lookup must compare it (it keeps no
// copy of keys).
func (g *gen) genKeyOf(f *jen.File, def *defs.Def) {
	slot := jen.Id("_")
	var body []jen.Code
	if len(def.Params) > 0 {
		slot = jen.Id("s")
		body = append(body, jen.Id("v").Op(":=").Qual(model.IR, "SlotOf").Types(jen.Id(def.Name)).Call(jen.Id("s")))
	}
	near := false
	for _, p := range def.Params {
		field := jen.Id("v").Dot(model.Local(p.Name))
		if p.Locality && !near {
			body = append(body, nearStmts(def)...)
			near = true
		}
		body = append(body, g.keyStmts(p.Type, field, 0)...)
	}
	f.Comment(fmt.Sprintf("%s writes the key of the %s in s, after its kind's number.", keyOf(def), def.Name))
	f.Func().Id(keyOf(def)).Params(jen.Id("k").Op("*").Qual(model.IR, "Key"), slot.Qual(model.IR, "SlabSlot")).Block(body...)
}

// nearStmts group the key (Key.Near) by the def's locality params: by an
// integer param's value, or by the newest ID among the values the others
// hold, which a value made just after its parts shares with its peers.
func nearStmts(def *defs.Def) []jen.Code {
	k := jen.Id("k")
	var ids []jen.Code
	for _, p := range def.Params {
		if !p.Locality {
			continue
		}
		field := jen.Id("v").Dot(model.Local(p.Name))
		if defs.IntegerLocality(p) {
			return []jen.Code{k.Dot("Near").Call(jen.Uint64().Call(field))}
		}
		newer := func(x *jen.Statement) jen.Code {
			return jen.If(x.Clone().Op("!=").Nil()).Block(jen.Id("near").Op("=").Max(jen.Id("near"), x.Clone().Dot("ID").Call()))
		}
		if p.Type.Kind == defs.RefList {
			ids = append(ids, jen.For(jen.List(jen.Id("_"), jen.Id("e")).Op(":=").Range().Add(field)).Block(newer(jen.Id("e"))))
		} else {
			ids = append(ids, newer(field))
		}
	}
	return append(append([]jen.Code{jen.Var().Id("near").Uint64()}, ids...), k.Dot("Near").Call(jen.Id("near")))
}

func (g *gen) fieldInits(def *defs.Def) []jen.Code {
	var out []jen.Code
	for _, f := range g.fieldValues(def) {
		out = append(out, jen.Id(f.name).Op(":").Add(f.value))
	}
	return out
}

// fieldValue is a field of a definition's struct and what a constructor
// stores in it.
type fieldValue struct {
	name  string
	value jen.Code
}

// fieldValues lists the fields a constructor sets: each parameter, lists
// and bytes copied so that the caller's slice is not shared.
func (g *gen) fieldValues(def *defs.Def) []fieldValue {
	var out []fieldValue
	for _, p := range def.Params {
		v := jen.Id(model.Local(p.Name))
		if p.Type.Kind == defs.RefList || p.Type.Kind == defs.RefBytes {
			v = jen.Qual("slices", "Clone").Call(jen.Id(model.Local(p.Name)))
		}
		out = append(out, fieldValue{model.Local(p.Name), v})
	}
	return out
}

// genString emits String: the definition's text form when it has one (its
// keyword, or its print hook), else a faithful generic form,
// #dialect.Kind<param = value, …> (types: !dialect.Kind<…>).
func (g *gen) genString(f *jen.File, def *defs.Def) {
	r := recv(def)
	sig := jen.Func().Params(jen.Id(r).Op("*").Id(def.Name)).Id("String").Params().String()
	switch t := def.Text; {
	case def.StringHook != "":
		gofile.OneLine(f, sig, jen.Return(jen.Id(def.StringHook).Call(jen.Id(r))))
		return
	case t != nil && t.Keyword != "":
		gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(def.Name)).Id("String").Params().String(), jen.Return(jen.Lit(t.Keyword)))
		return
	case t != nil:
		gofile.OneLine(f, sig, jen.Return(jen.Id(t.Print).Call(jen.Id(r))))
		return
	}
	sigil := "#"
	what := "Attribute"
	if def.IsType {
		sigil, what = "!", "Type"
	}
	name := sigil + g.m.Name + "." + def.Name
	if len(g.asmForms(def)) > 0 {
		// The text form, where the value has one.
		f.Func().Params(jen.Id(r).Op("*").Id(def.Name)).Id("String").Params().String().Block(
			jen.If(jen.List(jen.Id("s"), jen.Id("ok")).Op(":=").Id("asmForms").Dot("Print"+what).Call(jen.Id(r)), jen.Id("ok")).Block(jen.Return(jen.Id("s"))),
			jen.Return(g.genericString(def, r, name)))
		return
	}
	if len(def.Params) == 0 {
		gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(def.Name)).Id("String").Params().String(), jen.Return(jen.Lit(name)))
		return
	}
	gofile.OneLine(f, sig, jen.Return(g.genericString(def, r, name)))
}

// genericString is #dialect.Name<param = value, …>.
func (g *gen) genericString(def *defs.Def, r, name string) jen.Code {
	if len(def.Params) == 0 {
		return jen.Lit(name)
	}
	var format []string
	args := []jen.Code{nil}
	for _, p := range def.Params {
		verb := "%v"
		switch p.Type.Kind {
		case defs.RefBytes:
			verb = "%x"
		case defs.RefString:
			verb = "%q"
		}
		format = append(format, p.Name+" = "+verb)
		args = append(args, jen.Id(r).Dot(model.Local(p.Name)))
	}
	args[0] = jen.Lit(name + "<" + strings.Join(format, ", ") + ">")
	return jen.Qual("fmt", "Sprintf").Call(args...)
}
