package mlirgen

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/releaserules"
)

// The text forms of attributes and types with a mnemonic: a table of
// asmformat.Defs (mnemonic, assembly format as a string, parameter kinds,
// hooks for bodies written in C++) that asmformat interprets, and per
// definition two small functions between the Go value and its parameter
// list. Tables rather than a parser and printer per definition keep the
// dialect packages small.

const asmformatPkg = "github.com/dialectgen/dialectgen/runtime/asmformat"

// asmForm is one text form of a definition over a range of releases.
type asmForm struct {
	def          *defs.Def
	mnemonic     string
	format       string
	asm          *defs.AsmFormat
	hooks        *defs.DefAsmHooks
	since, until int
	defaults     map[string]string // text defaults that differ from the definition's
	absent       map[string]bool   // parameters the form's releases lack
}

// asmForms lists the text forms the generator can describe.
func (g *gen) asmForms(def *defs.Def) []asmForm {
	if def.Mnemonic == "" {
		return nil
	}
	// Hooks read any parameters; formats only those of kinds asmformat
	// knows.
	kinds := g.paramsHaveText(def)
	var out []asmForm
	add := func(mnem string, f *defs.AsmFormat, custom bool, since, until int) {
		switch {
		case custom && def.AsmHooks != nil:
			out = append(out, asmForm{def: def, mnemonic: mnem, hooks: def.AsmHooks, since: since, until: until})
		case custom, !kinds:
		case f != nil:
			out = append(out, asmForm{def: def, mnemonic: mnem, format: f.Text, asm: f, since: since, until: until})
		case !slices.ContainsFunc(def.Params, func(p *defs.Param) bool { return !p.Self }):
			out = append(out, asmForm{def: def, mnemonic: mnem, since: since, until: until})
		}
	}
	since := 0
	for _, o := range def.OlderTexts {
		u := 0
		if o.Until != nil && len(o.Until.Parts) > 0 {
			u = o.Until.Parts[0]
		}
		mn := o.Mnemonic
		if mn == "" {
			mn = def.Mnemonic
		}
		add(mn, o.Assembly, o.CustomAssembly, since, u)
		if n := len(out); n > 0 && out[n-1].until == u {
			out[n-1].defaults = o.TextDefaults
			if o.HasParams {
				out[n-1].absent = map[string]bool{}
				for _, p := range def.Params {
					out[n-1].absent[p.Name] = !slices.Contains(o.Params, p.Name)
				}
			}
		}
		since = u + 1
	}
	add(def.Mnemonic, def.Assembly, def.CustomAssembly, since, 0)
	return out
}

// paramsHaveText reports whether every parameter has a kind asmformat
// reads and prints.
func (g *gen) paramsHaveText(def *defs.Def) bool {
	for _, p := range def.Params {
		if _, ok := textKind(p.Type); !ok {
			return false
		}
	}
	return true
}

func textKind(t *defs.TypeRef) (string, bool) {
	switch t.Kind {
	case defs.RefInt32, defs.RefInt64:
		return "Int", true
	case defs.RefUint32, defs.RefUint64:
		return "Uint", true
	case defs.RefBool:
		return "Bool", true
	case defs.RefString:
		return "String", true
	case defs.RefEnum:
		return "Enum", true
	case defs.RefType:
		return "Type", true
	case defs.RefAttr, defs.RefLocation:
		return "Attr", true
	case defs.RefList:
		if k, ok := textKind(t.Elem); ok && k != "List" {
			return "List", true
		}
	}
	return "", false
}

func (g *gen) hasAsmForms() bool {
	for _, def := range g.m.Defs() {
		if len(g.asmForms(def.Def)) > 0 {
			return true
		}
	}
	return false
}

func mt(name string) *jen.Statement { return jen.Qual(asmformatPkg, name) }

// genAsmForms emits the table.
func (g *gen) genAsmForms(f *jen.File) {
	f.ImportName(asmformatPkg, "asmformat")
	enums := map[*defs.Enum]bool{}
	var attrs, types []jen.Code
	customs := false
	for _, def := range g.m.Defs() {
		for _, form := range g.asmForms(def.Def) {
			if form.asm != nil {
				form.asm.Walk(func(e *defs.FormatElem) { customs = customs || e.Kind == defs.FmtCustom })
			}
			lit := g.asmDef(form, enums)
			if def.IsType {
				types = append(types, lit)
			} else {
				attrs = append(attrs, lit)
			}
		}
	}
	for _, e := range g.m.Enums {
		if !enums[e] {
			continue
		}
		vals := []jen.Code{jen.Id("Cases").Op(":").Id(model.LowerFirst(e.Name) + "Cases")}
		if e.BitEnum {
			sep := e.Separator
			if sep == "" {
				sep = "|"
			}
			vals = append(vals, jen.Id("Bit").Op(":").True(), jen.Id("Separator").Op(":").Lit(sep))
			if e.PrintGroups {
				vals = append(vals, jen.Id("PrintGroups").Op(":").True())
			}
		}
		f.Var().Id(enumSyntaxName(e)).Op("=").Op("&").Add(mt("EnumSyntax")).Values(vals...)
	}
	f.Comment(fmt.Sprintf("asmForms are the text forms of the %s attributes and types with a", g.m.Name))
	f.Comment("mnemonic, which asmformat reads and prints.")
	fields := []jen.Code{jen.Id("Name").Op(":").Lit(g.m.Name)}
	if len(attrs) > 0 {
		fields = append(fields, jen.Id("Attrs").Op(":").Index().Op("*").Add(mt("Def")).Values(attrs...))
	}
	if len(types) > 0 {
		fields = append(fields, jen.Id("Types").Op(":").Index().Op("*").Add(mt("Def")).Values(types...))
	}
	if customs {
		// The custom directives of the formats, hand-written.
		fields = append(fields, jen.Id("Customs").Op(":").Id("asmCustoms"))
	}
	f.Var().Id("asmForms").Op("=").Op("&").Add(mt("Dialect")).Values(fields...)
	f.Comment("AsmForms are the dialect's text forms (asmformat.AsmFormsOf).")
	f.Func().Params(jen.Id("dialect")).Id("AsmForms").Params().Op("*").Add(mt("Dialect")).Block(jen.Return(jen.Id("asmForms")))
	for _, what := range []string{"Attribute", "Type"} {
		iface := jen.Qual(model.IR, what)
		f.Comment(fmt.Sprintf("Print%sFor prints a %s in a release's syntax (0: the newest).", what, model.LowerFirst(what)))
		f.Func().Params(jen.Id("dialect")).Id("Print"+what+"For").Params(jen.Id("v").Add(iface), jen.Id("release").Int()).Params(jen.String(), jen.Bool()).Block(
			jen.Return(jen.Id("asmForms").Dot("Print"+what+"For").Call(jen.Id("v"), jen.Id("release"))))
	}
}

func enumSyntaxName(e *defs.Enum) string { return model.LowerFirst(e.Name) + "Syntax" }

func (g *gen) asmDef(form asmForm, enums map[*defs.Enum]bool) jen.Code {
	def := form.def
	vals := []jen.Code{
		jen.Id("Name").Op(":").Lit(def.Name),
		jen.Id("Mnemonic").Op(":").Lit(form.mnemonic),
	}
	if def.Alias != "" {
		vals = append(vals, jen.Id("Alias").Op(":").Lit(def.Alias))
	}
	if form.format != "" {
		vals = append(vals, jen.Id("Format").Op(":").Lit(form.format))
	}
	if form.since != 0 {
		vals = append(vals, jen.Id("Since").Op(":").Lit(form.since))
	}
	if form.until != 0 {
		vals = append(vals, jen.Id("Until").Op(":").Lit(form.until))
	}
	if s := releaserules.LLVMBound(def.Since); s != 0 {
		vals = append(vals, jen.Id("KindSince").Op(":").Lit(s))
	}
	if u := releaserules.LLVMBound(def.Until); u != 0 {
		vals = append(vals, jen.Id("KindUntil").Op(":").Lit(u))
	}
	if form.hooks != nil {
		vals = append(vals, jen.Id("Parse").Op(":").Id(form.hooks.Parse), jen.Id("Print").Op(":").Id(form.hooks.Print))
		return jen.Values(vals...)
	}
	var params []jen.Code
	for _, p := range def.Params {
		k, _ := textKind(p.Type)
		if p.TextNames != "" {
			k = "Enum"
		}
		pv := []jen.Code{jen.Id("Name").Op(":").Lit(p.Name), jen.Id("Kind").Op(":").Add(mt(k))}
		if p.TextNames != "" {
			pv = append(pv, jen.Id("Enum").Op(":").Id(p.TextNames+"Syntax"))
		}
		if p.TextQuoted {
			pv = append(pv, jen.Id("Quoted").Op(":").True())
		}
		t := p.Type
		if k == "List" {
			ek, _ := textKind(t.Elem)
			pv = append(pv, jen.Id("Elem").Op(":").Add(mt(ek)))
			t = t.Elem
		}
		if t.Kind == defs.RefEnum {
			enums[t.Enum] = true
			pv = append(pv, jen.Id("Enum").Op(":").Id(enumSyntaxName(t.Enum)))
		}
		if p.Optional {
			pv = append(pv, jen.Id("Optional").Op(":").True())
		}
		def := p.TextDefault
		if d, ok := form.defaults[p.Name]; ok {
			def = d
		}
		if def != "" {
			pv = append(pv, jen.Id("Default").Op(":").Lit(def))
		}
		if p.Stripped != "" && !p.Self {
			pv = append(pv, jen.Id("Stripped").Op(":").Lit(p.Stripped))
		}
		if p.Self {
			pv = append(pv, jen.Id("Self").Op(":").True())
		}
		if form.absent[p.Name] {
			pv = append(pv, jen.Id("Absent").Op(":").True())
		}
		params = append(params, jen.Values(pv...))
	}
	if len(params) > 0 {
		vals = append(vals, jen.Id("Params").Op(":").Index().Add(mt("Param")).Values(params...))
	}
	// Make and Values.
	ctor := jen.Id(defs.ConstructorName(def))
	ctxName := "ctx"
	var args []jen.Code
	args = append(args, jen.Id("ctx"))
	var outs []jen.Code
	r := recv(def)
	for i, p := range def.Params {
		args = append(args, g.fromAny(p.Type, jen.Id("v").Index(jen.Lit(i))))
		outs = append(outs, g.toAny(p.Type, jen.Id(r).Dot(model.Local(p.Name))))
	}
	body := []jen.Code{}
	if len(def.Params) > 0 {
		body = append(body,
			jen.Id("ok").Op(":=").True(),
			jen.Id("x").Op(":=").Add(ctor).Call(args...),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
			jen.Return(jen.Id("x")))
	} else {
		body = append(body, jen.Return(ctor.Clone().Call(jen.Id("ctx"))))
	}
	vname := "v"
	if len(def.Params) == 0 {
		vname = "_"
	}
	vals = append(vals, jen.Id("Make").Op(":").Func().Params(jen.Id(ctxName).Op("*").Qual(model.IR, "Context"), jen.Id(vname).Index().Any()).Any().Block(body...))
	if len(def.Params) > 0 {
		vals = append(vals, jen.Id("Values").Op(":").Func().Params(jen.Id("x").Any()).Index().Any().Block(
			jen.List(jen.Id(r), jen.Id("ok")).Op(":=").Id("x").Assert(jen.Op("*").Id(def.Name)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil())),
			jen.Return(jen.Index().Any().Values(outs...))))
	}
	return jen.Values(vals...)
}

// fromAny converts a Def value to the parameter's Go type.
func (g *gen) fromAny(t *defs.TypeRef, v jen.Code) jen.Code {
	return jen.Add(g.convFrom(t)).Call(v, jen.Op("&").Id("ok"))
}

// convFrom is the asmformat function converting a value to t's Go type.
func (g *gen) convFrom(t *defs.TypeRef) *jen.Statement {
	gt := g.goType(t)
	switch t.Kind {
	case defs.RefInt32, defs.RefInt64:
		return mt("AsInt").Types(gt)
	case defs.RefUint32, defs.RefUint64, defs.RefEnum:
		return mt("AsUint").Types(gt)
	case defs.RefList:
		return jen.Func().Params(jen.Id("v").Any(), jen.Id("ok").Op("*").Bool()).Add(gt).Block(
			jen.Return(mt("AsList").Types(g.goType(t.Elem)).Call(jen.Id("v"), jen.Id("ok"), g.convFrom(t.Elem))))
	}
	return mt("As").Types(gt)
}

// toAny converts a parameter's Go value to a Def value.
func (g *gen) toAny(t *defs.TypeRef, v jen.Code) jen.Code {
	return jen.Add(g.convTo(t)).Call(v)
}

func (g *gen) convTo(t *defs.TypeRef) *jen.Statement {
	gt := g.goType(t)
	switch t.Kind {
	case defs.RefInt32, defs.RefInt64:
		return mt("FromInt").Types(gt)
	case defs.RefUint32, defs.RefUint64, defs.RefEnum:
		return mt("FromUint").Types(gt)
	case defs.RefAttr, defs.RefLocation:
		return mt("FromAttr").Types(gt)
	case defs.RefType:
		return mt("FromType").Types(gt)
	case defs.RefList:
		return jen.Func().Params(jen.Id("l").Add(gt)).Any().Block(
			jen.Return(mt("FromList").Call(jen.Id("l"), g.convTo(t.Elem))))
	}
	return mt("Identity").Types(gt)
}
