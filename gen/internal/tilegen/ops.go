package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

func (g *gen) genOps(f *jen.File) {
	for i, o := range g.m.Ops {
		g.genOp(f, o, i)
	}
}

// genOp emits an op: its struct, builder, result and region accessors,
// Info, String and Code. index is its place in Ops.
func (g *gen) genOp(f *jen.File, o *model.Op, index int) {
	doc := fmt.Sprintf("%s is %s (opcode 0x%02X", o.GoName, o.Full, o.Bytecode.Opcode)
	if first := g.m.Versions.Format[0]; o.Since.Compare(first) > 0 {
		doc += ", since " + versionText(o.Since)
	}
	doc += ")"
	if o.Summary != "" {
		doc += ": " + sentence(o.Summary)
	}
	f.Comment(doc + ".")
	fields := []jen.Code{qual("OpBase")}
	for _, v := range o.Operands {
		fields = append(fields, jen.Id(v.GoName).Add(valueType(v)))
	}
	for _, a := range o.Attrs {
		fields = append(fields, jen.Id(a.GoName).Add(gofile.TypeCode(a.Type)))
	}
	f.Type().Id(o.GoName).Struct(fields...)
	g.genBuilder(f, o)
	recv := jen.Params(jen.Id("o").Op("*").Id(o.GoName))
	gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(o.GoName)).Id("Info").Params().Op("*").Add(qual("OpInfo")), jen.Return(jen.Op("&").Id("Ops").Index(jen.Lit(index))))
	gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id("String").Params().String(), jen.Return(qual("FormatOp").Call(jen.Id("o"))))
	// jennifer's Clone shares the original: a fresh statement per use.
	res := func() *jen.Statement { return jen.Id("o").Dot("Results") }
	for i, r := range o.Results {
		if r.Many() {
			f.Comment(fmt.Sprintf("%s returns %s.", r.GoName, partName(r.Name, "results")))
			all := res()
			switch after := len(o.Results) - 1 - i; {
			case after > 0:
				all = res().Index(jen.Lit(i).Op(":").Len(res()).Op("-").Lit(after))
			case i > 0:
				all = res().Index(jen.Lit(i).Op(":"))
			}
			gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id(r.GoName).Params().Index().Op("*").Add(qual("Value")), jen.Return(all))
			continue
		}
		idx := jen.Lit(i)
		if manyBefore(o.Results, i) {
			idx = jen.Len(res()).Op("-").Lit(len(o.Results) - i)
		}
		f.Comment(fmt.Sprintf("%s returns %s.", r.GoName, partName(r.Name, "result")))
		gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id(r.GoName).Params().Op("*").Add(qual("Value")), jen.Return(res().Index(idx)))
	}
	for i, r := range o.Regions {
		f.Comment(fmt.Sprintf("%s returns %s.", r.GoName, partName(r.Name, "region")))
		gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id(r.GoName).Params().Op("*").Add(qual("Region")), jen.Return(jen.Id("o").Dot("Regions").Index(jen.Lit(i))))
	}
	f.Comment("Code lists the op's attributes and operands in wire order for tileir.Coder.")
	f.Func().Add(recv.Clone()).Id("Code").Params(jen.Id("c").Op("*").Add(qual("Coder"))).Block(g.codeParts(o)...)
}

// partName names an op's part in a doc comment: "the op's result", "the
// op's result_token result".
func partName(name, kind string) string {
	if name == kind || name+"s" == kind {
		return "the op's " + kind
	}
	return "the op's " + name + " " + kind
}

func manyBefore(l []*model.Value, i int) bool {
	for _, x := range l[:i] {
		if x.Many() {
			return true
		}
	}
	return false
}

func valueType(v *model.Value) *jen.Statement {
	if v.Operand.Variadic {
		return jen.Index().Op("*").Add(qual("Value"))
	}
	return jen.Op("*").Add(qual("Value"))
}

// genBuilder emits BuildXOp: result types, operands, attributes and
// regions in that order, then tileir.Insert.
func (g *gen) genBuilder(f *jen.File, o *model.Op) {
	var params []gofile.Param
	var types []jen.Code
	manyTypes := ""
	for _, r := range o.Results {
		if r.Many() {
			params = append(params, gofile.Param{Name: r.Param, Type: jen.Index().Add(qual("Type"))})
			manyTypes = r.Param
			types = append(types, jen.Id(r.Param).Op("..."))
		} else {
			params = append(params, gofile.Param{Name: r.Param, Type: qual("Type")})
			types = append(types, jen.Id(r.Param))
		}
	}
	var vals []jen.Code
	for _, v := range o.Operands {
		params = append(params, gofile.Param{Name: v.Param, Type: valueType(v)})
		vals = append(vals, jen.Id(v.GoName).Op(":").Id(v.Param))
	}
	for _, a := range o.Attrs {
		params = append(params, gofile.Param{Name: a.Param, Type: gofile.TypeCode(a.Type)})
		vals = append(vals, jen.Id(a.GoName).Op(":").Id(a.Param))
	}
	var regions []jen.Code
	for _, r := range o.Regions {
		params = append(params, gofile.Param{Name: r.Param, Type: jen.Op("*").Add(qual("Region"))})
		regions = append(regions, jen.Id(r.Param))
	}
	var results jen.Code = jen.Nil()
	switch {
	case manyTypes != "" && len(o.Results) == 1:
		results = jen.Id(manyTypes)
	case manyTypes != "":
		results = jen.Append(append([]jen.Code{jen.Index().Add(qual("Type")).Values()}, types...)...)
	case len(types) > 0:
		results = jen.Index().Add(qual("Type")).Values(types...)
	}
	args := append([]jen.Code{jen.Id("b"), jen.Op("&").Id(o.GoName).Values(vals...), results}, regions...)
	f.Comment(fmt.Sprintf("Build%s creates %s %s at b's insertion point.", o.GoName, model.Article(o.Full), o.Full))
	f.Func().Id("Build" + o.GoName).Params(append([]jen.Code{jen.Id("b").Op("*").Add(qual("Builder"))}, gofile.Params(params)...)...).Op("*").Id(o.GoName).Block(
		jen.Return(qual("Insert").Call(args...)))
}

// codeParts are the statements of an op's Code method: one call per
// attribute, then one per operand, gated on versions where they are
// newer than the op.
func (g *gen) codeParts(o *model.Op) []jen.Code {
	c := jen.Id("c")
	var out []jen.Code
	for _, a := range o.Attrs {
		field := jen.Op("&").Id("o").Dot(a.GoName)
		bit := o.Flags[a.Name]
		call := g.attrCall(o, a, field, bit)
		switch {
		case a.Since == nil:
			out = append(out, call)
		case a.Optional:
			present := jen.Id("o").Dot(a.GoName)
			if a.OpAttr.Type.Kind != defs.RefUnit {
				present = present.Op("!=").Nil()
			}
			out = append(out, jen.If(c.Clone().Dot("Since").Call(version(a.Since), jen.Lit(a.Name), present)).Block(call))
		default:
			out = append(out, jen.If(qual("Default").Call(c.Clone(), version(a.Since), jen.Lit(a.Name), field.Clone(), g.defaultValue(a))).Block(call))
		}
	}
	for _, v := range o.Operands {
		field := jen.Op("&").Id("o").Dot(v.GoName)
		switch {
		case v.Operand.Variadic:
			out = append(out, c.Clone().Dot("Operands").Call(jen.Lit(v.Name), field))
		case v.Optional:
			bit, ok := o.Flags[v.Name]
			if !ok {
				bit = -1 // the operand count says whether it is there
			}
			call := c.Clone().Dot("OptionalOperand").Call(jen.Lit(v.Name), jen.Lit(bit), field)
			if v.Since != nil && ok {
				call = jen.If(c.Clone().Dot("OperandSince").Call(version(v.Since), jen.Lit(v.Name), jen.Lit(bit), jen.Id("o").Dot(v.GoName).Op("!=").Nil())).Block(call)
			}
			out = append(out, call)
		default:
			out = append(out, c.Clone().Dot("Operand").Call(jen.Lit(v.Name), field))
		}
	}
	return out
}

// attrCall is the Coder call that codes attribute a, held at field.
func (g *gen) attrCall(o *model.Op, a *model.Attr, field *jen.Statement, bit int) *jen.Statement {
	c := jen.Id("c")
	name := jen.Lit(a.Name)
	t := a.OpAttr.Type
	// required is the call for a value that is always there; optional
	// wraps it for pointers to values that may be absent.
	var required *jen.Statement // method expression or generic function
	symbol := strings.Contains(a.Constraint, "SymbolRef")
	switch t.Kind {
	case defs.RefUnit:
		return c.Dot("Unit").Call(name, jen.Lit(bit), field)
	case defs.RefEnum:
		if !a.Optional {
			return qual("EnumAttr").Call(c, name, field)
		}
		required = qual("EnumAttr").Types(jen.Id(t.Enum.Name))
	case defs.RefUint32, defs.RefUint64:
		if !a.Optional {
			return qual("UintAttr").Call(c, name, field)
		}
		required = qual("UintAttr").Types(gofile.TypeCode(g.m.GoType(t)))
	case defs.RefBool:
		required = coderMethod("Bool")
	case defs.RefString:
		required = coderMethod("String")
		if symbol {
			required = coderMethod("Symbol")
		}
	case defs.RefBytes:
		required = coderMethod("Dense")
	case defs.RefType:
		if a.Optional {
			return jen.If(c.Dot("Present").Call(jen.Lit(bit), jen.Id("o").Dot(a.GoName).Op("!=").Nil())).Block(jen.Id("c").Dot("Type").Call(name, field))
		}
		return c.Dot("Type").Call(name, field)
	case defs.RefAttr:
		if t.Def != nil {
			read, write := jen.Id("read"+t.Def.Name), jen.Id("write"+t.Def.Name)
			if a.Optional {
				return qual("OptionalPayload").Call(c, name, jen.Lit(bit), field, read, write)
			}
			return qual("Payload").Call(c, name, field, read, write)
		}
		if a.Optional {
			return c.Dot("OptionalAttr").Call(name, jen.Lit(bit), field)
		}
		return c.Dot("Attr").Call(name, field)
	case defs.RefList:
		method := map[defs.RefKind]string{defs.RefInt32: "Int32s", defs.RefInt64: "Int64s", defs.RefAttr: "Attrs"}[t.Elem.Kind]
		if a.Optional {
			if method == "Attrs" {
				return c.Dot("OptionalAttrs").Call(name, jen.Lit(bit), field)
			}
			return jen.If(c.Dot("Present").Call(jen.Lit(bit), jen.Id("o").Dot(a.GoName).Op("!=").Nil())).Block(jen.Id("c").Dot(method).Call(name, field))
		}
		return c.Dot(method).Call(name, field)
	}
	if a.Optional {
		return qual("Optional").Call(c, name, jen.Lit(bit), field, required)
	}
	m, _ := coderMethodName(required)
	return c.Dot(m).Call(name, field)
}

// coderMethod is the method expression (*tileir.Coder).name.
func coderMethod(name string) *jen.Statement {
	return jen.Parens(jen.Op("*").Add(qual("Coder"))).Dot(name)
}

func coderMethodName(s *jen.Statement) (string, bool) {
	src := fmt.Sprintf("%#v", s)
	if m, ok := strings.CutPrefix(src, "(*tileir.Coder)."); ok {
		return m, true
	}
	return "", false
}

// defaultValue is the Go value of an attribute's default.
func (g *gen) defaultValue(a *model.Attr) jen.Code {
	switch a.OpAttr.Type.Kind {
	case defs.RefEnum:
		return jen.Id(defs.TileDefault(a.OpAttr).GoName)
	case defs.RefBool:
		return jen.Lit(a.Default == "true")
	}
	return jen.Id(a.Default) // an unsigned integer, as written
}
