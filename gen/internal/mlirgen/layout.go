package mlirgen

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
)

// dataLayout is the import path of the interface generated layout
// handlers implement.
const dataLayout = "github.com/dialectgen/dialectgen/runtime/datalayout"

func (g *gen) hasLayouts() bool {
	for _, t := range g.m.Dialect.Types {
		if t.Layout != nil {
			return true
		}
	}
	return false
}

// genLayouts emits, for each type with layout rules, the methods of
// datalayout.Type.
func (g *gen) genLayouts(f *jen.File) {
	env := func() *jen.Statement { return jen.Id("e").Qual(dataLayout, "Env") }
	for _, def := range g.m.Dialect.Types {
		l := def.Layout
		if l == nil {
			continue
		}
		t := jen.Op("*").Id(def.Name)
		f.Comment(fmt.Sprintf("LayoutClass is the type class whose spec entries apply to %s.", def.Name))
		f.Func().Params(t).Id("LayoutClass").Params().String().Block(jen.Return(jen.Lit(l.Class)))

		f.Comment("LayoutSizeBits is the size in bits.")
		var body []jen.Code
		if len(l.Scalable) == 0 && single(l.SizeBits) {
			body = []jen.Code{jen.Return(jen.Qual(dataLayout, "Size").Values(jen.Id("Min").Op(":").Add(g.layoutExpr(def, l.SizeBits[0].Expr))))}
		} else {
			body = append(body, jen.Var().Id("s").Qual(dataLayout, "Size"))
			body = append(body, g.byRelease(def, l.SizeBits, func(c jen.Code) jen.Code { return jen.Id("s").Dot("Min").Op("=").Add(c) }, true, nil)...)
			if len(l.Scalable) > 0 {
				// Releases no scalable rule covers have fixed sizes.
				body = append(body, g.byRelease(def, l.Scalable, func(c jen.Code) jen.Code { return jen.Id("s").Dot("Scalable").Op("=").Add(c) }, false, nil)...)
			}
			body = append(body, jen.Return(jen.Id("s")))
		}
		f.Func().Params(jen.Id("t").Add(t)).Id("LayoutSizeBits").Params(env()).Qual(dataLayout, "Size").Block(body...)

		for _, q := range []struct {
			name, doc string
			rules     []*defs.LayoutRule
		}{
			{"LayoutABIAlign", "LayoutABIAlign is the ABI alignment in bytes.", l.ABIAlign},
			{"LayoutPrefAlign", "LayoutPrefAlign is the preferred alignment in bytes.", l.PrefAlign},
		} {
			f.Comment(q.doc)
			ret := func(c jen.Code) jen.Code { return jen.Return(c) }
			var body []jen.Code
			if single(q.rules) {
				body = []jen.Code{ret(g.layoutExpr(def, q.rules[0].Expr))}
			} else {
				body = g.byRelease(def, q.rules, ret, true, jen.Return(jen.Lit(0)))
			}
			f.Func().Params(jen.Id("t").Add(t)).Id(q.name).Params(env()).Uint64().Block(body...)
		}

		f.Comment("LayoutIndexBits is the index bit width, if the type has one.")
		var ibody []jen.Code
		switch {
		case len(l.IndexBits) == 0:
			ibody = []jen.Code{jen.Return(jen.Lit(0), jen.False())}
		case single(l.IndexBits):
			ibody = []jen.Code{jen.Return(g.layoutExpr(def, l.IndexBits[0].Expr), jen.True())}
		default:
			ibody = g.byRelease(def, l.IndexBits, func(c jen.Code) jen.Code { return jen.Return(c, jen.True()) }, false, jen.Return(jen.Lit(0), jen.False()))
		}
		f.Func().Params(jen.Id("t").Add(t)).Id("LayoutIndexBits").Params(env()).Params(jen.Uint64(), jen.Bool()).Block(ibody...)
	}
}

// single reports whether one rule applies at every release.
func single(rules []*defs.LayoutRule) bool {
	return len(rules) == 1 && rules[0].Since == nil && rules[0].Until == nil
}

// byRelease chooses among rules by the release: the first whose bounds
// hold applies. With none, a strict quantity records a failure; then
// fallback (if not nil) follows the switch.
func (g *gen) byRelease(def *defs.Def, rules []*defs.LayoutRule, use func(jen.Code) jen.Code, strict bool, fallback jen.Code) []jen.Code {
	var cases []jen.Code
	covered := false
	for _, r := range rules {
		var conds []jen.Code
		if r.Since != nil {
			conds = append(conds, jen.Id("r").Op(">=").Lit(r.Since.Parts[0]))
		}
		if r.Until != nil {
			conds = append(conds, jen.Id("r").Op("<=").Lit(r.Until.Parts[0]))
		}
		stmt := use(g.layoutExpr(def, r.Expr))
		if len(conds) == 0 {
			cases = append(cases, jen.Default().Block(stmt))
			covered = true
			break
		}
		cond := conds[0]
		if len(conds) == 2 {
			cond = jen.Add(conds[0]).Op("&&").Add(conds[1])
		}
		cases = append(cases, jen.Case(cond).Block(stmt))
	}
	if !covered && strict {
		cases = append(cases, jen.Default().Block(
			jen.Id("e").Dot("Fail").Call(jen.Lit("no layout rule of "+def.Name+" for LLVM %d"), jen.Id("r")),
		))
	}
	out := []jen.Code{jen.Switch(jen.Id("r").Op(":=").Id("e").Dot("Release").Call(), jen.Empty()).Block(cases...)}
	if !covered && fallback != nil {
		out = append(out, fallback)
	}
	return out
}

// layoutExpr emits a checked layout expression.
func (g *gen) layoutExpr(def *defs.Def, x *defs.LayoutExpr) *jen.Statement {
	sub := func(i int) *jen.Statement { return g.layoutExpr(def, x.Args[i]) }
	dl := func(name string, args ...jen.Code) *jen.Statement { return jen.Qual(dataLayout, name).Call(args...) }
	e := jen.Id("e")
	switch x.Op {
	case "lit":
		if x.Name == "true" || x.Name == "false" {
			return jen.Id(x.Name)
		}
		v, _ := strconv.ParseUint(x.Name, 10, 64)
		return jen.Lit(int(v))
	case "name":
		if x.Param != nil {
			get := jen.Id("t").Dot(x.Param.GoName).Call()
			if x.Kind == defs.LayoutUint {
				return jen.Uint64().Parens(get)
			}
			return get
		}
		switch x.Name {
		case "self":
			return jen.Id("t")
		case "has_entries":
			return e.Dot("HasEntries").Call()
		case "first_abi":
			return dl("FirstABI", e)
		case "first_pref":
			return dl("FirstPref", e)
		case "index_width":
			return e.Dot("IndexWidth").Call()
		}
	case "call":
		if c := x.Ctor; c != nil {
			args := []jen.Code{e.Clone().Dot("Context").Call()}
			for i, p := range c.Params {
				a := sub(i)
				if x.Args[i].Kind == defs.LayoutUint {
					a = g.goType(p.Type).Parens(a)
				}
				args = append(args, a)
			}
			return jen.Id(defs.ConstructorName(c)).Call(args...)
		}
		switch x.Name {
		case "size_bits":
			return e.Dot("SizeInBits").Call(sub(0)).Dot("Min")
		case "size":
			return dl("Bytes", e, sub(0))
		case "abi":
			return e.Dot("ABIAlign").Call(sub(0))
		case "pref":
			return e.Dot("PrefAlign").Call(sub(0))
		case "index_bits":
			return e.Dot("IndexBits").Call(sub(0))
		case "bare_size_bits":
			return e.Dot("Bare").Call().Dot("SizeInBits").Call(sub(0)).Dot("Min")
		case "bare_abi":
			return e.Dot("Bare").Call().Dot("ABIAlign").Call(sub(0))
		case "bare_pref":
			return e.Dot("Bare").Call().Dot("PrefAlign").Call(sub(0))
		case "integer":
			return e.Dot("Integer").Call(sub(0))
		case "entry_abi":
			return dl("EntryABI", e, sub(0))
		case "entry_pref":
			return dl("EntryPref", e, sub(0))
		case "pow2_ceil":
			return dl("Pow2Ceil", sub(0))
		case "div_ceil":
			return dl("DivCeil", e, sub(0), sub(1))
		case "align_to":
			return dl("AlignTo", e, sub(0), sub(1))
		case "min", "max":
			return jen.Id(x.Name).Call(sub(0), sub(1))
		case "product":
			return dl("Product", sub(0))
		case "last":
			return dl("Last", e, sub(0))
		case "rank":
			return jen.Uint64().Parens(jen.Len(sub(0)))
		case "any":
			return dl("Any", sub(0))
		case "has_entry":
			return dl("HasEntry", e, sub(0))
		case "entry_len":
			return dl("EntryLen", e, sub(0))
		case "entry":
			return dl("EntryAt", e, sub(0), sub(1))
		case "sum_size":
			return dl("SumSize", e, sub(0))
		case "seq_size":
			return dl("SeqSize", e, sub(0))
		case "max_abi":
			return dl("MaxABI", e, sub(0))
		case "fixed_size":
			return dl("FixedSize", e, sub(0))
		}
	case "?:":
		typ := jen.Uint64()
		if x.Kind == defs.LayoutBool {
			typ = jen.Bool()
		}
		return dl("If", sub(0),
			jen.Func().Params().Add(typ).Block(jen.Return(sub(1))),
			jen.Func().Params().Add(typ.Clone()).Block(jen.Return(sub(2))))
	case "!":
		return jen.Op("!").Add(paren(x.Args[0], sub(0)))
	case "/":
		return dl("Div", e, sub(0), sub(1))
	case "%":
		return dl("Mod", e, sub(0), sub(1))
	default:
		return jen.Add(paren(x.Args[0], sub(0))).Op(x.Op).Add(paren(x.Args[1], sub(1)))
	}
	panic("mlirgen: unchecked layout expression " + x.Op + " " + x.Name)
}

// paren wraps an operand that is itself an operator expression.
func paren(x *defs.LayoutExpr, c *jen.Statement) *jen.Statement {
	switch x.Op {
	case "lit", "name", "call", "?:", "/", "%":
		return c
	}
	return jen.Parens(c)
}
