package mlirgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// hasVersions reports whether the dialect versions itself (versions.dialect).
func (g *gen) hasVersions() bool { return g.m.Versions != nil && g.m.Versions.Dialect != nil }

// bounds adds the Since and Until of a table entry that has them.
func bounds(d jen.Dict, since, until *defs.Version) jen.Dict {
	if since != nil {
		d[jen.Id("Since")] = versionLit(since)
	}
	if until != nil {
		d[jen.Id("Until")] = versionLit(until)
	}
	return d
}

// versionLit is a bytecode.DialectVersion literal.
func versionLit(v *defs.Version) jen.Code {
	if v == nil {
		return jen.Nil()
	}
	var parts []jen.Code
	for _, p := range v.Parts {
		parts = append(parts, jen.Lit(p))
	}
	return jen.Qual(model.Bytecode, "DialectVersion").Values(parts...)
}

// dialectBound is v when it bounds the dialect axis, else nil.
func dialectBound(v *defs.Version) *defs.Version {
	if v != nil && v.Axis == "dialect" {
		return v
	}
	return nil
}

// genVersions emits the dialect's version history as a bytecode.Versioning
// table and the VersionedDialect methods that use it: the payload codec,
// the op schemas of older versions, and the upgrade and downgrade of ops.
func (g *gen) genVersions(f *jen.File) {
	dv := g.m.Versions.Dialect
	f.Comment(fmt.Sprintf("CurrentVersion is the newest version of the %s dialect, which its IR in", g.m.Name))
	f.Comment("memory is at: readers upgrade to it, and writers write it unless told otherwise.")
	f.Var().Id("CurrentVersion").Op("=").Add(versionLit(&dv.Current))

	parts := len(dv.Encoding)
	if dv.Producer != "" {
		parts = len(dv.Current.Parts)
	}
	fields := jen.Dict{
		jen.Id("Dialect"): jen.Lit(g.m.Name),
		jen.Id("Current"): jen.Id("CurrentVersion"),
		jen.Id("Parts"):   jen.Lit(parts),
	}
	if dv.Minimum != nil {
		fields[jen.Id("Minimum")] = versionLit(dv.Minimum)
	}
	if dv.Producer != "" {
		fields[jen.Id("Producer")] = jen.Lit(dv.Producer)
		var bcs []jen.Code
		for _, b := range dv.Bytecode {
			d := jen.Dict{jen.Id("Version"): jen.Lit(b.Version)}
			if b.Until != nil {
				d[jen.Id("Until")] = versionLit(b.Until)
			}
			bcs = append(bcs, jen.Values(d))
		}
		if len(bcs) > 0 {
			fields[jen.Id("Bytecode")] = jen.Index().Qual(model.Bytecode, "VersionBytecode").Values(bcs...)
		}
	}
	var ops, attrs, renames []jen.Code
	// defaults are the functions making the defaults of versioned
	// attributes and fields.
	type dflt struct {
		name, doc string
		lit       defs.AttrLiteral
	}
	var defaults []dflt
	for _, o := range g.m.Ops {
		if since, until := dialectBound(o.Op.Since), dialectBound(o.Op.Until); since != nil || until != nil {
			ops = append(ops, jen.Values(bounds(jen.Dict{jen.Id("Op"): jen.Lit(o.Name)}, since, until)))
		}
		for _, a := range o.Attributes {
			for _, fl := range defs.StructFields(a) {
				since, until := dialectBound(fl.Since), dialectBound(fl.Until)
				if since == nil && until == nil {
					continue
				}
				name := defaultFuncName(o.Name, a.Name+"_"+fl.Name)
				attrs = append(attrs, jen.Values(bounds(jen.Dict{jen.Id("Op"): jen.Lit(o.Name), jen.Id("Attr"): jen.Lit(a.Name),
					jen.Id("Field"): jen.Lit(fl.Name), jen.Id("Default"): jen.Id(name)}, since, until)))
				defaults = append(defaults, dflt{name, fmt.Sprintf("field %s of property %s of %s.%s", fl.Name, a.Name, g.m.Name, o.Name),
					defs.AttrLiteral{Int: int64(fl.Default), Width: fl.Bits, Signedness: "signless"}})
			}
			since, until := dialectBound(a.Since), dialectBound(a.Until)
			if since == nil && until == nil {
				continue
			}
			d := bounds(jen.Dict{jen.Id("Op"): jen.Lit(o.Name), jen.Id("Attr"): jen.Lit(a.Name)}, since, until)
			lit, _ := defs.ParseAttrLiteral(a.Default) // checked by the loader
			switch {
			case a.Default == "":
			case lit.Hook != "":
				d[jen.Id("Default")] = jen.Id("default" + lit.Hook)
				d[jen.Id("IsDefault")] = jen.Id("isDefault" + lit.Hook)
			default:
				name := defaultFuncName(o.Name, a.Name)
				d[jen.Id("Default")] = jen.Id(name)
				defaults = append(defaults, dflt{name, fmt.Sprintf("attribute %s of %s.%s", a.Name, g.m.Name, o.Name), lit})
			}
			attrs = append(attrs, jen.Values(d))
		}
	}
	for _, st := range dv.History {
		olds := make([]string, 0, len(st.Renames))
		for old := range st.Renames {
			olds = append(olds, old)
		}
		sort.Strings(olds)
		for _, old := range olds {
			cur := st.Renames[old]
			d := jen.Dict{jen.Id("Version"): versionLit(&st.Version)}
			if op, attr, ok := strings.Cut(cur, "."); ok {
				_, oldAttr, _ := strings.Cut(old, ".")
				d[jen.Id("Op")], d[jen.Id("Attr")], d[jen.Id("Old")] = jen.Lit(op), jen.Lit(attr), jen.Lit(oldAttr)
			} else {
				d[jen.Id("Op")], d[jen.Id("Old")] = jen.Lit(cur), jen.Lit(old)
			}
			renames = append(renames, jen.Values(d))
		}
	}
	list := func(key, typ string, elems []jen.Code) {
		if len(elems) > 0 {
			var lines []jen.Code
			for _, e := range elems {
				lines = append(lines, jen.Line().Add(e))
			}
			fields[jen.Id(key)] = jen.Index().Qual(model.Bytecode, typ).Values(append(lines, jen.Line())...)
		}
	}
	list("Ops", "VersionedOp", ops)
	list("Attrs", "VersionedAttr", attrs)
	list("Renames", "VersionRename", renames)
	if g.hasOpSchemas() {
		fields[jen.Id("Schemas")] = jen.Id("Dialect")
	}
	if dv.Upgrade != "" {
		fields[jen.Id("Upgrade")] = jen.Id("upgrade" + dv.Upgrade)
	}
	if dv.Downgrade != "" {
		fields[jen.Id("Downgrade")] = jen.Id("downgrade" + dv.Downgrade)
	}
	f.Comment(fmt.Sprintf("versioning is the %s dialect's version history (versions.dialect).", g.m.Name))
	f.Var().Id("versioning").Op("=").Op("&").Qual(model.Bytecode, "Versioning").Values(fields)

	for _, dv := range defaults {
		lit := dv.lit
		ctx := jen.Id("ctx")
		var val jen.Code
		if lit.IsBool {
			val = jen.Qual(model.Builtin, "GetBoolAttr").Call(ctx, jen.Lit(lit.Bool))
		} else {
			sign := map[string]string{"signless": "SignednessSignless", "signed": "SignednessSigned", "unsigned": "SignednessUnsigned"}[lit.Signedness]
			val = jen.Qual(model.Builtin, "GetIntegerAttr").Call(ctx,
				jen.Qual(model.Builtin, "GetIntegerType").Call(ctx, jen.Lit(lit.Width), jen.Qual(model.Builtin, sign)),
				jen.Qual(model.IR, "APIntFromInt64").Call(jen.Lit(lit.Width), jen.Lit(lit.Int)))
		}
		f.Comment(fmt.Sprintf("%s is the value of %s in versions without it.", dv.name, dv.doc))
		f.Func().Id(dv.name).Params(jen.Id("ctx").Op("*").Qual(model.IR, "Context")).Qual(model.IR, "Attribute").Block(jen.Return(val))
	}

	ctx := jen.Id("ctx").Op("*").Qual(model.IR, "Context")
	op := jen.Id("op").Op("*").Qual(model.IR, "Operation")
	ver := jen.Qual(model.Bytecode, "DialectVersion")
	method := func(doc, name string, params []jen.Code, results jen.Code, call ...jen.Code) {
		f.Comment(doc)
		f.Func().Params(jen.Id("dialect")).Id(name).Params(params...).Add(results).Block(jen.Return(jen.Id("versioning").Dot(name).Call(call...)))
	}
	method("CurrentVersion is the newest version of the dialect (bytecode.VersionedDialect).", "CurrentVersion", nil, ver.Clone())
	method("OldestVersion is the oldest version of the dialect known, nil for any.", "OldestVersion", nil, ver.Clone())
	if dv.Producer != "" {
		method("ProducerVersion reads the version a producer string names (bytecode.ProducerVersioned).", "ProducerVersion",
			[]jen.Code{jen.Id("producer").String()}, jen.Params(ver.Clone(), jen.Bool(), jen.Error()), jen.Id("producer"))
		method("FileFor is the producer string and bytecode version of a file of version v.", "FileFor",
			[]jen.Code{jen.Id("v").Add(ver.Clone())}, jen.Params(jen.String(), jen.Int(), jen.Error()), jen.Id("v"))
	}
	method("ReadVersion decodes the dialect's DialectVersions payload.", "ReadVersion",
		[]jen.Code{jen.Id("r").Op("*").Qual(model.Wire, "Reader")}, jen.Params(ver.Clone(), jen.Error()), jen.Id("r"))
	method("AppendVersion appends the DialectVersions payload of v.", "AppendVersion",
		[]jen.Code{jen.Id("b").Index().Byte(), jen.Id("v").Add(ver.Clone())}, jen.Index().Byte(), jen.Id("b"), jen.Id("v"))
	method("OpSchemaAt is OpSchema for files of version v of the dialect.", "OpSchemaAt",
		[]jen.Code{jen.Id("op").String(), jen.Id("release").Int(), jen.Id("v").Add(ver.Clone())}, jen.Op("*").Qual(model.Bytecode, "OpSchema"), jen.Id("op"), jen.Id("release"), jen.Id("v"))
	method("UpgradeOp brings an op read from a file of version from to the current version.", "UpgradeOp",
		[]jen.Code{ctx, op, jen.Id("from").Add(ver.Clone())}, jen.Error(), jen.Id("ctx"), jen.Id("op"), jen.Id("from"))
	method("DowngradeOp returns the name and attributes op has at version to, or why it cannot be written there.", "DowngradeOp",
		[]jen.Code{ctx, op, jen.Id("to").Add(ver.Clone())},
		jen.Params(jen.Qual(model.IR, "OpName"), jen.Index().Qual(model.IR, "NamedAttr"), jen.Bool(), jen.Error()),
		jen.Id("ctx"), jen.Id("op"), jen.Id("to"))
	if dv.Producer != "" {
		f.Var().Id("_").Qual(model.Bytecode, "ProducerVersioned").Op("=").Id("Dialect")
	} else {
		f.Var().Id("_").Qual(model.Bytecode, "VersionedDialect").Op("=").Id("Dialect")
	}
}

// defaultFuncName names the function making an op attribute's default.
func defaultFuncName(op, attr string) string {
	return "default" + defs.GoName(op) + defs.GoName(attr)
}

// dialectCond is the condition of a dialect-axis bound at the target x.
func dialectCond(x string, v *defs.Version, since bool) jen.Code {
	var parts []jen.Code
	for _, p := range v.Parts {
		parts = append(parts, jen.Lit(p))
	}
	m := "AtLeast"
	if !since {
		m = "AtMost"
	}
	return jen.Id(x).Dot("Dialect").Call(jen.Id("versioning").Dot("Dialect")).Dot(m).Call(parts...)
}
