package mlirgen

import (
	"fmt"
	"reflect"
	"slices"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
)

// schema is an op's bytecode.OpSchema at some releases.
type schema struct {
	isolated, graph, terminator, noTerminator bool
	operandSeg, resultSeg                     bool
	operandGroups, resultGroups               int
	props                                     []schemaProp
}

type schemaProp struct {
	name     string
	optional bool
}

// schemaAt computes o's schema at an LLVM release (0 = the newest), nil when
// the op does not exist there.
func schemaAt(o *defs.Op, release int) *schema {
	if !o.AtLLVM(release) {
		return nil
	}
	trait := func(name string) bool {
		return defs.HasTrait(o.Traits, name) && o.TraitAvailability[name].AtLLVM(release)
	}
	s := &schema{isolated: trait("IsolatedFromAbove"), graph: trait("HasOnlyGraphRegion"),
		terminator: trait("Terminator"), noTerminator: trait("NoTerminator")}
	// Segment sizes exist with or without property storage; without it
	// they travel in the attribute dictionary like inherent attributes.
	s.operandSeg = trait("AttrSizedOperandSegments")
	s.resultSeg = trait("AttrSizedResultSegments")
	// The sparse v6 segment arrays do not carry their length.
	groups := func(parts []*defs.Operand) int {
		n := 0
		for _, p := range parts {
			if p.AtLLVM(release) {
				n++
			}
		}
		return n
	}
	if s.operandSeg {
		s.operandGroups = groups(o.Operands)
	}
	if s.resultSeg {
		s.resultGroups = groups(o.Results)
	}
	if o.Properties == nil || !o.Properties.AtLLVM(release) {
		return s
	}
	for _, a := range o.Attributes {
		if a.AtLLVM(release) {
			s.props = append(s.props, schemaProp{a.Name, a.Optional})
		}
	}
	// ODS writes inherent attributes sorted by name, in byte order.
	sort.Slice(s.props, func(i, j int) bool { return s.props[i].name < s.props[j].name })
	return s
}

// schemaRange is one schema over the releases from `from` on (0: every
// release), up to the next newer range.
type schemaRange struct {
	from   int
	schema *schema
}

// schemaRanges splits the releases where o's schema differs, newest first.
// Only the llvm-axis bounds of the op, its attributes, the traits that
// matter and its properties key can change it.
func schemaRanges(o *defs.Op) []schemaRange {
	var cuts []int // a cut at N: releases >= N differ from those below
	add := func(a defs.Availability) {
		if v := a.Since; v != nil && v.Axis == "llvm" {
			cuts = append(cuts, v.Parts[0])
		}
		if v := a.Until; v != nil && v.Axis == "llvm" {
			cuts = append(cuts, v.Parts[0]+1)
		}
	}
	add(o.Availability)
	for _, a := range o.Attributes {
		add(a.Availability)
	}
	for _, p := range append(slices.Clone(o.Operands), o.Results...) {
		add(p.Availability)
	}
	for _, t := range []string{"IsolatedFromAbove", "HasOnlyGraphRegion", "Terminator", "NoTerminator", "AttrSizedOperandSegments", "AttrSizedResultSegments"} {
		add(o.TraitAvailability[t])
	}
	if o.Properties != nil {
		add(*o.Properties)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	// Newest first: the range from the last cut on includes release 0.
	var out []schemaRange
	for i := len(cuts); i >= 0; i-- {
		// The range from cuts[i-1] up to cuts[i], evaluated at a release
		// inside it: 0 for the newest, one below every cut for the oldest.
		from, at := 0, 0
		switch {
		case i == len(cuts):
		case i > 0:
			from, at = cuts[i-1], cuts[i-1]
		default:
			if at = cuts[0] - 1; at == 0 {
				at = -1
			}
		}
		if i > 0 {
			from = cuts[i-1]
		}
		s := schemaAt(o, at)
		if n := len(out); n > 0 && reflect.DeepEqual(out[n-1].schema, s) {
			out[n-1].from = from
			continue
		}
		out = append(out, schemaRange{from, s})
	}
	return out
}

// genOpSchemas emits the dialect's OpSchema method and one package-level
// OpSchema per distinct layout, so that lookups do not allocate.
func (g *gen) genOpSchemas(f *jen.File) {
	var cases, vars []jen.Code
	for _, o := range g.m.Ops {
		full := g.m.Name + "." + o.Name
		ranges := schemaRanges(o.Op)
		var body []jen.Code
		for i, r := range ranges {
			ret := jen.Return(jen.Nil())
			if r.schema != nil {
				v := "schema" + o.GoName
				if i > 0 {
					v += fmt.Sprintf("Before%d", ranges[i-1].from)
				}
				vars = append(vars, jen.Id(v).Op("=").Add(schemaValue(full, r.schema)))
				ret = jen.Return(jen.Op("&").Id(v))
			}
			if i == len(ranges)-1 {
				body = append(body, ret)
				continue
			}
			cond := jen.Id("release").Op(">=").Lit(r.from)
			if i == 0 {
				cond = jen.Id("release").Op("==").Lit(0).Op("||").Add(cond)
			}
			body = append(body, jen.If(cond).Block(ret))
		}
		cases = append(cases, jen.Case(jen.Lit(o.Name)).Block(body...))
	}
	f.Comment("The op schemas, one per op and range of releases with the same layout.")
	f.Var().Defs(vars...)
	f.Comment("OpSchema returns what the bytecode container needs to know about an op")
	f.Comment("(its name without the dialect prefix) at an LLVM release, 0 meaning the")
	f.Comment("newest: its structural traits (isolation, graph regions, terminators) and")
	f.Comment("the layout of its properties.")
	f.Comment("It returns nil for ops the dialect does not have at that release. The")
	f.Comment("schemas are shared: do not modify them.")
	f.Func().Params(jen.Id("dialect")).Id("OpSchema").Params(jen.Id("op").String(), jen.Id("release").Int()).Op("*").Qual(gofile.Bytecode, "OpSchema").Block(
		jen.Switch(jen.Id("op")).Block(cases...),
		jen.Return(jen.Nil()),
	)
}

// schemaValue is the bytecode.OpSchema literal of s, one field per line.
func schemaValue(full string, s *schema) *jen.Statement {
	fields := []jen.Code{jen.Line().Id("Name").Op(":").Lit(full)}
	flag := func(name string, on bool) {
		if on {
			fields = append(fields, jen.Line().Id(name).Op(":").True())
		}
	}
	flag("Isolated", s.isolated)
	flag("GraphRegions", s.graph)
	flag("Terminator", s.terminator)
	flag("NoTerminator", s.noTerminator)
	if len(s.props) > 0 {
		var props []jen.Code
		for _, p := range s.props {
			kind := "PropAttr"
			if p.optional {
				kind = "PropOptionalAttr"
			}
			props = append(props, jen.Line().Values(jen.Id("Name").Op(":").Lit(p.name), jen.Id("Kind").Op(":").Qual(gofile.Bytecode, kind)))
		}
		props = append(props, jen.Line())
		fields = append(fields, jen.Line().Id("Properties").Op(":").Index().Qual(gofile.Bytecode, "PropField").Values(props...))
	}
	flag("OperandSegments", s.operandSeg)
	flag("ResultSegments", s.resultSeg)
	count := func(name string, n int) {
		if n > 0 {
			fields = append(fields, jen.Line().Id(name).Op(":").Lit(n))
		}
	}
	count("OperandGroups", s.operandGroups)
	count("ResultGroups", s.resultGroups)
	fields = append(fields, jen.Line())
	return jen.Qual(gofile.Bytecode, "OpSchema").Values(fields...)
}
