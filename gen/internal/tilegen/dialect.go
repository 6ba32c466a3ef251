package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// genDialect emits the Dialect (a tileir.Table of the codecs of each type
// and attribute tag and the dense hooks), the Ops table and the format
// versions the other files refer to.
func (g *gen) genDialect(f *jen.File) {
	m := g.m
	gofile.Doc(f, fmt.Sprintf("Dialect is the %s dialect for runtime/tileir: its ops, types and attributes by opcode and tag, and its dense hooks.", m.Name))
	if m.Summary != "" {
		f.Comment("")
		f.Comment(strings.TrimSpace(m.Summary))
	}
	table := []jen.Code{jen.Line().Id("Name").Op(":").Lit(m.Name)}
	if len(m.Ops) > 0 {
		table = append(table, jen.Line().Id("Ops").Op(":").Id("Ops"))
	}
	if len(m.Types) > 0 {
		table = append(table, jen.Line().Id("Types").Op(":").Index().Add(qual("TypeCodec")).Values(g.codecs(m.Types)...))
	}
	if len(m.Attrs) > 0 {
		table = append(table, jen.Line().Id("Attrs").Op(":").Index().Add(qual("AttrCodec")).Values(g.codecs(m.Attrs)...))
	}
	table = append(table,
		jen.Line().Id("CheckDense").Op(":").Id(m.Dense.Check),
		jen.Line().Id("FormatDense").Op(":").Id(m.Dense.Print))
	if t := m.Text; t != nil {
		var fields []jen.Code
		add := func(name, hook string) {
			if hook != "" {
				fields = append(fields, jen.Line().Id(name).Op(":").Id(hook))
			}
		}
		add("ModuleOps", t.Module.ToOps)
		add("OpsModule", t.Module.FromOps)
		add("PrintType", t.Type.Print)
		add("ParseType", t.Type.Parse)
		add("PrintAttr", t.Attribute.Print)
		add("ParseAttr", t.Attribute.Parse)
		if t.ExtraOps != "" {
			fields = append(fields, jen.Line().Id("Ops").Op(":").Id(t.ExtraOps).Call())
		}
		table = append(table, jen.Line().Id("Text").Op(":").Op("&").Add(qual("TextForm")).Values(append(fields, jen.Line())...))
	}
	table = append(table, jen.Line())
	f.Var().Id("Dialect").Op("=").Add(qual("NewDialect")).Call(jen.Op("&").Add(qual("Table")).Values(table...))
	if len(m.Ops) > 0 {
		var infos []jen.Code
		for _, o := range m.Ops {
			infos = append(infos, jen.Line().Values(g.opInfo(o)...))
		}
		f.Comment(fmt.Sprintf("Ops lists the ops of %s by opcode.", m.Name))
		f.Var().Id("Ops").Op("=").Index().Add(qual("OpInfo")).Values(append(infos, jen.Line())...)
	}
	var vars []jen.Code
	for i := range m.Versions.Format {
		v := &m.Versions.Format[i]
		maj, min := v.Parts[0], 0
		if len(v.Parts) > 1 {
			min = v.Parts[1]
		}
		vars = append(vars, jen.Id(versionVar(v)).Op("=").Add(qual("Version")).Values(jen.Id("Major").Op(":").Lit(maj), jen.Id("Minor").Op(":").Lit(min)))
	}
	f.Comment("The format versions of the definition.")
	f.Var().Defs(vars...)
}

// codecs lists the TypeCodec or AttrCodec of each definition.
func (g *gen) codecs(list []*model.Def) []jen.Code {
	var out []jen.Code
	for _, def := range list {
		kind := "Attr"
		if def.IsType {
			kind = "Type"
		}
		fields := []jen.Code{jen.Id("Tag").Op(":").Lit(int(def.Bytecode[0].Code)), jen.Id("Name").Op(":").Lit(shortName(def))}
		if def.Since != nil {
			fields = append(fields, jen.Id("Since").Op(":").Add(version(def.Since)))
		}
		if tagged(def) {
			fields = append(fields,
				jen.Id("Read").Op(":").Add(qual(kind+"Reader")).Call(jen.Id("read"+def.Name)),
				jen.Id("Write").Op(":").Add(qual(kind+"Writer")).Call(jen.Id("write"+def.Name)))
		} else {
			fields = append(fields, jen.Id("Read").Op(":").Add(qual("NoPayload")).Types(jen.Id(def.Name)))
		}
		out = append(out, jen.Line().Values(fields...))
	}
	return append(out, jen.Line())
}

// opInfo is the fields of an op's tileir.OpInfo that differ from zero.
func (g *gen) opInfo(o *model.Op) []jen.Code {
	var out []jen.Code
	add := func(name string, v jen.Code) { out = append(out, jen.Id(name).Op(":").Add(v)) }
	add("Opcode", jen.Id(fmt.Sprintf("0x%02X", o.Bytecode.Opcode)))
	add("Name", jen.Lit(o.Full))
	add("Since", version(o.Since))
	fixed, variadic := 0, false
	var newer []jen.Code
	for i, r := range o.Results {
		if r.Many() {
			variadic = true
			continue
		}
		fixed++
		if r.Since != nil {
			newer = append(newer, jen.Values(jen.Id("Index").Op(":").Lit(i), jen.Id("Since").Op(":").Add(version(r.Since)),
				jen.Id("Type").Op(":").Op("&").Id(g.m.Def(r.Type).Name).Values()))
		}
	}
	if fixed > 0 {
		add("Results", jen.Lit(fixed))
	}
	if variadic {
		add("VariadicResults", jen.True())
	}
	if o.Counted {
		add("CountResults", jen.True())
	}
	if len(newer) > 0 {
		add("NewerResults", jen.Index().Add(qual("NewerResult")).Values(newer...))
	}
	var optional []jen.Code
	operands, many, atMostOne := 0, false, false
	for _, v := range o.Operands {
		switch {
		case v.Operand.Variadic:
			many = true
		case v.Optional:
			many, atMostOne = true, true
			optional = append(optional, jen.Lit(v.GoName))
		default:
			operands++
		}
	}
	if o.OperandSegments {
		add("Segments", jen.True())
	} else {
		if operands > 0 {
			add("Operands", jen.Lit(operands))
		}
		if many {
			add("VariadicOperands", jen.True())
		}
		if atMostOne {
			add("AtMostOne", jen.True())
		}
	}
	if len(o.Flags) > 0 {
		add("Flags", jen.True())
		if o.FlagsSince != nil {
			add("FlagsSince", version(o.FlagsSince))
		}
	}
	if len(o.Regions) > 0 {
		add("Regions", jen.Lit(len(o.Regions)))
	}
	if defs.HasTrait(o.Traits, "Terminator") {
		add("Terminator", jen.True())
	}
	if len(optional) > 0 {
		add("OptionalOperands", jen.Index().String().Values(optional...))
	}
	if o.DefaultDialect != "" {
		add("DefaultDialect", jen.Lit(o.DefaultDialect))
	}
	if defs.HasTrait(o.Traits, "IsolatedFromAbove") && (o.Assembly != nil || o.CustomAssembly) {
		add("Isolated", jen.True())
	}
	add("New", jen.Func().Params().Add(qual("Op")).Op("{").Return(jen.New(jen.Id(o.GoName))).Op("}"))
	add("Alloc", qual("AllocOp").Index(jen.Id(o.GoName)))
	return out
}
