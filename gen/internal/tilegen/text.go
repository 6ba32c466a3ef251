package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/runtime/asm"
)

// The text form: for each op with an assembly format, PrintText and
// ParseText, the printer and parser mlir-tblgen's OpFormatGen would
// generate (spaces decided statically, optional groups printed by their
// anchor and parsed by their first element, operand types resolved from
// the format, buildable types and AllTypesMatch); for ops with a custom
// format the same methods calling the hand-written hooks; and the name
// hints of ops that suggest result or block argument names.

// hasText reports whether the dialect has a text form to generate.
func hasText(m *model.Dialect) bool {
	if m.Text != nil {
		return true
	}
	for _, def := range m.Defs() {
		if def.Assembly != nil {
			return true
		}
	}
	for _, o := range m.Ops {
		if o.Assembly != nil || o.CustomAssembly {
			return true
		}
	}
	return false
}

func (g *gen) genText(f *jen.File) {
	for _, o := range g.m.Ops {
		switch {
		case o.Assembly != nil:
			g.genFormat(f, o)
		case o.CustomAssembly:
			recv := jen.Params(jen.Id("o").Op("*").Id(o.GoName))
			f.Comment("PrintText prints the op after its name (a hand-written format).")
			gofile.OneLine(f, jen.Func().Add(recv).Id("PrintText").Params(jen.Id("p").Op("*").Add(qual("Printer"))),
				jen.Id(o.Text.Print).Call(jen.Id("p"), jen.Id("o")))
			f.Comment("ParseText parses the op after its name (a hand-written format).")
			gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id("ParseText").Params(jen.Id("p").Op("*").Add(qual("Parser"))),
				jen.Id(o.Text.Parse).Call(jen.Id("p"), jen.Id("o")))
		}
		g.genNames(f, o)
	}
	for _, def := range g.m.Defs() {
		if def.Assembly != nil {
			g.genDefText(f, def)
		}
	}
	for _, e := range g.m.Enums {
		if a := e.Attribute; a != nil {
			f.Comment(fmt.Sprintf("AttrForm says that the dialect attribute #%s.%s holds the values.", g.m.Name, a.Mnemonic))
			gofile.OneLine(f, jen.Func().Params(jen.Id(e.Name)).Id("AttrForm").Params().Params(jen.String(), jen.Bool()),
				jen.Return(jen.Lit(a.Mnemonic), jen.Lit(a.Bracketed)))
		}
	}
}

// genNames emits ResultNames and BlockArgNames: the hooks the definition
// names, and for ops with several named result groups and no
// OpAsmOpInterface the names of the groups (as mlir-tblgen generates
// them).
func (g *gen) genNames(f *jen.File, o *model.Op) {
	recv := jen.Params(jen.Id("o").Op("*").Id(o.GoName))
	set := jen.Id("set").Add(qual("NameFunc"))
	iface := defs.HasTrait(o.Traits, "OpAsmOpInterface")
	switch {
	case o.Text != nil && o.Text.ResultNames != "":
		f.Comment("ResultNames suggests names for the op's results (hand-written).")
		gofile.OneLine(f, jen.Func().Add(recv).Id("ResultNames").Params(set), jen.Id(o.Text.ResultNames).Call(jen.Id("o"), jen.Id("set")))
	case iface:
		f.Comment("ResultNames suggests no result names (the op has MLIR's OpAsmOpInterface).")
		f.Func().Add(recv).Id("ResultNames").Params(qual("NameFunc")).Block()
	case len(o.Results) > 1:
		var body []jen.Code
		for _, r := range o.Results {
			acc := jen.Id("o").Dot(r.GoName).Call()
			if r.Many() {
				body = append(body, jen.If(jen.Id("v").Op(":=").Add(acc), jen.Len(jen.Id("v")).Op(">").Lit(0)).Block(
					jen.Id("set").Call(jen.Id("v").Index(jen.Lit(0)), jen.Lit(r.Name))))
			} else {
				body = append(body, jen.Id("set").Call(acc, jen.Lit(r.Name)))
			}
		}
		f.Comment("ResultNames names the op's results after their definitions.")
		f.Func().Add(recv).Id("ResultNames").Params(set).Block(body...)
	}
	if o.Text != nil && o.Text.BlockArgNames != "" {
		f.Comment("BlockArgNames suggests names for the arguments of the op's regions (hand-written).")
		gofile.OneLine(f, jen.Func().Add(recv.Clone()).Id("BlockArgNames").Params(jen.Id("r").Op("*").Add(qual("Region")), jen.Id("set").Add(qual("NameFunc"))),
			jen.Id(o.Text.BlockArgNames).Call(jen.Id("o"), jen.Id("r"), jen.Id("set")))
	}
}

// part is what a format variable names, with its Go spelling.
type part struct {
	operand, result *model.Value
	attr            *model.Attr
	region          int // index + 1
}

func (g *gen) part(o *model.Op, f *defs.AsmFormat, e *defs.FormatElem) part {
	r := f.Refs[e]
	switch {
	case r == nil:
	case r.Operand != nil:
		for _, v := range o.Operands {
			if v.Operand == r.Operand {
				return part{operand: v}
			}
		}
	case r.Result != nil:
		for _, v := range o.Results {
			if v.Operand == r.Result {
				return part{result: v}
			}
		}
	case r.Attr != nil:
		for _, a := range o.Attrs {
			if a.OpAttr == r.Attr {
				return part{attr: a}
			}
		}
	case r.Region != nil:
		for i, x := range o.Regions {
			if x.RegionDef == r.Region {
				return part{region: i + 1}
			}
		}
	}
	panic(fmt.Sprintf("tilegen: %s: unresolved format variable $%s", o.Full, e.Value))
}

func field(name string) *jen.Statement { return jen.Id("o").Dot(name) }

// attrKind is how an attribute variable prints and parses (OpFormatGen's
// classification).
type attrKind int

const (
	akEnumKeyword attrKind = iota // EnumAttrInfo: a bare keyword
	akEnumAttr                    // a dialect enum attribute, stripped: <kw>
	akSymbol                      // SymbolNameAttr, FlatSymbolRefAttr: @name
	akString                      // StrAttr: "text"
	akUint                        // I32Attr, I64Attr: 42
	akBool                        // BoolAttr: true
	akUnit                        // UnitAttr: only its group's literal
	akAttrList                    // ArrayAttr: [a, b]
	akInts                        // DenseI32ArrayAttr: [1, 2]
	akStripped                    // a dialect attribute, stripped
	akType                        // TypeAttr
	akAttr                        // any attribute
	akDense                       // a dense constant (custom directives only)
)

func kindOf(a *model.Attr) attrKind {
	t := a.OpAttr.Type
	switch t.Kind {
	case defs.RefEnum:
		if t.Enum.Attribute != nil {
			return akEnumAttr
		}
		return akEnumKeyword
	case defs.RefString:
		if strings.Contains(a.Constraint, "Symbol") {
			return akSymbol
		}
		return akString
	case defs.RefUint32, defs.RefUint64:
		return akUint
	case defs.RefBool:
		return akBool
	case defs.RefUnit:
		return akUnit
	case defs.RefList:
		if t.Elem.Kind == defs.RefAttr {
			return akAttrList
		}
		return akInts
	case defs.RefType:
		return akType
	case defs.RefBytes:
		return akDense
	case defs.RefAttr:
		if t.Def != nil {
			return akStripped
		}
	}
	return akAttr
}

// printGen builds a PrintText body.
type printGen struct {
	g       *gen
	o       *model.Op
	f       *defs.AsmFormat
	sp      asm.Spacing
	pending string
	// tested is the variable whose presence the enclosing optional group
	// tests (no need to test it again).
	tested *defs.FormatElem
}

func (pg *printGen) flush(out *[]jen.Code) {
	if pg.pending != "" {
		*out = append(*out, jen.Id("p").Dot("Write").Call(jen.Lit(pg.pending)))
		pg.pending = ""
	}
}

func (pg *printGen) call(out *[]jen.Code, c jen.Code) {
	pg.flush(out)
	*out = append(*out, c)
}

// space adds the space an element asks for before itself.
func (pg *printGen) element() {
	if pg.sp.Element() {
		pg.pending += " "
	}
}

func (g *gen) genFormat(f *jen.File, o *model.Op) {
	pg := &printGen{g: g, o: o, f: o.Assembly}
	var body []jen.Code
	pg.elems(&body, o.Assembly.Elements, nil)
	pg.flush(&body)
	recv := jen.Params(jen.Id("o").Op("*").Id(o.GoName))
	f.Comment("PrintText prints the op after its name, in its assembly format:")
	f.Comment("")
	f.Comment("\t" + o.Assembly.Text)
	f.Func().Add(recv).Id("PrintText").Params(jen.Id("p").Op("*").Add(qual("Printer"))).Block(body...)
	qg := &parseGen{g: g, o: o, f: o.Assembly, locals: map[string]string{}}
	f.Comment("ParseText parses the op after its name, in its assembly format.")
	f.Func().Add(recv.Clone()).Id("ParseText").Params(jen.Id("p").Op("*").Add(qual("Parser"))).Block(qg.body()...)
}

// elems prints elements; skip is a unit anchor not to print.
func (pg *printGen) elems(out *[]jen.Code, es []*defs.FormatElem, skip *defs.FormatElem) {
	for _, e := range es {
		if e == skip {
			continue
		}
		pg.elem(out, e)
	}
}

func (pg *printGen) elem(out *[]jen.Code, e *defs.FormatElem) {
	o := pg.o
	switch e.Kind {
	case defs.FmtLiteral:
		switch e.Value {
		case "":
			pg.sp.Empty()
		case " ":
			pg.pending += " "
			pg.sp.SpaceLiteral()
		case "\\n":
			pg.call(out, jen.Id("p").Dot("Newline").Call())
			pg.sp.SpaceLiteral()
		default:
			if pg.sp.Literal(e.Value) {
				pg.pending += " "
			}
			pg.pending += e.Value
		}
	case defs.FmtAttrDict:
		pg.sp.AttrDict()
		pg.attrDict(out, e.WithKeyword)
	case defs.FmtOptional:
		anchor := anchorOf(e)
		v := defs.OptionalAnchor(pg.f, anchor)
		cond := pg.present(v)
		var skip *defs.FormatElem
		if p := pg.g.part(o, pg.f, v); p.attr != nil && kindOf(p.attr) == akUnit && anchor != e.Then[0] {
			skip = anchor
		}
		var then []jen.Code
		pg.flush(out)
		before := pg.sp
		outer := pg.tested
		pg.tested = v
		pg.elems(&then, e.Then, skip)
		pg.tested = outer
		pg.flush(&then)
		st := jen.If(cond).Block(then...)
		if len(e.Else) > 0 {
			var els []jen.Code
			after := pg.sp
			pg.sp = before
			pg.elems(&els, e.Else, nil)
			pg.flush(&els)
			pg.sp = after
			st = st.Else().Block(els...)
		}
		*out = append(*out, st)
	case defs.FmtOIList:
		pg.flush(out)
		for _, c := range e.Clauses {
			var then []jen.Code
			var cond *jen.Statement
			for _, x := range c {
				if x.Kind == defs.FmtVar {
					if cond == nil {
						cond = pg.present(x)
					}
				}
			}
			pg.elem(&then, c[0])
			for _, x := range c[1:] {
				if x.Kind != defs.FmtVar {
					pg.elem(&then, x)
				}
			}
			pg.flush(&then)
			if cond == nil {
				*out = append(*out, then...)
				continue
			}
			*out = append(*out, jen.If(cond).Block(then...))
		}
	case defs.FmtVar:
		pg.element()
		p := pg.g.part(o, pg.f, e)
		switch {
		case p.operand != nil:
			v := p.operand
			switch {
			case v.Operand.Variadic:
				pg.call(out, jen.Id("p").Dot("Values").Call(field(v.GoName)))
			case v.Optional && pg.tested != e:
				pg.call(out, jen.If(field(v.GoName).Op("!=").Nil()).Block(jen.Id("p").Dot("Value").Call(field(v.GoName))))
			default:
				pg.call(out, jen.Id("p").Dot("Value").Call(field(v.GoName)))
			}
		case p.region > 0:
			pg.call(out, jen.Id("p").Dot("Region").Call(jen.Id("o").Dot("Regions").Index(jen.Lit(p.region-1)), jen.Id("o"), jen.True(), jen.True()))
		case p.attr != nil:
			pg.call(out, pg.printAttr(p.attr))
		}
	case defs.FmtType:
		pg.element()
		pg.call(out, jen.Id("p").Dot("Type").Call(pg.typeExpr(e.Args[0])))
	case defs.FmtCustom:
		pg.element()
		name, args := pg.g.customPrintArgs(o, pg.f, e)
		pg.call(out, jen.Id(name).Call(append([]jen.Code{jen.Id("p"), jen.Id("o")}, args...)...))
	}
}

func anchorOf(g *defs.FormatElem) *defs.FormatElem {
	for _, e := range g.Then {
		if e.Anchor {
			return e
		}
	}
	return nil
}

// present is the condition that an anchor variable is present.
func (pg *printGen) present(v *defs.FormatElem) *jen.Statement {
	p := pg.g.part(pg.o, pg.f, v)
	switch {
	case p.operand != nil:
		if p.operand.Operand.Variadic {
			return jen.Len(field(p.operand.GoName)).Op(">").Lit(0)
		}
		return field(p.operand.GoName).Op("!=").Nil()
	case p.result != nil:
		return jen.Len(jen.Id("o").Dot(p.result.GoName).Call()).Op(">").Lit(0)
	case p.region > 0:
		return jen.Len(jen.Id("o").Dot("Regions").Index(jen.Lit(p.region - 1)).Dot("Blocks")).Op(">").Lit(0)
	}
	a := p.attr
	switch {
	case kindOf(a) == akUnit:
		return field(a.GoName)
	case a.Optional:
		if kindOf(a) == akDense {
			return field(a.GoName).Op("!=").Nil()
		}
		if kindOf(a) == akAttrList || kindOf(a) == akInts {
			return field(a.GoName).Op("!=").Nil()
		}
		return field(a.GoName).Op("!=").Nil()
	case a.Default != "":
		return field(a.GoName).Op("!=").Add(pg.g.defaultValue(a))
	}
	return jen.True()
}

// printAttr prints an attribute variable as OpFormatGen does by its kind.
func (pg *printGen) printAttr(a *model.Attr) jen.Code {
	v := field(a.GoName)
	if optionalPtr(a) {
		v = jen.Parens(jen.Op("*").Add(field(a.GoName)))
	}
	switch kindOf(a) {
	case akEnumKeyword:
		return P().Dot("KeywordOrString").Call(v.Dot("String").Call())
	case akEnumAttr:
		if a.OpAttr.Type.Enum.Attribute.Bracketed {
			return P().Dot("Write").Call(jen.Lit("<").Op("+").Add(v).Dot("String").Call().Op("+").Lit(">"))
		}
		return P().Dot("Write").Call(v.Dot("String").Call())
	case akSymbol:
		return P().Dot("Symbol").Call(v)
	case akString:
		return P().Dot("Quoted").Call(v)
	case akUint:
		return P().Dot("Uint").Call(jen.Uint64().Call(v))
	case akBool:
		return qual("PrintBool").Call(P(), v)
	case akAttrList:
		return qual("PrintAttrList").Call(P(), v)
	case akInts:
		return qual("PrintInts").Call(P(), v)
	case akStripped:
		return P().Dot("AttrStripped").Call(v)
	case akType:
		return P().Dot("Type").Call(v)
	case akUnit:
		return jen.Null()
	}
	return P().Dot("Attr").Call(v)
}

// typeExpr is the type (or types) of the variable of a type directive.
func (pg *printGen) typeExpr(v *defs.FormatElem) jen.Code {
	p := pg.g.part(pg.o, pg.f, v)
	switch {
	case p.operand != nil:
		if p.operand.Operand.Variadic {
			return qual("TypesOf").Call(field(p.operand.GoName))
		}
		return qual("TypeOf").Call(field(p.operand.GoName))
	case p.result != nil:
		if p.result.Many() {
			return qual("TypesOf").Call(jen.Id("o").Dot(p.result.GoName).Call())
		}
		return qual("TypeOf").Call(jen.Id("o").Dot(p.result.GoName).Call())
	}
	panic("tilegen: type() of " + v.Value)
}

// manyType reports whether a type directive's variable is a group of
// values.
func (g *gen) manyType(o *model.Op, f *defs.AsmFormat, v *defs.FormatElem) bool {
	p := g.part(o, f, v)
	return p.operand != nil && p.operand.Operand.Variadic || p.result != nil && p.result.Many()
}

// customPrintArgs returns a custom directive's print hook and arguments.
func (g *gen) customPrintArgs(o *model.Op, f *defs.AsmFormat, e *defs.FormatElem) (string, []jen.Code) {
	pg := &printGen{g: g, o: o, f: f}
	var args []jen.Code
	for _, a := range e.Args {
		switch a.Kind {
		case defs.FmtType:
			args = append(args, pg.typeExpr(a.Args[0]))
		case defs.FmtVar:
			p := g.part(o, f, a)
			switch {
			case p.attr != nil:
				args = append(args, field(p.attr.GoName))
			case p.region > 0:
				args = append(args, jen.Id("o").Dot("Regions").Index(jen.Lit(p.region-1)))
			}
		}
	}
	return "print" + DirectiveName(g.m, o, f, e), args
}

// DirectiveName is the name of a custom directive's hooks after print
// and parse: the directive's, with List appended when one of its
// arguments is a group of values (Go has no overloading).
func DirectiveName(m *model.Dialect, o *model.Op, f *defs.AsmFormat, e *defs.FormatElem) string {
	g := &gen{m: m}
	for _, a := range e.Args {
		if a.Kind == defs.FmtType && g.manyType(o, f, a.Args[0]) {
			return e.Value + "List"
		}
	}
	return e.Value
}

// attrDict prints the attribute dictionary: the attributes the format
// does not name, those with a default elided when they hold it.
func (pg *printGen) attrDict(out *[]jen.Code, withKeyword bool) {
	o := pg.o
	used := usedAttrs(pg.f)
	var elided []jen.Code
	var conds []jen.Code
	for _, a := range o.Attrs {
		switch {
		case used[a.OpAttr]:
			elided = append(elided, jen.Lit(a.Name))
		case a.Default != "" && !a.Optional:
			conds = append(conds, jen.If(field(a.GoName).Op("==").Add(pg.g.defaultValue(a))).Block(
				jen.Id("elided").Op("=").Append(jen.Id("elided"), jen.Lit(a.Name))))
		}
	}
	if len(conds) == 0 {
		pg.call(out, jen.Id("p").Dot("AttrDict").Call(append([]jen.Code{jen.Id("o"), jen.Lit(withKeyword)}, elided...)...))
		return
	}
	pg.flush(out)
	*out = append(*out, jen.Id("elided").Op(":=").Index().String().Values(elided...))
	*out = append(*out, conds...)
	*out = append(*out, jen.Id("p").Dot("AttrDict").Call(jen.Id("o"), jen.Lit(withKeyword), jen.Id("elided").Op("...")))
}

func usedAttrs(f *defs.AsmFormat) map[*defs.OpAttr]bool {
	used := map[*defs.OpAttr]bool{}
	f.Walk(func(e *defs.FormatElem) {
		if r := f.Refs[e]; e.Kind == defs.FmtVar && r != nil && r.Attr != nil {
			used[r.Attr] = true
		}
	})
	return used
}

// parseGen builds a ParseText body.
type parseGen struct {
	g      *gen
	o      *model.Op
	f      *defs.AsmFormat
	locals map[string]string // the local holding each part's parsed type(s), by part name
	decls  []jen.Code
	used   map[string]bool
	// inGroup says an optional group is being parsed, past its first
	// element: its parts are required.
	inGroup bool
}

// refName is the local holding an operand's reference(s).
func refName(v *model.Value) string {
	if v.Operand.Variadic {
		return model.Local(v.GoName) + "Refs"
	}
	return model.Local(v.GoName) + "Ref"
}

func (qg *parseGen) typeLocal(v *defs.FormatElem) string {
	p := qg.g.part(qg.o, qg.f, v)
	name := v.Value
	if l, ok := qg.locals[name]; ok {
		return l
	}
	many := qg.g.manyType(qg.o, qg.f, v)
	goName := ""
	if p.operand != nil {
		goName = p.operand.GoName
	} else {
		goName = p.result.GoName
	}
	l := model.Local(goName) + "Type"
	t := qual("Type")
	if many {
		l += "s"
		t = jen.Index().Add(qual("Type"))
	}
	for qg.used[l] {
		l += "_"
	}
	qg.used[l] = true
	qg.locals[name] = l
	qg.decls = append(qg.decls, jen.Var().Id(l).Add(t))
	return l
}

func (qg *parseGen) body() []jen.Code {
	o, f := qg.o, qg.f
	qg.used = map[string]bool{"p": true, "o": true, "elided": true}
	// The types that type directives parse get locals first.
	f.Walk(func(e *defs.FormatElem) {
		if e.Kind == defs.FmtType {
			qg.typeLocal(e.Args[0])
		}
	})
	for _, v := range o.Operands {
		t := qual("OperandRef")
		if v.Operand.Variadic {
			t = jen.Index().Add(qual("OperandRef"))
		}
		qg.used[refName(v)] = true
		qg.decls = append(qg.decls, jen.Var().Id(refName(v)).Add(t))
	}
	var out []jen.Code
	// Attributes with a default hold it unless the text says otherwise.
	for _, a := range o.Attrs {
		if a.Default != "" && !a.Optional {
			out = append(out, field(a.GoName).Op("=").Add(qg.g.defaultValue(a)))
		}
	}
	if n := len(o.Regions); n > 0 {
		out = append(out, jen.Id("o").Dot("Regions").Op("=").Add(qual("NewRegions")).Call(jen.Lit(n)))
	}
	qg.elems(&out, f.Elements)
	out = append(out, qg.results()...)
	for _, v := range o.Operands {
		t, many := qg.typeOf(v.Name)
		ref := jen.Id(refName(v))
		switch {
		case v.Operand.Variadic && !many:
			out = append(out, jen.Id("p").Dot("ResolveListOf").Call(jen.Op("&").Add(field(v.GoName)), ref, t))
		case v.Operand.Variadic:
			out = append(out, jen.Id("p").Dot("ResolveList").Call(jen.Op("&").Add(field(v.GoName)), ref, t))
		case v.Optional:
			out = append(out, jen.Id("p").Dot("ResolveOptional").Call(jen.Op("&").Add(field(v.GoName)), ref, t))
		default:
			out = append(out, jen.Id("p").Dot("Resolve").Call(jen.Op("&").Add(field(v.GoName)), ref, t))
		}
	}
	return append(qg.decls, out...)
}

// typeOf is the expression of a part's type(s) once parsed: a type
// directive's local, the buildable type, or one of a type group's; nil
// when the format does not say. many says the expression is a list.
func (qg *parseGen) typeOf(name string) (code jen.Code, many bool) {
	seen := map[string]bool{}
	var find func(name string) (jen.Code, bool)
	find = func(name string) (jen.Code, bool) {
		if seen[name] {
			return nil, false
		}
		seen[name] = true
		if l, ok := qg.locals[name]; ok {
			return jen.Id(l), qg.many(name)
		}
		for _, v := range append(append([]*model.Value{}, qg.o.Operands...), qg.o.Results...) {
			if v.Name == name && v.BuildableType != "" {
				return P().Dot("BuildableType").Call(jen.Lit(v.BuildableType)), false
			}
		}
		for _, grp := range defs.TypeGroups(qg.o.Op) {
			if !contains(grp, name) {
				continue
			}
			for _, other := range grp {
				if t, m := find(other); t != nil && m == qg.many(name) {
					return t, m
				}
			}
		}
		return nil, false
	}
	if t, m := find(name); t != nil {
		return t, m
	}
	return jen.Nil(), false
}

func (qg *parseGen) many(name string) bool {
	for _, v := range qg.o.Operands {
		if v.Name == name {
			return v.Operand.Variadic
		}
	}
	for _, v := range qg.o.Results {
		if v.Name == name {
			return v.Many()
		}
	}
	return false
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// results sets the op's results from their types.
func (qg *parseGen) results() []jen.Code {
	rs := qg.o.Results
	if len(rs) == 0 {
		return nil
	}
	many := false
	for _, r := range rs {
		many = many || r.Many()
	}
	var args []jen.Code
	for _, r := range rs {
		t, _ := qg.typeOf(r.Name)
		switch {
		case !many:
			args = append(args, t)
		case r.Many():
			args = append(args, t)
		default:
			args = append(args, jen.Index().Add(qual("Type")).Values(t))
		}
	}
	if !many {
		return []jen.Code{jen.Id("p").Dot("SetResults").Call(append([]jen.Code{jen.Id("o")}, args...)...)}
	}
	if len(args) == 1 {
		return []jen.Code{jen.Id("p").Dot("SetResults").Call(jen.Id("o"), args[0].(*jen.Statement).Clone().Op("..."))}
	}
	return []jen.Code{jen.Id("p").Dot("SetResults").Call(jen.Id("o"), jen.Qual("slices", "Concat").Call(args...).Op("..."))}
}

func (qg *parseGen) elems(out *[]jen.Code, es []*defs.FormatElem) {
	for _, e := range es {
		qg.elem(out, e)
	}
}

func (qg *parseGen) elem(out *[]jen.Code, e *defs.FormatElem) {
	o := qg.o
	switch e.Kind {
	case defs.FmtLiteral:
		if e.Value != "" && e.Value != " " && e.Value != "\\n" {
			*out = append(*out, P().Dot("Expect").Call(jen.Lit(e.Value)))
		}
	case defs.FmtAttrDict:
		*out = append(*out, P().Dot("AttrDict").Call(jen.Id("o"), jen.Lit(e.WithKeyword)))
	case defs.FmtVar:
		pt := qg.g.part(o, qg.f, e)
		switch {
		case pt.operand != nil:
			v := pt.operand
			switch {
			case v.Operand.Variadic:
				*out = append(*out, jen.Id(refName(v)).Op("=").Add(P().Dot("Operands").Call()))
			case v.Optional && !qg.inGroup:
				*out = append(*out, P().Dot("OptionalOperand").Call(jen.Op("&").Id(refName(v))))
			default:
				*out = append(*out, jen.Id(refName(v)).Op("=").Add(P().Dot("Operand").Call()))
			}
		case pt.region > 0:
			*out = append(*out, P().Dot("Region").Call(jen.Id("o").Dot("Regions").Index(jen.Lit(pt.region-1)), jen.Id("o"), jen.Nil()))
		case pt.attr != nil:
			*out = append(*out, qg.parseAttr(pt.attr)...)
		}
	case defs.FmtType:
		v := e.Args[0]
		l := qg.typeLocal(v)
		if qg.g.manyType(o, qg.f, v) {
			*out = append(*out, jen.Id(l).Op("=").Add(P().Dot("Types").Call()))
		} else {
			*out = append(*out, jen.Id(l).Op("=").Add(P().Dot("Type").Call()))
		}
	case defs.FmtCustom:
		name := "parse" + DirectiveName(qg.g.m, o, qg.f, e)
		args := []jen.Code{P()}
		for _, a := range e.Args {
			switch a.Kind {
			case defs.FmtType:
				args = append(args, jen.Op("&").Id(qg.typeLocal(a.Args[0])))
			case defs.FmtVar:
				pt := qg.g.part(o, qg.f, a)
				switch {
				case pt.attr != nil:
					args = append(args, jen.Op("&").Add(field(pt.attr.GoName)))
				case pt.region > 0:
					args = append(args, jen.Id("o").Dot("Regions").Index(jen.Lit(pt.region-1)))
				}
			}
		}
		*out = append(*out, jen.Id(name).Call(args...))
	case defs.FmtOptional:
		qg.optional(out, e)
	case defs.FmtOIList:
		var cases []jen.Code
		for _, c := range e.Clauses {
			var body []jen.Code
			var unit *model.Attr
			for _, x := range c {
				if x.Kind == defs.FmtVar {
					if a := qg.g.part(o, qg.f, x).attr; a != nil && unit == nil {
						unit = a
					}
				}
			}
			if unit != nil {
				body = append(body, jen.If(field(unit.GoName)).Block(
					P().Dot("Errorf").Call(jen.Lit(fmt.Sprintf("`%s` clause can appear at most once in the expansion of the oilist directive", c[0].Value)))),
					field(unit.GoName).Op("=").True())
			}
			for _, x := range c[1:] {
				if x.Kind != defs.FmtVar {
					qg.elem(&body, x)
				}
			}
			body = append(body, jen.Continue())
			cases = append(cases, jen.If(P().Dot("Optional").Call(jen.Lit(c[0].Value))).Block(body...))
		}
		*out = append(*out, jen.For().Block(append(cases, jen.Break())...))
	}
}

// optional parses an optional group: present when its first element is.
func (qg *parseGen) optional(out *[]jen.Code, g *defs.FormatElem) {
	o := qg.o
	first := g.Then[0]
	var cond jen.Code
	var then []jen.Code
	switch first.Kind {
	case defs.FmtLiteral:
		cond = P().Dot("Optional").Call(jen.Lit(first.Value))
	case defs.FmtVar:
		pt := qg.g.part(o, qg.f, first)
		switch {
		case pt.operand != nil && pt.operand.Operand.Variadic:
			cond = P().Dot("OptionalOperands").Call(jen.Op("&").Id(refName(pt.operand)))
		case pt.operand != nil:
			cond = P().Dot("OptionalOperand").Call(jen.Op("&").Id(refName(pt.operand)))
		case pt.attr != nil && optionalPtr(pt.attr):
			cond = qual("OptionalEnumKeywordOf").Call(P(), jen.Op("&").Add(field(pt.attr.GoName)))
		case pt.attr != nil:
			cond = qual("OptionalEnumKeyword").Call(P(), jen.Op("&").Add(field(pt.attr.GoName)))
		case pt.region > 0:
			cond = P().Dot("Is").Call(jen.Lit("{"))
			qg.elem(&then, first)
		}
	default:
		panic("tilegen: " + o.Full + ": an optional group must start with a literal or a variable")
	}
	outer := qg.inGroup
	qg.inGroup = true
	for _, e := range g.Then[1:] {
		if a := qg.g.part0(o, qg.f, e); a != nil && kindOf(a) == akUnit {
			continue
		}
		qg.elem(&then, e)
	}
	qg.inGroup = outer
	if v := defs.OptionalAnchor(qg.f, anchorOf(g)); v != nil {
		if a := qg.g.part(o, qg.f, v).attr; a != nil && kindOf(a) == akUnit {
			then = append(then, field(a.GoName).Op("=").True())
		}
	}
	st := jen.If(cond).Block(then...)
	if len(g.Else) > 0 {
		var els []jen.Code
		qg.elems(&els, g.Else)
		st = st.Else().Block(els...)
	}
	*out = append(*out, st)
}

// part0 returns the attribute a variable element names, nil otherwise.
func (g *gen) part0(o *model.Op, f *defs.AsmFormat, e *defs.FormatElem) *model.Attr {
	if e.Kind != defs.FmtVar {
		return nil
	}
	return g.part(o, f, e).attr
}

// parseAttr parses an attribute variable by its kind.
func (qg *parseGen) parseAttr(a *model.Attr) []jen.Code {
	name := jen.Lit(a.Name)
	dst := jen.Op("&").Add(field(a.GoName))
	var pre []jen.Code
	if optionalPtr(a) {
		pre = append(pre, field(a.GoName).Op("=").New(gofile.TypeCode(*a.Type.Elem)))
		dst = field(a.GoName)
	}
	var call jen.Code
	switch kindOf(a) {
	case akEnumKeyword:
		call = qual("ParseEnumKeyword").Call(P(), name, dst)
	case akEnumAttr:
		call = qual("ParseEnumAttr").Call(P(), name, dst)
	case akSymbol:
		call = qual("ParseSymbol").Call(P(), name, dst)
	case akString:
		call = qual("ParseString").Call(P(), name, dst)
	case akUint:
		call = qual("ParseUint").Call(P(), name, dst)
	case akBool:
		call = qual("ParseBool").Call(P(), name, dst)
	case akAttrList:
		call = field(a.GoName).Op("=").Add(qual("ParseAttrList").Call(P()))
	case akInts:
		call = field(a.GoName).Op("=").Add(qual("ParseDenseArray").Types(gofile.TypeCode(*a.Type.Elem)).Call(P(), jen.False()))
	case akStripped:
		call = qual("ParseStripped").Call(P(), jen.Lit(a.OpAttr.Type.Def.Name), dst)
	case akType:
		call = field(a.GoName).Op("=").Add(P().Dot("Type").Call())
	case akUnit:
		return nil
	default:
		call = field(a.GoName).Op("=").Add(P().Dot("Attr").Call())
	}
	return append(pre, call)
}

// P is a fresh reference to the printer or parser (jennifer statements
// are mutable and cannot be shared).
func P() *jen.Statement { return jen.Id("p") }

// optionalPtr reports whether an optional attribute is held by a pointer
// to its value (enums and integers; handles and lists are nil when
// absent).
func optionalPtr(a *model.Attr) bool {
	k := a.OpAttr.Type.Kind
	return a.Optional && k != defs.RefUnit && k != defs.RefBytes && !model.Nilable(a.OpAttr.Type)
}

// genDefText emits the text form of an attribute or type with an assembly
// format: its Mnemonic, PrintBody (what follows #dialect.mnemonic) and
// parse<Name>Body, as mlir-tblgen's AttrOrTypeFormatGen makes them.
func (g *gen) genDefText(f *jen.File, def *model.Def) {
	kind := "attribute"
	prefix := "#"
	if def.IsType {
		kind, prefix = "type", "!"
	}
	recv := jen.Params(jen.Id(def.Recv).Op("*").Id(def.Name))
	f.Comment(fmt.Sprintf("Mnemonic is the %s's mnemonic in its text form (%s%s.%s).", kind, prefix, g.m.Name, def.Mnemonic))
	gofile.OneLine(f, jen.Func().Params(jen.Op("*").Id(def.Name)).Id("Mnemonic").Params().String(), jen.Return(jen.Lit(def.Mnemonic)))
	dg := &defGen{g: g, def: def, f: def.Assembly}
	var body []jen.Code
	dg.printElems(&body, def.Assembly.Elements)
	dg.flush(&body)
	f.Comment(fmt.Sprintf("PrintBody prints the %s after its mnemonic, in its assembly format:", kind))
	f.Comment("")
	f.Comment("\t" + def.Assembly.Text)
	f.Func().Add(recv).Id("PrintBody").Params(jen.Id("p").Op("*").Add(qual("Printer"))).Block(body...)
	var parse []jen.Code
	parse = append(parse, jen.Id(def.Recv).Op(":=").Op("&").Id(def.Name).Values())
	dg.parseElems(&parse, def.Assembly.Elements)
	parse = append(parse, jen.Return(jen.Id(def.Recv)))
	name := "parse" + def.Name + "Body"
	f.Comment(fmt.Sprintf("%s parses what PrintBody prints.", name))
	f.Func().Id(name).Params(jen.Id("p").Op("*").Add(qual("Parser"))).Op("*").Id(def.Name).Block(parse...)
}

// defGen builds the printer and parser of a definition's format.
type defGen struct {
	g       *gen
	def     *model.Def
	f       *defs.AsmFormat
	sp      asm.Spacing
	pending string
}

func (dg *defGen) flush(out *[]jen.Code) {
	if dg.pending != "" {
		*out = append(*out, P().Dot("Write").Call(jen.Lit(dg.pending)))
		dg.pending = ""
	}
}

func (dg *defGen) param(e *defs.FormatElem) *model.Param {
	r := dg.f.Refs[e]
	for _, p := range dg.def.Params {
		if r != nil && p.Param == r.Param {
			return p
		}
	}
	panic("tilegen: " + dg.def.Name + ": unresolved parameter $" + e.Value)
}

func (dg *defGen) field(p *model.Param) *jen.Statement { return jen.Id(dg.def.Recv).Dot(p.Field) }

// optionalPtr reports whether a parameter is held by a pointer because it
// is optional.
func optionalParam(p *model.Param) bool {
	return p.Optional && !model.Nilable(p.Param.Type)
}

// printParam prints a parameter's value by its kind.
func (dg *defGen) printParam(p *model.Param) jen.Code {
	v := dg.field(p)
	if optionalParam(p) {
		v = jen.Op("*").Add(v)
		if p.Param.Type.Kind == defs.RefEnum {
			v = jen.Parens(v)
		}
	}
	switch t := p.Param.Type; t.Kind {
	case defs.RefType:
		return P().Dot("Type").Call(v)
	case defs.RefAttr:
		return P().Dot("Attr").Call(v)
	case defs.RefInt32, defs.RefInt64:
		return P().Dot("Int").Call(jen.Int64().Call(v))
	case defs.RefUint32, defs.RefUint64:
		return P().Dot("Uint").Call(jen.Uint64().Call(v))
	case defs.RefString:
		return P().Dot("Quoted").Call(v)
	case defs.RefBool:
		return qual("PrintBool").Call(P(), v)
	case defs.RefEnum:
		return P().Dot("Write").Call(v.Dot("String").Call())
	case defs.RefList:
		return qual("PrintInts").Call(P(), v)
	}
	panic("tilegen: " + dg.def.Name + ": no text form for parameter " + p.Name)
}

// parseParam parses a parameter's value by its kind into the field.
func (dg *defGen) parseParam(p *model.Param) []jen.Code {
	dst := dg.field(p)
	set := func(v jen.Code) []jen.Code {
		if optionalParam(p) {
			return []jen.Code{jen.Id("v").Op(":=").Add(v), dg.field(p).Op("=").Op("&").Id("v")}
		}
		return []jen.Code{dst.Clone().Op("=").Add(v)}
	}
	name := jen.Lit(p.Name)
	switch t := p.Param.Type; t.Kind {
	case defs.RefType:
		return set(P().Dot("Type").Call())
	case defs.RefAttr:
		return set(P().Dot("Attr").Call())
	case defs.RefInt32, defs.RefInt64, defs.RefUint32, defs.RefUint64:
		return set(qual("ParseInteger").Types(gofile.TypeCode(dg.g.m.GoType(t))).Call(P(), name))
	case defs.RefString:
		return set(qual("ParseStringValue").Call(P(), name))
	case defs.RefBool:
		return set(qual("ParseBoolValue").Call(P(), name))
	case defs.RefEnum:
		return set(qual("ParseEnumKeywordValue").Types(jen.Id(t.Enum.Name)).Call(P(), name))
	case defs.RefList:
		return set(qual("ParseDenseArray").Types(gofile.TypeCode(dg.g.m.GoType(t.Elem))).Call(P(), jen.False()))
	}
	panic("tilegen: " + dg.def.Name + ": no text form for parameter " + p.Name)
}

func (dg *defGen) printElems(out *[]jen.Code, es []*defs.FormatElem) {
	for _, e := range es {
		dg.printElem(out, e)
	}
}

func (dg *defGen) printElem(out *[]jen.Code, e *defs.FormatElem) {
	call := func(c jen.Code) {
		dg.flush(out)
		*out = append(*out, c)
	}
	switch e.Kind {
	case defs.FmtLiteral:
		switch e.Value {
		case "":
			dg.sp.Empty()
		case " ":
			dg.pending += " "
			dg.sp.SpaceLiteral()
		default:
			if dg.sp.Literal(e.Value) {
				dg.pending += " "
			}
			dg.pending += e.Value
		}
	case defs.FmtVar:
		if dg.sp.Element() {
			dg.pending += " "
		}
		call(dg.printParam(dg.param(e)))
	case defs.FmtCustom:
		if dg.sp.Element() {
			dg.pending += " "
		}
		args := []jen.Code{P(), jen.Nil()}
		for _, a := range e.Args {
			args = append(args, dg.field(dg.param(a)))
		}
		call(jen.Id("print" + e.Value).Call(args...))
	case defs.FmtParams, defs.FmtStruct:
		if dg.sp.Element() {
			dg.pending += " "
		}
		dg.structElems(out, e)
	case defs.FmtOptional:
		var anchor *defs.FormatElem
		for _, x := range e.Then {
			if x.Anchor {
				anchor = x
			}
		}
		if anchor.Kind == defs.FmtCustom {
			anchor = anchor.Args[0]
		}
		cond := dg.field(dg.param(anchor)).Op("!=").Nil()
		dg.flush(out)
		var then, els []jen.Code
		before := dg.sp
		dg.printElems(&then, e.Then)
		dg.flush(&then)
		st := jen.If(cond).Block(then...)
		if len(e.Else) > 0 {
			// Both branches start where the group does; what follows is
			// spaced as after the then branch.
			after := dg.sp
			dg.sp = before
			dg.printElems(&els, e.Else)
			dg.flush(&els)
			dg.sp = after
			st = st.Else().Block(els...)
		}
		*out = append(*out, st)
	}
}

// structParams lists the parameters a params or struct directive covers.
func (dg *defGen) structParams(e *defs.FormatElem) []*model.Param {
	if e.Kind == defs.FmtParams {
		return dg.def.Params
	}
	var out []*model.Param
	for _, a := range e.Args {
		if a.Kind == defs.FmtParams {
			out = append(out, dg.def.Params...)
		} else {
			out = append(out, dg.param(a))
		}
	}
	return out
}

// structElems prints params (values separated by ", ") or struct (name =
// value, optional parameters left out when absent).
func (dg *defGen) structElems(out *[]jen.Code, e *defs.FormatElem) {
	dg.flush(out)
	ps := dg.structParams(e)
	if e.Kind == defs.FmtParams {
		for i, p := range ps {
			if i > 0 {
				*out = append(*out, P().Dot("Write").Call(jen.Lit(", ")))
			}
			*out = append(*out, dg.printParam(p))
		}
		return
	}
	*out = append(*out, jen.Id("sep").Op(":=").Lit(""))
	for i, p := range ps {
		st := []jen.Code{P().Dot("Write").Call(jen.Id("sep").Op("+").Lit(p.Name + " = ")), dg.printParam(p)}
		if i < len(ps)-1 {
			st = append(st, jen.Id("sep").Op("=").Lit(", "))
		}
		if p.Optional {
			*out = append(*out, jen.If(dg.field(p).Op("!=").Nil()).Block(st...))
		} else {
			*out = append(*out, st...)
		}
	}
}

func (dg *defGen) parseElems(out *[]jen.Code, es []*defs.FormatElem) {
	for _, e := range es {
		dg.parseElem(out, e)
	}
}

func (dg *defGen) parseElem(out *[]jen.Code, e *defs.FormatElem) {
	switch e.Kind {
	case defs.FmtLiteral:
		if e.Value != "" && e.Value != " " {
			*out = append(*out, P().Dot("Expect").Call(jen.Lit(e.Value)))
		}
	case defs.FmtVar:
		*out = append(*out, block(dg.parseParam(dg.param(e)))...)
	case defs.FmtCustom:
		args := []jen.Code{P()}
		for _, a := range e.Args {
			args = append(args, jen.Op("&").Add(dg.field(dg.param(a))))
		}
		*out = append(*out, jen.Id("parse"+e.Value).Call(args...))
	case defs.FmtParams:
		for i, p := range dg.structParams(e) {
			if i > 0 {
				*out = append(*out, P().Dot("Expect").Call(jen.Lit(",")))
			}
			*out = append(*out, block(dg.parseParam(p))...)
		}
	case defs.FmtStruct:
		var cases []jen.Code
		var required []jen.Code
		for _, p := range dg.structParams(e) {
			cases = append(cases, jen.Case(jen.Lit(p.Name)).Block(dg.parseParam(p)...))
			if !p.Optional {
				required = append(required, jen.Lit(p.Name))
			}
		}
		cases = append(cases, jen.Default().Block(P().Dot("Errorf").Call(jen.Lit("unknown parameter '%s'"), jen.Id("k"))))
		*out = append(*out, qual("ParseStruct").Call(P(), jen.Index().String().Values(required...), jen.Func().Params(jen.Id("k").String()).Block(
			jen.Switch(jen.Id("k")).Block(cases...))))
	case defs.FmtOptional:
		first := e.Then[0]
		var cond jen.Code
		rest := e.Then[1:]
		switch first.Kind {
		case defs.FmtLiteral:
			cond = P().Dot("Optional").Call(jen.Lit(first.Value))
		case defs.FmtVar:
			p := dg.param(first)
			switch p.Param.Type.Kind {
			case defs.RefString:
				cond = qual("AtString").Call(P())
			default:
				cond = qual("AtInteger").Call(P())
			}
			rest = e.Then
		}
		var then, els []jen.Code
		dg.parseElems(&then, rest)
		st := jen.If(cond).Block(then...)
		if len(e.Else) > 0 {
			dg.parseElems(&els, e.Else)
			st = st.Else().Block(els...)
		}
		*out = append(*out, st)
	}
}

// block returns statements as they are, or in a block of their own when
// they declare a local.
func block(st []jen.Code) []jen.Code {
	if len(st) == 1 {
		return st
	}
	return []jen.Code{jen.Block(st...)}
}
