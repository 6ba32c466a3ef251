package mlirgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// retErr is `return nil, err`, valid in every generated read function.
func retErr() *jen.Statement { return jen.Return(jen.Nil(), jen.Err()) }

// check wraps a call that assigns into targets with the error test.
func check(assign *jen.Statement) *jen.Statement {
	return jen.If(assign, jen.Err().Op("!=").Nil()).Block(retErr())
}

// availExpr is the condition under which something with availability a
// exists at the target held by x (a bytecode.Target); nil when always.
// The loader accepts llvm, bytecode and (with versions.dialect) dialect
// bounds.
func availExpr(x string, a defs.Availability) jen.Code {
	var conds []jen.Code
	add := func(v *defs.Version, since bool) {
		if v == nil {
			return
		}
		n := v.Parts[0]
		switch v.Axis {
		case "llvm":
			if since {
				conds = append(conds, jen.Parens(jen.Id(x).Dot("Release").Op("==").Lit(0).Op("||").Id(x).Dot("Release").Op(">=").Lit(n)))
			} else {
				conds = append(conds, jen.Parens(jen.Id(x).Dot("Release").Op("!=").Lit(0).Op("&&").Id(x).Dot("Release").Op("<=").Lit(n)))
			}
		case "bytecode":
			op := ">="
			if !since {
				op = "<="
			}
			conds = append(conds, jen.Id(x).Dot("Version").Op(op).Lit(n))
		case "dialect":
			conds = append(conds, dialectCond(x, v, since))
		}
	}
	add(a.Since, true)
	add(a.Until, false)
	if len(conds) == 0 {
		return nil
	}
	c := jen.Add(conds[0])
	for _, x := range conds[1:] {
		c = c.Op("&&").Add(x)
	}
	return c
}

func (g *gen) genBytecode(f *jen.File) {
	g.genDispatch(f, g.m.Attributes, false)
	g.genDispatch(f, g.m.Dialect.Types, true)
	for _, def := range append(append([]*defs.Def{}, g.m.Attributes...), g.m.Dialect.Types...) {
		for i, e := range def.Bytecode {
			g.genReadFunc(f, def, i, e)
		}
		if len(def.Bytecode) > 0 {
			g.genWriteFunc(f, def)
		}
	}
}

func readFuncName(def *defs.Def, i int) string { return fmt.Sprintf("read%s%d", def.Name, i) }
func writeFuncName(def *defs.Def) string       { return "write" + def.Name }

// genDispatch emits ReadAttribute/WriteAttribute (or the Type pair).
func (g *gen) genDispatch(f *jen.File, list []*defs.Def, types bool) {
	what, iface := "Attribute", jen.Qual(model.IR, "Attribute")
	if types {
		what, iface = "Type", jen.Qual(model.IR, "Type")
	}
	type variant struct {
		def *defs.Def
		i   int
		e   *defs.Encoding
	}
	byCode := map[uint64][]variant{}
	var codes []uint64
	for _, def := range list {
		for i, e := range def.Bytecode {
			if byCode[e.Code] == nil {
				codes = append(codes, e.Code)
			}
			byCode[e.Code] = append(byCode[e.Code], variant{def, i, e})
		}
	}
	sort.Slice(codes, func(i, j int) bool { return codes[i] < codes[j] })
	var cases []jen.Code
	for _, c := range codes {
		var body []jen.Code
		var needs []string
		for _, v := range byCode[c] {
			cond := availExpr("r.Target", v.e.Availability)
			call := jen.Return(jen.Id(readFuncName(v.def, v.i)).Call(jen.Id("r")))
			if cond == nil {
				body = append(body, call)
			} else {
				body = append(body, jen.If(cond).Block(call))
				needs = append(needs, v.e.Availability.Text(g.m.Name))
			}
		}
		if len(needs) == len(byCode[c]) {
			name := byCode[c][0].def.Name
			body = append(body, jen.Return(jen.Nil(), jen.Id("r").Dot("ErrorAt").Call(jen.Id("at"),
				jen.Lit(fmt.Sprintf("a %s %s code its producer writes", g.m.Name, strings.ToLower(what))),
				jen.Op("&").Qual(model.Wire, "VersionError").Values(jen.Dict{
					jen.Id("What"):    jen.Lit(fmt.Sprintf("%s %s (code %d)", g.m.Name, name, c)),
					jen.Id("Needs"):   jen.Lit(strings.Join(needs, " or ")),
					jen.Id("Target"):  jen.Id("r").Dot("Target").Dot("String").Call(),
					jen.Id("Reading"): jen.True(),
				}))))
		}
		cases = append(cases, jen.Case(jen.Lit(int(c))).Block(body...))
	}
	f.Comment(fmt.Sprintf("Read%s decodes a custom-encoded %s %s entry.", what, g.m.Name, strings.ToLower(what)))
	f.Func().Params(jen.Id("dialect")).Id("Read"+what).Params(jen.Id("r").Op("*").Qual(model.Bytecode, "EntryReader")).Params(iface.Clone(), jen.Error()).Block(
		jen.Id("at").Op(":=").Id("r").Dot("Offset").Call(),
		jen.List(jen.Id("code"), jen.Err()).Op(":=").Id("r").Dot("VarInt").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(retErr()),
		jen.Switch(jen.Id("code")).Block(cases...),
		jen.Return(jen.Nil(), jen.Id("r").Dot("ErrorAt").Call(jen.Id("at"),
			jen.Lit(fmt.Sprintf("a known %s %s code", g.m.Name, strings.ToLower(what))),
			jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: unknown code %d"), jen.Qual(model.Wire, "ErrInvalid"), jen.Id("code")))),
	)
	var wcases []jen.Code
	for _, def := range list {
		if len(def.Bytecode) == 0 {
			continue
		}
		wcases = append(wcases, jen.Case(jen.Op("*").Id(def.Name)).Block(jen.Return(jen.Id(writeFuncName(def)).Call(jen.Id("w"), jen.Id("v")))))
	}
	f.Comment(fmt.Sprintf("Write%s encodes v; false means it has no custom encoding at w's", what))
	f.Comment("target, and the writer stores its textual form instead.")
	param, body := "v", []jen.Code{jen.Switch(jen.Id("v").Op(":=").Id("v").Assert(jen.Type())).Block(wcases...)}
	if len(wcases) == 0 {
		param, body = "_", nil
	}
	body = append(body, jen.Return(jen.False(), jen.Nil()))
	f.Func().Params(jen.Id("dialect")).Id("Write"+what).Params(jen.Id("w").Op("*").Qual(model.Bytecode, "EntryWriter"), jen.Id(param).Add(iface.Clone())).Params(jen.Bool(), jen.Error()).Block(body...)
}

// genReadFunc emits the decoder of one encoding variant.
func (g *gen) genReadFunc(f *jen.File, def *defs.Def, i int, e *defs.Encoding) {
	ret := jen.Qual(model.IR, "Attribute")
	if def.IsType {
		ret = jen.Qual(model.IR, "Type")
	}
	var body []jen.Code
	if len(def.Params) > 0 {
		var decls []jen.Code
		for _, p := range def.Params {
			decls = append(decls, jen.Id(model.Local(p.Name)).Add(g.goType(p.Type)))
		}
		body = append(body, jen.Var().Defs(decls...))
	}
	if len(e.Fields) > 0 {
		body = append(body, jen.Var().Err().Error())
	}
	for _, fl := range e.Fields {
		body = append(body, g.readField(def, fl)...)
	}
	var args []jen.Code
	args = append(args, jen.Id("r").Dot("Context").Call())
	for _, p := range def.Params {
		args = append(args, jen.Id(model.Local(p.Name)))
	}
	if def.Verify != "" {
		// The entry is read; a value it may not hold is an error at its
		// start.
		body = append([]jen.Code{jen.Id("at").Op(":=").Id("r").Dot("Offset").Call()}, body...)
		body = append(body, jen.If(
			jen.Err().Op(":=").Id("verify"+def.Verify).Call(args[1:]...),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(jen.Nil(), jen.Id("r").Dot("ErrorAt").Call(jen.Id("at"), jen.Lit("a valid "+def.Name),
			jen.Qual("fmt", "Errorf").Call(jen.Lit("%w: %w"), jen.Qual(model.Wire, "ErrInvalid"), jen.Err())))))
	}
	ctor := jen.Id(defs.ConstructorName(def))
	if keepsParams(def) {
		// Blobs read by r.Blob are views of the file, and the lists the
		// code above makes are its own; what a hook returns may be a
		// buffer it reuses, unless its field says views.
		views := jen.Id("r").Dot("Views").Call()
		for _, fl := range e.Fields {
			for _, o := range fl.Outputs {
				if p := def.FindParam(o); fl.Custom != "" && !fl.Views && p != nil && kept(p) {
					views = jen.False()
				}
			}
		}
		ctor, args = jen.Id(keepingName(def)), append(args, views)
	}
	body = append(body, jen.Return(ctor.Call(args...), jen.Nil()))
	f.Comment(fmt.Sprintf("%s reads code %d of %s.", readFuncName(def, i), e.Code, def.Name))
	f.Func().Id(readFuncName(def, i)).Params(jen.Id("r").Op("*").Qual(model.Bytecode, "EntryReader")).Params(ret, jen.Error()).Block(body...)
}

func (g *gen) readField(def *defs.Def, fl *defs.Field) []jen.Code {
	switch {
	case fl.Custom != "":
		var outs []jen.Code
		for _, o := range fl.Outputs {
			outs = append(outs, jen.Id(model.Local(o)))
		}
		outs = append(outs, jen.Err())
		args := []jen.Code{jen.Id("r")}
		for _, a := range fl.Args {
			args = append(args, jen.Id(model.Local(a)))
		}
		return []jen.Code{check(jen.List(outs...).Op("=").Id("read" + fl.Custom).Call(args...))}
	case fl.Packed != nil:
		var stmts []jen.Code
		for _, pp := range fl.Packed {
			if needsFieldAt(def.FindParam(pp.Param).Type) {
				stmts = append(stmts, jen.Id("fieldAt").Op(":=").Id("r").Dot("Offset").Call())
				break
			}
		}
		stmts = append(stmts,
			jen.Var().Id("v").Uint64(),
			check(jen.List(jen.Id("v"), jen.Err()).Op("=").Id("r").Dot("VarInt").Call()))
		for i := len(fl.Packed) - 1; i >= 0; i-- {
			pp := fl.Packed[i]
			p := def.FindParam(pp.Param)
			part := jen.Id("v")
			if i > 0 {
				part = jen.Id("v").Op("&").Lit(int((uint64(1) << pp.Bits) - 1))
			}
			stmts = append(stmts, g.assignInt(p.Type, jen.Id(model.Local(p.Name)), part, fmt.Sprintf("%s of %s", p.Name, def.Name))...)
			if i > 0 {
				stmts = append(stmts, jen.Id("v").Op(">>=").Lit(pp.Bits))
			}
		}
		return []jen.Code{jen.Block(stmts...)}
	}
	p := def.FindParam(fl.Param)
	if p.Type.Kind == defs.RefAPInt || p.Type.Kind == defs.RefAPFloat {
		return []jen.Code{check(jen.List(jen.Id(model.Local(p.Name)), jen.Err()).Op("=").Id("r").Dot("APIntOf").Call(jen.Id(model.Local(p.WidthOf))))}
	}
	return g.readValue(p.Type, jen.Id(model.Local(p.Name)), fl.As, fl.As == "optional", 0)
}

// intWireForm is how an integer, bool or enum value goes on the wire:
// the field's as: override, else one byte for bools, zigzag for signed
// integers and a plain varint for the rest.
func intWireForm(t *defs.TypeRef, as string) string {
	switch {
	case as != "":
		return as
	case t.Kind == defs.RefBool:
		return "byte"
	case t.Kind == defs.RefInt64 || t.Kind == defs.RefInt32:
		return "svarint"
	}
	return "varint"
}

// needsFieldAt reports whether assignInt range-checks values of kind t.
func needsFieldAt(t *defs.TypeRef) bool {
	return t.Kind == defs.RefUint32 || t.Kind == defs.RefInt32 || t.Kind == defs.RefEnum
}

// assignInt stores the uint64 expression v into target of integer kind t,
// rejecting values the kind cannot hold; errors point at the field's first
// byte, held in the local fieldAt.
func (g *gen) assignInt(t *defs.TypeRef, target, v *jen.Statement, what string) []jen.Code {
	bad := func(cond jen.Code, expected string) jen.Code {
		return jen.If(cond).Block(jen.Return(jen.Nil(), jen.Id("r").Dot("ErrorAt").Call(jen.Id("fieldAt"), jen.Lit(expected), jen.Qual(model.Wire, "ErrInvalid"))))
	}
	switch t.Kind {
	case defs.RefUint32:
		return []jen.Code{bad(v.Clone().Op(">").Qual("math", "MaxUint32"), what+" in 32 bits"), target.Op("=").Uint32().Call(v)}
	case defs.RefInt32:
		return []jen.Code{bad(v.Clone().Op(">").Qual("math", "MaxInt32"), what+" in 32 bits"), target.Op("=").Int32().Call(v)}
	case defs.RefInt64:
		return []jen.Code{target.Op("=").Int64().Call(v)}
	case defs.RefBool:
		return []jen.Code{target.Op("=").Add(v).Op("!=").Lit(0)}
	case defs.RefEnum:
		return []jen.Code{
			bad(jen.Op("!").Id(t.Enum.Name).Call(v.Clone()).Dot("Valid").Call(), fmt.Sprintf("a %s value for %s", t.Enum.Name, what)),
			target.Op("=").Id(t.Enum.Name).Call(v),
		}
	}
	return []jen.Code{target.Op("=").Add(v)}
}

// readValue decodes a value of type t into target.
func (g *gen) readValue(t *defs.TypeRef, target *jen.Statement, as string, optional bool, depth int) []jen.Code {
	r := jen.Id("r")
	call := func(c *jen.Statement) []jen.Code {
		return []jen.Code{check(jen.List(target, jen.Err()).Op("=").Add(c))}
	}
	typedName := func() string { return fmt.Sprintf("%s %s", g.m.Name, t.Def.Name) }
	switch t.Kind {
	case defs.RefAttr:
		if t.Def != nil {
			fn := "ReadAttr"
			if optional {
				fn = "ReadOptionalAttr"
			}
			return call(jen.Qual(model.Bytecode, fn).Types(jen.Op("*").Id(t.Def.Name)).Call(r, jen.Lit(typedName())))
		}
		if optional {
			return call(r.Dot("OptionalAttribute").Call())
		}
		return call(r.Dot("Attribute").Call())
	case defs.RefLocation:
		fn := "ReadLocation"
		if optional {
			fn = "ReadOptionalLocation"
		}
		return call(jen.Qual(model.Bytecode, fn).Call(r))
	case defs.RefType:
		if t.Def != nil {
			return call(jen.Qual(model.Bytecode, "ReadType").Types(jen.Op("*").Id(t.Def.Name)).Call(r, jen.Lit(typedName())))
		}
		return call(r.Dot("Type").Call())
	case defs.RefString:
		return call(r.Dot("String").Call())
	case defs.RefBytes:
		return call(r.Dot("Blob").Call())
	case defs.RefResource:
		return call(r.Dot("Resource").Call())
	case defs.RefBool, defs.RefInt64, defs.RefUint64, defs.RefInt32, defs.RefUint32, defs.RefEnum:
		wire := intWireForm(t, as)
		var read *jen.Statement
		switch wire {
		case "byte":
			read = r.Dot("Byte").Call()
		case "svarint":
			read = r.Dot("SignedVarInt").Call()
		default:
			read = r.Dot("VarInt").Call()
		}
		v := jen.Id(fmt.Sprintf("v%d", depth))
		vt := map[string]*jen.Statement{"byte": jen.Byte(), "svarint": jen.Int64(), "varint": jen.Uint64()}[wire]
		var stmts []jen.Code
		if needsFieldAt(t) {
			stmts = append(stmts, jen.Id("fieldAt").Op(":=").Id("r").Dot("Offset").Call())
		}
		stmts = append(stmts,
			jen.Var().Add(v.Clone()).Add(vt),
			check(jen.List(v.Clone(), jen.Err()).Op("=").Add(read)))
		var uv *jen.Statement
		switch wire {
		case "svarint":
			switch t.Kind {
			case defs.RefInt64:
				return []jen.Code{jen.Block(append(stmts, target.Op("=").Add(v.Clone()))...)}
			case defs.RefInt32:
				return []jen.Code{jen.Block(append(stmts,
					jen.If(v.Clone().Op("<").Qual("math", "MinInt32").Op("||").Add(v.Clone()).Op(">").Qual("math", "MaxInt32")).Block(
						jen.Return(jen.Nil(), jen.Id("r").Dot("ErrorAt").Call(jen.Id("fieldAt"), jen.Lit("a value in 32 bits"), jen.Qual(model.Wire, "ErrInvalid")))),
					target.Op("=").Int32().Call(v.Clone()))...)}
			}
			uv = jen.Uint64().Call(v.Clone())
		case "byte":
			uv = jen.Uint64().Call(v.Clone())
		default:
			uv = v.Clone()
		}
		return []jen.Code{jen.Block(append(stmts, g.assignInt(t, target, uv, "a value")...)...)}
	case defs.RefStruct:
		s := jen.Id(fmt.Sprintf("s%d", depth))
		stmts := []jen.Code{jen.Var().Add(s.Clone()).Id(t.Struct.Name)}
		for _, p := range t.Struct.Params {
			stmts = append(stmts, g.readValue(p.Type, s.Clone().Dot(defs.GoName(p.Name)), "", false, depth+1)...)
		}
		stmts = append(stmts, target.Op("=").Add(s))
		return []jen.Code{jen.Block(stmts...)}
	case defs.RefList:
		n, i := jen.Id(fmt.Sprintf("n%d", depth)), jen.Id(fmt.Sprintf("i%d", depth))
		return []jen.Code{jen.Block(
			jen.Var().Add(n.Clone()).Int(),
			check(jen.List(n.Clone(), jen.Err()).Op("=").Id("r").Dot("Count").Call(jen.Lit(1), jen.Lit("list elements"))),
			target.Clone().Op("=").Make(g.goType(t), n.Clone()),
			jen.For(i.Clone().Op(":=").Range().Add(target.Clone())).Block(
				g.readValue(t.Elem, target.Clone().Index(i.Clone()), "", false, depth+1)...),
		)}
	}
	panic("mlirgen: no generated reader for " + t.Text) // the loader rejects it
}
