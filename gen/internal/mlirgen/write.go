package mlirgen

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// genWriteFunc emits the encoder of a definition. Variants are tried in
// order: the first whose predicate holds and that exists at the target is
// written. If none is written but a variant whose predicate held is missing
// at the target, encoding fails with a version error naming what those
// variants need; if no predicate held, there is no custom encoding.
func (g *gen) genWriteFunc(f *jen.File, def *defs.Def) {
	var body []jen.Code
	if def.Verify != "" {
		var args []jen.Code
		for _, p := range def.Params {
			args = append(args, jen.Id(recv(def)).Dot(model.Local(p.Name)))
		}
		body = append(body, jen.If(
			jen.Err().Op(":=").Id("verify"+def.Verify).Call(args...),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(jen.False(), jen.Qual("fmt", "Errorf").Call(jen.Lit(def.Name+": %w"), jen.Err()))))
	}
	gated := false
	for _, e := range def.Bytecode {
		gated = gated || e.Since != nil || e.Until != nil
	}
	// A value with a text form is written as text where no encoding is
	// available; others are refused, naming the releases that have one.
	textFallback := len(g.asmForms(def)) > 0
	if gated && !textFallback {
		body = append(body, jen.Var().Id("needs").Index().String())
	}
	for _, e := range def.Bytecode {
		emit := []jen.Code{jen.Id("w").Dot("VarInt").Call(jen.Lit(int(e.Code)))}
		for _, fl := range e.Fields {
			emit = append(emit, g.writeField(def, fl)...)
		}
		emit = append(emit, jen.Return(jen.True(), jen.Id("w").Dot("Err").Call()))
		avail := availExpr("w.Target", e.Availability)
		var stmts []jen.Code
		switch {
		case avail == nil:
			stmts = emit
		case textFallback:
			stmts = []jen.Code{jen.If(avail).Block(emit...)}
		default:
			stmts = []jen.Code{
				jen.If(avail).Block(emit...),
				jen.Id("needs").Op("=").Append(jen.Id("needs"), jen.Lit(fmt.Sprintf("%s (code %d)", e.Availability.Text(g.m.Name), e.Code))),
			}
		}
		if e.When != "" {
			body = append(body, jen.If(g.predicate(def, e.When)).Block(stmts...))
		} else {
			body = append(body, stmts...)
		}
		if e.When == "" && avail == nil {
			break // later variants are unreachable (the loader rejects them)
		}
	}
	last := def.Bytecode[len(def.Bytecode)-1]
	if gated && !textFallback {
		body = append(body, jen.If(jen.Len(jen.Id("needs")).Op(">").Lit(0)).Block(
			jen.Return(jen.False(), jen.Op("&").Qual(model.Wire, "VersionError").Values(jen.Dict{
				jen.Id("What"):   jen.Lit(fmt.Sprintf("%s %s", g.m.Name, def.Name)),
				jen.Id("Needs"):  jen.Qual("strings", "Join").Call(jen.Id("needs"), jen.Lit(" or ")),
				jen.Id("Target"): jen.Id("w").Dot("Target").Dot("String").Call(),
			}))))
	}
	if last.When != "" || last.Since != nil || last.Until != nil {
		body = append(body, jen.Return(jen.False(), jen.Nil()))
	}
	f.Comment(fmt.Sprintf("%s encodes a %s.", writeFuncName(def), def.Name))
	f.Func().Id(writeFuncName(def)).Params(jen.Id("w").Op("*").Qual(model.Bytecode, "EntryWriter"), jen.Id(recv(def)).Op("*").Id(def.Name)).Params(jen.Bool(), jen.Error()).Block(body...)
}

// genAvailability emits the dialect's AttributeAvailable (types:
// TypeAvailable), bytecode.AttrAvailability, for those of list that
// exist only at some targets (since/until on the llvm, bytecode or
// dialect axis): the writer asks it before writing a value, whether as
// bytecode or as text. Nothing for a dialect whose definitions have no
// bounds.
func (g *gen) genAvailability(f *jen.File, list []*defs.Def, types bool) {
	var cases []jen.Code
	// Kinds bounded by their hook alone share a case per hook.
	hookOnly := map[string][]jen.Code{}
	var hooks []string
	for _, def := range list {
		c := availExpr("t", def.Availability)
		if c == nil && def.ReleaseHook == "" {
			continue
		}
		if c == nil {
			if hookOnly[def.ReleaseHook] == nil {
				hooks = append(hooks, def.ReleaseHook)
			}
			hookOnly[def.ReleaseHook] = append(hookOnly[def.ReleaseHook], jen.Op("*").Id(def.Name))
			continue
		}
		var body []jen.Code
		if c != nil {
			body = append(body, jen.If(jen.Op("!").Parens(c)).Block(jen.Return(jen.Op("&").Qual(model.Wire, "VersionError").Values(jen.Dict{
				jen.Id("What"):   jen.Lit(fmt.Sprintf("%s %s", g.m.Name, def.Name)),
				jen.Id("Needs"):  jen.Lit(def.Availability.Text(g.m.Name)),
				jen.Id("Target"): jen.Id("t").Dot("String").Call(),
			}))))
		}
		if def.ReleaseHook != "" {
			// What its parameters hold may be more than the target has.
			body = append(body, jen.Return(jen.Id(def.ReleaseHook).Call(jen.Id("t"), jen.Id("v"))))
		}
		cases = append(cases, jen.Case(jen.Op("*").Id(def.Name)).Block(body...))
	}
	for _, h := range hooks {
		cases = append(cases, jen.Case(hookOnly[h]...).Block(jen.Return(jen.Id(h).Call(jen.Id("t"), jen.Id("v")))))
	}
	if len(cases) == 0 {
		return
	}
	method, iface, kind, what := "AttributeAvailable", "AttrAvailability", "Attribute", "an attribute"
	if types {
		method, iface, kind, what = "TypeAvailable", "TypeAvailability", "Type", "a type"
	}
	hooked := slices.ContainsFunc(list, func(d *defs.Def) bool { return d.ReleaseHook != "" })
	f.Comment(fmt.Sprintf("%s refuses %s that the target t lacks (its definition's", method, what))
	if hooked {
		f.Comment(fmt.Sprintf("since and until, and its release hook), as bytecode.%s.", iface))
	} else {
		f.Comment(fmt.Sprintf("since and until), as bytecode.%s.", iface))
	}
	f.Func().Params(jen.Id("dialect")).Id(method).Params(jen.Id("t").Qual(model.Bytecode, "Target"), jen.Id("v").Qual(model.IR, kind)).Error().Block(
		jen.Switch(jen.Id("v").Assert(jen.Type())).Block(cases...),
		jen.Return(jen.Nil()),
	)
	f.Var().Id("_").Qual(model.Bytecode, iface).Op("=").Id("Dialect")
}

func (g *gen) writeField(def *defs.Def, fl *defs.Field) []jen.Code {
	r := recv(def)
	switch {
	case fl.Custom != "":
		args := []jen.Code{jen.Id("w")}
		for _, a := range fl.Args {
			args = append(args, jen.Id(r).Dot(model.Local(a)))
		}
		for _, o := range fl.Outputs {
			args = append(args, jen.Id(r).Dot(model.Local(o)))
		}
		return []jen.Code{jen.Id("write" + fl.Custom).Call(args...)}
	case fl.Packed != nil:
		// Every part below the first must fit its bits, or the packed value
		// would silently decode as something else.
		var out []jen.Code
		var v *jen.Statement
		for i, pp := range fl.Packed {
			p := def.FindParam(pp.Param)
			x := jen.Uint64().Call(jen.Id(r).Dot(model.Local(pp.Param)))
			out = append(out, g.enumCheck(def, p, jen.Id(r).Dot(model.Local(pp.Param)))...)
			if i == 0 {
				v = x
				continue
			}
			out = append(out, jen.If(x.Clone().Op(">").Lit(int((uint64(1)<<pp.Bits)-1))).Block(
				jen.Id("w").Dot("Fail").Call(jen.Qual("fmt", "Errorf").Call(
					jen.Lit(fmt.Sprintf("%s %s: %s is %%d, which does not fit its %d bits", g.m.Name, def.Name, p.Name, pp.Bits)),
					jen.Id(r).Dot(model.Local(pp.Param))))))
			v = jen.Parens(v).Op("<<").Lit(pp.Bits).Op("|").Add(x)
		}
		return append(out, jen.Id("w").Dot("VarInt").Call(v))
	}
	p := def.FindParam(fl.Param)
	if p.Type.Kind == defs.RefAPInt || p.Type.Kind == defs.RefAPFloat {
		return []jen.Code{jen.Id("w").Dot("APInt").Call(jen.Id(r).Dot(model.Local(p.Name)))}
	}
	out := g.enumCheck(def, p, jen.Id(r).Dot(model.Local(p.Name)))
	return append(out, g.writeValue(p.Type, jen.Id(r).Dot(model.Local(p.Name)), fl.As, fl.As == "optional", 0)...)
}

// enumCheck fails the writer when an enum parameter holds an undefined value.
func (g *gen) enumCheck(def *defs.Def, p *defs.Param, x *jen.Statement) []jen.Code {
	if p == nil || p.Type.Kind != defs.RefEnum {
		return nil
	}
	return []jen.Code{jen.If(jen.Op("!").Add(x.Clone()).Dot("Valid").Call()).Block(
		jen.Id("w").Dot("Fail").Call(jen.Qual("fmt", "Errorf").Call(
			jen.Lit(fmt.Sprintf("%s %s: %s is %%d, not a %s value", g.m.Name, def.Name, p.Name, p.Type.Enum.Name)),
			jen.Uint64().Call(x.Clone()))))}
}

func (g *gen) writeValue(t *defs.TypeRef, x *jen.Statement, as string, optional bool, depth int) []jen.Code {
	w := jen.Id("w")
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation:
		if optional {
			if t.Def != nil {
				return []jen.Code{jen.If(x.Clone().Op("==").Nil()).Block(w.Clone().Dot("OptionalAttribute").Call(jen.Nil())).Else().Block(w.Clone().Dot("OptionalAttribute").Call(x))}
			}
			return []jen.Code{w.Dot("OptionalAttribute").Call(x)}
		}
		return []jen.Code{w.Dot("Attribute").Call(x)}
	case defs.RefType:
		return []jen.Code{w.Dot("Type").Call(x)}
	case defs.RefString:
		return []jen.Code{w.Dot("String").Call(x)}
	case defs.RefBytes:
		return []jen.Code{w.Dot("Blob").Call(x)}
	case defs.RefResource:
		return []jen.Code{w.Dot("Resource").Call(x)}
	case defs.RefBool, defs.RefInt64, defs.RefUint64, defs.RefInt32, defs.RefUint32, defs.RefEnum:
		wire := intWireForm(t, as)
		var v *jen.Statement
		if t.Kind == defs.RefBool {
			v = jen.Qual(model.Bytecode, "BoolInt").Call(x)
		}
		switch wire {
		case "byte":
			if v == nil {
				v = x
			}
			return []jen.Code{w.Dot("Byte").Call(jen.Byte().Call(v))}
		case "svarint":
			if v == nil {
				v = x
			}
			return []jen.Code{w.Dot("SignedVarInt").Call(jen.Int64().Call(v))}
		default:
			if v == nil {
				v = jen.Uint64().Call(x)
			}
			return []jen.Code{w.Dot("VarInt").Call(jen.Uint64().Call(v))}
		}
	case defs.RefStruct:
		var out []jen.Code
		for _, p := range t.Struct.Params {
			out = append(out, g.writeValue(p.Type, x.Clone().Dot(defs.GoName(p.Name)), "", false, depth+1)...)
		}
		return out
	case defs.RefList:
		e := jen.Id(fmt.Sprintf("e%d", depth))
		return []jen.Code{
			w.Dot("VarInt").Call(jen.Uint64().Call(jen.Len(x))),
			jen.For(jen.List(jen.Id("_"), e.Clone()).Op(":=").Range().Add(x.Clone())).Block(
				g.writeValue(t.Elem, e.Clone(), "", false, depth+1)...),
		}
	}
	panic("mlirgen: no generated writer for " + t.Text) // the loader rejects it
}

// predicate translates a when: expression into Go over the receiver.
func (g *gen) predicate(def *defs.Def, when string) jen.Code {
	expr, _ := defs.ParsePredicate(def, when) // the loader parsed it
	r := recv(def)
	var tr func(e ast.Expr) *jen.Statement
	tr = func(e ast.Expr) *jen.Statement {
		switch e := e.(type) {
		case *ast.ParenExpr:
			return jen.Parens(tr(e.X))
		case *ast.BinaryExpr:
			if is := g.kindTest(def, e, tr); is != nil {
				return is
			}
			return tr(e.X).Op(e.Op.String()).Add(tr(e.Y))
		case *ast.UnaryExpr:
			return jen.Op(e.Op.String()).Add(tr(e.X))
		case *ast.BasicLit:
			if e.Kind == token.INT {
				n, _ := strconv.ParseInt(e.Value, 0, 64) // the loader checked it
				return jen.Lit(int(n))
			}
			return jen.Id(e.Value)
		case *ast.CallExpr:
			if defs.PredicateHook(def, e) {
				args := make([]jen.Code, len(e.Args))
				for i, a := range e.Args {
					args[i] = tr(a)
				}
				return jen.Id(e.Fun.(*ast.Ident).Name).Call(args...)
			}
			arg := tr(e.Args[0])
			if e.Fun.(*ast.Ident).Name == "len" {
				return jen.Len(arg)
			}
			return jen.Qual(model.Bytecode, "Any").Call(arg)
		case *ast.Ident:
			switch e.Name {
			case "nil":
				return jen.Nil()
			case "true":
				return jen.True()
			case "false":
				return jen.False()
			}
			if p := defs.PredicateParam(def, e.Name); p != nil {
				return jen.Id(r).Dot(model.Local(p.Name))
			}
			if _, v := defs.EnumValueNamed(g.m.Dialect, e.Name); v != nil {
				return jen.Id(v.GoName)
			}
			return jen.Id(defs.ConstructorName(g.m.Def(e.Name).Def)).Call(jen.Id(r).Dot("Context").Call())
		}
		panic(fmt.Sprintf("gen: unexpected predicate node %T", e))
	}
	return tr(expr)
}

// kindTest is a comparison with a parameterless kind (type == NoneType) as
// a test of the value's Go type, or nil for any other expression. Such a
// kind has one value a context, and a value's parameters are of its
// context, so the two agree; asking the context for the one value costs
// a uniquing lookup for every value written.
func (g *gen) kindTest(def *defs.Def, e *ast.BinaryExpr, tr func(ast.Expr) *jen.Statement) *jen.Statement {
	if e.Op != token.EQL && e.Op != token.NEQ {
		return nil
	}
	x, kind := e.X, e.Y
	if g.singleton(def, x) != nil {
		x, kind = e.Y, e.X
	}
	k := g.singleton(def, kind)
	if k == nil {
		return nil
	}
	test := jen.Qual(model.IR, "Is").Types(jen.Op("*").Id(k.Name)).Call(tr(x))
	if e.Op == token.NEQ {
		return jen.Op("!").Add(test)
	}
	return test
}

// singleton is the parameterless, uniqued kind e names in def's
// predicates, or nil.
func (g *gen) singleton(def *defs.Def, e ast.Expr) *defs.Def {
	id, ok := e.(*ast.Ident)
	if !ok || defs.PredicateParam(def, id.Name) != nil {
		return nil
	}
	if _, v := defs.EnumValueNamed(g.m.Dialect, id.Name); v != nil {
		return nil
	}
	k := g.m.Def(id.Name)
	if k == nil || len(k.Def.Params) > 0 || k.Def.Distinct {
		return nil
	}
	return k.Def
}
