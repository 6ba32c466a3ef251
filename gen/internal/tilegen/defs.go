package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// tagged reports whether a definition has a payload after its tag, so
// that it needs a reader and a writer.
func tagged(def *model.Def) bool {
	if len(def.Params) > 0 || !def.IsType {
		return true
	}
	for _, e := range def.Bytecode {
		if len(e.Fields) > 0 {
			return true
		}
	}
	return false
}

// shortName names a definition in version errors as upstream does: TileType
// is Tile, Float4E2M1FNType Float4E2M1FN.
func shortName(def *model.Def) string {
	if def.IsType {
		return strings.TrimSuffix(def.Name, "Type")
	}
	return strings.TrimSuffix(def.Name, "Attr")
}

func (g *gen) genDefs(f *jen.File, list []*model.Def) {
	for _, def := range list {
		g.genDef(f, def)
	}
}

func (g *gen) genDef(f *jen.File, def *model.Def) {
	r := def.Recv
	switch {
	case def.Summary != "":
		f.Comment(def.Name + " " + strings.TrimSpace(def.Summary))
	case def.Text != nil && def.Text.Keyword != "":
		f.Comment(fmt.Sprintf("%s is %s.", def.Name, def.Text.Keyword))
	default:
		f.Comment(fmt.Sprintf("%s is a %s of %s.", def.Name, map[bool]string{true: "type", false: "attribute"}[def.IsType], g.m.Name))
	}
	var fields []jen.Code
	for _, p := range def.Params {
		fields = append(fields, jen.Id(p.Field).Add(gofile.TypeCode(p.Type)))
	}
	f.Type().Id(def.Name).Struct(fields...)
	tag := "AttrTag"
	if def.IsType {
		tag = "TypeTag"
	}
	self := jen.Op("*").Id(def.Name)
	gofile.OneLine(f, jen.Func().Params(self.Clone()).Id(tag).Params().Uint64(), jen.Return(jen.Lit(int(def.Bytecode[0].Code))))
	if t := def.Text; t.Keyword != "" {
		gofile.OneLine(f, jen.Func().Params(self.Clone()).Id("String").Params().String(), jen.Return(jen.Lit(t.Keyword)))
	} else {
		gofile.OneLine(f, jen.Func().Params(jen.Id(r).Add(self.Clone())).Id("String").Params().String(), jen.Return(jen.Id(t.Print).Call(jen.Id(r))))
	}
	if defs.HasTrait(def.Traits, "FunctionType") {
		f.Comment("Signature returns the function type's inputs and results.")
		gofile.OneLine(f, jen.Func().Params(jen.Id(r).Add(self.Clone())).Id("Signature").Params().Params(jen.Id("ins"), jen.Id("outs").Index().Add(qual("Type"))),
			jen.Return(jen.Id(r).Dot("Inputs"), jen.Id(r).Dot("Results")))
	}
	if defs.HasTrait(def.Traits, "OptimizationHints") {
		f.Comment("OptimizationHints marks the attribute kernels' hints must be.")
		f.Func().Params(self.Clone()).Id("OptimizationHints").Params().Block()
	}
	if tagged(def) {
		g.genRead(f, def)
		g.genWrite(f, def)
	}
}

func (g *gen) genRead(f *jen.File, def *model.Def) {
	r := def.Recv
	body := []jen.Code{jen.Id(r).Op(":=").Op("&").Id(def.Name).Values()}
	if usesErr(def) {
		body = append(body, jen.Var().Err().Error())
	}
	if hasFlags(def) {
		body = append(body, jen.Var().Id("present").Uint64())
	}
	encs := def.Bytecode // oldest first (the loader checks)
	for i, enc := range encs[:len(encs)-1] {
		block := append(g.readFields(def, enc), jen.Return(jen.Id(r), jen.Nil()))
		body = append(body, jen.If(jen.Op("!").Add(atLeast("d", encs[i+1].Since))).Block(block...))
	}
	body = append(body, g.readFields(def, encs[len(encs)-1])...)
	body = append(body, jen.Return(jen.Id(r), jen.Nil()))
	f.Func().Id("read"+def.Name).Params(jen.Id("d").Op("*").Add(qual("Decoder"))).Params(jen.Op("*").Id(def.Name), jen.Error()).Block(body...)
}

func (g *gen) genWrite(f *jen.File, def *model.Def) {
	r := def.Recv
	var body []jen.Code
	if hasFlags(def) {
		body = append(body, jen.Var().Id("present").Uint64())
	}
	encs := def.Bytecode // oldest first (the loader checks)
	for i, enc := range encs[:len(encs)-1] {
		block := append(g.writeFields(def, enc), jen.Return(jen.Nil()))
		body = append(body, jen.If(jen.Op("!").Add(atLeast("e", encs[i+1].Since))).Block(block...))
	}
	body = append(body, g.writeFields(def, encs[len(encs)-1])...)
	body = append(body, jen.Return(jen.Nil()))
	f.Func().Id("write"+def.Name).Params(jen.Id("e").Op("*").Add(qual("Encoder")), jen.Id(r).Op("*").Id(def.Name)).Error().Block(body...)
}

func hasFlags(def *model.Def) bool {
	for _, e := range def.Bytecode {
		for _, fl := range e.Fields {
			if fl.Flags != nil {
				return true
			}
		}
	}
	return false
}

// usesErr reports whether the reader assigns err: any field does.
func usesErr(def *model.Def) bool {
	for _, e := range def.Bytecode {
		if len(e.Fields) > 0 {
			return true
		}
	}
	return false
}

func defParam(def *model.Def, name string) *model.Param {
	for _, p := range def.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// flagBit is the bit of a flagged param in its encoding's presence word.
func flagBit(enc *defs.Encoding, name string) int {
	for _, fl := range enc.Fields {
		for i, n := range fl.Flags {
			if n == name {
				return i
			}
		}
	}
	return 0 // the loader checks that the flag exists
}

func returnErr(zero jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(zero, jen.Err()))
}

// assign is `if dst, err = call; err != nil { return nil, err }`.
func assign(dst jen.Code, call jen.Code) *jen.Statement {
	return jen.If(jen.List(dst, jen.Err()).Op("=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err()))
}

// try is `if err := call; err != nil { return err }`.
func try(call jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
}

func (g *gen) readFields(def *model.Def, enc *defs.Encoding) []jen.Code {
	r := def.Recv
	d := func() *jen.Statement { return jen.Id("d") }
	var out []jen.Code
	for _, fl := range enc.Fields {
		switch {
		case fl.Flags != nil:
			what := "the presence flags of " + def.Name
			call := d().Dot("ULEB128").Call(jen.Lit(what))
			if fl.As == "byte" {
				call = qual("FromByte").Types(jen.Uint64()).Call(d().Dot("Byte").Call(jen.Lit(what)))
			}
			out = append(out, assign(jen.Id("present"), call))
			if fl.As == "byte" && len(fl.Flags) == 1 {
				// A presence byte: upstream takes any non-zero value as present.
				out = append(out, jen.If(jen.Id("present").Op("!=").Lit(0)).Block(jen.Id("present").Op("=").Lit(1)))
			}
		case fl.Custom != "":
			var dst []jen.Code
			for _, o := range fl.Outputs {
				dst = append(dst, jen.Id(r).Dot(defParam(def, o).Field))
			}
			args := []jen.Code{d()}
			for _, a := range fl.Args {
				args = append(args, jen.Id(r).Dot(defParam(def, a).Field))
			}
			out = append(out, jen.If(jen.List(append(dst, jen.Err())...).Op("=").Id("read"+fl.Custom).Call(args...), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())))
		default:
			p := defParam(def, fl.Param)
			what := def.Name + " " + p.Name
			call := g.readValue(p.Param.Type, fl.As, what)
			if p.Optional && !model.Nilable(p.Param.Type) {
				call = qual("Ptr").Call(call)
			}
			st := assign(jen.Id(r).Dot(p.Field), call)
			if fl.Flag != "" {
				st = jen.If(jen.Id("present").Op("&").Parens(jen.Lit(1).Op("<<").Lit(flagBit(enc, fl.Flag))).Op("!=").Lit(0)).Block(st)
			}
			out = append(out, st)
		}
	}
	return out
}

// readValue is the call that reads a value of t (wire form as) and
// returns it with an error.
func (g *gen) readValue(t *defs.TypeRef, as, what string) *jen.Statement {
	d := jen.Id("d")
	goType := gofile.TypeCode(g.m.GoType(t))
	switch as {
	case "svarint":
		return qual("AsInt").Types(goType).Call(d.Dot("SLEB128").Call(jen.Lit(what)))
	case "byte":
		return qual("FromByte").Types(goType).Call(d.Dot("Byte").Call(jen.Lit(what)))
	}
	switch t.Kind {
	case defs.RefType:
		return d.Dot("Type").Call(jen.Lit(what))
	case defs.RefAttr:
		if t.Def != nil {
			return jen.Id("read" + t.Def.Name).Call(d)
		}
		return d.Dot("Attr").Call(jen.Lit(what))
	case defs.RefString:
		return d.Dot("String").Call(jen.Lit(what))
	case defs.RefBool:
		return d.Dot("Bool").Call(jen.Lit(what))
	case defs.RefBytes:
		return d.Dot("Const").Call(jen.Lit(what))
	case defs.RefUint64:
		return d.Dot("ULEB128").Call(jen.Lit(what))
	case defs.RefUint32, defs.RefInt32:
		return qual("AsUint").Types(goType).Call(d.Dot("ULEB128").Call(jen.Lit(what)))
	case defs.RefInt64:
		return d.Dot("SLEB128").Call(jen.Lit(what))
	case defs.RefEnum:
		return qual("ReadEnum").Types(goType).Call(d, jen.Lit(what))
	case defs.RefList:
		switch t.Elem.Kind {
		case defs.RefInt64:
			return d.Dot("I64ArrayRaw").Call(jen.Lit(what))
		case defs.RefInt32:
			return d.Dot("I32ArrayRaw").Call(jen.Lit(what))
		}
		// Any other list: a count, then each element.
		switch t.Elem.Kind {
		case defs.RefType:
			return qual("ReadList").Call(d, jen.Lit(what), jen.Parens(jen.Op("*").Add(qual("Decoder"))).Dot("Type"))
		case defs.RefAttr:
			if t.Elem.Def == nil {
				return qual("ReadList").Call(d, jen.Lit(what), jen.Parens(jen.Op("*").Add(qual("Decoder"))).Dot("Attr"))
			}
		case defs.RefString:
			return qual("ReadList").Call(d, jen.Lit(what), jen.Parens(jen.Op("*").Add(qual("Decoder"))).Dot("String"))
		}
		el := gofile.TypeCode(g.m.GoType(t.Elem))
		elem := jen.Func().Params(jen.Id("d").Op("*").Add(qual("Decoder")), jen.Id("what").String()).Params(el, jen.Error()).Block(
			jen.Return(g.readValue(t.Elem, "", what)))
		return qual("ReadList").Call(d, jen.Lit(what), elem)
	case defs.RefStruct:
		return jen.Id("read" + t.Struct.Name).Call(d)
	}
	panic("tilegen: no Tile IR reader for " + t.Text) // the loader rejects the kind
}

func (g *gen) writeFields(def *model.Def, enc *defs.Encoding) []jen.Code {
	r := def.Recv
	e := func() *jen.Statement { return jen.Id("e") }
	var out []jen.Code
	for _, fl := range enc.Fields {
		switch {
		case fl.Flags != nil:
			out = append(out, jen.Id("present").Op("=").Lit(0))
			for i, n := range fl.Flags {
				out = append(out, jen.If(jen.Id(r).Dot(defParam(def, n).Field).Op("!=").Nil()).Block(jen.Id("present").Op("|=").Lit(1).Op("<<").Lit(i)))
			}
			if fl.As == "byte" {
				out = append(out, e().Dot("Byte").Call(jen.Byte().Call(jen.Id("present"))))
			} else {
				out = append(out, e().Dot("ULEB128").Call(jen.Id("present")))
			}
		case fl.Custom != "":
			args := []jen.Code{e()}
			for _, o := range fl.Outputs {
				args = append(args, jen.Id(r).Dot(defParam(def, o).Field))
			}
			for _, a := range fl.Args {
				args = append(args, jen.Id(r).Dot(defParam(def, a).Field))
			}
			out = append(out, try(jen.Id("write"+fl.Custom).Call(args...)))
		default:
			p := defParam(def, fl.Param)
			x := jen.Id(r).Dot(p.Field)
			if p.Optional && !model.Nilable(p.Param.Type) {
				x = jen.Op("*").Add(x)
			}
			st := g.writeValue(p.Param.Type, fl.As, def.Name+" "+p.Name, x)
			if fl.Flag != "" {
				st = jen.If(jen.Id(r).Dot(defParam(def, fl.Flag).Field).Op("!=").Nil()).Block(st)
			}
			out = append(out, st)
		}
	}
	return out
}

// writeValue is the statement that writes x, a value of t (wire form as).
func (g *gen) writeValue(t *defs.TypeRef, as, what string, x *jen.Statement) *jen.Statement {
	e := jen.Id("e")
	switch as {
	case "svarint":
		return e.Dot("SLEB128").Call(jen.Int64().Call(x))
	case "byte":
		return e.Dot("Byte").Call(jen.Byte().Call(x))
	}
	switch t.Kind {
	case defs.RefType:
		return try(e.Dot("Type").Call(x))
	case defs.RefAttr:
		if t.Def != nil {
			return try(jen.Id("write"+t.Def.Name).Call(e, x))
		}
		return try(e.Dot("Attr").Call(x))
	case defs.RefString:
		return e.Dot("String").Call(x)
	case defs.RefBool:
		return e.Dot("Bool").Call(x)
	case defs.RefBytes:
		return try(e.Dot("Const").Call(qual("Dense").Values(jen.Dict{jen.Id("Data"): x})))
	case defs.RefUint64:
		return e.Dot("ULEB128").Call(x)
	case defs.RefUint32:
		return e.Dot("ULEB128").Call(jen.Uint64().Call(x))
	case defs.RefInt32:
		return e.Dot("ULEB128").Call(jen.Uint64().Call(jen.Uint32().Call(x)))
	case defs.RefInt64:
		return e.Dot("SLEB128").Call(x)
	case defs.RefEnum:
		return try(qual("EncodeEnum").Call(e, x, jen.Lit(what)))
	case defs.RefList:
		switch t.Elem.Kind {
		case defs.RefInt64:
			return e.Dot("I64ArrayRaw").Call(x)
		case defs.RefInt32:
			return e.Dot("I32ArrayRaw").Call(x)
		}
		switch {
		case t.Elem.Kind == defs.RefType:
			return try(qual("WriteList").Call(e, x, jen.Parens(jen.Op("*").Add(qual("Encoder"))).Dot("Type")))
		case t.Elem.Kind == defs.RefAttr && t.Elem.Def == nil:
			return try(qual("WriteList").Call(e, x, jen.Parens(jen.Op("*").Add(qual("Encoder"))).Dot("Attr")))
		}
		el := gofile.TypeCode(g.m.GoType(t.Elem))
		elem := jen.Func().Params(jen.Id("e").Op("*").Add(qual("Encoder")), jen.Id("x").Add(el)).Error().Block(
			g.writeValue(t.Elem, "", what, jen.Id("x")), jen.Return(jen.Nil()))
		return try(qual("WriteList").Call(e, x, elem))
	case defs.RefStruct:
		return try(jen.Id("write"+t.Struct.Name).Call(e, x))
	}
	panic("tilegen: no Tile IR writer for " + t.Text) // the loader rejects the kind
}
