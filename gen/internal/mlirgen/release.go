package mlirgen

import (
	"fmt"
	"go/token"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/releaserules"
)

// Release conversion: how the dialect's ops differ between the LLVM
// releases the definitions cover (package releaserules), written as a
// release.Rules table and the dialect's ConvertOp.

// defaultValue builds the attribute a release default stands for.
func defaultValue(d *releaserules.Default) jen.Code {
	ctx := jen.Id("ctx")
	intType := func(w int) *jen.Statement { return jen.Qual(model.Builtin, "GetIntType").Call(ctx, jen.Lit(w)) }
	switch d.Kind {
	case "bool":
		return jen.Qual(model.Builtin, "GetBoolAttr").Call(ctx, jen.Lit(d.Bool))
	case "int":
		return jen.Qual(model.Builtin, "GetIntegerAttr").Call(ctx, intType(d.Width), jen.Qual(model.IR, "APIntFromInt64").Call(jen.Lit(d.Width), jen.Lit(int(d.Int))))
	case "dense":
		return jen.Qual(model.Builtin, "GetDenseArrayAttr").Call(ctx, intType(d.Width), jen.Lit(0), jen.Nil())
	case "array":
		return jen.Qual(model.Builtin, "GetArrayAttr").Call(ctx, jen.Nil())
	case "dict":
		return jen.Qual(model.Builtin, "GetDictionaryAttr").Call(ctx, jen.Nil())
	case "string":
		return jen.Qual(model.Builtin, "GetStringAttr").Call(ctx, jen.Lit(d.Str), jen.Qual(model.Builtin, "GetNoneType").Call(ctx))
	case "foreign":
		return jen.Qual(model.Release, "EnumAttr").Call(ctx, jen.Lit(d.Dialect), jen.Lit(d.EnumName), jen.Lit(d.CaseName))
	case "attr":
		return jen.Id(defs.ConstructorName(d.Def)).Call(ctx)
	}
	return jen.Id(defs.ConstructorName(d.Def)).Call(ctx, jen.Id(d.Case.GoName))
}

func (g *gen) hasReleaseRules() bool { return len(g.rules) > 0 }

// kv is a keyed composite literal with its fields in the order given,
// on one line.
func kv(pairs ...any) *jen.Statement {
	var items []jen.Code
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == nil {
			continue
		}
		items = append(items, jen.Id(pairs[i].(string)).Op(":").Add(pairs[i+1].(jen.Code)))
	}
	return jen.Values(items...)
}

// lines is a composite literal of one element per line.
func lines(typ *jen.Statement, elems []jen.Code) *jen.Statement {
	return typ.ValuesFunc(func(g *jen.Group) {
		for _, e := range elems {
			g.Line().Add(e)
		}
		g.Line()
	})
}

// opt is c when set is true, else nil (a field kv leaves out).
func opt(set bool, c jen.Code) any {
	if !set {
		return nil
	}
	return c
}

// genRelease emits the rules and the dialect's ConvertOp.
func (g *gen) genRelease(f *jen.File) {
	rules := g.rules
	var enums []*defs.Enum
	seen := map[*defs.Enum]bool{}
	ctxParam := jen.Id("ctx").Op("*").Qual(model.IR, "Context")
	// A rule several ops have (math's ops all have the same fastmath) is
	// written once, as a variable they share.
	type attrRule struct {
		name, attr string
		code       jen.Code
		count      int
	}
	byCode := map[string]*attrRule{}
	var order []*attrRule
	opAttrs := make([][]*attrRule, len(rules))
	for i, ro := range rules {
		for _, r := range ro.Attrs {
			var dflt, enum, storage jen.Code
			if r.Default != nil {
				dflt = jen.Func().Params(ctxParam).Qual(model.IR, "Attribute").Block(jen.Return(defaultValue(r.Default)))
			}
			if r.Enum != nil {
				enum = jen.Id(releaseEnumVar(r.Enum))
				if !seen[r.Enum] {
					seen[r.Enum] = true
					enums = append(enums, r.Enum)
				}
			}
			if len(r.Storage) > 0 {
				var st []jen.Code
				for _, s := range r.Storage {
					var sd jen.Code
					if s.Default != nil {
						sd = jen.Func().Params(ctxParam).Qual(model.IR, "Attribute").Block(jen.Return(defaultValue(s.Default)))
					}
					st = append(st, kv("Until", opt(s.Until != 0, jen.Lit(s.Until)), "Form", opt(s.Form != "", jen.Qual(model.Release, s.Form)), "Constraint", jen.Lit(s.Constraint), "Default", opt(sd != nil, sd)))
				}
				storage = jen.Index().Qual(model.Release, "Storage").Values(st...)
			}
			code := kv(
				"Name", jen.Lit(r.Name),
				"Since", opt(r.Since != 0, jen.Lit(r.Since)),
				"Until", opt(r.Until != 0, jen.Lit(r.Until)),
				"Populated", opt(r.Populated, jen.True()),
				"PopulatedSince", opt(r.PopulatedSince != 0, jen.Lit(r.PopulatedSince)),
				"PopulatedUntil", opt(r.PopulatedUntil != 0, jen.Lit(r.PopulatedUntil)),
				"Default", opt(dflt != nil, dflt),
				"DefaultText", opt(r.Populated, jen.Lit(r.DefaultText)),
				"Enum", opt(enum != nil, enum),
				"Storage", opt(storage != nil, storage),
				"RenamedFrom", opt(r.RenamedFrom != "", jen.Lit(r.RenamedFrom)),
			)
			key := fmt.Sprintf("%#v", code)
			ar := byCode[key]
			if ar == nil {
				ar = &attrRule{attr: r.Name, code: code}
				byCode[key] = ar
				order = append(order, ar)
			}
			ar.count++
			opAttrs[i] = append(opAttrs[i], ar)
		}
	}
	var vars []jen.Code
	taken := map[string]bool{"ctx": true}
	for _, ar := range order {
		if ar.count > 1 {
			ar.name = freeName(model.LowerFirst(defs.GoName(ar.attr)), taken)
			vars = append(vars, jen.Id(ar.name).Op(":=").Qual(model.Release, "Attr").Add(ar.code))
		}
	}
	var ops []jen.Code
	for i, ro := range rules {
		var list, hook any
		if as := opAttrs[i]; len(as) > 0 {
			var elems []jen.Code
			allShared := true
			for _, ar := range as {
				if ar.name != "" {
					elems = append(elems, jen.Id(ar.name))
				} else {
					elems, allShared = append(elems, ar.code), false
				}
			}
			if allShared {
				list = jen.Index().Qual(model.Release, "Attr").Values(elems...)
			} else {
				list = lines(jen.Index().Qual(model.Release, "Attr"), elems)
			}
		}
		if ro.Hook != "" {
			hook = jen.Id(ro.Hook)
		}
		ops = append(ops, jen.Lit(ro.Op).Op(":").Add(kv("Attrs", list, "Hook", hook)))
	}
	oldest := jen.Null()
	if v := g.m.Versions; v != nil && len(v.Releases) > 0 && v.Releases[0] > 0 {
		oldest = jen.Id("Oldest").Op(":").Lit(v.Releases[0]).Op(",").Line()
	}
	f.Comment("releaseRules are how the dialect's ops differ between the LLVM releases")
	f.Comment("its definitions cover, and the defaults they populate; ConvertOp and")
	f.Comment("PopulateDefaults apply them. They are built when first used, not as")
	f.Comment("every program linking the dialect starts.")
	f.Var().Id("releaseRules").Op("=").Qual("sync", "OnceValue").Call(jen.Func().Params().Op("*").Qual(model.Release, "Rules").Block(
		append(vars, jen.Return(jen.Op("&").Qual(model.Release, "Rules").Values(
			jen.Line().Id("Dialect").Op(":").Lit(g.m.Name),
			jen.Line().Id("Ops").Op(":").Add(lines(jen.Map(jen.String()).Op("*").Qual(model.Release, "Op"), ops)),
			jen.Line().Add(oldest),
		)))...,
	))
	for _, e := range enums {
		var cases []jen.Code
		for _, c := range releaserules.Cases(e) {
			var older jen.Code
			if len(c.Older) > 0 {
				var os []jen.Code
				for _, o := range c.Older {
					os = append(os, kv("Until", jen.Lit(o.Until), "Value", enumLit(o.Value)))
				}
				older = jen.Index().Qual(model.Release, "Older").Values(os...)
			}
			cases = append(cases, kv(
				"Name", jen.Lit(c.Name),
				"Value", enumLit(c.Value),
				"Older", opt(older != nil, older),
				"Since", opt(c.Since != 0, jen.Lit(c.Since)),
				"Until", opt(c.Until != 0, jen.Lit(c.Until)),
			))
		}
		f.Comment(fmt.Sprintf("%s is the enum %s with each release's numbering.", releaseEnumVar(e), e.Name))
		fields := []jen.Code{jen.Line().Id("Name").Op(":").Lit(e.Name)}
		if e.BitEnum {
			fields = append(fields, jen.Line().Id("Bit").Op(":").True())
		}
		fields = append(fields, jen.Line().Id("Cases").Op(":").Add(lines(jen.Index().Qual(model.Release, "Case"), cases)), jen.Line())
		f.Var().Id(releaseEnumVar(e)).Op("=").Op("&").Qual(model.Release, "Enum").Values(fields...)
	}
	f.Comment("ConvertOp gives an op read at LLVM release from the attributes it has at")
	f.Comment("release to (0: the newest), as bytecode.ReleaseConverter.")
	f.Func().Params(jen.Id("dialect")).Id("ConvertOp").Params(
		ctxParam, jen.Id("op").Op("*").Qual(model.IR, "Operation"), jen.List(jen.Id("from"), jen.Id("to")).Int(),
	).Params(jen.Index().Qual(model.IR, "NamedAttr"), jen.Bool(), jen.Error()).Block(
		jen.Return(jen.Id("releaseRules").Call().Dot("ConvertOp").Call(jen.Id("ctx"), jen.Id("op"), jen.Id("from"), jen.Id("to"))),
	)
	attrs := jen.Id("attrs")
	f.Comment("PopulateDefaults gives an op's attributes the defaults release (0: the")
	f.Comment("newest) populates where they are absent, as bytecode.DefaultPopulator.")
	f.Func().Params(jen.Id("dialect")).Id("PopulateDefaults").Params(
		ctxParam, jen.Id("op").String(), jen.Id("release").Int(), attrs.Clone().Index().Qual(model.IR, "NamedAttr"),
	).Params(jen.Index().Qual(model.IR, "NamedAttr"), jen.Bool()).Block(
		jen.Return(jen.Id("releaseRules").Call().Dot("Populate").Call(jen.Id("ctx"), jen.Id("op"), jen.Id("release"), attrs)),
	)
	f.Var().Defs(
		jen.Id("_").Qual(model.Bytecode, "ReleaseConverter").Op("=").Id("Dialect"),
		jen.Id("_").Qual(model.Bytecode, "DefaultPopulator").Op("=").Id("Dialect"),
	)
}

// enumLit is an enum value as a plain number.
func enumLit(v uint64) jen.Code { return jen.Id(strconv.FormatUint(v, 10)) }

func releaseEnumVar(e *defs.Enum) string { return fmt.Sprintf("release%sEnum", e.Name) }

// genEnumAttrs emits the dialect's EnumAttr (bytecode.EnumAttrs), by which
// another dialect's defaults name an attribute of this one: for each enum
// an attribute of one parameter holds, the first such attribute.
func (g *gen) genEnumAttrs(f *jen.File) {
	var cases []jen.Code
	for _, ea := range releaserules.EnumAttrs(g.m) {
		cases = append(cases, jen.Case(jen.Lit(ea.Enum.Name)).Block(
			jen.If(
				jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Qual(model.IR, "EnumCaseNamed").Call(jen.Id(model.LowerFirst(ea.Enum.Name)+"Cases"), jen.Id("value")),
				jen.Id("ok"),
			).Block(jen.Return(jen.Id(defs.ConstructorName(ea.Def)).Call(jen.Id("ctx"), jen.Id(ea.Enum.Name).Call(jen.Id("v"))))),
		))
	}
	if len(cases) == 0 {
		return
	}
	f.Comment("EnumAttr returns the dialect's attribute holding the case named value of")
	f.Comment("the enum named enum, nil if it has none, as bytecode.EnumAttrs: how")
	f.Comment("another dialect's defaults name one.")
	f.Func().Params(jen.Id("dialect")).Id("EnumAttr").Params(
		jen.Id("ctx").Op("*").Qual(model.IR, "Context"), jen.List(jen.Id("enum"), jen.Id("value")).String(),
	).Qual(model.IR, "Attribute").Block(
		jen.Switch(jen.Id("enum")).Block(cases...),
		jen.Return(jen.Nil()),
	)
	f.Var().Id("_").Qual(model.Bytecode, "EnumAttrs").Op("=").Id("Dialect")
}

// freeName is base, or base with a number after it, whichever taken
// does not hold yet (nor Go keeps as a keyword); it is then taken.
func freeName(base string, taken map[string]bool) string {
	name := base
	for i := 2; taken[name] || token.Lookup(name).IsKeyword(); i++ {
		name = base + strconv.Itoa(i)
	}
	taken[name] = true
	return name
}
