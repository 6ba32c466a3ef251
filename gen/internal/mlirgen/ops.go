package mlirgen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/releaserules"
)

func (g *gen) genOps(f *jen.File) {
	if p := g.m.Go.OpsPackage; p != "" {
		var line string
		for _, w := range strings.Fields(fmt.Sprintf("Package %s holds the op wrappers and builders of MLIR's %s dialect (package %s, which describes the ops' bytecode and registers the dialect).", p, g.m.Name, g.m.Go.Package)) {
			if line != "" && len(line)+1+len(w) > 76 {
				f.PackageComment(line)
				line = ""
			}
			line = strings.TrimSpace(line + " " + w)
		}
		f.PackageComment(line)
	}
	genOpHelpers(f)
	for _, o := range g.m.Ops {
		g.genOp(f, o)
	}
}

// populatedOps are the ops with an attribute whose default the newest
// release populates and the rules can build.
func populatedOps(rules []releaserules.Op) map[string]bool {
	out := map[string]bool{}
	for _, ro := range rules {
		for _, a := range ro.Attrs {
			if a.Populated && a.Default != nil && a.Until == 0 && a.PopulatedUntil == 0 {
				out[ro.Op] = true
			}
		}
	}
	return out
}

// genOpHelpers emits what every wrapper and builder of the package
// shares, once: the embedded wrapper with the methods every wrapper has,
// the name check of AsXOp, and the builders' setting of attributes.
func genOpHelpers(f *jen.File) {
	operation := jen.Op("*").Qual(model.IR, "Operation")
	f.Comment("opWrapper is what every op wrapper of the package embeds: the wrapped")
	f.Comment("operation and the methods every wrapper has.")
	f.Type().Id("opWrapper").Struct(jen.Id("op").Add(operation))
	f.Comment("Op returns the wrapped operation.")
	gofile.OneLine(f, jen.Func().Params(jen.Id("w").Id("opWrapper")).Id("Op").Params().Add(operation), jen.Return(jen.Id("w").Dot("op")))
	f.Comment("String prints the op in MLIR's generic form, on one line.")
	gofile.OneLine(f, jen.Func().Params(jen.Id("w").Id("opWrapper")).Id("String").Params().String(), jen.Return(jen.Id("w").Dot("op").Dot("String").Call()))
	f.Comment("asOp wraps op if it is named name.")
	f.Func().Id("asOp").Params(jen.Id("op").Add(operation), jen.Id("name").String()).Params(jen.Id("opWrapper"), jen.Bool()).Block(
		jen.If(jen.Id("op").Op("==").Nil().Op("||").Id("op").Dot("Name").Call().Dot("String").Call().Op("!=").Id("name")).Block(
			jen.Return(jen.Id("opWrapper").Values(), jen.False())),
		jen.Return(jen.Id("opWrapper").Values(jen.Id("op")), jen.True()),
	)
	f.Comment("setAttrs sets the attributes of a builder that are not nil.")
	f.Func().Id("setAttrs").Params(jen.Id("op").Add(operation), jen.Id("names").Index().String(), jen.Id("values").Op("...").Qual(model.IR, "Attribute")).Block(
		jen.For(jen.List(jen.Id("i"), jen.Id("v")).Op(":=").Range().Id("values")).Block(
			jen.If(jen.Id("v").Op("!=").Nil()).Block(jen.Id("op").Dot("SetAttr").Call(jen.Id("names").Index(jen.Id("i")), jen.Id("v")))),
	)
}

// groupAccess returns the expression selecting group i of a list of
// groups (operands, results) stored in field, with segField holding the
// segment sizes when the op declares them, and layouts naming its table
// of its releases' groups where they differ (see model.Op.OperandLayouts;
// "" otherwise).
func groupAccess(list []*model.Value, i int, field, segField string, segmented bool, layouts string) *jen.Statement {
	// A fresh statement per use: jennifer's Clone shares the original.
	x, one, num := listAccessors(field)
	if segmented && layouts != "" {
		return jen.Qual(model.IR, "GroupSegment").Call(x(), jen.Id("o").Dot("op").Dot(segField).Call(), jen.Id("o").Dot("op").Dot("SegmentsRelease").Call(), jen.Lit(list[i].ID), jen.Id(layouts))
	}
	if segmented {
		return jen.Qual(model.IR, "Segment").Call(x(), jen.Id("o").Dot("op").Dot(segField).Call(), jen.Lit(i))
	}
	variadic := -1
	for j, v := range list {
		if v.Many() {
			variadic = j
		}
	}
	if variadic < 0 || i < variadic {
		return one(jen.Lit(i))
	}
	after := len(list) - 1 - variadic
	if i == variadic {
		switch {
		case after > 0:
			return jen.Qual(model.IR, "Span").Call(x(), jen.Lit(i), num().Op("-").Lit(after))
		case i > 0:
			return jen.Qual(model.IR, "Span").Call(x(), jen.Lit(i), num())
		}
		return x()
	}
	return one(num().Op("-").Lit(len(list) - i))
}

// listAccessors returns the expressions of an op's list of values (field
// is Operands or Results): the whole list, its element i and its length.
func listAccessors(field string) (all func() *jen.Statement, one func(i jen.Code) *jen.Statement, num func() *jen.Statement) {
	op := func() *jen.Statement { return jen.Id("o").Dot("op") }
	all = func() *jen.Statement { return op().Dot(field).Call() }
	one = func(i jen.Code) *jen.Statement { return jen.Qual(model.IR, "ElementAt").Call(all(), i) }
	num = func() *jen.Statement { return op().Dot("Num" + field).Call() }
	return all, one, num
}

// sentence is a summary as a clause of a doc comment: lower-cased unless
// it starts with an acronym, without a final period.
func sentence(summary string) string {
	s := strings.TrimSuffix(strings.TrimSpace(summary), ".")
	if len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' {
		s = strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

// partDoc names an op's part in a doc comment: "the op's lhs operand".
func partDoc(name, kind string) string {
	if name == kind {
		return "the op's " + kind
	}
	return "the op's " + name + " " + kind
}

func (g *gen) genOp(f *jen.File, o *model.Op) {
	t := o.GoName
	if o.Summary != "" {
		f.Comment(fmt.Sprintf("%s is %s: %s.", t, o.Full, sentence(o.Summary)))
	} else {
		f.Comment(fmt.Sprintf("%s wraps %s %s *ir.Operation.", t, model.Article(o.Full), o.Full))
	}
	f.Type().Id(t).Struct(jen.Id("opWrapper"))
	f.Comment(fmt.Sprintf("%sName is the full name of %s.", t, o.Full))
	f.Const().Id(t + "Name").Op("=").Lit(o.Full)
	f.Comment(fmt.Sprintf("As%s returns op as %s %s if it is %s %s.", t, model.Article(t), t, model.Article(o.Full), o.Full))
	f.Func().Id("As"+t).Params(jen.Id("op").Op("*").Qual(model.IR, "Operation")).Params(jen.Id(t), jen.Bool()).Block(
		jen.List(jen.Id("w"), jen.Id("ok")).Op(":=").Id("asOp").Call(jen.Id("op"), jen.Id(t+"Name")),
		jen.Return(jen.Id(t).Values(jen.Id("w")), jen.Id("ok")),
	)
	recv := func() *jen.Statement { return jen.Params(jen.Id("o").Id(t)) }

	values := func(list []*model.Value, field, segField string, seg bool, kind string, layouts []model.GroupLayout) {
		same := !seg && manyGroups(list) > 1
		table := ""
		if seg && layouts != nil {
			table = model.Local(t) + strings.ToUpper(kind[:1]) + kind[1:] + "Layouts"
			f.Commentf("%s are the %s groups %s lays out in each LLVM release, as their places among its definition's groups, for GroupSegment.", table, kind, o.Full)
			ints := func(xs []int) jen.Code {
				c := make([]jen.Code, len(xs))
				for k, x := range xs {
					c[k] = jen.Lit(x)
				}
				return jen.Index().Int().Values(c...)
			}
			rows := make([]jen.Code, len(layouts))
			for j, l := range layouts {
				rows[j] = jen.Line().Values(jen.Id("Releases").Op(":").Add(ints(l.Releases)), jen.Id("Places").Op(":").Add(ints(l.Places)))
			}
			f.Var().Id(table).Op("=").Index().Qual(model.IR, "GroupLayout").Values(append(rows, jen.Line())...)
		}
		for i, v := range list {
			if same {
				sameSizeAccessor(f, recv, list, i, field, kind)
				continue
			}
			acc := groupAccess(list, i, field, segField, seg, table)
			switch {
			case v.Operand.Variadic:
				f.Comment(fmt.Sprintf("%s returns %s group.", v.GoName, partDoc(v.Name, kind)))
				gofile.OneLine(f, jen.Func().Add(recv()).Id(v.GoName).Params().Index().Op("*").Qual(model.IR, "Value"), jen.Return(acc))
			case v.Optional:
				f.Comment(fmt.Sprintf("%s returns %s, or nil.", v.GoName, partDoc(v.Name, kind)))
				f.Func().Add(recv()).Id(v.GoName).Params().Op("*").Qual(model.IR, "Value").Block(
					jen.If(jen.Id("s").Op(":=").Add(acc), jen.Len(jen.Id("s")).Op(">").Lit(0)).Block(jen.Return(jen.Id("s").Index(jen.Lit(0)))),
					jen.Return(jen.Nil()))
			default:
				if seg {
					acc = jen.Qual(model.IR, "ElementAt").Call(acc, jen.Lit(0))
				}
				f.Comment(fmt.Sprintf("%s returns %s.", v.GoName, partDoc(v.Name, kind)))
				gofile.OneLine(f, jen.Func().Add(recv()).Id(v.GoName).Params().Op("*").Qual(model.IR, "Value"), jen.Return(acc))
			}
		}
	}
	values(o.Operands, "Operands", "OperandSegments", o.OperandSegments, "operand", o.OperandLayouts)
	values(o.Results, "Results", "ResultSegments", o.ResultSegments, "result", o.ResultLayouts)
	for _, a := range o.Attrs {
		what := "inherent attribute"
		if a.Optional {
			what = "optional attribute"
		}
		get := jen.Id("o").Dot("op").Dot("Attr").Call(jen.Lit(a.Name))
		if a.OpAttr.Type.Def == nil && a.OpAttr.Type.Kind == defs.RefAttr {
			f.Comment(fmt.Sprintf("%s returns the %s %s, or nil if it is not set.", a.GoName, what, a.Name))
			gofile.OneLine(f, jen.Func().Add(recv()).Id(a.GoName).Params().Add(gofile.TypeCode(a.Type)), jen.Return(get))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns the %s %s, or nil if it is not set or of another kind.", a.GoName, what, a.Name))
		f.Func().Add(recv()).Id(a.GoName).Params().Add(gofile.TypeCode(a.Type)).Block(
			jen.List(jen.Id("v"), jen.Id("_")).Op(":=").Add(get).Assert(gofile.TypeCode(a.Type)),
			jen.Return(jen.Id("v")))
	}
	for i, r := range o.Regions {
		if r.Variadic {
			f.Comment(fmt.Sprintf("%s returns %s.", r.GoName, partDoc(r.Name, "regions")))
			gofile.OneLine(f, jen.Func().Add(recv()).Id(r.GoName).Params().Index().Op("*").Qual(model.IR, "Region"), jen.Return(jen.Qual(model.IR, "Span").Call(jen.Id("o").Dot("op").Dot("Regions").Call(), jen.Lit(i), jen.Id("o").Dot("op").Dot("NumRegions").Call())))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns %s.", r.GoName, partDoc(r.Name, "region")))
		gofile.OneLine(f, jen.Func().Add(recv()).Id(r.GoName).Params().Op("*").Qual(model.IR, "Region"), jen.Return(jen.Qual(model.IR, "ElementAt").Call(jen.Id("o").Dot("op").Dot("Regions").Call(), jen.Lit(i))))
	}
	for i, s := range o.Successors {
		if s.Variadic {
			f.Comment(fmt.Sprintf("%s returns %s.", s.GoName, partDoc(s.Name, "successors")))
			gofile.OneLine(f, jen.Func().Add(recv()).Id(s.GoName).Params().Index().Op("*").Qual(model.IR, "Block"), jen.Return(jen.Qual(model.IR, "Span").Call(jen.Id("o").Dot("op").Dot("Successors").Call(), jen.Lit(i), jen.Id("o").Dot("op").Dot("NumSuccessors").Call())))
			continue
		}
		f.Comment(fmt.Sprintf("%s returns %s.", s.GoName, partDoc(s.Name, "successor")))
		gofile.OneLine(f, jen.Func().Add(recv()).Id(s.GoName).Params().Op("*").Qual(model.IR, "Block"), jen.Return(jen.Qual(model.IR, "ElementAt").Call(jen.Id("o").Dot("op").Dot("Successors").Call(), jen.Lit(i))))
	}
	g.genBuilder(f, o)
}

// concat is the concatenation of parts as a new slice of elem: a literal
// of the values, with appends for the slices (never a caller's slice
// itself, which the op would share).
func concat(elem *jen.Statement, parts []part) *jen.Statement {
	var singles []jen.Code
	i := 0
	for ; i < len(parts) && !parts[i].many; i++ {
		singles = append(singles, jen.Id(parts[i].name))
	}
	x := jen.Index().Add(elem).Values(singles...)
	for _, p := range parts[i:] {
		v := jen.Id(p.name)
		if p.many {
			v = v.Op("...")
		}
		x = jen.Append(x, v)
	}
	return x
}

type part struct {
	name string
	many bool
}

// genBuilder emits BuildXOp: the builder and location, result types,
// operands, attributes, successors and a count per variadic region.
func (g *gen) genBuilder(f *jen.File, o *model.Op) {
	t := o.GoName
	params := []gofile.Param{{Name: "b", Type: jen.Op("*").Qual(model.IR, "Builder")}, {Name: "loc", Type: jen.Qual(model.IR, "Location")}}
	var results, operands []part
	var resultSegs, operandSegs []jen.Code
	for _, r := range o.Results {
		if r.Many() {
			params = append(params, gofile.Param{Name: r.Param, Type: jen.Index().Qual(model.IR, "Type")})
			resultSegs = append(resultSegs, jen.Int32().Call(jen.Len(jen.Id(r.Param))))
		} else {
			params = append(params, gofile.Param{Name: r.Param, Type: jen.Qual(model.IR, "Type")})
			resultSegs = append(resultSegs, jen.Lit(1))
		}
		results = append(results, part{r.Param, r.Many()})
	}
	for _, v := range o.Operands {
		if v.Many() {
			params = append(params, gofile.Param{Name: v.Param, Type: jen.Index().Op("*").Qual(model.IR, "Value")})
			operandSegs = append(operandSegs, jen.Int32().Call(jen.Len(jen.Id(v.Param))))
		} else {
			params = append(params, gofile.Param{Name: v.Param, Type: jen.Op("*").Qual(model.IR, "Value")})
			operandSegs = append(operandSegs, jen.Lit(1))
		}
		operands = append(operands, part{v.Param, v.Many()})
	}
	for _, a := range o.Attrs {
		params = append(params, gofile.Param{Name: a.Param, Type: gofile.TypeCode(a.Type)})
	}
	for _, s := range o.Successors {
		typ := jen.Op("*").Qual(model.IR, "Block")
		if s.Variadic {
			typ = jen.Index().Op("*").Qual(model.IR, "Block")
		}
		params = append(params, gofile.Param{Name: s.Param, Type: typ})
	}
	for _, r := range o.Regions {
		if r.Variadic {
			params = append(params, gofile.Param{Name: r.Param, Type: jen.Int()})
		}
	}
	var types jen.Code = jen.Nil()
	switch {
	case len(results) == 1 && results[0].many:
		types = jen.Id(results[0].name) // NewOperation keeps no reference
	case len(results) > 0:
		types = concat(jen.Qual(model.IR, "Type"), results)
	}
	// The ops a builder makes share one name, a package variable: outside
	// the heap, and made by no code at init.
	nameVar := "nameOf" + t
	body := []jen.Code{jen.Id("op").Op(":=").Qual(model.IR, "NewNamedOperation").Call(
		jen.Op("&").Id(nameVar), jen.Id("loc"), types)}
	if len(operands) > 0 {
		body = append(body, jen.Id("op").Dot("SetOperands").Call(concat(jen.Op("*").Qual(model.IR, "Value"), operands)))
	}
	if o.OperandSegments {
		body = append(body, jen.Id("op").Dot("SetOperandSegments").Call(jen.Index().Int32().Values(operandSegs...)))
	}
	if o.ResultSegments {
		body = append(body, jen.Id("op").Dot("SetResultSegments").Call(jen.Index().Int32().Values(resultSegs...)))
	}
	// Attributes held as ir.Attribute go through setAttrs, in one call; a
	// typed one (a nil pointer is not a nil interface) and a non-handle are
	// set one by one.
	var names, values []jen.Code
	for _, a := range o.Attrs {
		if a.OpAttr.Type.Def == nil && (a.OpAttr.Type.Kind == defs.RefAttr || a.OpAttr.Type.Kind == defs.RefLocation) {
			names, values = append(names, jen.Lit(a.Name)), append(values, jen.Id(a.Param))
			continue
		}
		set := jen.Id("op").Dot("SetAttr").Call(jen.Lit(a.Name), jen.Id(a.Param))
		if model.IsHandle(a.OpAttr.Type) {
			set = jen.If(jen.Id(a.Param).Op("!=").Nil()).Block(set)
		}
		body = append(body, set)
	}
	if len(names) > 0 {
		body = append(body, jen.Id("setAttrs").Call(append([]jen.Code{jen.Id("op"), jen.Index().String().Values(names...)}, values...)...))
	}
	if g.populates[o.Name] {
		body = append(body, jen.Qual(model.Bytecode, "PopulateDefaults").Call(jen.Id("b").Dot("Ctx"), jen.Id("op")))
	}
	var succs []part
	for _, s := range o.Successors {
		succs = append(succs, part{s.Param, s.Variadic})
	}
	if len(succs) > 0 {
		body = append(body, jen.Id("op").Dot("SetSuccessors").Call(concat(jen.Op("*").Qual(model.IR, "Block"), succs)))
	}
	for _, r := range o.Regions {
		switch {
		case r.Variadic:
			body = append(body, jen.For(jen.Range().Id(r.Param)).Block(jen.Id("op").Dot("AddRegion").Call()))
		case r.SingleBlock:
			body = append(body, jen.Id("op").Dot("AddRegion").Call().Dot("AddBlock").Call())
		default:
			body = append(body, jen.Id("op").Dot("AddRegion").Call())
		}
	}
	body = append(body, jen.Id("b").Dot("Insert").Call(jen.Id("op")), jen.Return(jen.Id(t).Values(jen.Id("opWrapper").Values(jen.Id("op")))))
	unset := "Nil optional attributes are left unset"
	if g.populates[o.Name] {
		unset += ", but for those MLIR gives a default, which get it (given b's context)"
	}
	gofile.Doc(f, fmt.Sprintf("Build%s creates %s %s at b's insertion point (detached when b has no block). %s; single-block regions get their block.", t, model.Article(o.Full), o.Full, unset))
	f.Func().Id("Build" + t).Params(gofile.Params(params)...).Id(t).Block(body...)
	f.Comment(fmt.Sprintf("%s is the name Build%s gives its ops.", nameVar, t))
	f.Var().Id(nameVar).Op("=").Qual(model.IR, "OpName").Values(jen.Id("Dialect").Op(":").Lit(g.m.Name), jen.Id("Op").Op(":").Lit(o.Name), jen.Id("Registered").Op(":").True())
}

// manyGroups counts the variadic and optional groups of a list.
func manyGroups(list []*model.Value) int {
	n := 0
	for _, v := range list {
		if v.Many() {
			n++
		}
	}
	return n
}

// sameSizeAccessor emits the accessor of group i of an op whose variadic
// and optional groups all have the same size (ODS's
// SameVariadicOperandSize and SameVariadicResultSize): that size is what
// the fixed groups leave, divided among them.
func sameSizeAccessor(f *jen.File, recv func() *jen.Statement, list []*model.Value, i int, field, kind string) {
	v := list[i]
	many := manyGroups(list)
	fixed := len(list) - many
	x, one, num := listAccessors(field)
	fixedBefore, manyBefore := 0, 0
	for _, w := range list[:i] {
		if w.Many() {
			manyBefore++
		} else {
			fixedBefore++
		}
	}
	// start = fixedBefore + manyBefore*n
	start := func() *jen.Statement {
		var e *jen.Statement
		switch {
		case manyBefore == 0:
			return jen.Lit(fixedBefore)
		case manyBefore == 1:
			e = jen.Id("n")
		default:
			e = jen.Lit(manyBefore).Op("*").Id("n")
		}
		if fixedBefore > 0 {
			e = jen.Lit(fixedBefore).Op("+").Add(e)
		}
		return e
	}
	size := jen.Id("n").Op(":=").Parens(num().Op("-").Lit(fixed)).Op("/").Lit(many)
	switch {
	case v.Operand.Variadic:
		f.Comment(fmt.Sprintf("%s returns %s group (as large as the op's other variadic groups).", v.GoName, partDoc(v.Name, kind)))
		f.Func().Add(recv()).Id(v.GoName).Params().Index().Op("*").Qual(model.IR, "Value").Block(
			size, jen.Return(jen.Qual(model.IR, "Span").Call(x(), start(), start().Op("+").Id("n"))))
	case v.Optional:
		f.Comment(fmt.Sprintf("%s returns %s, or nil.", v.GoName, partDoc(v.Name, kind)))
		f.Func().Add(recv()).Id(v.GoName).Params().Op("*").Qual(model.IR, "Value").Block(
			size,
			jen.If(jen.Id("n").Op("==").Lit(0)).Block(jen.Return(jen.Nil())),
			jen.Return(one(start())))
	default:
		f.Comment(fmt.Sprintf("%s returns %s.", v.GoName, partDoc(v.Name, kind)))
		if manyBefore == 0 {
			gofile.OneLine(f, jen.Func().Add(recv()).Id(v.GoName).Params().Op("*").Qual(model.IR, "Value"), jen.Return(one(jen.Lit(fixedBefore))))
			return
		}
		f.Func().Add(recv()).Id(v.GoName).Params().Op("*").Qual(model.IR, "Value").Block(
			size, jen.Return(one(start())))
	}
}
