package mlirgen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

func (g *gen) genOps(f *jen.File) {
	for _, o := range g.m.Ops {
		g.genOp(f, o.Op)
	}
}

// groupAccess returns the expression selecting group i of a list of
// groups (operands, results) stored in field, with segField holding the
// segment sizes when the op declares them.
func groupAccess(list []*defs.Operand, i int, field, segField string, segmented bool) *jen.Statement {
	// A fresh statement per use: jennifer's Clone shares the original.
	x := func() *jen.Statement { return jen.Id("o").Dot("op").Dot(field) }
	if segmented {
		return jen.Qual(gofile.IR, "Segment").Call(x(), jen.Id("o").Dot("op").Dot(segField).Call(), jen.Lit(i))
	}
	variadic := -1
	for j, g := range list {
		if g.Variadic || g.Optional {
			variadic = j
		}
	}
	if variadic < 0 || i < variadic {
		return x().Index(jen.Lit(i))
	}
	after := len(list) - 1 - variadic
	if i == variadic {
		if after == 0 {
			return x().Index(jen.Lit(i).Op(":"))
		}
		return x().Index(jen.Lit(i).Op(":").Len(x()).Op("-").Lit(after))
	}
	return x().Index(jen.Len(x()).Op("-").Lit(len(list) - i))
}

func (g *gen) genOp(f *jen.File, o *defs.Op) {
	full := g.m.Name + "." + o.Name
	t := o.GoName
	summary := o.Summary
	if summary == "" {
		summary = "the " + full + " operation."
	}
	f.Comment(fmt.Sprintf("%s wraps %s: %s", t, full, model.LowerFirst(summary)))
	f.Type().Id(t).Struct(jen.Id("op").Op("*").Qual(gofile.IR, "Operation"))
	f.Comment(fmt.Sprintf("%sName is the full name of %s.", t, t))
	f.Const().Id(t + "Name").Op("=").Lit(full)
	f.Comment(fmt.Sprintf("As%s wraps op if it is a %s.", t, full))
	f.Func().Id("As"+t).Params(jen.Id("op").Op("*").Qual(gofile.IR, "Operation")).Params(jen.Id(t), jen.Bool()).Block(
		jen.If(jen.Id("op").Op("==").Nil().Op("||").Id("op").Dot("Name").Dot("String").Call().Op("!=").Id(t+"Name")).Block(
			jen.Return(jen.Id(t).Values(), jen.False())),
		jen.Return(jen.Id(t).Values(jen.Id("op")), jen.True()),
	)
	f.Comment("Op returns the wrapped operation.")
	f.Func().Params(jen.Id("o").Id(t)).Id("Op").Params().Op("*").Qual(gofile.IR, "Operation").Block(jen.Return(jen.Id("o").Dot("op")))

	operandSeg := defs.HasTrait(o.Traits, "AttrSizedOperandSegments")
	resultSeg := defs.HasTrait(o.Traits, "AttrSizedResultSegments")
	valueAccessors := func(list []*defs.Operand, field, segField string, seg bool, what string) {
		for i, v := range list {
			acc := groupAccess(list, i, field, segField, seg)
			name := v.GoName
			switch {
			case v.Variadic:
				f.Comment(fmt.Sprintf("%s returns the %s group %q.", name, what, v.Name))
				f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Index().Op("*").Qual(gofile.IR, "Value").Block(jen.Return(acc))
			case v.Optional:
				f.Comment(fmt.Sprintf("%s returns the optional %s %q, or nil.", name, what, v.Name))
				f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Op("*").Qual(gofile.IR, "Value").Block(
					jen.If(jen.Id("s").Op(":=").Add(acc), jen.Len(jen.Id("s")).Op(">").Lit(0)).Block(jen.Return(jen.Id("s").Index(jen.Lit(0)))),
					jen.Return(jen.Nil()))
			default:
				if seg {
					acc = acc.Index(jen.Lit(0))
				}
				f.Comment(fmt.Sprintf("%s returns the %s %q.", name, what, v.Name))
				f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Op("*").Qual(gofile.IR, "Value").Block(jen.Return(acc))
			}
		}
	}
	valueAccessors(o.Operands, "Operands", "OperandSegments", operandSeg, "operand")
	valueAccessors(o.Results, "Results", "ResultSegments", resultSeg, "result")
	for _, a := range o.Attributes {
		name := a.GoName
		typ := g.goType(a.Type)
		f.Comment(fmt.Sprintf("%s returns the %s attribute %q, or nil if it is not set.", name, map[bool]string{true: "optional", false: "inherent"}[a.Optional], a.Name))
		f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Add(typ.Clone()).Block(
			jen.List(jen.Id("v"), jen.Id("_")).Op(":=").Id("o").Dot("op").Dot("Attr").Call(jen.Lit(a.Name)).Assert(typ.Clone()),
			jen.Return(jen.Id("v")))
	}
	for i, r := range o.Regions {
		name := r.GoName
		if r.Variadic {
			f.Comment(fmt.Sprintf("%s returns the regions %q.", name, r.Name))
			f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Index().Op("*").Qual(gofile.IR, "Region").Block(jen.Return(jen.Id("o").Dot("op").Dot("Regions").Index(jen.Lit(i).Op(":"))))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns the region %q.", name, r.Name))
		f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Op("*").Qual(gofile.IR, "Region").Block(jen.Return(jen.Id("o").Dot("op").Dot("Regions").Index(jen.Lit(i))))
	}
	for i, s := range o.Successors {
		name := s.GoName
		if s.Variadic {
			f.Comment(fmt.Sprintf("%s returns the successors %q.", name, s.Name))
			f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Index().Op("*").Qual(gofile.IR, "Block").Block(jen.Return(jen.Id("o").Dot("op").Dot("Successors").Index(jen.Lit(i).Op(":"))))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns the successor %q.", name, s.Name))
		f.Func().Params(jen.Id("o").Id(t)).Id(name).Params().Op("*").Qual(gofile.IR, "Block").Block(jen.Return(jen.Id("o").Dot("op").Dot("Successors").Index(jen.Lit(i))))
	}
	g.genBuilder(f, o, operandSeg, resultSeg)
}

func (g *gen) genBuilder(f *jen.File, o *defs.Op, operandSeg, resultSeg bool) {
	t := o.GoName
	params := []jen.Code{jen.Id("b").Op("*").Qual(gofile.IR, "Builder"), jen.Id("loc").Qual(gofile.IR, "Location")}
	var body []jen.Code
	var resultTypes []jen.Code
	var resultSegs []jen.Code
	for _, r := range o.Results {
		p := model.Local(r.GoName) + "Type"
		if r.Variadic || r.Optional {
			p += "s"
			params = append(params, jen.Id(p).Index().Qual(gofile.IR, "Type"))
			resultTypes = append(resultTypes, jen.Id(p).Op("..."))
			resultSegs = append(resultSegs, jen.Int32().Call(jen.Len(jen.Id(p))))
		} else {
			params = append(params, jen.Id(p).Qual(gofile.IR, "Type"))
			resultTypes = append(resultTypes, jen.Id(p))
			resultSegs = append(resultSegs, jen.Lit(1))
		}
	}
	// Result types are gathered into one slice, appending group by group.
	body = append(body, jen.Var().Id("types").Index().Qual(gofile.IR, "Type"))
	for i := range o.Results {
		body = append(body, jen.Id("types").Op("=").Append(jen.Id("types"), resultTypes[i]))
	}
	body = append(body, jen.Id("op").Op(":=").Qual(gofile.IR, "NewOperation").Call(
		jen.Qual(gofile.IR, "OpName").Values(jen.Dict{jen.Id("Dialect"): jen.Lit(g.m.Name), jen.Id("Op"): jen.Lit(o.Name), jen.Id("Registered"): jen.True()}),
		jen.Id("loc"), jen.Id("types")))
	var operandSegs []jen.Code
	for _, v := range o.Operands {
		p := model.Local(v.GoName)
		if v.Variadic || v.Optional {
			params = append(params, jen.Id(p).Index().Op("*").Qual(gofile.IR, "Value"))
			body = append(body, jen.Id("op").Dot("Operands").Op("=").Append(jen.Id("op").Dot("Operands"), jen.Id(p).Op("...")))
			operandSegs = append(operandSegs, jen.Int32().Call(jen.Len(jen.Id(p))))
		} else {
			params = append(params, jen.Id(p).Op("*").Qual(gofile.IR, "Value"))
			body = append(body, jen.Id("op").Dot("Operands").Op("=").Append(jen.Id("op").Dot("Operands"), jen.Id(p)))
			operandSegs = append(operandSegs, jen.Lit(1))
		}
	}
	if operandSeg {
		body = append(body, jen.Id("op").Dot("SetOperandSegments").Call(jen.Index().Int32().Values(operandSegs...)))
	}
	if resultSeg {
		body = append(body, jen.Id("op").Dot("SetResultSegments").Call(jen.Index().Int32().Values(resultSegs...)))
	}
	for _, a := range o.Attributes {
		p := model.Local(a.GoName)
		params = append(params, jen.Id(p).Add(g.goType(a.Type)))
		set := jen.Id("op").Dot("SetAttr").Call(jen.Lit(a.Name), jen.Id(p))
		if model.IsHandle(a.Type) {
			body = append(body, jen.If(jen.Id(p).Op("!=").Nil()).Block(set))
		} else {
			body = append(body, set)
		}
	}
	for _, s := range o.Successors {
		p := model.Local(s.GoName)
		if s.Variadic {
			params = append(params, jen.Id(p).Index().Op("*").Qual(gofile.IR, "Block"))
			body = append(body, jen.Id("op").Dot("Successors").Op("=").Append(jen.Id("op").Dot("Successors"), jen.Id(p).Op("...")))
		} else {
			params = append(params, jen.Id(p).Op("*").Qual(gofile.IR, "Block"))
			body = append(body, jen.Id("op").Dot("Successors").Op("=").Append(jen.Id("op").Dot("Successors"), jen.Id(p)))
		}
	}
	for _, r := range o.Regions {
		if r.Variadic {
			p := model.Local(r.GoName) + "Count"
			params = append(params, jen.Id(p).Int())
			body = append(body, jen.For(jen.Range().Id(p)).Block(jen.Id("op").Dot("AddRegion").Call()))
			continue
		}
		if r.SingleBlock {
			body = append(body, jen.Id("op").Dot("AddRegion").Call().Dot("AddBlock").Call())
		} else {
			body = append(body, jen.Id("op").Dot("AddRegion").Call())
		}
	}
	body = append(body, jen.Id("b").Dot("Insert").Call(jen.Id("op")), jen.Return(jen.Id(t).Values(jen.Id("op"))))
	f.Comment(fmt.Sprintf("Build%s creates a %s.%s at the builder's insertion point. Nil", t, g.m.Name, o.Name))
	f.Comment("optional attributes are left unset; single-block regions get their block.")
	f.Func().Id("Build" + t).Params(params...).Id(t).Block(body...)
}
