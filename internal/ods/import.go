package ods

import (
	"fmt"
	"go/token"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
)

// Release is the records of one LLVM release.
type Release struct {
	LLVM    int // the major release, e.g. 22
	Records *Records
}

// Options says what to import.
type Options struct {
	Dialect string // the dialect's namespace, e.g. "func"
	Package string // the Go package name; default: the namespace without underscores
	Summary string // the definition's summary; default: one naming the dialect
}

// Import reads the ops of one dialect from the records of several releases
// and returns its definition file.
func Import(opts Options, releases []Release) ([]byte, error) {
	if len(releases) == 0 {
		return nil, fmt.Errorf("no releases to import")
	}
	rels := slices.Clone(releases)
	sort.Slice(rels, func(i, j int) bool { return rels[i].LLVM < rels[j].LLVM })
	for i := 1; i < len(rels); i++ {
		if rels[i].LLVM == rels[i-1].LLVM {
			return nil, fmt.Errorf("release %d given twice", rels[i].LLVM)
		}
	}
	perRelease := make([]map[string]*opFacts, len(rels))
	for i, r := range rels {
		ops, err := dialectOps(r.Records, opts.Dialect)
		if err != nil {
			return nil, fmt.Errorf("llvm %d: %v", r.LLVM, err)
		}
		if len(ops) == 0 {
			return nil, fmt.Errorf("llvm %d: the records have no op of dialect %q", r.LLVM, opts.Dialect)
		}
		perRelease[i] = ops
	}
	ops, err := mergeOps(llvmReleases(rels), perRelease)
	if err != nil {
		return nil, err
	}
	return writeYAML(opts, rels, ops), nil
}

func llvmReleases(rels []Release) []int {
	out := make([]int, len(rels))
	for i, r := range rels {
		out[i] = r.LLVM
	}
	return out
}

// opFacts is what one release's records say about one op.
type opFacts struct {
	name       string
	summary    string // one line, for the generated doc comment
	file       string // the .td file that defines it
	traits     []part
	operands   []part
	results    []part
	attributes []part
	regions    []part
	successors []part
	properties bool // the dialect stores inherent attributes as properties
}

// part is one named element of an op at one release: an operand or result
// group, an attribute, a region, a successor or a trait.
type part struct {
	name        string
	constraint  string // the ODS constraint, informational
	dflt        string // an attribute's default value (C++), informational
	variadic    bool
	optional    bool
	singleBlock bool
}

// shape is what must not change between releases for a part to be the same
// part: the generated accessors and wire layouts depend on it.
func (p part) shape() string {
	return fmt.Sprintf("variadic=%v optional=%v single_block=%v", p.variadic, p.optional, p.singleBlock)
}

// dialectOps returns the facts of every op of the dialect, by op name.
func dialectOps(rs *Records, dialect string) (map[string]*opFacts, error) {
	out := map[string]*opFacts{}
	for _, name := range rs.InstancesOf("Op") {
		r, err := rs.rec(name)
		if err != nil {
			return nil, err
		}
		d, err := rs.rec(r.def("opDialect"))
		if err != nil {
			return nil, fmt.Errorf("op %s: %v", name, err)
		}
		if d.str("name") != dialect {
			continue
		}
		op, err := opFactsOf(rs, r)
		if err != nil {
			return nil, fmt.Errorf("op %s.%s (%s): %v", dialect, r.str("opName"), name, err)
		}
		props, _ := d.num("usePropertiesForAttributes")
		op.properties = props != 0
		if prev, ok := out[op.name]; ok {
			return nil, fmt.Errorf("op %s.%s is defined twice (%s, %s)", dialect, op.name, prev.file, op.file)
		}
		out[op.name] = op
	}
	return out, nil
}

func opFactsOf(rs *Records, r record) (*opFacts, error) {
	op := &opFacts{name: r.str("opName"), summary: strings.Join(strings.Fields(r.str("summary")), " ")}
	if op.name == "" {
		return nil, fmt.Errorf("no opName")
	}
	op.file = fileOf(r)
	if n, _ := r.num("useCustomPropertiesEncoding"); n != 0 {
		return nil, fmt.Errorf("uses a custom properties encoding, which a definition cannot describe")
	}
	var traits []string
	for _, t := range r.defs("traits") {
		var err error
		if traits, err = rs.traitNames(t, traits); err != nil {
			return nil, err
		}
	}
	for _, t := range traits {
		if !slices.ContainsFunc(op.traits, func(p part) bool { return p.name == t }) {
			op.traits = append(op.traits, part{name: t})
		}
	}
	err := eachArg(rs, r, "arguments", func(i int, a dagArg, c record) error {
		switch {
		case c.isa("DerivedAttr"):
			// Computed from the op, never stored.
		case c.isa("Attr"):
			if a.name == "" {
				return fmt.Errorf("argument %d: an attribute without a name", i)
			}
			p := part{name: a.name, constraint: rs.constraintName(c.name), dflt: c.str("defaultValue")}
			opt, _ := c.num("isOptional")
			p.optional = opt != 0 || p.dflt != "" || p.constraint == "UnitAttr"
			if p.constraint == "UnitAttr" {
				p.dflt = "" // "false": absent; not a value anyone materializes
			}
			op.attributes = append(op.attributes, p)
		case c.isa("Property") || c.isa("PropConstraint"):
			return fmt.Errorf("argument %q is a native property (%s); importing native properties is not supported yet", a.name, rs.constraintName(c.name))
		case c.isa("TypeConstraint"):
			op.operands = append(op.operands, valuePart(rs, c, a.name))
		default:
			return fmt.Errorf("argument %q: %s is neither an attribute, a property nor a type constraint", a.name, c.name)
		}
		return nil
	})
	if err == nil {
		err = eachArg(rs, r, "results", func(_ int, a dagArg, c record) error {
			if !c.isa("TypeConstraint") {
				return fmt.Errorf("result %q: %s is not a type constraint", a.name, c.name)
			}
			op.results = append(op.results, valuePart(rs, c, a.name))
			return nil
		})
	}
	if err == nil {
		err = eachArg(rs, r, "regions", func(_ int, a dagArg, c record) error {
			p := part{name: a.name, constraint: rs.constraintName(c.name), variadic: c.isa("VariadicRegion")}
			p.singleBlock = !p.variadic && rs.singleBlock(c)
			op.regions = append(op.regions, p)
			return nil
		})
	}
	if err == nil {
		err = eachArg(rs, r, "successors", func(_ int, a dagArg, c record) error {
			op.successors = append(op.successors, part{name: a.name, constraint: rs.constraintName(c.name), variadic: c.isa("VariadicSuccessor")})
			return nil
		})
	}
	if err != nil {
		return nil, err
	}
	nameUnnamed(op.operands, "operand")
	nameUnnamed(op.results, "result")
	nameUnnamed(op.regions, "region")
	nameUnnamed(op.successors, "successor")
	return op, nil
}

// eachArg calls fn with each argument of a dag field of an op (arguments,
// results, regions, successors) and the constraint it names, Arg<> and
// Res<> wrappers removed.
func eachArg(rs *Records, r record, key string, fn func(i int, a dagArg, c record) error) error {
	args, err := r.dag(key)
	if err != nil {
		return err
	}
	for i, a := range args {
		c, err := rs.unwrap(a.def)
		if err != nil {
			return err
		}
		if err := fn(i, a, c); err != nil {
			return err
		}
	}
	return nil
}

// fileOf is the base name of the .td file an op record comes from.
func fileOf(r record) string {
	locs := r.strs("!locs")
	if len(locs) == 0 {
		return ""
	}
	file, _, _ := strings.Cut(locs[0], ":")
	return path.Base(file)
}

// valuePart describes an operand or result group.
func valuePart(rs *Records, c record, name string) part {
	return part{
		name:       name,
		constraint: rs.constraintName(c.name),
		variadic:   c.isa("Variadic"), // VariadicOfVariadic is a Variadic: one flat group
		optional:   c.isa("Optional"),
	}
}

// nameUnnamed names unnamed groups (func.constant's result) the way a
// reader would refer to them: "result" ("results" when variadic), or
// "result1" when there are several groups.
func nameUnnamed(list []part, what string) {
	for i := range list {
		switch {
		case list[i].name != "":
		case len(list) > 1:
			list[i].name = fmt.Sprintf("%s%d", what, i)
		case list[i].variadic:
			list[i].name = what + "s"
		default:
			list[i].name = what
		}
	}
}

// mergedOp is an op across releases.
type mergedOp struct {
	name    string
	summary string // the newest release's
	file    string
	span
	properties span // the releases whose dialect stores properties
	traits     []*mergedPart
	operands   []*mergedPart
	results    []*mergedPart
	attributes []*mergedPart
	regions    []*mergedPart
	successors []*mergedPart
}

// span is the releases (indexes into the imported releases) an element is
// in; an element is in every release from first to last.
type span struct{ first, last int }

// mergedPart is a part across the releases of its op.
type mergedPart struct {
	part // as the newest release that has it says
	span
	seen []bool
}

func mergeOps(rels []int, perRelease []map[string]*opFacts) ([]*mergedOp, error) {
	names := map[string]bool{}
	for _, ops := range perRelease {
		for n := range ops {
			names[n] = true
		}
	}
	var out []*mergedOp
	for _, name := range slices.Sorted(maps.Keys(names)) {
		present := make([]bool, len(rels))
		facts := make([]*opFacts, len(rels))
		for i, ops := range perRelease {
			facts[i], present[i] = ops[name], ops[name] != nil
		}
		s, err := spanOf(present, rels)
		if err != nil {
			return nil, fmt.Errorf("op %s: %v", name, err)
		}
		m := &mergedOp{name: name, span: s, file: facts[s.last].file, summary: facts[s.last].summary}
		props := make([]bool, len(rels))
		for i := s.first; i <= s.last; i++ {
			props[i] = facts[i].properties
		}
		if slices.Contains(props, true) {
			if m.properties, err = spanOf(props, rels); err != nil || m.properties.last != s.last {
				return nil, fmt.Errorf("op %s: the dialect stops storing properties in a later release", name)
			}
		} else {
			m.properties = span{-1, -1}
		}
		kinds := []struct {
			what       string
			dst        *[]*mergedPart
			get        func(*opFacts) []part
			positional bool
		}{
			{"trait", &m.traits, func(o *opFacts) []part { return o.traits }, false},
			{"operand", &m.operands, func(o *opFacts) []part { return o.operands }, true},
			{"result", &m.results, func(o *opFacts) []part { return o.results }, true},
			{"attribute", &m.attributes, func(o *opFacts) []part { return o.attributes }, false},
			{"region", &m.regions, func(o *opFacts) []part { return o.regions }, true},
			{"successor", &m.successors, func(o *opFacts) []part { return o.successors }, true},
		}
		for _, k := range kinds {
			lists := make([][]part, len(rels))
			for i := s.first; i <= s.last; i++ {
				lists[i] = k.get(facts[i])
			}
			if *k.dst, err = mergeParts(rels, s, lists, k.positional); err != nil {
				return nil, fmt.Errorf("op %s: %s %v", name, k.what, err)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// spanOf checks that an element is in consecutive releases and returns
// them.
func spanOf(present []bool, rels []int) (span, error) {
	first, last := slices.Index(present, true), len(present)-1
	for !present[last] {
		last--
	}
	for i := first; i <= last; i++ {
		if !present[i] {
			return span{}, fmt.Errorf("is in llvm %d and %d but not in llvm %d, which since/until cannot say", rels[first], rels[last], rels[i])
		}
	}
	return span{first, last}, nil
}

// mergeParts merges one kind of part of an op over the releases of the op
// (s). The result is in the newest release's order, with parts that later
// releases dropped inserted after the part they followed. Positional parts
// (operands, results, regions, successors) must keep their relative order.
func mergeParts(rels []int, s span, lists [][]part, positional bool) ([]*mergedPart, error) {
	var order []*mergedPart
	find := func(name string) int {
		return slices.IndexFunc(order, func(m *mergedPart) bool { return m.name == name })
	}
	for i := s.last; i >= s.first; i-- {
		prev := -1
		seen := map[string]bool{}
		for _, p := range lists[i] {
			if seen[p.name] {
				return nil, fmt.Errorf("%q appears twice in llvm %d", p.name, rels[i])
			}
			seen[p.name] = true
			at := find(p.name)
			if at < 0 {
				at = prev + 1
				m := &mergedPart{part: p, seen: make([]bool, len(rels))}
				order = slices.Insert(order, at, m)
			}
			m := order[at]
			if m.shape() != p.shape() {
				return nil, fmt.Errorf("%q changes between releases (llvm %d: %s; llvm %d: %s), which the definitions cannot say", p.name, rels[i], p.shape(), rels[m.span.last], m.shape())
			}
			if positional && at < prev {
				return nil, fmt.Errorf("%q moves between releases (llvm %d has another order)", p.name, rels[i])
			}
			m.seen[i] = true
			prev = max(prev, at)
		}
	}
	for _, m := range order {
		sp, err := spanOf(m.seen, rels)
		if err != nil {
			return nil, fmt.Errorf("%q %v", m.name, err)
		}
		m.span = sp
	}
	return order, nil
}

// DefaultPackage is the Go package name of a dialect: its namespace without
// underscores, with "dialect" appended when that is a Go keyword (func).
func DefaultPackage(dialect string) string {
	p := strings.ReplaceAll(dialect, "_", "")
	if token.IsKeyword(p) {
		p += "dialect"
	}
	return p
}
