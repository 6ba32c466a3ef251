package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
)

// genWriteFunc emits the encoder of a definition. Variants are taken in
// order; consecutive variants with the same predicate form a group, and the
// first group whose predicate holds decides: its first variant that exists
// at the target is written, and if none does, encoding fails with a version
// error naming what each variant needs.
func (g *generator) genWriteFunc(f *jen.File, def *defs.Def) {
	var body []jen.Code
	encs := def.Bytecode
	for len(encs) > 0 {
		n := 1
		for n < len(encs) && encs[n].When == encs[0].When {
			n++
		}
		group := encs[:n]
		encs = encs[n:]
		var stmts []jen.Code
		var needs []string
		exhaustive := false
		for _, e := range group {
			emit := []jen.Code{jen.Id("w").Dot("VarInt").Call(jen.Lit(int(e.Code)))}
			for _, fl := range e.Fields {
				emit = append(emit, g.writeField(def, fl)...)
			}
			emit = append(emit, jen.Return(jen.True(), jen.Id("w").Dot("Err").Call()))
			avail, err := availExpr("w.Target", e.Availability)
			g.must(err)
			if avail == nil {
				stmts = append(stmts, emit...)
				exhaustive = true
				break
			}
			stmts = append(stmts, jen.If(avail).Block(emit...))
			needs = append(needs, availText(e.Availability))
		}
		if !exhaustive {
			stmts = append(stmts, jen.Return(jen.False(), jen.Op("&").Qual(bytecodePkg, "VersionError").Values(jen.Dict{
				jen.Id("What"):   jen.Lit(fmt.Sprintf("%s %s (code %d)", g.d.Name, def.Name, group[0].Code)),
				jen.Id("Needs"):  jen.Lit(strings.Join(needs, " or ")),
				jen.Id("Target"): jen.Id("w").Dot("Target").Dot("String").Call(),
			})))
		}
		if group[0].When == "" {
			body = append(body, stmts...)
			break
		}
		body = append(body, jen.If(g.predicate(def, group[0].When)).Block(stmts...))
		if len(encs) == 0 {
			body = append(body, jen.Return(jen.False(), jen.Nil()))
		}
	}
	f.Comment(fmt.Sprintf("%s encodes a %s.", writeFuncName(def), def.Name))
	f.Func().Id(writeFuncName(def)).Params(jen.Id("w").Op("*").Qual(bytecodePkg, "EntryWriter"), jen.Id(recv(def)).Op("*").Id(def.Name)).Params(jen.Bool(), jen.Error()).Block(body...)
}

func (g *generator) writeField(def *defs.Def, fl *defs.Field) []jen.Code {
	r := recv(def)
	switch {
	case fl.Custom != "":
		args := []jen.Code{jen.Id("w")}
		for _, a := range fl.Args {
			args = append(args, jen.Id(r).Dot(fieldName(a)))
		}
		for _, o := range fl.Outputs {
			args = append(args, jen.Id(r).Dot(fieldName(o)))
		}
		return []jen.Code{jen.Id("write" + fl.Custom).Call(args...)}
	case fl.Packed != nil:
		var v *jen.Statement
		for i, pp := range fl.Packed {
			x := jen.Uint64().Call(jen.Id(r).Dot(fieldName(pp.Param)))
			if i == 0 {
				v = x
			} else {
				v = jen.Parens(v).Op("<<").Lit(pp.Bits).Op("|").Add(x)
			}
		}
		return []jen.Code{jen.Id("w").Dot("VarInt").Call(v)}
	}
	p := def.FindParam(fl.Param)
	if p.Type.Kind == defs.RefAPInt || p.Type.Kind == defs.RefAPFloat {
		return []jen.Code{jen.Id("w").Dot("APInt").Call(jen.Id(r).Dot(fieldName(p.Name)))}
	}
	return g.writeValue(p.Type, jen.Id(r).Dot(fieldName(p.Name)), fl.As, fl.As == "optional", 0)
}

func (g *generator) writeValue(t *defs.TypeRef, x *jen.Statement, as string, optional bool, depth int) []jen.Code {
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
		wire := as
		if wire == "" {
			wire = map[defs.RefKind]string{defs.RefBool: "byte", defs.RefInt64: "svarint", defs.RefInt32: "svarint"}[t.Kind]
			if wire == "" {
				wire = "varint"
			}
		}
		var v *jen.Statement
		if t.Kind == defs.RefBool {
			v = jen.Qual(bytecodePkg, "BoolInt").Call(x)
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
			out = append(out, g.writeValue(p.Type, x.Clone().Dot(accessorName(p.Name)), "", p.Optional, depth+1)...)
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
	panic("gen: cannot write " + t.Text)
}

// predicate translates a when: expression into Go over the receiver.
func (g *generator) predicate(def *defs.Def, when string) jen.Code {
	expr, err := defs.ParsePredicate(def, when)
	g.must(err)
	r := recv(def)
	var tr func(e ast.Expr) *jen.Statement
	tr = func(e ast.Expr) *jen.Statement {
		switch e := e.(type) {
		case *ast.ParenExpr:
			return jen.Parens(tr(e.X))
		case *ast.BinaryExpr:
			return tr(e.X).Op(e.Op.String()).Add(tr(e.Y))
		case *ast.UnaryExpr:
			return jen.Op(e.Op.String()).Add(tr(e.X))
		case *ast.BasicLit:
			if e.Kind == token.INT {
				n, _ := strconv.ParseInt(e.Value, 0, 64)
				return jen.Lit(int(n))
			}
			return jen.Id(e.Value)
		case *ast.CallExpr:
			arg := tr(e.Args[0])
			if e.Fun.(*ast.Ident).Name == "len" {
				return jen.Len(arg)
			}
			return jen.Qual(bytecodePkg, "Any").Call(arg)
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
				return jen.Id(r).Dot(fieldName(p.Name))
			}
			return jen.Id(constructorName(g.byName[e.Name])).Call(jen.Id(r).Dot("Context").Call())
		}
		panic(fmt.Sprintf("gen: unexpected predicate node %T", e))
	}
	return tr(expr)
}
