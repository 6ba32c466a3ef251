package mlirgen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// Release conversion: how the dialect's ops differ between the LLVM
// releases the definitions cover, as a release.Rules table derived from
// the definitions (attributes a release adds or drops, defaults it
// populates, enums it numbers differently, storage that changed) plus the
// hooks ops name (release_hook).

// releaseOp is one op's rules.
type releaseOp struct {
	op    *model.Op
	attrs []releaseAttr
}

type releaseAttr struct {
	a         *defs.OpAttr
	since     int
	until     int
	populated bool
	popSince  int
	popUntil  int
	dflt      jen.Code // nil: not buildable here
	spec      *ReleaseDefault
	enum      *defs.Enum
	storage   []storageAt
}

type storageAt struct {
	until int
	form  string
}

// storageForms are the constraints of integers (lists, or one) whose
// storage the release package converts.
var storageForms = map[string]string{
	"I64ArrayAttr": "ArrayI64", "I32ArrayAttr": "ArrayI32",
	"DenseI64ArrayAttr": "DenseI64", "DenseI32ArrayAttr": "DenseI32",
	"I64Attr": "IntI64", "I32Attr": "IntI32",
}

func llvmBound(v *defs.Version) int {
	if v == nil || v.Axis != "llvm" || len(v.Parts) == 0 {
		return 0
	}
	return v.Parts[0]
}

// releaseRules derives the rules of every op that has any.
func (g *gen) releaseRules() []releaseOp {
	if g.m.Format != "mlir" || g.m.Go.Package == "builtin" || g.m.Versions == nil || len(g.m.Versions.Releases) < 2 {
		return nil
	}
	var out []releaseOp
	for _, op := range g.m.Ops {
		ro := releaseOp{op: op}
		for _, a := range op.Attributes {
			if r, ok := g.releaseAttr(a); ok {
				ro.attrs = append(ro.attrs, r)
			}
		}
		if len(ro.attrs) > 0 || op.ReleaseHook != "" {
			out = append(out, ro)
		}
	}
	return out
}

func (g *gen) releaseAttr(a *defs.OpAttr) (releaseAttr, bool) {
	// Bounds alone change nothing: an attribute the target does not
	// have travels in the attribute dictionary, where that release's
	// C++ may read it by name (19's affine.if condition).
	r := releaseAttr{a: a, since: llvmBound(a.Since), until: llvmBound(a.Until)}
	bounded := r.since != 0 || r.until != 0
	keep := false
	if e := a.EnumRef; e != nil && renumbered(e) {
		r.enum, keep = e, true
	}
	if len(a.OlderConstraints) > 0 {
		var st []storageAt
		known := storageForms[a.Constraint] != ""
		for _, o := range a.OlderConstraints {
			known = known && storageForms[o.Constraint] != ""
			st = append(st, storageAt{until: o.Until, form: storageForms[o.Constraint]})
		}
		if known {
			r.storage, keep = append(st, storageAt{form: storageForms[a.Constraint]}), true
		}
	}
	if a.Populated && (bounded || a.PopulatedAt != nil) {
		release := 0
		if pa := a.PopulatedAt; pa != nil {
			r.popSince, r.popUntil = llvmBound(pa.Since), llvmBound(pa.Until)
			release = r.popUntil
		} else if r.until != 0 {
			release = r.until
		}
		dflt, null := g.defaultValue(a, a.ConstraintAt(release))
		if !null {
			r.populated, r.dflt, keep = true, dflt, true
			r.spec, _ = g.releaseDefault(a, a.ConstraintAt(release))
		}
	}
	return r, keep
}

// renumbered reports whether releases number an enum's cases differently.
func renumbered(e *defs.Enum) bool {
	for _, v := range e.Values {
		if len(v.OlderValues) > 0 {
			return true
		}
	}
	return false
}

// ReleaseDefault is an attribute default the release rules can build:
// what ODS's default (a C++ expression) stands for, where the definitions
// say enough.
type ReleaseDefault struct {
	// Kind is "bool" (a BoolAttr of Bool), "int" (an IntegerAttr of Int,
	// Width bits), "dense" (an empty DenseArrayAttr of Width-bit
	// integers), "array" (an empty ArrayAttr) or "enum" (Def, an
	// attribute of the dialect whose one parameter is an enum, of Case).
	Kind  string
	Bool  bool
	Width int
	Int   int64
	Def   *defs.Def
	Case  *defs.EnumValue
}

// defaultValue builds the attribute ODS's default stands for (see
// releaseDefault); nil when it cannot be built here.
func (g *gen) defaultValue(a *defs.OpAttr, constraint string) (code jen.Code, null bool) {
	d, null := g.releaseDefault(a, constraint)
	if d == nil {
		return nil, null
	}
	ctx := jen.Id("ctx")
	intType := func(w int) *jen.Statement { return jen.Qual(gofile.Builtin, "GetIntType").Call(ctx, jen.Lit(w)) }
	switch d.Kind {
	case "bool":
		return jen.Qual(gofile.Builtin, "GetBoolAttr").Call(ctx, jen.Lit(d.Bool)), false
	case "int":
		return jen.Qual(gofile.Builtin, "GetIntegerAttr").Call(ctx, intType(d.Width), jen.Qual(gofile.IR, "APIntFromInt64").Call(jen.Lit(d.Width), jen.Lit(int(d.Int)))), false
	case "dense":
		return jen.Qual(gofile.Builtin, "GetDenseArrayAttr").Call(ctx, intType(d.Width), jen.Lit(0), jen.Nil()), false
	case "array":
		return jen.Qual(gofile.Builtin, "GetArrayAttr").Call(ctx, jen.Nil()), false
	}
	return jen.Id(defs.ConstructorName(d.Def)).Call(ctx, jen.Id(d.Case.GoName)), false
}

// releaseDefault is the default of a for the rules: builtin integers and
// booleans, empty integer lists, and cases of an enum attribute of the
// dialect. null reports a default that is no attribute at all ("{}" of
// an attribute that is not a list), which nobody populates.
func (g *gen) releaseDefault(a *defs.OpAttr, constraint string) (def *ReleaseDefault, null bool) {
	d := strings.TrimSpace(a.Default)
	switch constraint {
	case "BoolAttr", "I1Attr":
		switch d {
		case "false", "0":
			return &ReleaseDefault{Kind: "bool"}, false
		case "true", "1":
			return &ReleaseDefault{Kind: "bool", Bool: true}, false
		}
	case "I8Attr", "I16Attr", "I32Attr", "I64Attr":
		w, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(constraint, "I"), "Attr"))
		if v, err := strconv.ParseInt(d, 0, 64); err == nil {
			return &ReleaseDefault{Kind: "int", Width: w, Int: v}, false
		}
	}
	if d == "{}" {
		switch {
		case strings.HasPrefix(constraint, "Dense") && strings.HasSuffix(constraint, "ArrayAttr"):
			w, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(constraint, "DenseI"), "ArrayAttr"))
			if err != nil {
				return nil, false
			}
			return &ReleaseDefault{Kind: "dense", Width: w}, false
		case strings.HasSuffix(constraint, "ArrayAttr"):
			return &ReleaseDefault{Kind: "array"}, false
		}
		return nil, true
	}
	// An enum case, Enum::Case with any namespace before it, of an
	// attribute definition whose one parameter is that enum.
	parts := strings.Split(d, "::")
	if len(parts) < 2 {
		return nil, false
	}
	enumName, caseName := parts[len(parts)-2], parts[len(parts)-1]
	var found *model.Def
	for _, cand := range g.m.Attrs {
		if len(cand.Params) != 1 || cand.Distinct {
			continue
		}
		t := cand.Params[0].Param.Type
		if t.Kind != defs.RefEnum || t.Enum.Name != enumName {
			continue
		}
		if found == nil || strings.HasSuffix(constraint, "_"+cand.Name) {
			found = cand
		}
	}
	if found == nil {
		return nil, false
	}
	e := found.Params[0].Param.Type.Enum
	for _, v := range e.Values {
		if v.Name == caseName {
			return &ReleaseDefault{Kind: "enum", Def: found.Def, Case: v}, false
		}
	}
	return nil, false
}

func (g *gen) hasReleaseRules() bool { return len(g.releaseRules()) > 0 }

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
	rules := g.releaseRules()
	var enums []*defs.Enum
	seen := map[*defs.Enum]bool{}
	var ops []jen.Code
	ctxParam := jen.Id("ctx").Op("*").Qual(gofile.IR, "Context")
	for _, ro := range rules {
		var attrs []jen.Code
		for _, r := range ro.attrs {
			var dflt, enum, storage jen.Code
			if r.dflt != nil {
				dflt = jen.Func().Params(ctxParam).Qual(gofile.IR, "Attribute").Block(jen.Return(r.dflt))
			}
			if r.enum != nil {
				enum = jen.Id(releaseEnumVar(r.enum))
				if !seen[r.enum] {
					seen[r.enum] = true
					enums = append(enums, r.enum)
				}
			}
			if len(r.storage) > 0 {
				var st []jen.Code
				for _, s := range r.storage {
					st = append(st, kv("Until", opt(s.until != 0, jen.Lit(s.until)), "Form", jen.Qual(gofile.Release, s.form)))
				}
				storage = jen.Index().Qual(gofile.Release, "Storage").Values(st...)
			}
			attrs = append(attrs, kv(
				"Name", jen.Lit(r.a.Name),
				"Since", opt(r.since != 0, jen.Lit(r.since)),
				"Until", opt(r.until != 0, jen.Lit(r.until)),
				"Populated", opt(r.populated, jen.True()),
				"PopulatedSince", opt(r.popSince != 0, jen.Lit(r.popSince)),
				"PopulatedUntil", opt(r.popUntil != 0, jen.Lit(r.popUntil)),
				"Default", opt(dflt != nil, dflt),
				"DefaultText", opt(r.populated, jen.Lit(r.a.Default)),
				"Enum", opt(enum != nil, enum),
				"Storage", opt(storage != nil, storage),
			))
		}
		var list, hook any
		if len(attrs) > 0 {
			list = lines(jen.Index().Qual(gofile.Release, "Attr"), attrs)
		}
		if ro.op.ReleaseHook != "" {
			hook = jen.Id(ro.op.ReleaseHook)
		}
		ops = append(ops, jen.Lit(ro.op.Name).Op(":").Add(kv("Attrs", list, "Hook", hook)))
	}
	f.Comment("releaseRules are how the dialect's ops differ between the LLVM releases")
	f.Comment("its definitions cover; ConvertOp applies them.")
	f.Var().Id("releaseRules").Op("=").Op("&").Qual(gofile.Release, "Rules").Values(
		jen.Line().Id("Dialect").Op(":").Lit(g.m.Name),
		jen.Line().Id("Ops").Op(":").Add(lines(jen.Map(jen.String()).Op("*").Qual(gofile.Release, "Op"), ops)),
		jen.Line(),
	)
	for _, e := range enums {
		var cases []jen.Code
		for _, v := range e.Values {
			var older jen.Code
			if len(v.OlderValues) > 0 {
				var os []jen.Code
				for _, o := range v.OlderValues {
					os = append(os, kv("Until", jen.Lit(o.Until), "Value", enumLit(o.Value)))
				}
				older = jen.Index().Qual(gofile.Release, "Older").Values(os...)
			}
			cases = append(cases, kv(
				"Name", jen.Lit(v.Name),
				"Value", enumLit(v.Value),
				"Older", opt(older != nil, older),
				"Since", opt(llvmBound(v.Since) != 0, jen.Lit(llvmBound(v.Since))),
				"Until", opt(llvmBound(v.Until) != 0, jen.Lit(llvmBound(v.Until))),
			))
		}
		f.Comment(fmt.Sprintf("%s is the enum %s with each release's numbering.", releaseEnumVar(e), e.Name))
		fields := []jen.Code{jen.Line().Id("Name").Op(":").Lit(e.Name)}
		if e.BitEnum {
			fields = append(fields, jen.Line().Id("Bit").Op(":").True())
		}
		fields = append(fields, jen.Line().Id("Cases").Op(":").Add(lines(jen.Index().Qual(gofile.Release, "Case"), cases)), jen.Line())
		f.Var().Id(releaseEnumVar(e)).Op("=").Op("&").Qual(gofile.Release, "Enum").Values(fields...)
	}
	f.Comment("ConvertOp gives an op read at LLVM release from the attributes it has at")
	f.Comment("release to (0: the newest), as bytecode.ReleaseConverter.")
	f.Func().Params(jen.Id("dialect")).Id("ConvertOp").Params(
		ctxParam, jen.Id("op").Op("*").Qual(gofile.IR, "Operation"), jen.List(jen.Id("from"), jen.Id("to")).Int(),
	).Params(jen.Index().Qual(gofile.IR, "NamedAttr"), jen.Bool(), jen.Error()).Block(
		jen.Return(jen.Id("releaseRules").Dot("ConvertOp").Call(jen.Id("ctx"), jen.Id("op"), jen.Id("from"), jen.Id("to"))),
	)
	f.Var().Id("_").Qual(gofile.Bytecode, "ReleaseConverter").Op("=").Id("Dialect")
}

// enumLit is an enum value as a plain number.
func enumLit(v uint64) jen.Code { return jen.Id(strconv.FormatUint(v, 10)) }

func releaseEnumVar(e *defs.Enum) string { return fmt.Sprintf("release%sEnum", e.Name) }

// ReleaseOp is one op's release rules as data, for package interp: what
// the generated releaseRules hold, with the defaults described rather
// than built.
type ReleaseOp struct {
	Op    string // without the dialect
	Hook  string // its release_hook, "" without one
	Attrs []ReleaseAttr
}

// ReleaseAttr is the rule of one attribute (release.Attr).
type ReleaseAttr struct {
	Name                           string
	Since, Until                   int
	Populated                      bool
	PopulatedSince, PopulatedUntil int
	Default                        *ReleaseDefault // nil: not buildable
	DefaultText                    string
	Enum                           *defs.Enum // renumbered between releases
	Storage                        []ReleaseStorage
}

// ReleaseStorage is an attribute's storage up to a release (0: the
// newer ones); Form names a release.Form.
type ReleaseStorage struct {
	Until int
	Form  string
}

// ReleaseRules are the rules of every op that has any, in op order.
func ReleaseRules(m *model.Dialect) []ReleaseOp {
	g := &gen{m: m}
	var out []ReleaseOp
	for _, ro := range g.releaseRules() {
		op := ReleaseOp{Op: ro.op.Name, Hook: ro.op.ReleaseHook}
		for _, r := range ro.attrs {
			a := ReleaseAttr{Name: r.a.Name, Since: r.since, Until: r.until, Populated: r.populated,
				PopulatedSince: r.popSince, PopulatedUntil: r.popUntil, Default: r.spec, Enum: r.enum}
			if r.populated {
				a.DefaultText = r.a.Default
			}
			for _, st := range r.storage {
				a.Storage = append(a.Storage, ReleaseStorage{Until: st.until, Form: st.form})
			}
			op.Attrs = append(op.Attrs, a)
		}
		out = append(out, op)
	}
	return out
}
