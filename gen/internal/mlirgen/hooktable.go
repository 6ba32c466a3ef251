package mlirgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// The hook table (runtime/hooks): a dialect whose definition names
// hand-written Go registers, for package interp, each hook by the name the
// definition uses and, for every definition, the conversions between its
// Go value and the parameter list an interpreter holds.

const hooksPkg = "github.com/dialectgen/dialectgen/runtime/hooks"

func hk(name string) *jen.Statement { return jen.Qual(hooksPkg, name) }

// hasHookTable reports whether the definition names hand-written Go that
// an interpreter could call through a table.
func (g *gen) hasHookTable() bool {
	if g.m.Format != "mlir" {
		return false
	}
	for _, def := range g.m.Defs() {
		if def.Verify != "" || def.StringHook != "" || def.ReleaseHook != "" || def.BuildHook != "" || def.AsmHooks != nil || def.Text != nil && (def.Text.Parse != "" || def.Text.Print != "") {
			return true
		}
		for _, e := range def.Bytecode {
			for _, fl := range e.Fields {
				if fl.Custom != "" {
					return true
				}
			}
		}
		if len(g.m.PredicateHooks(def)) > 0 {
			return true
		}
		for _, p := range def.Params {
			if p.TextNames != "" || p.Param.Type.Kind == defs.RefGo {
				return true
			}
		}
	}
	return g.formatCustoms() || len(g.m.PropertyHooks()) > 0 || len(g.releaseHooks()) > 0 || g.versionHooks()
}

// versionHooks reports whether a dialect that versions itself names
// hand-written upgrade, downgrade or default steps.
func (g *gen) versionHooks() bool {
	v := g.m.Versions
	return v != nil && v.Dialect != nil && (v.Dialect.Upgrade != "" || v.Dialect.Downgrade != "" || len(g.defaultHooks()) > 0)
}

// defaultHooks are the hooks of versioned attributes' defaults, each once.
func (g *gen) defaultHooks() []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range g.m.Ops {
		for _, a := range o.Attributes {
			lit, err := defs.ParseAttrLiteral(a.Default)
			if err != nil || lit.Hook == "" || seen[lit.Hook] || dialectBound(a.Since) == nil && dialectBound(a.Until) == nil {
				continue
			}
			seen[lit.Hook] = true
			out = append(out, lit.Hook)
		}
	}
	return out
}

// releaseHooks are the ops' release hooks, each once, in op order.
func (g *gen) releaseHooks() []string {
	var out []string
	seen := map[string]bool{}
	for _, op := range g.m.Ops {
		if h := op.ReleaseHook; h != "" && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	return out
}

// formatCustoms reports whether an attribute or type format uses a custom
// directive (asmCustoms, hand-written).
func (g *gen) formatCustoms() bool {
	customs := false
	for _, def := range g.m.Defs() {
		for _, form := range g.asmForms(def.Def) {
			if form.asm != nil {
				form.asm.Walk(func(e *defs.FormatElem) { customs = customs || e.Kind == defs.FmtCustom })
			}
		}
	}
	return customs
}

func (g *gen) genHookTable(f *jen.File) {
	f.ImportName(hooksPkg, "hooks")
	fields := []jen.Code{jen.Id("Dialect").Op(":").Lit(g.m.Name)}

	var defEntries []jen.Code
	for _, def := range g.m.Defs() {
		defEntries = append(defEntries, jen.Line().Lit(def.Name).Op(":").Values(g.hookDef(def.Def)...))
	}
	if len(defEntries) > 0 {
		fields = append(fields, jen.Id("Defs").Op(":").Map(jen.String()).Op("*").Add(hk("Def")).Values(append(defEntries, jen.Line())...))
	}

	var customEntries []jen.Code
	seen := map[string]bool{}
	for _, def := range g.m.Defs() {
		for _, e := range def.Bytecode {
			for _, fl := range e.Fields {
				if fl.Custom == "" || seen[fl.Custom] {
					continue
				}
				seen[fl.Custom] = true
				customEntries = append(customEntries, jen.Line().Lit(fl.Custom).Op(":").Values(g.hookField(def.Def, fl)...))
			}
		}
	}
	if len(customEntries) > 0 {
		fields = append(fields, jen.Id("Fields").Op(":").Map(jen.String()).Op("*").Add(hk("Field")).Values(append(customEntries, jen.Line())...))
	}

	var whens []jen.Code
	seen = map[string]bool{}
	for _, def := range g.m.Defs() {
		for _, h := range g.m.PredicateHooks(def) {
			if seen[h.Name] {
				continue
			}
			seen[h.Name] = true
			var args []jen.Code
			for i, p := range h.Args {
				args = append(args, g.toGo(p.Type, jen.Id("args").Index(jen.Lit(i)), 0))
			}
			whens = append(whens, jen.Line().Lit(h.Name).Op(":").Func().Params(jen.Id("args").Index().Any()).Bool().Block(
				jen.Id("args").Op("=").Add(hk("Fields")).Call(jen.Id("args"), jen.Lit(len(args))),
				jen.Return(jen.Id(h.Name).Call(args...))))
		}
	}
	if len(whens) > 0 {
		fields = append(fields, jen.Id("When").Op(":").Map(jen.String()).Func().Params(jen.Index().Any()).Bool().Values(append(whens, jen.Line())...))
	}

	var props []jen.Code
	seen = map[string]bool{}
	for _, h := range g.m.PropertyHooks() {
		name, ok := strings.CutSuffix(h.Name, "Attr")
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		props = append(props, jen.Line().Lit(name).Op(":").Values(jen.Id("Attr").Op(":").Id(name+"Attr"), jen.Id("Value").Op(":").Id(name+"Value")))
	}
	if len(props) > 0 {
		fields = append(fields, jen.Id("Props").Op(":").Map(jen.String()).Op("*").Add(hk("Prop")).Values(append(props, jen.Line())...))
	}

	names := map[string]bool{}
	for _, def := range g.m.Defs() {
		for _, p := range def.Params {
			if p.TextNames != "" && len(g.asmForms(def.Def)) > 0 {
				names[p.TextNames] = true
			}
		}
	}
	if len(names) > 0 {
		var keys []string
		for n := range names {
			keys = append(keys, n)
		}
		sort.Strings(keys)
		var syn []jen.Code
		for _, n := range keys {
			syn = append(syn, jen.Line().Lit(n).Op(":").Id(n+"Syntax"))
		}
		fields = append(fields, jen.Id("Syntax").Op(":").Map(jen.String()).Op("*").Add(mt("EnumSyntax")).Values(append(syn, jen.Line())...))
	}
	if g.formatCustoms() {
		fields = append(fields, jen.Id("Customs").Op(":").Id("asmCustoms"))
	}
	if v := g.m.Versions; v != nil && v.Dialect != nil {
		if v.Dialect.Upgrade != "" {
			fields = append(fields, jen.Id("Upgrade").Op(":").Id("upgrade"+v.Dialect.Upgrade))
		}
		if v.Dialect.Downgrade != "" {
			fields = append(fields, jen.Id("Downgrade").Op(":").Id("downgrade"+v.Dialect.Downgrade))
		}
		var ds []jen.Code
		for _, h := range g.defaultHooks() {
			ds = append(ds, jen.Line().Lit(h).Op(":").Values(jen.Id("Default").Op(":").Id("default"+h), jen.Id("IsDefault").Op(":").Id("isDefault"+h)))
		}
		if len(ds) > 0 {
			fields = append(fields, jen.Id("Defaults").Op(":").Map(jen.String()).Op("*").Add(hk("Default")).Values(append(ds, jen.Line())...))
		}
	}
	if hs := g.releaseHooks(); len(hs) > 0 {
		ir := func(name string) *jen.Statement { return jen.Qual(model.IR, name) }
		sig := jen.Func().Params(jen.Op("*").Add(ir("Context")), jen.Op("*").Add(ir("Operation")), jen.Index().Add(ir("NamedAttr")), jen.Int(), jen.Int()).
			Params(jen.Index().Add(ir("NamedAttr")), jen.Error())
		var rel []jen.Code
		for _, h := range hs {
			rel = append(rel, jen.Line().Lit(h).Op(":").Id(h))
		}
		fields = append(fields, jen.Id("Release").Op(":").Map(jen.String()).Add(sig).Values(append(rel, jen.Line())...))
	}
	f.Comment("The hand-written Go of the dialect, for definitions interpreted at run")
	f.Comment("time (package interp) while this package is linked in; the table is")
	f.Comment("built when first looked up, not as every program linking it starts.")
	f.Func().Id("init").Params().Block(
		hk("Register").Call(jen.Lit(g.m.Name), jen.Id("hookTable")),
	)
	f.Func().Id("hookTable").Params().Op("*").Add(hk("Table")).Block(
		jen.Return(jen.Op("&").Add(hk("Table")).Values(fields...)),
	)
}

// hookDef is a definition's entry: its conversions and hooks.
func (g *gen) hookDef(def *defs.Def) []jen.Code {
	n := len(def.Params)
	inits := []jen.Code{jen.Id("ctx")}
	for i, p := range def.Params {
		inits = append(inits, g.toGo(p.Type, jen.Id("p").Index(jen.Lit(i)), 0))
	}
	var params []jen.Code
	for _, p := range def.Params {
		params = append(params, g.fromGo(p.Type, jen.Id("v").Dot(model.Local(p.Name)), 0))
	}
	fieldsOf := func(v string) jen.Code {
		return jen.Id(v).Op("=").Add(hk("Fields")).Call(jen.Id(v), jen.Lit(n))
	}
	value := []jen.Code{jen.Return(jen.Id(defs.ConstructorName(def)).Call(inits...))}
	if n > 0 {
		value = append([]jen.Code{fieldsOf("p")}, value...)
	}
	var paramsBody []jen.Code
	if n == 0 {
		paramsBody = []jen.Code{
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("x").Assert(jen.Op("*").Id(def.Name)),
			jen.Return(jen.Nil(), jen.Id("ok")),
		}
	} else {
		paramsBody = []jen.Code{
			jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("x").Assert(jen.Op("*").Id(def.Name)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil(), jen.False())),
			jen.Return(jen.Index().Any().Values(params...), jen.True()),
		}
	}
	out := []jen.Code{
		jen.Line().Id("Value").Op(":").Func().Params(jen.Id("ctx").Op("*").Qual(model.IR, "Context"), jen.Id("p").Index().Any()).Any().Block(value...),
		jen.Line().Id("Params").Op(":").Func().Params(jen.Id("x").Any()).Params(jen.Index().Any(), jen.Bool()).Block(paramsBody...),
	}
	if def.Verify != "" {
		var args []jen.Code
		for i, p := range def.Params {
			args = append(args, g.toGo(p.Type, jen.Id("p").Index(jen.Lit(i)), 0))
		}
		out = append(out, jen.Line().Id("Verify").Op(":").Func().Params(jen.Id("p").Index().Any()).Error().Block(
			fieldsOf("p"), jen.Return(jen.Id("verify"+def.Verify).Call(args...))))
	}
	if def.BuildHook != "" && n > 0 {
		// The hook's results, as the interpreter holds parameters.
		var args, results, outs []jen.Code
		args = append(args, jen.Id("ctx"))
		for i, p := range def.Params {
			args = append(args, g.toGo(p.Type, jen.Id("p").Index(jen.Lit(i)), 0))
			r := fmt.Sprintf("r%d", i)
			results = append(results, jen.Id(r))
			outs = append(outs, g.fromGo(p.Type, jen.Id(r), 0))
		}
		out = append(out, jen.Line().Id("Build").Op(":").Func().Params(jen.Id("ctx").Op("*").Qual(model.IR, "Context"), jen.Id("p").Index().Any()).Index().Any().Block(
			fieldsOf("p"),
			jen.List(results...).Op(":=").Id(def.BuildHook).Call(args...),
			jen.Return(jen.Index().Any().Values(outs...))))
	}
	if def.ReleaseHook != "" {
		kind := "Attribute"
		if def.IsType {
			kind = "Type"
		}
		out = append(out, jen.Line().Id("Release").Op(":").Func().Params(jen.Id("t").Qual(model.Bytecode, "Target"), jen.Id("x").Any()).Error().Block(
			jen.List(jen.Id("v"), jen.Id("_")).Op(":=").Id("x").Assert(jen.Qual(model.IR, kind)),
			jen.Return(jen.Id(def.ReleaseHook).Call(jen.Id("t"), jen.Id("v")))))
	}
	if h := def.AsmHooks; h != nil {
		out = append(out, jen.Line().Id("ParseAsm").Op(":").Id(h.Parse), jen.Line().Id("PrintAsm").Op(":").Id(h.Print))
	}
	if t := def.Text; t != nil && t.Parse != "" {
		// A nil *T result is no value, not a non-nil interface.
		out = append(out, jen.Line().Id("ParseText").Op(":").Func().Params(jen.Id("ctx").Op("*").Qual(model.IR, "Context"), jen.Id("text").String(), jen.Id("release").Int()).Params(jen.Any(), jen.Error()).Block(
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Id(t.Parse).Call(jen.Id("ctx"), jen.Id("text"), jen.Id("release")),
			jen.Return(hk("Ref").Call(jen.Id("v")), jen.Err())))
	}
	if t := def.Text; t != nil && t.Print != "" {
		out = append(out, jen.Line().Id("PrintText").Op(":").Func().Params(jen.Id("x").Any()).String().Block(
			jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("x").Assert(jen.Op("*").Id(def.Name)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Lit(""))),
			jen.Return(jen.Id(t.Print).Call(jen.Id("v")))))
	}
	return append(out, jen.Line())
}

// hookField is a custom field's entry: its reader and writer over
// parameter lists.
func (g *gen) hookField(def *defs.Def, fl *defs.Field) []jen.Code {
	var args, outs, outVars, outVals []jen.Code
	for i, a := range fl.Args {
		args = append(args, g.toGo(def.FindParam(a).Type, jen.Id("args").Index(jen.Lit(i)), 0))
	}
	for i, o := range fl.Outputs {
		v := fmt.Sprintf("o%d", i)
		outVars = append(outVars, jen.Id(v))
		outVals = append(outVals, g.fromGo(def.FindParam(o).Type, jen.Id(v), 0))
		outs = append(outs, g.toGo(def.FindParam(o).Type, jen.Id("outs").Index(jen.Lit(i)), 0))
	}
	var read, write []jen.Code
	if len(args) > 0 {
		read = append(read, jen.Id("args").Op("=").Add(hk("Fields")).Call(jen.Id("args"), jen.Lit(len(args))))
		write = append(write, jen.Id("args").Op("=").Add(hk("Fields")).Call(jen.Id("args"), jen.Lit(len(args))))
	}
	if len(outs) > 0 {
		write = append(write, jen.Id("outs").Op("=").Add(hk("Fields")).Call(jen.Id("outs"), jen.Lit(len(outs))))
	}
	read = append(read,
		jen.List(append(outVars, jen.Err())...).Op(":=").Id("read"+fl.Custom).Call(append([]jen.Code{jen.Id("r")}, args...)...),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Index().Any().Values(outVals...), jen.Nil()))
	write = append(write, jen.Id("write"+fl.Custom).Call(append(append([]jen.Code{jen.Id("w")}, args...), outs...)...))
	return []jen.Code{
		jen.Line().Id("Read").Op(":").Func().Params(jen.Id("r").Op("*").Qual(model.Bytecode, "EntryReader"), jen.Id("args").Index().Any()).Params(jen.Index().Any(), jen.Error()).Block(read...),
		jen.Line().Id("Write").Op(":").Func().Params(jen.Id("w").Op("*").Qual(model.Bytecode, "EntryWriter"), jen.List(jen.Id("args"), jen.Id("outs")).Index().Any()).Block(write...),
		jen.Line(),
	}
}

// toGo converts x, a parameter value (any), to the Go type of t.
func (g *gen) toGo(t *defs.TypeRef, x jen.Code, depth int) jen.Code {
	switch t.Kind {
	case defs.RefInt64, defs.RefInt32:
		return hk("Int").Types(g.goType(t)).Call(x)
	case defs.RefUint64, defs.RefUint32, defs.RefEnum:
		return hk("Uint").Types(g.goType(t)).Call(x)
	case defs.RefList:
		e := fmt.Sprintf("e%d", depth)
		return hk("List").Call(x, jen.Func().Params(jen.Id(e).Any()).Add(g.goType(t.Elem)).Block(
			jen.Return(g.toGo(t.Elem, jen.Id(e), depth+1))))
	case defs.RefStruct:
		s := fmt.Sprintf("s%d", depth)
		var inits []jen.Code
		for i, p := range t.Struct.Params {
			inits = append(inits, jen.Id(defs.GoName(p.Name)).Op(":").Add(g.toGo(p.Type, jen.Id(s).Index(jen.Lit(i)), depth+1)))
		}
		return jen.Func().Params(jen.Id(s).Index().Any()).Add(g.goType(t)).Block(jen.Return(g.goType(t).Values(inits...))).
			Call(hk("Fields").Call(x, jen.Lit(len(t.Struct.Params))))
	}
	return hk("As").Types(g.goType(t)).Call(x)
}

// fromGo converts v, of the Go type of t, to a parameter value.
func (g *gen) fromGo(t *defs.TypeRef, v jen.Code, depth int) jen.Code {
	switch t.Kind {
	case defs.RefAttr, defs.RefType:
		if t.Def != nil {
			return hk("Ref").Call(v)
		}
	case defs.RefInt32:
		return jen.Int64().Call(v)
	case defs.RefUint32, defs.RefEnum:
		return jen.Uint64().Call(v)
	case defs.RefList:
		e := fmt.Sprintf("e%d", depth)
		return hk("FromList").Call(v, jen.Func().Params(jen.Id(e).Add(g.goType(t.Elem))).Any().Block(
			jen.Return(g.fromGo(t.Elem, jen.Id(e), depth+1))))
	case defs.RefStruct:
		var vals []jen.Code
		for _, p := range t.Struct.Params {
			vals = append(vals, g.fromGo(p.Type, jen.Add(v).Dot(defs.GoName(p.Name)), depth+1))
		}
		return jen.Index().Any().Values(vals...)
	}
	return v
}
