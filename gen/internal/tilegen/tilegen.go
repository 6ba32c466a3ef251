package tilegen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// Tile IR generation: for a definition with format tileir the generator
// emits typed Go over runtime/tileir instead of runtime/ir: enums with
// their version gates, one Go type per type tag and attribute tag with its
// codec, and one struct per op with a builder, accessors, the reader and
// the writer. The wire rules are those of NVIDIA's generated C++ codecs:
//
//   - result types are always written; ops with a variadic or optional
//     operand or result write the result count first;
//   - a flags varint, when the op has optional attributes or (with
//     AttrSizedOperandSegments) optional operands, bits as listed in the
//     definition; it is absent in files older than the first flag's
//     version when that is newer than the op;
//   - attributes in declaration order (unit attributes are flag bits only),
//     each only in files at least as new as the attribute;
//   - operands: per group with AttrSizedOperandSegments (variadic groups
//     with their count, optional ones only when flagged), otherwise one
//     count (if any group is variable) and all value numbers;
//   - regions with their count; results numbered after the regions.

type tgen struct {
	m      *model.Dialect
	d      *defs.Dialect
	byName map[string]*defs.Def
	enums  map[string]*defs.Enum
}

// Files returns the emitter of each generated file, by file name without
// the suffix.
func Files(m *model.Dialect) map[string]func(*jen.File) {
	d := m.Dialect
	g := &tgen{m: m, d: d, byName: map[string]*defs.Def{}, enums: map[string]*defs.Enum{}}
	for _, def := range append(append([]*defs.Def{}, d.Attributes...), d.Types...) {
		g.byName[def.Name] = def
	}
	for _, e := range d.Enums {
		g.enums[e.Name] = e
	}
	files := map[string]func(*jen.File){"dialect": g.genDialect}
	if len(d.Enums) > 0 || len(d.Structs) > 0 {
		files["enums"] = g.genEnums
	}
	if len(d.Types) > 0 {
		files["types"] = func(f *jen.File) { g.genDefs(f, d.Types) }
	}
	if len(d.Attributes) > 0 {
		files["attributes"] = func(f *jen.File) { g.genDefs(f, d.Attributes) }
	}
	if len(d.Ops) > 0 {
		files["ops"] = g.genOps
	}
	return files
}

// tver turns "tileir 13.2" into a tileir.Version literal.
func tver(v *defs.Version) *jen.Statement {
	maj, min := 0, 0
	if len(v.Parts) > 0 {
		maj = v.Parts[0]
	}
	if len(v.Parts) > 1 {
		min = v.Parts[1]
	}
	return jen.Qual(gofile.TileIR, "Version").Values(jen.Dict{jen.Id("Major"): jen.Lit(maj), jen.Id("Minor"): jen.Lit(min)})
}

func vstr(v *defs.Version) string {
	if len(v.Parts) == 1 {
		return fmt.Sprintf("%d.0", v.Parts[0])
	}
	return fmt.Sprintf("%d.%d", v.Parts[0], v.Parts[1])
}

// atLeast is the condition "the version of x is at least v".
func atLeast(x *jen.Statement, v *defs.Version) *jen.Statement {
	maj, min := 0, 0
	if len(v.Parts) > 0 {
		maj = v.Parts[0]
	}
	if len(v.Parts) > 1 {
		min = v.Parts[1]
	}
	return x.Dot("AtLeast").Call(jen.Lit(maj), jen.Lit(min))
}

func newer(a, b *defs.Version) bool {
	if a == nil {
		return false
	}
	if b == nil {
		return true
	}
	return a.Compare(*b) > 0
}

// ---------------------------------------------------------------- enums

func enumConst(_ *defs.Enum, v *defs.EnumValue) string { return v.GoName }

func (g *tgen) genEnums(f *jen.File) {
	for _, e := range g.d.Enums {
		doc := e.Doc
		if doc == "" {
			doc = "is an enum of the dialect."
		}
		f.Comment(e.Name + " " + doc)
		f.Type().Id(e.Name).Uint32()
		var consts, names, since []jen.Code
		for _, v := range e.Values {
			consts = append(consts, jen.Id(enumConst(e, v)).Id(e.Name).Op("=").Lit(int(v.Value)))
			names = append(names, jen.Case(jen.Id(enumConst(e, v))).Block(jen.Return(jen.Lit(v.Text))))
			ver := jen.Qual(gofile.TileIR, "Version").Values()
			if v.Since != nil {
				ver = tver(v.Since)
			}
			since = append(since, jen.Case(jen.Id(enumConst(e, v))).Block(jen.Return(ver, jen.True())))
		}
		f.Const().Defs(consts...)
		f.Comment("String returns the value's keyword.")
		f.Func().Params(jen.Id("v").Id(e.Name)).Id("String").Params().String().Block(
			jen.Switch(jen.Id("v")).Block(names...),
			jen.Return(jen.Lit(e.Name+"(").Op("+").Qual("strconv", "FormatUint").Call(jen.Uint64().Call(jen.Id("v")), jen.Lit(10)).Op("+").Lit(")")),
		)
		f.Comment("Since returns the version that added the value; ok is false for unknown values.")
		f.Func().Params(jen.Id("v").Id(e.Name)).Id("Since").Params().Params(jen.Qual(gofile.TileIR, "Version"), jen.Bool()).Block(
			jen.Switch(jen.Id("v")).Block(since...),
			jen.Return(jen.Qual(gofile.TileIR, "Version").Values(), jen.False()),
		)
	}
	for _, s := range g.d.Structs {
		doc := s.Doc
		if doc == "" {
			doc = "is a struct of the dialect."
		}
		f.Comment(s.Name + " " + doc)
		var fields []jen.Code
		for _, p := range s.Params {
			fields = append(fields, jen.Id(defs.GoName(p.Name)).Add(g.paramType(p)))
		}
		f.Type().Id(s.Name).Struct(fields...)
	}
}

// ---------------------------------------------------------------- types and attributes

// goTypeOf is the Go type of a value of kind t.
func (g *tgen) goTypeOf(t *defs.TypeRef) *jen.Statement {
	switch t.Kind {
	case defs.RefAttr:
		if t.Def != nil {
			return jen.Op("*").Id(t.Def.Name)
		}
		return jen.Qual(gofile.TileIR, "Attr")
	case defs.RefType:
		if t.Def != nil {
			return jen.Op("*").Id(t.Def.Name)
		}
		return jen.Qual(gofile.TileIR, "Type")
	case defs.RefString:
		return jen.String()
	case defs.RefBool, defs.RefUnit:
		return jen.Bool()
	case defs.RefInt64:
		return jen.Int64()
	case defs.RefUint64:
		return jen.Uint64()
	case defs.RefInt32:
		return jen.Int32()
	case defs.RefUint32:
		return jen.Uint32()
	case defs.RefBytes:
		return jen.Index().Byte()
	case defs.RefEnum, defs.RefStruct:
		return jen.Id(t.Name)
	case defs.RefList:
		return jen.Index().Add(g.goTypeOf(t.Elem))
	}
	panic("tilegen: no Tile IR type for " + t.Text) // the loader rejects it
}

// nilable reports whether absence of a value of kind t is its nil.
func nilable(t *defs.TypeRef) bool {
	switch t.Kind {
	case defs.RefAttr, defs.RefType, defs.RefList, defs.RefBytes:
		return true
	}
	return false
}

func (g *tgen) paramType(p *defs.Param) *jen.Statement {
	if p.Optional && !nilable(p.Type) {
		return jen.Op("*").Add(g.goTypeOf(p.Type))
	}
	return g.goTypeOf(p.Type)
}

// shortName is the name used in version errors: TileType → Tile,
// Float4E2M1FNType → Float4E2M1FN (the C++ names).
func shortName(def *defs.Def) string {
	if def.IsType {
		return strings.TrimSuffix(def.Name, "Type")
	}
	return strings.TrimSuffix(def.Name, "Attr")
}

func (g *tgen) genDefs(f *jen.File, list []*defs.Def) {
	for _, def := range list {
		summary := def.Summary
		if summary == "" {
			summary = "is a definition of the dialect."
		}
		f.Comment(def.Name + " " + summary)
		var fields []jen.Code
		for _, p := range def.Params {
			fields = append(fields, jen.Id(defs.GoName(p.Name)).Add(g.paramType(p)))
		}
		f.Type().Id(def.Name).Struct(fields...)
		tagMethod, iface := "AttrTag", "Attr"
		if def.IsType {
			tagMethod, iface = "TypeTag", "Type"
		}
		f.Var().Id("_").Qual(gofile.TileIR, iface).Op("=").Parens(jen.Op("*").Id(def.Name)).Parens(jen.Nil())
		f.Comment(fmt.Sprintf("%s is the tag of %s.", tagMethod, def.Name))
		f.Func().Params(jen.Op("*").Id(def.Name)).Id(tagMethod).Params().Uint64().Block(jen.Return(jen.Lit(int(def.Bytecode[0].Code))))
		f.Comment("String returns the text form.")
		str := f.Func().Params(jen.Id("x").Op("*").Id(def.Name)).Id("String").Params().String()
		switch {
		case def.Text != nil && def.Text.Keyword != "":
			str.Block(jen.Return(jen.Lit(def.Text.Keyword)))
		case def.Text != nil && def.Text.Print != "":
			str.Block(jen.Return(jen.Id(def.Text.Print).Call(jen.Id("x"))))
		}
		g.genDefCodec(f, def)
	}
}

// encodingAt returns the statements that pick the encoding for the
// version of x (d or e) and run body for each.
func (g *tgen) perEncoding(def *defs.Def, x string, body func(enc *defs.Encoding) []jen.Code) []jen.Code {
	if len(def.Bytecode) == 1 {
		return body(def.Bytecode[0])
	}
	var out []jen.Code
	for _, enc := range def.Bytecode {
		var conds []jen.Code
		if enc.Since != nil {
			conds = append(conds, atLeast(jen.Id(x).Dot("Version").Call(), enc.Since))
		}
		if enc.Until != nil {
			// until 13.2 means "not 13.3 or newer"
			next := defs.Version{Axis: "tileir", Parts: []int{enc.Until.Parts[0], enc.Until.Parts[1] + 1}}
			conds = append(conds, jen.Op("!").Add(atLeast(jen.Id(x).Dot("Version").Call(), &next)))
		}
		cond := jen.True()
		if len(conds) > 0 {
			cond = jen.Add(conds[0])
			for _, c := range conds[1:] {
				cond = cond.Op("&&").Add(c)
			}
		}
		out = append(out, jen.If(cond).Block(body(enc)...))
	}
	out = append(out, jen.Panic(jen.Lit("unreachable: no encoding of "+def.Name+" for this version")))
	return out
}

func (g *tgen) genDefCodec(f *jen.File, def *defs.Def) {
	what := "type"
	if !def.IsType {
		what = "attribute"
	}
	desc := fmt.Sprintf("%s '%s'", what, shortName(def))
	// Reader of the payload (after the tag).
	read := []jen.Code{jen.Id("x").Op(":=").Op("&").Id(def.Name).Values()}
	if def.Since != nil {
		read = append([]jen.Code{jen.If(jen.Op("!").Add(atLeast(jen.Id("d").Dot("Version").Call(), def.Since))).Block(
			jen.Return(jen.Nil(), jen.Id("d").Dot("TooNew").Call(jen.Lit(desc), tver(def.Since))))}, read...)
	}
	read = append(read, g.perEncoding(def, "d", func(enc *defs.Encoding) []jen.Code {
		return append(g.readFields(def, enc.Fields), jen.Return(jen.Id("x"), jen.Nil()))
	})...)
	f.Func().Id("read"+def.Name).Params(jen.Id("d").Op("*").Qual(gofile.TileIR, "Decoder")).Params(jen.Op("*").Id(def.Name), jen.Error()).Block(read...)
	// Writer: tag and payload.
	write := []jen.Code{}
	if def.Since != nil {
		write = append(write, jen.If(jen.Op("!").Add(atLeast(jen.Id("e").Dot("Version").Call(), def.Since))).Block(
			jen.Return(jen.Id("e").Dot("TooNew").Call(jen.Lit(desc), tver(def.Since)))))
	}
	write = append(write, jen.If(jen.Id("tag")).Block(jen.Id("e").Dot("Varint").Call(jen.Lit(int(def.Bytecode[0].Code)))))
	write = append(write, g.perEncoding(def, "e", func(enc *defs.Encoding) []jen.Code {
		return append(g.writeFields(def, enc.Fields), jen.Return(jen.Nil()))
	})...)
	f.Func().Id("encode"+def.Name).Params(jen.Id("e").Op("*").Qual(gofile.TileIR, "Encoder"), jen.Id("x").Op("*").Id(def.Name), jen.Id("tag").Bool()).Error().Block(write...)
}

func ifErr(zero ...jen.Code) *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(append(zero, jen.Err())...))
}

// readValue reads one value of kind t (with wire form as) into dst.
func (g *tgen) readValue(t *defs.TypeRef, as, what string, dst *jen.Statement, zero jen.Code, depth int) []jen.Code {
	d := jen.Id("d")
	assign := func(call *jen.Statement) []jen.Code {
		v := fmt.Sprintf("v%d", depth)
		return []jen.Code{
			jen.List(jen.Id(v), jen.Err()).Op(":=").Add(call),
			ifErr(zero),
			dst.Clone().Op("=").Id(v),
		}
	}
	switch as {
	case "svarint":
		return assign(jen.Qual(gofile.TileIR, "AsInt").Types(g.goTypeOf(t)).Call(d.Clone().Dot("Svarint").Call(jen.Lit(what))))
	case "byte":
		return assign(jen.Qual(gofile.TileIR, "FromByte").Types(g.goTypeOf(t)).Call(d.Clone().Dot("Byte").Call(jen.Lit(what))))
	}
	switch t.Kind {
	case defs.RefType:
		return assign(d.Clone().Dot("Type").Call(jen.Lit(what)))
	case defs.RefAttr:
		if t.Def != nil {
			return assign(jen.Id("read" + t.Def.Name).Call(d))
		}
		return assign(d.Clone().Dot("Attr").Call(jen.Lit(what)))
	case defs.RefString:
		return assign(d.Clone().Dot("String").Call(jen.Lit(what)))
	case defs.RefBool:
		return assign(d.Clone().Dot("Bool").Call(jen.Lit(what)))
	case defs.RefBytes:
		return assign(d.Clone().Dot("Const").Call(jen.Lit(what)))
	case defs.RefUint64:
		return assign(d.Clone().Dot("Varint").Call(jen.Lit(what)))
	case defs.RefUint32, defs.RefInt32:
		return assign(jen.Qual(gofile.TileIR, "AsUint").Types(g.goTypeOf(t)).Call(d.Clone().Dot("Varint").Call(jen.Lit(what))))
	case defs.RefInt64:
		return assign(d.Clone().Dot("Svarint").Call(jen.Lit(what)))
	case defs.RefEnum:
		return assign(jen.Qual(gofile.TileIR, "ReadEnum").Types(jen.Id(t.Enum.Name)).Call(d, jen.Lit(what)))
	case defs.RefList:
		switch t.Elem.Kind {
		case defs.RefInt64:
			return assign(d.Clone().Dot("I64ArrayRaw").Call(jen.Lit(what)))
		case defs.RefInt32:
			return assign(d.Clone().Dot("I32ArrayRaw").Call(jen.Lit(what)))
		}
		n := fmt.Sprintf("n%d", depth)
		i := fmt.Sprintf("i%d", depth)
		lst := fmt.Sprintf("l%d", depth)
		body := g.readValue(t.Elem, "", what, jen.Id(lst).Index(jen.Id(i)), zero, depth+1)
		return []jen.Code{
			jen.List(jen.Id(n), jen.Err()).Op(":=").Add(d.Clone().Dot("Count").Call(jen.Lit("elements of "+what), jen.Lit(1))),
			ifErr(zero),
			jen.Id(lst).Op(":=").Make(g.goTypeOf(t), jen.Id(n)),
			jen.For(jen.Id(i).Op(":=").Range().Id(lst)).Block(body...),
			dst.Clone().Op("=").Id(lst),
		}
	case defs.RefStruct:
		var out []jen.Code
		for _, p := range t.Struct.Params {
			out = append(out, g.readValue(p.Type, "", what+" "+p.Name, dst.Clone().Dot(defs.GoName(p.Name)), zero, depth+1)...)
		}
		return out
	}
	panic("tilegen: no Tile IR reader for " + t.Text) // the loader rejects it
}

// writeValue writes x of kind t.
func (g *tgen) writeValue(t *defs.TypeRef, as, what string, x *jen.Statement, depth int) []jen.Code {
	e := jen.Id("e")
	try := func(call *jen.Statement) []jen.Code {
		return []jen.Code{jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
	}
	switch as {
	case "svarint":
		return []jen.Code{e.Clone().Dot("Svarint").Call(jen.Int64().Call(x))}
	case "byte":
		return []jen.Code{e.Clone().Dot("Byte").Call(jen.Byte().Call(x))}
	}
	switch t.Kind {
	case defs.RefType:
		return try(e.Clone().Dot("Type").Call(x))
	case defs.RefAttr:
		if t.Def != nil {
			return try(jen.Id("encode"+t.Def.Name).Call(e, x, jen.False()))
		}
		return try(e.Clone().Dot("Attr").Call(x))
	case defs.RefString:
		return []jen.Code{e.Clone().Dot("String").Call(x)}
	case defs.RefBool:
		return []jen.Code{e.Clone().Dot("Bool").Call(x)}
	case defs.RefBytes:
		return try(e.Clone().Dot("Const").Call(jen.Qual(gofile.TileIR, "Dense").Values(jen.Dict{jen.Id("Data"): x})))
	case defs.RefUint64, defs.RefUint32:
		return []jen.Code{e.Clone().Dot("Varint").Call(jen.Uint64().Call(x))}
	case defs.RefInt32:
		return []jen.Code{e.Clone().Dot("Varint").Call(jen.Uint64().Call(jen.Uint32().Call(x)))}
	case defs.RefInt64:
		return []jen.Code{e.Clone().Dot("Svarint").Call(x)}
	case defs.RefEnum:
		return try(jen.Qual(gofile.TileIR, "EncodeEnum").Call(e, x, jen.Lit(what)))
	case defs.RefList:
		switch t.Elem.Kind {
		case defs.RefInt64:
			return []jen.Code{e.Clone().Dot("I64ArrayRaw").Call(x)}
		case defs.RefInt32:
			return []jen.Code{e.Clone().Dot("I32ArrayRaw").Call(x)}
		}
		el := fmt.Sprintf("el%d", depth)
		return []jen.Code{
			e.Clone().Dot("Varint").Call(jen.Uint64().Call(jen.Len(x))),
			jen.For(jen.List(jen.Id("_"), jen.Id(el)).Op(":=").Range().Add(x)).Block(g.writeValue(t.Elem, "", what, jen.Id(el), depth+1)...),
		}
	case defs.RefStruct:
		var out []jen.Code
		for _, p := range t.Struct.Params {
			out = append(out, g.writeValue(p.Type, "", what+" "+p.Name, x.Clone().Dot(defs.GoName(p.Name)), depth+1)...)
		}
		return out
	}
	panic("tilegen: no Tile IR writer for " + t.Text) // the loader rejects it
}

func (g *tgen) readFields(def *defs.Def, fields []*defs.Field) []jen.Code {
	var out []jen.Code
	zero := jen.Nil()
	for _, fl := range fields {
		switch {
		case fl.Flags != nil:
			call := jen.Id("d").Dot("Varint").Call(jen.Lit("the presence flags of " + def.Name))
			if fl.As == "byte" {
				call = jen.Qual(gofile.TileIR, "FromByte").Types(jen.Uint64()).Call(jen.Id("d").Dot("Byte").Call(jen.Lit("the presence flags of " + def.Name)))
			}
			out = append(out, jen.List(jen.Id("present"), jen.Err()).Op(":=").Add(call), ifErr(zero), jen.Id("_").Op("=").Id("present"))
			if fl.As == "byte" && len(fl.Flags) == 1 {
				// A presence byte: upstream takes any non-zero value as present.
				out = append(out, jen.If(jen.Id("present").Op("!=").Lit(0)).Block(jen.Id("present").Op("=").Lit(1)))
			}
		case fl.Custom != "":
			var lhs []jen.Code
			for _, o := range fl.Outputs {
				lhs = append(lhs, jen.Id("x").Dot(defs.GoName(o)))
			}
			var args []jen.Code
			args = append(args, jen.Id("d"))
			for _, a := range fl.Args {
				args = append(args, jen.Id("x").Dot(defs.GoName(a)))
			}
			vars := []jen.Code{}
			for i := range fl.Outputs {
				vars = append(vars, jen.Id(fmt.Sprintf("c%d", i)))
			}
			vars = append(vars, jen.Err())
			out = append(out, jen.List(vars...).Op(":=").Id("read"+fl.Custom).Call(args...), ifErr(zero))
			for i, l := range lhs {
				out = append(out, jen.Add(l).Op("=").Id(fmt.Sprintf("c%d", i)))
			}
		case fl.Param != "":
			p := def.FindParam(fl.Param)
			what := def.Name + " " + p.Name
			dst := jen.Id("x").Dot(defs.GoName(p.Name))
			var stmts []jen.Code
			if p.Optional && !nilable(p.Type) {
				tmp := jen.Id("opt")
				stmts = append(stmts, jen.Var().Id("opt").Add(g.goTypeOf(p.Type)))
				stmts = append(stmts, g.readValue(p.Type, fl.As, what, tmp, zero, 0)...)
				stmts = append(stmts, dst.Clone().Op("=").Op("&").Id("opt"))
			} else {
				stmts = g.readValue(p.Type, fl.As, what, dst, zero, 0)
			}
			if fl.Flag != "" {
				bit := g.flagBit(def, fields, fl.Flag)
				out = append(out, jen.If(jen.Id("present").Op("&").Parens(jen.Lit(1).Op("<<").Lit(bit)).Op("!=").Lit(0)).Block(stmts...))
			} else {
				out = append(out, jen.Block(stmts...))
			}
		}
	}
	return out
}

func (g *tgen) flagBit(def *defs.Def, fields []*defs.Field, name string) int {
	for _, fl := range fields {
		for i, n := range fl.Flags {
			if n == name {
				return i
			}
		}
	}
	panic("tilegen: no flags field has " + name) // the loader rejects it
}

func (g *tgen) writeFields(def *defs.Def, fields []*defs.Field) []jen.Code {
	var out []jen.Code
	for _, fl := range fields {
		switch {
		case fl.Flags != nil:
			out = append(out, jen.Var().Id("present").Uint64())
			for i, n := range fl.Flags {
				out = append(out, jen.If(jen.Id("x").Dot(defs.GoName(n)).Op("!=").Nil()).Block(jen.Id("present").Op("|=").Lit(1).Op("<<").Lit(i)))
			}
			if fl.As == "byte" {
				out = append(out, jen.Id("e").Dot("Byte").Call(jen.Byte().Call(jen.Id("present"))))
			} else {
				out = append(out, jen.Id("e").Dot("Varint").Call(jen.Id("present")))
			}
		case fl.Custom != "":
			args := []jen.Code{jen.Id("e")}
			for _, o := range fl.Outputs {
				args = append(args, jen.Id("x").Dot(defs.GoName(o)))
			}
			for _, a := range fl.Args {
				args = append(args, jen.Id("x").Dot(defs.GoName(a)))
			}
			out = append(out, jen.If(jen.Err().Op(":=").Id("write"+fl.Custom).Call(args...), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		case fl.Param != "":
			p := def.FindParam(fl.Param)
			x := jen.Id("x").Dot(defs.GoName(p.Name))
			if p.Optional && !nilable(p.Type) {
				x = jen.Op("*").Id("x").Dot(defs.GoName(p.Name))
			}
			stmts := g.writeValue(p.Type, fl.As, def.Name+" "+p.Name, x, 0)
			if fl.Flag != "" {
				out = append(out, jen.If(jen.Id("x").Dot(defs.GoName(fl.Flag)).Op("!=").Nil()).Block(stmts...))
			} else {
				out = append(out, stmts...)
			}
		}
	}
	return out
}

// ---------------------------------------------------------------- ops

type topOp struct {
	op        *defs.Op
	full      string
	since     *defs.Version
	attrSized bool
	variadic  bool // a variadic or optional operand or result: counts are written
	bits      map[string]int
	flagMin   *defs.Version
	names     map[any]string // element → Go field or method name
	versioned []int          // indices of results newer than the op
}

func (g *tgen) sinceOf(a defs.Availability, op *topOp) *defs.Version {
	if a.Since != nil {
		return a.Since
	}
	return op.since
}

func (g *tgen) prepareOp(o *defs.Op) *topOp {
	t := &topOp{op: o, full: g.d.Name + "." + o.Name, since: o.Since, names: map[any]string{}, bits: map[string]int{}}
	t.attrSized = defs.HasTrait(o.Traits, "AttrSizedOperandSegments")
	for _, l := range [][]*defs.Operand{o.Operands, o.Results} {
		for _, x := range l {
			t.variadic = t.variadic || x.Variadic || x.Optional
		}
	}
	for _, fl := range o.Bytecode.Flags {
		t.bits[fl.Name] = fl.Bit
		if fl.Since != nil && (t.flagMin == nil || fl.Since.Compare(*t.flagMin) < 0) {
			t.flagMin = fl.Since
		}
	}
	if len(t.bits) > 0 && t.flagMin == nil {
		t.flagMin = o.Since
	}
	for i, r := range o.Results {
		if newer(r.Since, o.Since) {
			t.versioned = append(t.versioned, i)
		}
	}
	for _, x := range o.Operands {
		t.names[x] = x.GoName
	}
	for _, x := range o.Attributes {
		t.names[x] = x.GoName
	}
	for _, x := range o.Results {
		t.names[x] = x.GoName
	}
	for _, x := range o.Regions {
		t.names[x] = x.GoName
	}
	return t
}

func (g *tgen) attrGoType(a *defs.OpAttr) *jen.Statement {
	if a.Type.Kind == defs.RefUnit {
		return jen.Bool()
	}
	if a.Type.Kind == defs.RefBytes {
		if a.Optional {
			return jen.Op("*").Qual(gofile.TileIR, "Dense")
		}
		return jen.Qual(gofile.TileIR, "Dense")
	}
	if a.Optional && !nilable(a.Type) {
		return jen.Op("*").Add(g.goTypeOf(a.Type))
	}
	return g.goTypeOf(a.Type)
}

func operandGoType(od *defs.Operand) *jen.Statement {
	if od.Variadic {
		return jen.Index().Op("*").Qual(gofile.TileIR, "Value")
	}
	return jen.Op("*").Qual(gofile.TileIR, "Value")
}

func (g *tgen) genOps(f *jen.File) {
	ops := make([]*topOp, len(g.d.Ops))
	for i, o := range g.d.Ops {
		ops[i] = g.prepareOp(o)
	}
	for _, t := range ops {
		g.genOpStruct(f, t)
		g.genOpBuilder(f, t)
		g.genOpReader(f, t)
		g.genOpWriter(f, t)
	}
}

func (g *tgen) genOpStruct(f *jen.File, t *topOp) {
	o := t.op
	summary := o.Summary
	if summary == "" {
		summary = "the " + t.full + " op"
	}
	f.Comment(fmt.Sprintf("%s is %s (opcode 0x%02X, since %s).", o.GoName, t.full, o.Bytecode.Opcode, vstr(t.since)))
	f.Comment("")
	f.Comment(strings.TrimSuffix(summary, "."))
	fields := []jen.Code{jen.Qual(gofile.TileIR, "OpBase")}
	for _, od := range o.Operands {
		fields = append(fields, jen.Id(t.names[od]).Add(operandGoType(od)))
	}
	for _, a := range o.Attributes {
		fields = append(fields, jen.Id(t.names[a]).Add(g.attrGoType(a)))
	}
	f.Type().Id(o.GoName).Struct(fields...)
	recv := func() *jen.Statement { return jen.Params(jen.Id("o").Op("*").Id(o.GoName)) }
	f.Comment("Opcode is the op's bytecode opcode.")
	f.Func().Add(recv()).Id("Opcode").Params().Uint64().Block(jen.Return(jen.Lit(int(o.Bytecode.Opcode))))
	f.Comment("Name is the op's full name.")
	f.Func().Add(recv()).Id("Name").Params().String().Block(jen.Return(jen.Lit(t.full)))
	if defs.HasTrait(o.Traits, "Terminator") {
		f.Comment("IsTerminator marks the op as one that may end a block.")
		f.Func().Add(recv()).Id("IsTerminator").Params().Block()
	}
	// Operands flattened.
	var ops []jen.Code
	for _, od := range o.Operands {
		x := jen.Id("o").Dot(t.names[od])
		switch {
		case od.Variadic:
			ops = append(ops, jen.Id("out").Op("=").Append(jen.Id("out"), x.Op("...")))
		case od.Optional:
			ops = append(ops, jen.If(x.Clone().Op("!=").Nil()).Block(jen.Id("out").Op("=").Append(jen.Id("out"), x)))
		default:
			ops = append(ops, jen.Id("out").Op("=").Append(jen.Id("out"), x))
		}
	}
	f.Comment("Operands lists the operands in wire order.")
	f.Func().Add(recv()).Id("Operands").Params().Index().Op("*").Qual(gofile.TileIR, "Value").Block(
		append(append([]jen.Code{jen.Var().Id("out").Index().Op("*").Qual(gofile.TileIR, "Value")}, ops...), jen.Return(jen.Id("out")))...)
	// Attrs printed.
	var attrs []jen.Code
	for _, a := range o.Attributes {
		x := jen.Id("o").Dot(t.names[a])
		add := func(text jen.Code) *jen.Statement {
			return jen.Id("out").Op("=").Append(jen.Id("out"), jen.Qual(gofile.TileIR, "AttrText").Values(jen.Dict{jen.Id("Name"): jen.Lit(a.Name), jen.Id("Text"): text}))
		}
		switch {
		case a.Type.Kind == defs.RefUnit:
			attrs = append(attrs, jen.If(x).Block(add(jen.Lit(""))))
		case a.Optional && opNilable(a):
			attrs = append(attrs, jen.If(x.Clone().Op("!=").Nil()).Block(add(g.attrText(t, a, x))))
		case a.Optional:
			attrs = append(attrs, jen.If(x.Clone().Op("!=").Nil()).Block(add(g.attrText(t, a, jen.Parens(jen.Op("*").Add(x.Clone()))))))
		default:
			attrs = append(attrs, add(g.attrText(t, a, x)))
		}
	}
	f.Comment("Attrs lists the attributes that are set, printed.")
	f.Func().Add(recv()).Id("Attrs").Params().Index().Qual(gofile.TileIR, "AttrText").Block(
		append(append([]jen.Code{jen.Var().Id("out").Index().Qual(gofile.TileIR, "AttrText")}, attrs...), jen.Return(jen.Id("out")))...)
	// Result and region accessors.
	for i, r := range o.Results {
		if r.Variadic {
			f.Comment(fmt.Sprintf("%s returns the results %q.", t.names[r], r.Name))
			f.Func().Add(recv()).Id(t.names[r]).Params().Index().Op("*").Qual(gofile.TileIR, "Value").Block(
				jen.Return(jen.Id("o").Dot("OpBase").Dot("Results").Index(jen.Lit(i).Op(":").Len(jen.Id("o").Dot("OpBase").Dot("Results")).Op("-").Lit(len(o.Results) - 1 - i))))
			continue
		}
		idx := jen.Lit(i)
		if hasVariadicBefore(o.Results, i) {
			idx = jen.Len(jen.Id("o").Dot("OpBase").Dot("Results")).Op("-").Lit(len(o.Results) - i)
		}
		f.Comment(fmt.Sprintf("%s returns the result %q.", t.names[r], r.Name))
		f.Func().Add(recv()).Id(t.names[r]).Params().Op("*").Qual(gofile.TileIR, "Value").Block(jen.Return(jen.Id("o").Dot("OpBase").Dot("Results").Index(idx)))
	}
	for i, r := range o.Regions {
		f.Comment(fmt.Sprintf("%s returns the region %q.", t.names[r], r.Name))
		f.Func().Add(recv()).Id(t.names[r]).Params().Op("*").Qual(gofile.TileIR, "Region").Block(jen.Return(jen.Id("o").Dot("OpBase").Dot("Regions").Index(jen.Lit(i))))
	}
}

func hasVariadicBefore(l []*defs.Operand, i int) bool {
	for _, x := range l[:i] {
		if x.Variadic || x.Optional {
			return true
		}
	}
	return false
}

// attrText prints attribute value x for Attrs.
func (g *tgen) attrText(t *topOp, a *defs.OpAttr, x *jen.Statement) jen.Code {
	x = x.Clone()
	switch a.Type.Kind {
	case defs.RefEnum:
		return x.Dot("String").Call()
	case defs.RefString:
		return jen.Qual("strconv", "Quote").Call(x)
	case defs.RefBool:
		return jen.Qual("strconv", "FormatBool").Call(x)
	case defs.RefUint64, defs.RefUint32:
		return jen.Qual("strconv", "FormatUint").Call(jen.Uint64().Call(x), jen.Lit(10))
	case defs.RefBytes:
		if len(t.op.Results) > 0 {
			return jen.Id(g.d.Dense.Print).Call(jen.Qual(gofile.TileIR, "TypedBy").Call(x, jen.Id("o").Dot("OpBase").Dot("Results")))
		}
		return jen.Id(g.d.Dense.Print).Call(x)
	case defs.RefType, defs.RefAttr:
		return x.Dot("String").Call()
	case defs.RefList:
		switch a.Type.Elem.Kind {
		case defs.RefInt32, defs.RefInt64:
			return jen.Qual(gofile.TileIR, "FormatInts").Call(x)
		case defs.RefAttr:
			return jen.Qual(gofile.TileIR, "FormatAttrs").Call(x)
		}
	}
	panic("tilegen: cannot print " + a.Type.Text) // the loader rejects it
}

func paramName(s string, used map[string]bool) string {
	n := model.Local(s)
	for used[n] {
		n += "_"
	}
	used[n] = true
	return n
}

func (g *tgen) genOpBuilder(f *jen.File, t *topOp) {
	o := t.op
	used := map[string]bool{"o": true}
	var params, resTypes, vals, regs []jen.Code
	variadicRes := ""
	for _, r := range o.Results {
		if r.Variadic || r.Optional {
			n := paramName(r.Name+"_types", used)
			params = append(params, jen.Id(n).Index().Qual(gofile.TileIR, "Type"))
			variadicRes = n
			resTypes = append(resTypes, jen.Id(n).Op("..."))
		} else {
			n := paramName(r.Name+"_type", used)
			params = append(params, jen.Id(n).Qual(gofile.TileIR, "Type"))
			resTypes = append(resTypes, jen.Id(n))
		}
	}
	for _, od := range o.Operands {
		n := paramName(od.Name, used)
		params = append(params, jen.Id(n).Add(operandGoType(od)))
		vals = append(vals, jen.Id(t.names[od]).Op(":").Id(n))
	}
	for _, a := range o.Attributes {
		n := paramName(a.Name, used)
		params = append(params, jen.Id(n).Add(g.attrGoType(a)))
		vals = append(vals, jen.Id(t.names[a]).Op(":").Id(n))
	}
	for _, r := range o.Regions {
		n := paramName(r.Name, used)
		params = append(params, jen.Id(n).Op("*").Qual(gofile.TileIR, "Region"))
		regs = append(regs, jen.Id(n))
	}
	body := []jen.Code{jen.Id("o").Op(":=").Op("&").Id(o.GoName).Values(vals...)}
	if len(o.Results) > 0 {
		var types jen.Code
		switch {
		case variadicRes != "" && len(o.Results) == 1:
			types = jen.Id(variadicRes)
		case variadicRes != "":
			// fixed results around one variadic group
			var fixedBefore, fixedAfter []jen.Code
			seen := false
			for i, r := range o.Results {
				if r.Variadic || r.Optional {
					seen = true
					continue
				}
				if seen {
					fixedAfter = append(fixedAfter, resTypes[i])
				} else {
					fixedBefore = append(fixedBefore, resTypes[i])
				}
			}
			types = jen.Append(append([]jen.Code{jen.Append(jen.Index().Qual(gofile.TileIR, "Type").Values(fixedBefore...), jen.Id(variadicRes).Op("..."))}, fixedAfter...)...)
		default:
			types = jen.Index().Qual(gofile.TileIR, "Type").Values(resTypes...)
		}
		body = append(body, jen.Id("o").Dot("OpBase").Dot("Results").Op("=").Qual(gofile.TileIR, "NewResults").Call(jen.Id("o"), types))
	}
	if len(regs) > 0 {
		body = append(body, jen.Id("o").Dot("OpBase").Dot("Regions").Op("=").Index().Op("*").Qual(gofile.TileIR, "Region").Values(regs...))
	}
	body = append(body, jen.Return(jen.Id("o")))
	f.Comment(fmt.Sprintf("New%s builds a %s with its results; nil optional operands and attributes are absent.", o.GoName, t.full))
	f.Func().Id("New" + o.GoName).Params(params...).Op("*").Id(o.GoName).Block(body...)
}

// defaultValue is the Go value of an attribute's default.
func (g *tgen) defaultValue(t *topOp, a *defs.OpAttr) jen.Code {
	switch a.Type.Kind {
	case defs.RefEnum:
		for _, v := range a.Type.Enum.Values {
			if v.Text == a.Default || v.Name == a.Default {
				return jen.Id(enumConst(a.Type.Enum, v))
			}
		}
	case defs.RefUint64, defs.RefUint32:
		var n uint64
		if _, err := fmt.Sscan(a.Default, &n); err == nil {
			return jen.Lit(int(n))
		}
	case defs.RefBool:
		if a.Default == "true" || a.Default == "false" {
			return jen.Lit(a.Default == "true")
		}
	}
	panic("tilegen: bad default " + a.Default) // the loader rejects it
}

// readOpAttr reads an inline op attribute into dst.
func (g *tgen) readOpAttr(t *topOp, a *defs.OpAttr, dst *jen.Statement, zero jen.Code) []jen.Code {
	what := fmt.Sprintf("attribute '%s' of '%s'", a.Name, t.full)
	d := jen.Id("d")
	assign := func(call *jen.Statement) []jen.Code {
		return []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(call), ifErr(zero), dst.Clone().Op("=").Id("v")}
	}
	switch a.Type.Kind {
	case defs.RefBytes:
		// Dense values take their type from the first result; an op
		// without results writes the type first.
		var typ []jen.Code
		if len(t.op.Results) == 0 {
			typ = []jen.Code{jen.List(jen.Id("dt"), jen.Err()).Op(":=").Add(d.Clone().Dot("Type").Call(jen.Lit(what))), ifErr(zero)}
		} else {
			typ = []jen.Code{jen.Id("dt").Op(":=").Id("resultType").Call(jen.Id("types"))}
		}
		return append(typ,
			jen.List(jen.Id("data"), jen.Err()).Op(":=").Add(d.Clone().Dot("Const").Call(jen.Lit(what))), ifErr(zero),
			dst.Clone().Op("=").Qual(gofile.TileIR, "Dense").Values(jen.Dict{jen.Id("Type"): jen.Id("dt"), jen.Id("Data"): jen.Id("data")}),
			jen.If(jen.Err().Op(":=").Id("d").Dot("Dialect").Call().Dot("CheckDense").Call(dst.Clone()), jen.Err().Op("!=").Nil()).Block(
				jen.Return(zero, jen.Id("d").Dot("Invalid").Call(jen.Lit("a dense value that fits its type for "+what+": %v"), jen.Err()))))
	case defs.RefList:
		switch a.Type.Elem.Kind {
		case defs.RefInt32:
			return assign(d.Clone().Dot("I32Array").Call(jen.Lit(what)))
		case defs.RefInt64:
			return assign(d.Clone().Dot("I64Array").Call(jen.Lit(what)))
		}
	case defs.RefString:
		if strings.Contains(a.Constraint, "SymbolRef") {
			return assign(d.Clone().Dot("Symbol").Call(jen.Lit(what)))
		}
	}
	return g.readValue(a.Type, "", what, dst, zero, 0)
}

func (g *tgen) writeOpAttr(t *topOp, a *defs.OpAttr, x *jen.Statement) []jen.Code {
	what := fmt.Sprintf("attribute '%s' of '%s'", a.Name, t.full)
	try := func(call *jen.Statement) []jen.Code {
		return []jen.Code{jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))}
	}
	switch a.Type.Kind {
	case defs.RefBytes:
		// Const checks a typed value against its type, as the reader does;
		// an op with results types the value by its first.
		if len(t.op.Results) == 0 {
			return append(try(jen.Id("e").Dot("Type").Call(x.Clone().Dot("Type"))), try(jen.Id("e").Dot("Const").Call(x))...)
		}
		return try(jen.Id("e").Dot("ResultConst").Call(x, jen.Id("o").Dot("OpBase").Dot("Results").Index(jen.Lit(0)).Dot("Type")))
	case defs.RefList:
		switch a.Type.Elem.Kind {
		case defs.RefInt32:
			return try(jen.Id("e").Dot("I32Array").Call(x, jen.Lit(what)))
		case defs.RefInt64:
			return try(jen.Id("e").Dot("I64Array").Call(x, jen.Lit(what)))
		}
	case defs.RefString:
		if strings.Contains(a.Constraint, "SymbolRef") {
			return try(jen.Id("e").Dot("Symbol").Call(x, jen.Lit(what)))
		}
	}
	return g.writeValue(a.Type, "", what, x, 0)
}

func (g *tgen) genOpReader(f *jen.File, t *topOp) {
	o := t.op
	zero := jen.Nil()
	d := func() *jen.Statement { return jen.Id("d") }
	body := []jen.Code{jen.Id("o").Op(":=").Op("&").Id(o.GoName).Values(), jen.Var().Err().Error()}
	// Results.
	nres := len(o.Results)
	body = append(body, jen.Var().Id("types").Index().Qual(gofile.TileIR, "Type"))
	if t.variadic {
		body = append(body, jen.List(jen.Id("nres"), jen.Err()).Op(":=").Add(d().Dot("Count").Call(jen.Lit("results of "+t.full), jen.Lit(1))), ifErr(zero))
	}
	if len(t.versioned) == 0 {
		n := jen.Lit(nres)
		if t.variadic {
			n = jen.Id("nres")
		}
		body = append(body, jen.List(jen.Id("types"), jen.Err()).Op("=").Add(d().Dot("Types").Call(n, jen.Lit("a result of "+t.full))), ifErr(zero),
			jen.Id("numbered").Op(":=").Len(jen.Id("types")))
	} else {
		body = append(body, jen.Id("numbered").Op(":=").Lit(0))
		for _, r := range o.Results {
			read := []jen.Code{
				jen.List(jen.Id("rt"), jen.Err()).Op(":=").Add(d().Dot("Type").Call(jen.Lit("result " + r.Name + " of " + t.full))), ifErr(zero),
				jen.Id("types").Op("=").Append(jen.Id("types"), jen.Id("rt")), jen.Id("numbered").Op("++"),
			}
			if newer(r.Since, o.Since) {
				def := g.byName[r.Type]
				body = append(body, jen.If(atLeast(d().Dot("Version").Call(), r.Since)).Block(read...).Else().Block(
					jen.Id("types").Op("=").Append(jen.Id("types"), jen.Op("&").Id(def.Name).Values())))
			} else {
				body = append(body, jen.Block(read...))
			}
		}
		if t.variadic {
			body = append(body, jen.If(jen.Id("nres").Op("!=").Id("numbered")).Block(jen.Return(zero,
				d().Dot("Invalid").Call(jen.Lit("%d results for "+t.full+" in this version, not %d"), jen.Id("numbered"), jen.Id("nres")))))
		}
	}
	// Flags.
	if len(t.bits) > 0 {
		read := []jen.Code{jen.List(jen.Id("flags"), jen.Err()).Op("=").Add(d().Dot("Varint").Call(jen.Lit("the flags of " + t.full))), ifErr(zero)}
		body = append(body, jen.Var().Id("flags").Uint64())
		if newer(t.flagMin, t.since) {
			body = append(body, jen.If(atLeast(d().Dot("Version").Call(), t.flagMin)).Block(read...))
		} else {
			body = append(body, read...)
		}
		body = append(body, jen.Id("_").Op("=").Id("flags"))
	}
	flagSet := func(name string) *jen.Statement {
		return jen.Id("flags").Op("&").Parens(jen.Lit(1).Op("<<").Lit(t.bits[name])).Op("!=").Lit(0)
	}
	// Attributes.
	for _, a := range o.Attributes {
		x := jen.Id("o").Dot(t.names[a])
		var read []jen.Code
		switch {
		case a.Type.Kind == defs.RefUnit:
			read = []jen.Code{x.Clone().Op("=").Add(flagSet(a.Name))}
		case a.Optional && !opNilable(a):
			inner := append([]jen.Code{jen.Var().Id("opt").Add(g.attrValueType(a))}, g.readOpAttr(t, a, jen.Id("opt"), zero)...)
			inner = append(inner, x.Clone().Op("=").Op("&").Id("opt"))
			read = []jen.Code{jen.If(flagSet(a.Name)).Block(inner...)}
		case a.Optional:
			read = []jen.Code{jen.If(flagSet(a.Name)).Block(g.readOpAttr(t, a, x, zero)...)}
		default:
			read = []jen.Code{jen.Block(g.readOpAttr(t, a, x, zero)...)}
		}
		if s := g.sinceOf(a.Availability, t); newer(s, t.since) {
			var dflt []jen.Code
			if !a.Optional && a.Type.Kind != defs.RefUnit {
				dflt = []jen.Code{x.Clone().Op("=").Add(g.defaultValue(t, a))}
			}
			st := jen.If(atLeast(d().Dot("Version").Call(), s)).Block(read...)
			if len(dflt) > 0 {
				st = st.Else().Block(dflt...)
			}
			body = append(body, st)
		} else {
			body = append(body, read...)
		}
	}
	// Operands.
	if t.attrSized {
		for _, od := range o.Operands {
			x := jen.Id("o").Dot(t.names[od])
			what := fmt.Sprintf("operand '%s' of '%s'", od.Name, t.full)
			one := []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(d().Dot("Operand").Call(jen.Lit(what))), ifErr(zero), x.Clone().Op("=").Id("v")}
			switch {
			case od.Optional:
				st := jen.If(flagSet(od.Name)).Block(one...)
				if s := g.sinceOf(od.Availability, t); newer(s, t.since) {
					st = jen.If(atLeast(d().Dot("Version").Call(), s)).Block(st).Else().If(flagSet(od.Name)).Block(
						jen.Return(zero, d().Dot("Invalid").Call(jen.Lit("no flag for "+what+", which needs version "+vstr(s)))))
				}
				body = append(body, st)
			case od.Variadic:
				body = append(body, jen.Block(
					jen.List(jen.Id("n"), jen.Err()).Op(":=").Add(d().Dot("Count").Call(jen.Lit("operands in group "+od.Name+" of "+t.full), jen.Lit(1))), ifErr(zero),
					jen.List(jen.Id("vs"), jen.Err()).Op(":=").Add(d().Dot("Operands").Call(jen.Id("n"), jen.Lit(what))), ifErr(zero),
					x.Clone().Op("=").Id("vs")))
			default:
				body = append(body, jen.Block(one...))
			}
		}
	} else if len(o.Operands) > 0 {
		fixed := 0
		varIdx := -1
		for i, od := range o.Operands {
			if od.Variadic || od.Optional {
				varIdx = i
			} else {
				fixed++
			}
		}
		what := "operands of '" + t.full + "'"
		if varIdx < 0 {
			body = append(body, jen.List(jen.Id("vals"), jen.Err()).Op(":=").Add(d().Dot("Operands").Call(jen.Lit(fixed), jen.Lit(what))), ifErr(zero))
		} else {
			body = append(body,
				jen.List(jen.Id("n"), jen.Err()).Op(":=").Add(d().Dot("Count").Call(jen.Lit(what), jen.Lit(1))), ifErr(zero),
				jen.If(jen.Id("n").Op("<").Lit(fixed)).Block(jen.Return(zero, d().Dot("Invalid").Call(jen.Lit(fmt.Sprintf("at least %d %s, not %%d", fixed, what)), jen.Id("n")))),
			)
			if o.Operands[varIdx].Optional {
				body = append(body, jen.If(jen.Id("n").Op(">").Lit(fixed+1)).Block(jen.Return(zero, d().Dot("Invalid").Call(jen.Lit(fmt.Sprintf("at most %d %s, not %%d", fixed+1, what)), jen.Id("n")))))
			}
			body = append(body, jen.List(jen.Id("vals"), jen.Err()).Op(":=").Add(d().Dot("Operands").Call(jen.Id("n"), jen.Lit(what))), ifErr(zero))
		}
		posExpr := func(k int, afterVar bool) *jen.Statement {
			if afterVar {
				return jen.Len(jen.Id("vals")).Op("-").Lit(k)
			}
			return jen.Lit(k)
		}
		for i, od := range o.Operands {
			x := jen.Id("o").Dot(t.names[od])
			switch {
			case i == varIdx && od.Variadic:
				body = append(body, x.Clone().Op("=").Id("vals").Index(jen.Lit(i).Op(":").Len(jen.Id("vals")).Op("-").Lit(len(o.Operands)-1-i)))
			case i == varIdx:
				body = append(body, jen.If(jen.Id("n").Op("==").Lit(fixed+1)).Block(x.Clone().Op("=").Id("vals").Index(jen.Lit(i))))
			case varIdx >= 0 && i > varIdx:
				body = append(body, x.Clone().Op("=").Id("vals").Index(posExpr(len(o.Operands)-i, true)))
			default:
				body = append(body, x.Clone().Op("=").Id("vals").Index(jen.Lit(i)))
			}
		}
	}
	if len(o.Regions) > 0 {
		body = append(body, jen.List(jen.Id("rs"), jen.Err()).Op(":=").Add(d().Dot("Regions").Call(jen.Lit(len(o.Regions)), jen.Lit(t.full))), ifErr(zero),
			jen.Id("o").Dot("OpBase").Dot("Regions").Op("=").Id("rs"))
	}
	body = append(body, d().Dot("Define").Call(jen.Id("o"), jen.Id("types"), jen.Id("numbered")), jen.Return(jen.Id("o"), jen.Err()))
	f.Func().Id("read"+o.GoName).Params(jen.Id("d").Op("*").Qual(gofile.TileIR, "Decoder")).Params(jen.Qual(gofile.TileIR, "Op"), jen.Error()).Block(body...)
}

func (g *tgen) genOpWriter(f *jen.File, t *topOp) {
	o := t.op
	e := func() *jen.Statement { return jen.Id("e") }
	try := func(call *jen.Statement) jen.Code {
		return jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	}
	var body []jen.Code
	if t.since.Compare(defs.Version{Axis: "tileir", Parts: []int{13, 1}}) > 0 {
		body = append(body, jen.If(jen.Op("!").Add(atLeast(e().Dot("Version").Call(), t.since))).Block(
			jen.Return(e().Dot("TooNew").Call(jen.Lit("op '"+t.full+"'"), tver(t.since)))))
	}
	res := jen.Id("o").Dot("OpBase").Dot("Results")
	if !t.variadic {
		body = append(body, jen.If(jen.Len(res).Op("!=").Lit(len(o.Results))).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%s has %%d results, not %d", t.full, len(o.Results))), jen.Len(res)))))
	}
	body = append(body, jen.Id("n").Op(":=").Len(res))
	for _, i := range t.versioned {
		r := o.Results[i]
		body = append(body, jen.If(jen.Id("n").Op(">").Lit(i).Op("&&").Op("!").Add(atLeast(e().Dot("Version").Call(), r.Since))).Block(jen.Id("n").Op("=").Lit(i)))
	}
	if t.variadic {
		body = append(body, e().Dot("Varint").Call(jen.Uint64().Call(jen.Id("n"))))
	}
	body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("r")).Op(":=").Range().Add(res.Clone()).Index(jen.Op(":").Id("n"))).Block(try(e().Dot("Type").Call(jen.Id("r").Dot("Type")))))
	// Flags.
	if len(t.bits) > 0 {
		body = append(body, jen.Var().Id("flags").Uint64())
		set := func(name string, present *jen.Statement, since *defs.Version, what string) {
			stmts := []jen.Code{}
			if newer(since, t.since) {
				stmts = append(stmts, jen.If(jen.Op("!").Add(atLeast(e().Dot("Version").Call(), since))).Block(
					jen.Return(e().Dot("TooNew").Call(jen.Lit(what), tver(since)))))
			}
			stmts = append(stmts, jen.Id("flags").Op("|=").Lit(1).Op("<<").Lit(t.bits[name]))
			body = append(body, jen.If(present).Block(stmts...))
		}
		for _, a := range o.Attributes {
			if !a.Optional {
				continue
			}
			x := jen.Id("o").Dot(t.names[a])
			present := x.Clone().Op("!=").Nil()
			if a.Type.Kind == defs.RefUnit {
				present = x
			}
			set(a.Name, present, g.sinceOf(a.Availability, t), fmt.Sprintf("attribute '%s' of '%s'", a.Name, t.full))
		}
		if t.attrSized {
			for _, od := range o.Operands {
				if od.Optional {
					set(od.Name, jen.Id("o").Dot(t.names[od]).Op("!=").Nil(), g.sinceOf(od.Availability, t), fmt.Sprintf("operand '%s' of '%s'", od.Name, t.full))
				}
			}
		}
		if newer(t.flagMin, t.since) {
			body = append(body, jen.If(atLeast(e().Dot("Version").Call(), t.flagMin)).Block(e().Dot("Varint").Call(jen.Id("flags"))))
		} else {
			body = append(body, e().Dot("Varint").Call(jen.Id("flags")))
		}
	}
	// Attributes.
	for _, a := range o.Attributes {
		x := jen.Id("o").Dot(t.names[a])
		switch {
		case a.Type.Kind == defs.RefUnit:
		case a.Optional && opNilable(a):
			body = append(body, jen.If(x.Clone().Op("!=").Nil()).Block(g.writeOpAttr(t, a, x)...))
		case a.Optional:
			body = append(body, jen.If(x.Clone().Op("!=").Nil()).Block(g.writeOpAttr(t, a, jen.Parens(jen.Op("*").Add(x.Clone())))...))
		default:
			if s := g.sinceOf(a.Availability, t); newer(s, t.since) {
				body = append(body, jen.If(atLeast(e().Dot("Version").Call(), s)).Block(g.writeOpAttr(t, a, x)...).Else().If(x.Clone().Op("!=").Add(g.defaultValue(t, a))).Block(
					jen.Return(e().Dot("TooNew").Call(jen.Lit(fmt.Sprintf("attribute '%s' of '%s' (set to a value other than %s)", a.Name, t.full, a.Default)), tver(s)))))
			} else {
				body = append(body, g.writeOpAttr(t, a, x)...)
			}
		}
	}
	// Operands.
	if t.attrSized {
		for _, od := range o.Operands {
			x := jen.Id("o").Dot(t.names[od])
			switch {
			case od.Optional:
				body = append(body, jen.If(x.Clone().Op("!=").Nil()).Block(try(e().Dot("Operand").Call(x))))
			case od.Variadic:
				body = append(body, try(e().Dot("Operands").Call(x, jen.True())))
			default:
				body = append(body, try(e().Dot("Operand").Call(x)))
			}
		}
	} else if len(o.Operands) > 0 {
		withCount := false
		for _, od := range o.Operands {
			withCount = withCount || od.Variadic || od.Optional
		}
		body = append(body, try(e().Dot("Operands").Call(jen.Id("o").Dot("Operands").Call(), jen.Lit(withCount))))
	}
	if len(o.Regions) > 0 {
		regs := jen.Id("o").Dot("OpBase").Dot("Regions")
		body = append(body,
			jen.If(jen.Len(regs).Op("!=").Lit(len(o.Regions))).Block(jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%s has %%d regions, not %d", t.full, len(o.Regions))), jen.Len(regs)))),
			try(e().Dot("Regions").Call(regs)))
	}
	body = append(body, e().Dot("Define").Call(jen.Id("o"), jen.Id("n")), jen.Return(jen.Nil()))
	f.Comment("Encode writes the op after its opcode.")
	f.Func().Params(jen.Id("o").Op("*").Id(o.GoName)).Id("Encode").Params(jen.Id("e").Op("*").Qual(gofile.TileIR, "Encoder")).Error().Block(body...)
}

// ---------------------------------------------------------------- dialect

func (g *tgen) genDialect(f *jen.File) {
	d := g.d
	f.Comment(fmt.Sprintf("Dialect is the %s codec table for runtime/tileir: opcodes, type tags and attribute tags.", d.Name))
	f.Var().Id("Dialect").Qual(gofile.TileIR, "Dialect").Op("=").Id("dialect").Values()
	f.Type().Id("dialect").Struct()
	// MaxOpcode per format version.
	var vers []defs.Version
	if d.Versions != nil {
		vers = d.Versions.Format
	}
	var cases []jen.Code
	for i := len(vers) - 1; i >= 0; i-- {
		v := vers[i]
		max := -1
		for _, o := range d.Ops {
			if o.Since != nil && o.Since.Compare(v) <= 0 && o.Bytecode != nil && int(o.Bytecode.Opcode) > max {
				max = int(o.Bytecode.Opcode)
			}
		}
		if max < 0 {
			continue
		}
		cases = append(cases, jen.If(atLeast(jen.Id("v"), &vers[i])).Block(jen.Return(jen.Lit(max))))
	}
	cases = append(cases, jen.Return(jen.Lit(0)))
	f.Func().Params(jen.Id("dialect")).Id("MaxOpcode").Params(jen.Id("v").Qual(gofile.TileIR, "Version")).Uint64().Block(cases...)
	// ReadOp.
	var opCases []jen.Code
	ops := append([]*defs.Op{}, d.Ops...)
	sort.Slice(ops, func(i, j int) bool { return ops[i].Bytecode.Opcode < ops[j].Bytecode.Opcode })
	for _, o := range ops {
		opCases = append(opCases, jen.Case(jen.Lit(int(o.Bytecode.Opcode))).Block(jen.Return(jen.Id("read"+o.GoName).Call(jen.Id("d")))))
	}
	f.Func().Params(jen.Id("dialect")).Id("ReadOp").Params(jen.Id("d").Op("*").Qual(gofile.TileIR, "Decoder"), jen.Id("opcode").Uint64()).Params(jen.Qual(gofile.TileIR, "Op"), jen.Error()).Block(
		jen.Switch(jen.Id("opcode")).Block(opCases...),
		jen.Return(jen.Nil(), jen.Id("d").Dot("Invalid").Call(jen.Lit("an opcode of "+d.Name+", not 0x%X"), jen.Id("opcode"))),
	)
	var infos []jen.Code
	for _, o := range ops {
		fixed, variadic := 0, false
		for _, r := range o.Results {
			if r.Variadic || r.Optional {
				variadic = true
			} else {
				fixed++
			}
		}
		infos = append(infos, jen.Values(jen.Dict{
			jen.Id("Opcode"):           jen.Lit(int(o.Bytecode.Opcode)),
			jen.Id("Name"):             jen.Lit(d.Name + "." + o.Name),
			jen.Id("Since"):            tver(o.Since),
			jen.Id("Results"):          jen.Lit(fixed),
			jen.Id("VariadicResults"):  jen.Lit(variadic),
			jen.Id("Regions"):          jen.Lit(len(o.Regions)),
			jen.Id("OptionalOperands"): optionalOperandNames(g, o),
			jen.Id("New"):              jen.Func().Params().Qual(gofile.TileIR, "Op").Block(jen.Return(jen.Op("&").Id(o.GoName).Values())),
		}))
	}
	f.Comment("Ops lists every op of the dialect by opcode.")
	f.Var().Id("Ops").Op("=").Index().Qual(gofile.TileIR, "OpInfo").Values(infos...)
	g.genDispatch(f, d.Types, "Type", "TypeTag")
	g.genDispatch(f, d.Attributes, "Attr", "AttrTag")
	// Signature and hints hooks from traits.
	var sig, hints []jen.Code
	for _, def := range d.Types {
		if defs.HasTrait(def.Traits, "FunctionType") {
			sig = append(sig, jen.If(jen.List(jen.Id("x"), jen.Id("ok")).Op(":=").Id("t").Assert(jen.Op("*").Id(def.Name)), jen.Id("ok")).Block(
				jen.Return(jen.Id("x").Dot("Inputs"), jen.Id("x").Dot("Results"), jen.True())))
		}
	}
	for _, def := range d.Attributes {
		if defs.HasTrait(def.Traits, "OptimizationHints") {
			hints = append(hints, jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("a").Assert(jen.Op("*").Id(def.Name)), jen.Id("ok")).Block(jen.Return(jen.True())))
		}
	}
	f.Func().Params(jen.Id("dialect")).Id("Signature").Params(jen.Id("t").Qual(gofile.TileIR, "Type")).Params(jen.Id("ins"), jen.Id("outs").Index().Qual(gofile.TileIR, "Type"), jen.Id("ok").Bool()).Block(
		append(sig, jen.Return(jen.Nil(), jen.Nil(), jen.False()))...)
	f.Comment("CheckDense checks a dense buffer against its type with the hand-written " + g.d.Dense.Check + ".")
	f.Func().Params(jen.Id("dialect")).Id("CheckDense").Params(jen.Id("v").Qual(gofile.TileIR, "Dense")).Error().Block(jen.Return(jen.Id(g.d.Dense.Check).Call(jen.Id("v"))))
	f.Func().Params(jen.Id("dialect")).Id("HintsAttr").Params(jen.Id("a").Qual(gofile.TileIR, "Attr")).Bool().Block(
		append(hints, jen.Return(jen.False()))...)
	// resultType helper for dense attribute printing.
	f.Func().Id("resultType").Params(jen.Id("ts").Index().Qual(gofile.TileIR, "Type")).Qual(gofile.TileIR, "Type").Block(
		jen.If(jen.Len(jen.Id("ts")).Op("==").Lit(0)).Block(jen.Return(jen.Nil())),
		jen.Return(jen.Id("ts").Index(jen.Lit(0))))
}

func (g *tgen) genDispatch(f *jen.File, list []*defs.Def, kind, tagMethod string) {
	var readCases, encCases []jen.Code
	for _, def := range list {
		code := def.Bytecode[0].Code
		readCases = append(readCases, jen.Case(jen.Lit(int(code))).Block(
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("read"+def.Name).Call(jen.Id("d")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("x"), jen.Nil())))
		encCases = append(encCases, jen.Case(jen.Op("*").Id(def.Name)).Block(jen.Return(jen.Id("encode"+def.Name).Call(jen.Id("e"), jen.Id("x"), jen.True()))))
	}
	lower := strings.ToLower(kind)
	if kind == "Attr" {
		lower = "attribute"
	}
	f.Func().Params(jen.Id("dialect")).Id("Read"+kind).Params(jen.Id("d").Op("*").Qual(gofile.TileIR, "Decoder"), jen.Id("tag").Uint64()).Params(jen.Qual(gofile.TileIR, kind), jen.Error()).Block(
		jen.Switch(jen.Id("tag")).Block(readCases...),
		jen.Return(jen.Nil(), jen.Id("d").Dot("Invalid").Call(jen.Lit("a "+lower+" tag of "+g.d.Name+", not %d"), jen.Id("tag"))),
	)
	f.Func().Params(jen.Id("dialect")).Id("Encode"+kind).Params(jen.Id("e").Op("*").Qual(gofile.TileIR, "Encoder"), jen.Id("v").Qual(gofile.TileIR, kind)).Error().Block(
		jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(encCases...),
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%T is not a "+lower+" of "+g.d.Name), jen.Id("v"))),
	)
}

// opNilable reports whether an absent op attribute is nil (dense values
// are structs, so optional ones are pointers).
func opNilable(a *defs.OpAttr) bool { return a.Type.Kind != defs.RefBytes && nilable(a.Type) }

func (g *tgen) attrValueType(a *defs.OpAttr) *jen.Statement {
	if a.Type.Kind == defs.RefBytes {
		return jen.Qual(gofile.TileIR, "Dense")
	}
	return g.goTypeOf(a.Type)
}

func optionalOperandNames(g *tgen, o *defs.Op) jen.Code {
	t := g.prepareOp(o)
	var names []jen.Code
	for _, od := range o.Operands {
		if od.Optional {
			names = append(names, jen.Lit(t.names[od]))
		}
	}
	if len(names) == 0 {
		return jen.Nil()
	}
	return jen.Index().String().Values(names...)
}
