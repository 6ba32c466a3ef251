// Package optable computes a dialect's op table: the text
// bytecode.NewOpTable parses (one line per op and range of LLVM releases
// with the same layout) and the native property forms its lines refer to.
// The generator writes it into the dialect package; package interp builds
// the same table at run time. It imports no code generator, so programs
// that only interpret definitions do not link one.
package optable

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
)

// schema is an op's bytecode.OpSchema at some releases.
type schema struct {
	// name is the op's name at the release where an older release named
	// it otherwise (older_names), "" for the definition's.
	name                                      string
	unknownGroups                             bool // Op.UnknownGroupsUntil holds
	isolated, graph, terminator, noTerminator bool
	symbol, symbolTable                       bool
	declaration                               string // Op.Declaration
	// counts bounds the op's operands, results, regions and successors:
	// "O/R/G/S", each N, N-M or N+.
	counts  string
	parents []string // Op.Parents, where they hold
	// oneBlock lists the regions (by index) that hold exactly one block
	// (single_block: ODS's SizedRegion<1>).
	oneBlock                    []int
	operandSeg, resultSeg       bool
	operandGroups, resultGroups int
	// operandIDs and resultIDs are the places of the release's groups in
	// the definition's list, when it lacks some: a writer converting an
	// op between releases moves each group's size to the group's place
	// there. Empty when the release has every group.
	operandIDs, resultIDs []int
	props                 []schemaProp
	// implicit is the op (its name in the dialect) that the op's
	// single-block regions end with at the release, where others have
	// none: one parsers add (SingleBlockImplicitTerminator), or one the
	// release needs written (ends_with). Writers add or drop it
	// converting between releases (gpu.module's module_end, until LLVM
	// 19; omp.wsloop's omp.terminator, until 19).
	implicit string
	// absent are the inherent attributes the op has at other releases
	// only, with the releases that have them: writers refuse them here
	// (unless the definition says they are discardable here).
	absent []schemaAbsent
}

type schemaAbsent struct {
	name     string
	from, to int // the releases that have it (0: no bound)
}

type schemaProp struct {
	name     string
	optional bool
	native   []*defs.NativeProperty // a native property's forms (see Lines), nil for an attribute
}

// implicitTerminator starts the trait naming the op parsers end an op's
// single-block regions with.
const implicitTerminator = "SingleBlockImplicitTerminator<"

// schemaAt computes o's schema at an LLVM release (0 = the newest), nil when
// the op does not exist there.
func schemaAt(o *defs.Op, release int, opNames map[string]string) *schema {
	if !o.AtLLVM(release) {
		return nil
	}
	trait := func(name string) bool {
		return defs.HasTrait(o.Traits, name) && o.TraitAvailability[name].AtLLVM(release)
	}
	s := &schema{isolated: trait("IsolatedFromAbove"), graph: trait("HasOnlyGraphRegion"),
		terminator: trait("Terminator"), noTerminator: trait("NoTerminator"),
		symbol: slices.ContainsFunc(defs.SymbolTraits, trait), symbolTable: trait("SymbolTable")}
	if s.symbol {
		s.declaration = o.Declaration
	}
	if n := o.NameAt(release); n != o.Name {
		s.name = n
	}
	s.counts, s.oneBlock = countsAt(o, release)
	for _, t := range o.Traits {
		if class, ok := strings.CutPrefix(t, implicitTerminator); ok && o.TraitAvailability[t].AtLLVM(release) {
			s.implicit = opNames[strings.TrimSuffix(class, ">")]
		}
	}
	if e := o.EndsWith; e != nil && e.AtLLVM(release) {
		s.implicit = e.Op
	}
	if o.ParentsAvailability.AtLLVM(release) {
		s.parents = o.Parents
	}
	// Segment sizes exist with or without property storage; without it
	// they travel in the attribute dictionary like inherent attributes.
	s.operandSeg = trait("AttrSizedOperandSegments")
	s.resultSeg = trait("AttrSizedResultSegments")
	if u := o.UnknownGroupsUntil; u != nil && (s.operandSeg || s.resultSeg) {
		s.unknownGroups = release != 0 && release <= u.Parts[0]
	}
	// The sparse v6 segment arrays do not carry their length.
	groups := func(parts []*defs.Operand, orders []*defs.GroupOrder) (n int, ids []int) {
		ids = defs.GroupsAt(parts, orders, release)
		if len(ids) == len(parts) && slices.IsSorted(ids) {
			return len(ids), nil
		}
		return len(ids), ids
	}
	if s.operandSeg {
		s.operandGroups, s.operandIDs = groups(o.Operands, o.OperandOrder)
	}
	if s.resultSeg {
		s.resultGroups, s.resultIDs = groups(o.Results, o.ResultOrder)
	}
	s.absent = absentAttrs(o, release)
	if o.Properties == nil || !o.Properties.AtLLVM(release) {
		return s
	}
	var native []schemaProp
	for _, a := range o.Attributes {
		if !a.AtLLVM(release) {
			continue
		}
		if len(a.Property) > 0 {
			if p := propertyAt(a, release); p != nil {
				// The writer also takes the attributes of the other
				// releases' forms: converting between them.
				forms := []*defs.NativeProperty{p}
				for _, q := range a.Property {
					if q != p {
						forms = append(forms, q)
					}
				}
				native = append(native, schemaProp{name: a.Name, native: forms})
			}
			continue
		}
		opt := a.Optional && (a.OptionalAt == nil || a.OptionalAt.AtLLVM(release))
		s.props = append(s.props, schemaProp{name: a.Name, optional: opt})
	}
	// ODS writes inherent attributes sorted by name, in byte order, then
	// native properties in declaration order.
	sort.Slice(s.props, func(i, j int) bool { return s.props[i].name < s.props[j].name })
	s.props = append(s.props, native...)
	return s
}

// absentAttrs lists, sorted by name, the inherent attributes of o that a
// release lacks though others have them, which it would read as
// discardable: those the definition does not allow as discardable there.
func absentAttrs(o *defs.Op, release int) []schemaAbsent {
	here := map[string]bool{}
	for _, a := range o.Attributes {
		if a.AtLLVM(release) {
			here[a.Name] = true
		}
	}
	var out []schemaAbsent
	for _, a := range o.Attributes {
		if here[a.Name] || a.DiscardableOutside || slices.ContainsFunc(out, func(x schemaAbsent) bool { return x.name == a.Name }) {
			continue
		}
		x := schemaAbsent{name: a.Name}
		if v := a.Since; v != nil && v.Axis == "llvm" {
			x.from = v.Parts[0]
		}
		if v := a.Until; v != nil && v.Axis == "llvm" {
			x.to = v.Parts[0]
		}
		if x.from == 0 && x.to == 0 {
			continue // bounded on another axis: not a release matter
		}
		out = append(out, x)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// propertyAt is the form of a native property at a release, nil when
// none of its forms holds there.
func propertyAt(a *defs.OpAttr, release int) *defs.NativeProperty {
	for _, p := range a.Property {
		if p.AtLLVM(release) {
			return p
		}
	}
	return nil
}

// nativeProp is the Go expression of a property form: a constructor of
// dialects/builtin, which makes the attributes that stand for values.
func nativeProp(p *defs.NativeProperty) string {
	switch p.Form {
	case "int":
		return fmt.Sprintf("builtin.IntProp(%d, %#x, %d, %v)", p.Bits, p.Max, p.Default, p.HasDefault)
	case "unit":
		return fmt.Sprintf("builtin.UnitProp(%v)", p.Default == 1)
	case "bool":
		return fmt.Sprintf("builtin.BoolProp(%v)", p.Default == 1)
	case "optional_int":
		return fmt.Sprintf("builtin.OptionalIntProp(%d)", p.Bits)
	case "hook":
		return fmt.Sprintf("builtin.HookProp(%sAttr, %sValue, %#x, %d, %v)", p.Hook, p.Hook, p.Max, p.Default, p.HasDefault)
	case "struct":
		var fields []string
		for _, f := range p.Fields {
			s := fmt.Sprintf("%s:%d", f.Name, f.Bits)
			if f.HasDefault {
				s += fmt.Sprintf("=%d", f.Default)
			}
			fields = append(fields, strconv.Quote(s))
		}
		return "builtin.StructProp(" + strings.Join(fields, ", ") + ")"
	}
	panic("unknown property form " + p.Form)
}

// schemaRange is one schema over the releases from `from` on (0: every
// release), up to the next newer range.
type schemaRange struct {
	from   int
	schema *schema
}

// schemaRanges splits the releases where o's schema differs, newest first.
// Only the llvm-axis bounds of the op, its parts, the orders of its
// groups, the traits that matter and its properties key can change it.
func schemaRanges(o *defs.Op, opNames map[string]string) []schemaRange {
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
		if a.OptionalAt != nil {
			add(*a.OptionalAt)
		}
		for _, p := range a.Property {
			add(p.Availability)
		}
	}
	for _, p := range append(slices.Clone(o.Operands), o.Results...) {
		add(p.Availability)
	}
	for _, g := range append(slices.Clone(o.OperandOrder), o.ResultOrder...) {
		add(defs.Availability{Until: g.Until})
	}
	if o.EndsWith != nil {
		add(o.EndsWith.Availability)
	}
	for _, n := range o.OlderNames {
		add(defs.Availability{Until: n.Until})
	}
	add(defs.Availability{Until: o.UnknownGroupsUntil})
	for _, r := range o.Regions {
		add(r.Availability)
	}
	add(o.ParentsAvailability)
	for _, s := range o.Successors {
		add(s.Availability)
	}
	for _, t := range append([]string{"IsolatedFromAbove", "HasOnlyGraphRegion", "Terminator", "NoTerminator", "SymbolTable", "AttrSizedOperandSegments", "AttrSizedResultSegments"}, defs.SymbolTraits...) {
		add(o.TraitAvailability[t])
	}
	for _, t := range o.Traits {
		if strings.HasPrefix(t, implicitTerminator) {
			add(o.TraitAvailability[t])
		}
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
		s := schemaAt(o, at, opNames)
		if n := len(out); n > 0 && sameSchema(out[n-1].schema, s) {
			out[n-1].from = from
			continue
		}
		out = append(out, schemaRange{from, s})
	}
	return out
}

// Lines returns the lines of a dialect's op table (bytecode.OpTable:
// one line per op and range of releases with the same layout) and the
// native property forms its lines refer to by index: each the form that
// holds at the line's releases, then the forms of other releases, which
// its writer also converts from (builtin.EitherProp).
func Lines(ops []*defs.Op) (lines []string, natives [][]*defs.NativeProperty) {
	nativeIndex := map[string]int{}
	// Ops by the name of their C++ class, which ODS's
	// SingleBlockImplicitTerminator<ModuleEndOp> gives (the op's Go
	// wrapper has the same name).
	opNames := map[string]string{}
	for _, o := range ops {
		opNames[o.GoName] = o.Name
	}
	for _, o := range ops {
		ranges := schemaRanges(o, opNames)
		for i, r := range ranges {
			if r.schema == nil {
				continue
			}
			to := 0
			if i > 0 {
				to = ranges[i-1].from - 1
			}
			lines = append(lines, schemaLine(o.Name, r.from, to, r.schema, func(forms []*defs.NativeProperty) int {
				key := NativeExpr(forms)
				k, ok := nativeIndex[key]
				if !ok {
					k = len(natives)
					nativeIndex[key] = k
					natives = append(natives, forms)
				}
				return k
			}))
		}
	}
	return lines, natives
}

// NativeExpr is the Go expression of a native property's forms: a
// constructor of dialects/builtin, the key that tells forms apart.
func NativeExpr(forms []*defs.NativeProperty) string {
	if len(forms) == 1 {
		return nativeProp(forms[0])
	}
	var args []string
	for _, p := range forms {
		args = append(args, nativeProp(p))
	}
	return "builtin.EitherProp(" + strings.Join(args, ", ") + ")"
}

// sameSchema reports whether two schemas write the same table line (native
// properties compare by their forms' expressions).
func sameSchema(a, b *schema) bool {
	if a == nil || b == nil {
		return a == b
	}
	index := map[string]int{}
	key := func(forms []*defs.NativeProperty) int {
		e := NativeExpr(forms)
		if _, ok := index[e]; !ok {
			index[e] = len(index)
		}
		return index[e]
	}
	return schemaLine("", 0, 0, a, key) == schemaLine("", 0, 0, b, key)
}

// schemaLine is one line of the op table: the op, its releases (from, to;
// 0 for no bound), flags and properties.
func schemaLine(op string, from, to int, s *schema, native func([]*defs.NativeProperty) int) string {
	parts := []string{op}
	if from != 0 || to != 0 {
		r := "@"
		if from != 0 {
			r += fmt.Sprint(from)
		}
		r += "-"
		if to != 0 {
			r += fmt.Sprint(to)
		}
		parts = append(parts, r)
	}
	flag := func(name string, on bool) {
		if on {
			parts = append(parts, "+"+name)
		}
	}
	if s.name != "" {
		parts = append(parts, "+name="+s.name)
	}
	flag("isolated", s.isolated)
	flag("graph", s.graph)
	flag("terminator", s.terminator)
	flag("noterminator", s.noTerminator)
	flag("symbol", s.symbol)
	flag("symboltable", s.symbolTable)
	parts = append(parts, "+counts="+s.counts)
	if len(s.oneBlock) > 0 {
		idx := make([]string, len(s.oneBlock))
		for i, r := range s.oneBlock {
			idx[i] = fmt.Sprint(r)
		}
		parts = append(parts, "+oneblock="+strings.Join(idx, ","))
	}
	if len(s.parents) > 0 {
		parts = append(parts, "+parents="+strings.Join(s.parents, ","))
	}
	if s.declaration != "" {
		parts = append(parts, "+declaration="+s.declaration)
	}
	if s.implicit != "" {
		parts = append(parts, "+implicit="+s.implicit)
	}
	ids := func(flag string, ids []int) {
		if len(ids) > 0 {
			idx := make([]string, len(ids))
			for i, id := range ids {
				idx[i] = fmt.Sprint(id)
			}
			parts = append(parts, flag+strings.Join(idx, ","))
		}
	}
	flag("unknowngroups", s.unknownGroups)
	if s.operandSeg {
		parts = append(parts, fmt.Sprintf("+operands=%d", s.operandGroups))
		ids("+operandids=", s.operandIDs)
	}
	if s.resultSeg {
		parts = append(parts, fmt.Sprintf("+results=%d", s.resultGroups))
		ids("+resultids=", s.resultIDs)
	}
	for _, a := range s.absent {
		r := "-" + a.name + "@"
		if a.from != 0 {
			r += fmt.Sprint(a.from)
		}
		r += "-"
		if a.to != 0 {
			r += fmt.Sprint(a.to)
		}
		parts = append(parts, r)
	}
	for _, p := range s.props {
		switch {
		case p.native != nil:
			parts = append(parts, fmt.Sprintf("%s!%d", p.name, native(p.native)))
		case p.optional:
			parts = append(parts, p.name+"?")
		default:
			parts = append(parts, p.name)
		}
	}
	return strings.Join(parts, " ")
}

// countsAt is how many operands, results, regions and successors the op
// has at a release, as MLIR's verifier checks them: "O/R/G/S", each N
// (exactly), N-M (optional groups) or N+ (a variadic group); and which of
// its regions hold exactly one block (single_block, by index).
func countsAt(o *defs.Op, release int) (counts string, oneBlock []int) {
	count := func(n, optional int, variadic bool) string {
		switch {
		case variadic:
			return fmt.Sprintf("%d+", n)
		case optional > 0:
			return fmt.Sprintf("%d-%d", n, n+optional)
		}
		return fmt.Sprint(n)
	}
	// Each group as its kind says: present at the release, variadic,
	// optional.
	type group struct{ present, variadic, optional bool }
	counted := func(gs []group) string {
		n, optional, variadic := 0, 0, false
		for _, g := range gs {
			switch {
			case !g.present:
			case g.variadic:
				variadic = true
			case g.optional:
				optional++
			default:
				n++
			}
		}
		return count(n, optional, variadic)
	}
	operands := func(gs []*defs.Operand) string {
		out := make([]group, len(gs))
		for i, g := range gs {
			out[i] = group{g.AtLLVM(release), g.Variadic, g.Optional}
		}
		return counted(out)
	}
	var regions, successors []group
	for _, r := range o.Regions {
		if !r.AtLLVM(release) {
			continue
		}
		if r.SingleBlock && !r.Variadic {
			oneBlock = append(oneBlock, len(regions)) // its index at the release
		}
		regions = append(regions, group{true, r.Variadic, false})
	}
	for _, s := range o.Successors {
		successors = append(successors, group{s.AtLLVM(release), s.Variadic, false})
	}
	counts = operands(o.Operands) + "/" + operands(o.Results) + "/" + counted(regions) + "/" + counted(successors)
	return counts, oneBlock
}
