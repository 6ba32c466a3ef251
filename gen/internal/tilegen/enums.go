package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// genEnums emits each enum as a uint32 with its constants and a table of
// its values (keyword, version added), and the structs.
func (g *gen) genEnums(f *jen.File) {
	for _, e := range g.m.Enums {
		var texts []string
		for _, v := range e.Values {
			texts = append(texts, v.Text)
		}
		doc := e.Doc
		if doc == "" {
			doc = "is one of " + strings.Join(texts, ", ") + "."
		}
		f.Comment(e.Name + " " + doc)
		f.Type().Id(e.Name).Uint32()
		var consts, values []jen.Code
		for _, v := range e.Values {
			consts = append(consts, jen.Id(v.GoName).Id(e.Name).Op("=").Lit(int(v.Value)))
			fields := []jen.Code{jen.Id("Value").Op(":").Lit(int(v.Value)), jen.Id("Text").Op(":").Lit(v.Text)}
			if v.Since != nil {
				fields = append(fields, jen.Id("Since").Op(":").Add(version(v.Since)))
			}
			values = append(values, jen.Line().Values(fields...))
		}
		f.Const().Defs(consts...)
		table := model.LowerFirst(e.Name) + "Values"
		f.Var().Id(table).Op("=").Add(qual("EnumValues")).Values(append(values, jen.Line())...)
		f.Comment("String returns the value's keyword.")
		gofile.OneLine(f, jen.Func().Params(jen.Id("v").Id(e.Name)).Id("String").Params().String(),
			jen.Return(jen.Id(table).Dot("String").Call(jen.Lit(e.Name), jen.Uint32().Call(jen.Id("v")))))
		f.Comment("Since returns the version that added the value; ok is false for a value the enum lacks.")
		gofile.OneLine(f, jen.Func().Params(jen.Id("v").Id(e.Name)).Id("Since").Params().Params(qual("Version"), jen.Bool()),
			jen.Return(jen.Id(table).Dot("Since").Call(jen.Uint32().Call(jen.Id("v")))))
	}
	for _, s := range g.m.Structs {
		doc := s.Doc
		if doc == "" {
			doc = fmt.Sprintf("is a struct of %s.", g.m.Name)
		}
		f.Comment(s.Name + " " + doc)
		var fields []jen.Code
		for _, p := range s.Params {
			fields = append(fields, jen.Id(p.Field).Add(gofile.TypeCode(p.Type)))
		}
		f.Type().Id(s.Name).Struct(fields...)
	}
	g.genStructCodecs(f)
}

// genStructCodecs emits the reader and writer of each struct a plain field
// holds (lists of them included): its params in order.
func (g *gen) genStructCodecs(f *jen.File) {
	used := map[string]bool{}
	var walk func(t *defs.TypeRef)
	walk = func(t *defs.TypeRef) {
		switch t.Kind {
		case defs.RefList:
			walk(t.Elem)
		case defs.RefStruct:
			if !used[t.Struct.Name] {
				used[t.Struct.Name] = true
				for _, p := range t.Struct.Params {
					walk(p.Type)
				}
			}
		}
	}
	for _, def := range g.m.Defs() {
		for _, e := range def.Bytecode {
			for _, fl := range e.Fields {
				if fl.Param != "" {
					walk(def.FindParam(fl.Param).Type)
				}
			}
		}
	}
	for _, s := range g.m.Structs {
		if !used[s.Name] {
			continue
		}
		read := []jen.Code{jen.Var().Id("s").Id(s.Name), jen.Var().Err().Error()}
		var write []jen.Code
		for _, p := range s.Params {
			what := s.Name + " " + p.Name
			read = append(read, jen.If(jen.List(jen.Id("s").Dot(p.Field), jen.Err()).Op("=").Add(g.readValue(p.Param.Type, "", what)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Id("s"), jen.Err())))
			write = append(write, g.writeValue(p.Param.Type, "", what, jen.Id("s").Dot(p.Field)))
		}
		f.Func().Id("read"+s.Name).Params(jen.Id("d").Op("*").Add(qual("Decoder"))).Params(jen.Id(s.Name), jen.Error()).Block(append(read, jen.Return(jen.Id("s"), jen.Nil()))...)
		f.Func().Id("write"+s.Name).Params(jen.Id("e").Op("*").Add(qual("Encoder")), jen.Id("s").Id(s.Name)).Error().Block(append(write, jen.Return(jen.Nil()))...)
	}
}
