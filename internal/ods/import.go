package ods

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
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
	// OpsPackage, when set, puts the op wrappers and builders into a
	// package of that name below the dialect's (go.ops_package).
	OpsPackage string
	// Reimport is the command the file's header names to import it
	// again; default: make import-ods.
	Reimport string
	// Older, when set, is a release older than those imported whose
	// records are too different to merge (LLVM 16), consulted only for
	// which ops and op attributes it has: what it lacks gets since the
	// oldest imported release, so that writers refuse it for Older's
	// release.
	Older *Release
}

// Import reads one dialect from the records of several releases (its ops,
// attributes, types, enums and bytecode encodings) and returns its
// definition file. The definition covers the releases that define the
// dialect, which must be consecutive.
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
	present := make([]bool, len(rels))
	for i, r := range rels {
		present[i] = r.Records.hasDialect(opts.Dialect)
	}
	if !slices.Contains(present, true) {
		return nil, fmt.Errorf("the records of llvm %s have no dialect %q", andList(func() []string {
			var s []string
			for _, r := range rels {
				s = append(s, fmt.Sprint(r.LLVM))
			}
			return s
		}()), opts.Dialect)
	}
	s, err := spanOf(present, llvmReleases(rels))
	if err != nil {
		return nil, fmt.Errorf("dialect %s %v", opts.Dialect, err)
	}
	// A dialect the oldest or newest releases given lack, or that an older
	// release's records lack, bounds all it defines (mlir-opt --show-dialects:
	// LLVM 16 has no ub or xegpu, 19 no smt, 22 no mesh).
	var within [][2]string
	if s.first > 0 || opts.Older != nil && opts.Older.LLVM < rels[0].LLVM && !opts.Older.Records.hasDialect(opts.Dialect) {
		within = append(within, [2]string{"since", fmt.Sprintf("llvm %d", rels[s.first].LLVM)})
	}
	if s.last < len(rels)-1 {
		within = append(within, [2]string{"until", fmt.Sprintf("llvm %d", rels[s.last].LLVM)})
	}
	rels = rels[s.first : s.last+1]
	perRelease := make([]map[string]*opFacts, len(rels))
	facts := make([]*dialectFacts, len(rels))
	for i, r := range rels {
		ops, err := dialectOps(r.Records, opts.Dialect)
		if err != nil {
			return nil, fmt.Errorf("llvm %d: %v", r.LLVM, err)
		}
		perRelease[i] = ops
		if facts[i], err = r.Records.dialectFacts(opts.Dialect, opEnums(ops)); err != nil {
			return nil, fmt.Errorf("llvm %d: dialect %s: %v", r.LLVM, opts.Dialect, err)
		}
	}
	olderNames := renameOps(llvmReleases(rels), perRelease, withSameRecordRenames(renamedOps[opts.Dialect], perRelease))
	ops, err := mergeOps(llvmReleases(rels), perRelease, renamedGroups[opts.Dialect])
	if err != nil {
		return nil, err
	}
	for _, m := range ops {
		m.olderName = olderNames[m.name]
	}
	d, err := mergeDialect(llvmReleases(rels), facts)
	if err != nil {
		return nil, fmt.Errorf("dialect %s: %v", opts.Dialect, err)
	}
	d.name = opts.Dialect
	if o := opts.Older; o != nil && o.LLVM < rels[0].LLVM && o.Records.hasDialect(opts.Dialect) {
		if err := markAbsentOlder(o.Records, o.LLVM, opts.Dialect, ops); err != nil {
			return nil, fmt.Errorf("llvm %d: %v", o.LLVM, err)
		}
		if err := markReshapedOlder(o.Records, opts.Dialect, d); err != nil {
			return nil, fmt.Errorf("llvm %d: %v", o.LLVM, err)
		}
		markOlderFacts(opts.Dialect, d)
	}
	for _, m := range ops {
		m.within = within
	}
	for _, m := range slices.Concat(d.attrs, d.types) {
		m.within = within
	}
	return writeYAML(opts, rels, ops, d), nil
}

// markAbsentOlder marks the ops and op attributes of the oldest imported
// release that an older one lacks (absentOlder), by name, the parent
// restrictions it did not have (parentsOlder) and the constraints it gave
// op attributes otherwise (olderConstraint). Attributes and
// types are not marked: an older release defined some in C++, outside
// its records (LLVM 16's quant types, !transform.any_op). Nor is an op
// attribute the older op's C++ names as a string ("map" of LLVM 16's
// affine.load, an inherent attribute its ODS arguments do not list).
func markAbsentOlder(rs *Records, olderLLVM int, dialect string, ops []*mergedOp) error {
	older, err := dialectOps(rs, dialect)
	if err != nil {
		return err
	}
	current := map[string]bool{}
	for _, m := range ops {
		current[m.name] = true
	}
	for _, m := range ops {
		if m.span.first != 0 {
			continue
		}
		o := older[m.name]
		if o == nil && m.olderName.name != "" {
			o = older[m.olderName.name] // renamed after the older release too
		}
		if old := olderOpNames[dialect][m.name]; o == nil && older[old] != nil {
			o, m.olderName = older[old], olderOpName{old, olderLLVM}
		}
		if old := renamedRecord(older, m, current); o == nil && old != nil {
			o, m.olderName = old, olderOpName{old.name, olderLLVM}
		}
		if o == nil {
			m.absentOlder = true
			continue
		}
		if m.parents != nil && m.parentSpan.first == 0 && !parentsCover(m.parents, o.parents) {
			m.parentsOlder = true
		}
		for _, t := range m.traits {
			// Only the traits the bytecode depends on are compared: others
			// an older release may spell otherwise. IsolatedFromAbove is
			// written with every region list (LLVM 16's irdl.dialect
			// lacks it).
			if t.name == "IsolatedFromAbove" && t.span.first == 0 && !slices.ContainsFunc(o.traits, func(q part) bool { return q.name == t.name }) {
				t.absentOlder = true
			}
		}
		regroupedOperands := markAbsentGroups(m, o, "AttrSizedOperandSegments", m.operands, o.operands, renamedGroups[dialect])
		if markAbsentGroups(m, o, "AttrSizedResultSegments", m.results, o.results, renamedGroups[dialect]) || regroupedOperands {
			m.unknownGroupsUntil = olderLLVM
		}
		r, err := rs.rec(o.record)
		if err != nil {
			return err
		}
		for _, p := range m.attributes {
			if p.span.first != 0 {
				continue
			}
			i := slices.IndexFunc(o.attributes, func(q part) bool { return q.name == p.name })
			switch {
			case i < 0 && !r.namesString(p.name):
				p.absentOlder = true
			case i >= 0 && len(p.props) == 0 && len(o.attributes[i].props) == 0 && o.attributes[i].constraint != p.constraintAt[0]:
				p.olderConstraint, p.olderLLVM = o.attributes[i].constraint, olderLLVM
			case i >= 0 && len(p.props) == 0 && p.populatedAt != nil && p.populatedAt[0] && o.attributes[i].populated && sameDefault(o.attributes[i].dflt, p.dflt):
				p.populatedOlder = olderLLVM
			}
		}
	}
	return nil
}

// markAbsentGroups marks the operand or result groups (parts) of an op
// with segment sizes (trait) that the older release o lacks: the sizes
// are written one per group, so its layout must leave those out (LLVM
// 16's gpu.launch_func has 9 operand groups, 19's 13). Only where o's
// groups (by the names renamed gives them later) are those of the oldest
// imported release less some, in the same order. Groups of the same count
// otherwise named are taken as renamed in place; regrouped reports groups
// of another count that cannot be paired (unknown_groups_until).
func markAbsentGroups(m *mergedOp, o *opFacts, trait string, parts []*mergedPart, older []part, renamed map[string]string) (regrouped bool) {
	newer := slices.ContainsFunc(m.traits, func(t *mergedPart) bool { return t.name == trait && t.span.first == 0 })
	if !newer || !slices.ContainsFunc(o.traits, func(t part) bool { return t.name == trait }) {
		return false
	}
	oldest := orderAt(parts, 0)
	if oldest == nil {
		for _, p := range parts {
			if p.seen[0] {
				oldest = append(oldest, p.name)
			}
		}
	}
	// The older release's names, as the merged groups have them (a
	// group renamed in a later release: renamedGroups).
	names := make([]string, len(older))
	for i, q := range older {
		if names[i] = q.name; renamed[q.name] != "" {
			names[i] = renamed[q.name]
		}
	}
	j := 0
	for _, n := range oldest {
		if j < len(names) && names[j] == n {
			j++
		}
	}
	if j != len(names) {
		return len(names) != len(oldest) // which group is which, the records do not say
	}
	for _, p := range parts {
		if p.seen[0] && !slices.Contains(names, p.name) {
			p.absentOlder = true
		}
	}
	return false
}

// markReshapedOlder marks the attributes and types of the oldest imported
// release that an older one defines with parameters a value cannot carry
// over (absentOlder): one that either release requires and the other
// lacks. LLVM 16's #sparse_tensor.encoding required dimLevelType where
// 19's requires lvlTypes, and no rule converts one to the other; 16's
// !llvm.ptr had an optional pointee type beside the address space, so
// 19's, which has only the address space, is not marked. Those the older
// records lack are not marked either: it may have defined them in C++.
func markReshapedOlder(rs *Records, dialect string, d *mergedDialect) error {
	older, err := rs.dialectDefs(dialect)
	if err != nil {
		return err
	}
	required := func(p paramFacts) bool { return !p.optional && p.def == "" }
	for _, m := range slices.Concat(d.attrs, d.types) {
		o := older[m.name]
		if m.span.first != 0 || o == nil || o.isType != m.isType {
			continue
		}
		olderHas := map[string]bool{}
		for _, p := range o.params {
			olderHas[p.name] = true
		}
		has := map[string]bool{}
		for _, p := range m.params {
			if p.span.first == 0 {
				has[p.name] = true
				m.absentOlder = m.absentOlder || !olderHas[p.name] && required(m.param[p.name])
			}
		}
		for _, p := range o.params {
			m.absentOlder = m.absentOlder || !has[p.name] && required(p)
		}
	}
	return nil
}

// sameDefault reports whether two releases' C++ defaults name the same
// value, one perhaps qualified further (LLVM 16's FastMathFlags::none,
// 19's ::mlir::arith::FastMathFlags::none).
func sameDefault(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a == b || strings.HasSuffix(a, "::"+b) || strings.HasSuffix(b, "::"+a)
}

// withinBounds adds to an element's since and until those of its dialect
// (within) that it lacks.
func withinBounds(kvs, within [][2]string) [][2]string {
	for _, w := range within {
		if !slices.ContainsFunc(kvs, func(kv [2]string) bool { return kv[0] == w[0] }) {
			kvs = append(kvs, w)
		}
	}
	slices.SortStableFunc(kvs, func(a, b [2]string) int { return cmp.Compare(boundOrder[a[0]], boundOrder[b[0]]) })
	return kvs
}

// boundOrder writes since before until.
var boundOrder = map[string]int{"since": 0, "until": 1}

// parentsCover reports whether the parents newer allows include every
// one older allows (nil: any op).
func parentsCover(newer, older []string) bool {
	if older == nil {
		return false
	}
	for _, p := range older {
		if !slices.Contains(newer, p) {
			return false
		}
	}
	return true
}

// namesString reports whether any of the record's text fields (its C++)
// holds s as a string literal.
func (r record) namesString(s string) bool {
	lit := strconv.Quote(s)
	for _, raw := range r.fields {
		var text string
		if json.Unmarshal(raw, &text) == nil && strings.Contains(text, lit) {
			return true
		}
	}
	return false
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
	record     string // the record's name, ODS's C++ class name after the dialect prefix
	summary    string // one line, for the generated doc comment
	file       string // the .td file that defines it
	traits     []part
	operands   []part
	results    []part
	attributes []part
	regions    []part
	successors []part
	properties bool // the dialect stores inherent attributes as properties
	// declaration says when the op, a symbol, declares rather than
	// defines it (its isDeclaration): "without_body", "always" or "".
	declaration string
	// parents are the ops that may hold it (HasParent, ParentOneOf), by
	// name; nil for any.
	parents []string
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
	// enum is the C++ enum (namespace::Class) whose values an attribute
	// holds as integers, alone or in an array; populated says that the
	// attribute is default-valued and not optional (DefaultValuedAttr):
	// parsers and builders fill in the default where it is absent.
	enum      string
	populated bool
	// props is the native property (ODS Property<>) an attribute part
	// stands for, nil for an attribute; after merging, one per run of
	// releases with the same wire and attribute form.
	props []*nativeProp
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

// isDeclarationRE matches the C++ of SymbolOpInterface's isDeclaration
// that ops give: a declaration when the body is empty (isExternal), or
// always.
var isDeclarationRE = regexp.MustCompile(`bool\s+isDeclaration\(\)\s*(?:const\s*)?\{\s*return\s+(isExternal\(\)|true)\s*;\s*\}`)

// declarationOf reads when an op declares its symbol from its
// extraClassDeclaration. MLIR refuses a public declaration; C++ the
// importer cannot read is an error rather than a rule lost. An op that
// answers its visibility in C++ rather than from sym_visibility gets no
// rule, as the writers could not check it: WasmSSA's imports declare
// always, and are always nested (mlir-opt-22 takes them without
// sym_visibility).
func declarationOf(cpp string) (string, error) {
	if !strings.Contains(cpp, "isDeclaration") || strings.Contains(cpp, "getVisibility()") {
		return "", nil
	}
	m := isDeclarationRE.FindStringSubmatch(cpp)
	switch {
	case m == nil:
		return "", fmt.Errorf("isDeclaration: C++ the importer does not read")
	case m[1] == "true":
		return "always", nil
	}
	return "without_body", nil
}

// builtinClasses are the builtin ops that ops name as parents: builtin's
// records are not among those imported (builtin.yaml is written by hand).
var builtinClasses = map[string]string{"mlir::ModuleOp": "builtin.module"}

// opOfClass finds the op of C++ class c as code in namespace ns names it
// (c unqualified or qualified, relative to ns or to the global one).
func (rs *Records) opOfClass(c, ns string) (string, error) {
	if rs.opClasses == nil {
		rs.opClasses = maps.Clone(builtinClasses)
		for _, name := range rs.InstancesOf("Op") {
			r, err := rs.rec(name)
			if err != nil {
				return "", err
			}
			d, err := rs.rec(r.def("opDialect"))
			if err != nil {
				return "", err
			}
			// A record renamed apart from another dump's keeps its name
			// in !name (see ParseAll).
			def := name
			if n := r.str("!name"); n != "" {
				def = n
			}
			rs.opClasses[strings.Trim(rs.opNamespace(r), ":")+"::"+opClassName(def)] = d.str("name") + "." + r.str("opName")
		}
	}
	if abs, ok := strings.CutPrefix(c, "::"); ok {
		if op, ok := rs.opClasses[abs]; ok {
			return op, nil
		}
		return "", fmt.Errorf("HasParent: no op of class %s", c)
	}
	// C++ looks in the namespace of the op, then in each enclosing one.
	parts := strings.Split(strings.Trim(ns, ":"), "::")
	for i := len(parts); i >= 0; i-- {
		if op, ok := rs.opClasses[strings.Join(append(slices.Clone(parts[:i]), c), "::")]; ok {
			return op, nil
		}
	}
	return "", fmt.Errorf("HasParent: no op of class %s seen from %s", c, ns)
}

// opNameLiteral is dflt, or, where dflt is an op class's
// getOperationName() (transform.structured.pad's copy_back_op), the
// C++ string literal of that op's name, which is what it evaluates to:
// the definitions then hold a default the generator can build. An
// unknown class leaves dflt as it is.
func (rs *Records) opNameLiteral(dflt, ns string) string {
	class, ok := strings.CutSuffix(strings.TrimSpace(dflt), "::getOperationName()")
	if !ok {
		return dflt
	}
	name, err := rs.opOfClass(class, ns)
	if err != nil {
		return dflt
	}
	return strconv.Quote(name)
}

// opNamespace is the C++ namespace of the op of record r: its own, or its
// dialect's.
func (rs *Records) opNamespace(r record) string {
	if ns := r.str("cppNamespace"); ns != "" {
		return ns
	}
	if d, err := rs.rec(r.def("opDialect")); err == nil {
		return d.str("cppNamespace")
	}
	return ""
}

// opClassName is the C++ class of the op of an ODS record: the record's
// name after its dialect prefix (Func_ReturnOp: ReturnOp).
func opClassName(record string) string {
	prefix, class, _ := strings.Cut(record, "_")
	switch {
	case prefix == "":
		return record
	case class == "":
		return prefix
	}
	return class
}

func opFactsOf(rs *Records, r record) (*opFacts, error) {
	op := &opFacts{name: r.str("opName"), record: r.name, summary: strings.Join(strings.Fields(r.str("summary")), " ")}
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
		if classes, ok := strings.CutPrefix(t, "HasParent<"); ok {
			for _, c := range strings.Split(strings.TrimSuffix(classes, ">"), ",") {
				name, err := rs.opOfClass(strings.TrimSpace(c), rs.opNamespace(r))
				if err != nil {
					return nil, err
				}
				op.parents = append(op.parents, name)
			}
		}
	}
	var err error
	if op.declaration, err = declarationOf(r.str("extraClassDeclaration")); err != nil {
		return nil, err
	}
	err = eachArg(rs, r, "arguments", func(i int, a dagArg, c record) error {
		switch {
		case c.isa("DerivedAttr"):
			// Computed from the op, never stored.
		case c.isa("Attr"):
			if a.name == "" {
				return fmt.Errorf("argument %d: an attribute without a name", i)
			}
			p := part{name: a.name, constraint: rs.constraintName(c.name), dflt: rs.opNameLiteral(c.str("defaultValue"), rs.opNamespace(r))}
			if call := c.str("constBuilderCall"); p.dflt != "" && call != "" && !strings.Contains(call, "$0") {
				// A builder that takes no value builds the default
				// whatever ODS's default says: ub.poison's "{}" is
				// #ub.poison.
				p.dflt = call
			}
			opt, _ := c.num("isOptional")
			p.optional = opt != 0 || p.dflt != "" || p.constraint == "UnitAttr"
			p.populated = opt == 0 && p.dflt != "" && p.constraint != "UnitAttr"
			p.enum = rs.intEnumOf(c)
			if p.constraint == "UnitAttr" {
				p.dflt = "" // "false": absent; not a value anyone materializes
			}
			op.attributes = append(op.attributes, p)
		case c.isa("Property") || c.isa("PropConstraint"):
			np, err := rs.nativeProperty(c)
			if err != nil {
				return fmt.Errorf("argument %q, a native property (%s): %v", a.name, rs.constraintName(c.name), err)
			}
			p := part{name: a.name, constraint: rs.constraintName(c.name), optional: np.dflt != "" || np.form == "optional_int"}
			p.props = []*nativeProp{np}
			op.attributes = append(op.attributes, p)
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

// intEnumOf names the C++ enum an attribute constraint stores as
// integers (I64EnumAttr and the like), directly or as the elements of a
// typed array; "" for any other.
func (rs *Records) intEnumOf(c record) string {
	for range 4 {
		switch {
		case c.isa("EnumAttrInfo") && !c.isa("AttrDef"):
			return strings.TrimPrefix(c.str("cppNamespace"), "::") + "::" + c.str("className")
		case c.anonymous() && c.def("baseAttr") != "":
			// DefaultValuedAttr, OptionalAttr and the like around it.
			b, err := rs.rec(c.def("baseAttr"))
			if err != nil {
				return ""
			}
			c = b
		case c.isa("TypedArrayAttrBase"):
			e, err := rs.rec(c.def("elementAttr"))
			if err != nil {
				return ""
			}
			c = e
		default:
			return ""
		}
	}
	return ""
}

// opEnums lists the C++ enums the ops' attributes hold as integers.
func opEnums(ops map[string]*opFacts) map[string]bool {
	out := map[string]bool{}
	for _, op := range ops {
		for _, a := range op.attributes {
			if a.enum != "" {
				out[a.enum] = true
			}
		}
	}
	return out
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
	record  string
	summary string // the newest release's
	file    string
	span
	// absentOlder says that Options.Older lacks it (as it says of a
	// mergedPart).
	absentOlder bool
	// olderName is the name a release before the newest gives it, where
	// that is another (renamedOps, olderOpNames).
	olderName olderOpName
	// unknownGroupsUntil, when set, is Options.Older, which splits the
	// op's values into segment groups the imported releases' groups
	// cannot be paired with (unknown_groups_until).
	unknownGroupsUntil int
	properties         span // the releases whose dialect stores properties
	traits             []*mergedPart
	operands           []*mergedPart
	results            []*mergedPart
	attributes         []*mergedPart
	regions            []*mergedPart
	successors         []*mergedPart
	declaration        string // as in every release that has the op
	// parents are the ops that may hold it in the releases parentSpan
	// (where those differ, what any of them allows); any op may in the
	// others.
	parents    []string
	parentSpan span
	// within are the bounds of the dialect among the releases given, for
	// those of the op's own that do not bound it further.
	within [][2]string
	// parentsOlder says that Options.Older allowed a parent these do
	// not (LLVM 16's scf.yield ended scf.parallel's body): the
	// restriction then holds from the oldest imported release on.
	parentsOlder bool
}

// span is the releases (indexes into the imported releases) an element is
// in; an element is in every release from first to last.
type span struct{ first, last int }

// mergedPart is a part across the releases of its op.
type mergedPart struct {
	part // as the newest release that has it says
	span
	seen   []bool
	propAt []*nativeProp // the native property form at each release, nil for an attribute
	optAt  []bool        // whether the attribute is optional at each release
	notes  []string      // shapes older releases give the part
	// placeAt is the part's place in each release's list (positional
	// parts: operand, result, region and successor groups).
	placeAt []int
	// absentOlder: see mergedOp.
	absentOlder bool
	// olderConstraint is an attribute's constraint in Options.Older
	// where it differs from the oldest imported release's.
	olderConstraint string
	olderLLVM       int
	// populatedOlder is Options.Older's release where it populates the
	// attribute's default as the oldest imported release does (the same
	// default, under the same constraint); 0 otherwise.
	populatedOlder int
	// optSpan is the releases in which an attribute that is optional in
	// only some of them is optional; nil when that is all or none.
	optSpan *span
	// constraintAt and populatedAt are an attribute's constraint and
	// whether its default is populated, at each release.
	constraintAt []string
	populatedAt  []bool
}

// reordered reports whether another release orders the op's region or
// successor groups otherwise (see reorderedHook); operand and result
// groups get their releases' orders (groupOrders).
func (m *mergedOp) reordered() bool {
	for _, parts := range [][]*mergedPart{m.regions, m.successors} {
		for i := m.first; i <= m.last; i++ {
			if orderAt(parts, i) != nil {
				return true
			}
		}
	}
	return false
}

// orderAt returns the names of the groups release i has, in its order,
// where that is not their order in parts (the newest release's); nil
// where it is.
func orderAt(parts []*mergedPart, i int) []string {
	var present []*mergedPart
	for _, p := range parts {
		if p.seen[i] {
			present = append(present, p)
		}
	}
	byRelease := slices.Clone(present)
	slices.SortStableFunc(byRelease, func(a, b *mergedPart) int { return a.placeAt[i] - b.placeAt[i] })
	if slices.Equal(byRelease, present) {
		return nil
	}
	names := make([]string, len(byRelease))
	for j, p := range byRelease {
		names[j] = p.name
	}
	return names
}

// groupOrder is an order of an op's groups for the releases up to until
// (operand_order, result_order).
type groupOrder struct {
	until  int
	groups []string
}

// groupOrders returns the orders of parts that the op's releases (s) other
// than its newest lay out where theirs differs from the newest's, oldest
// first. Each order holds for the releases after the one before it, so
// from the oldest release to the newest that differs each gets one, those
// of one order sharing it.
func groupOrders(rels []int, s span, parts []*mergedPart) []groupOrder {
	last := -1
	for i := s.first; i < s.last; i++ {
		if orderAt(parts, i) != nil {
			last = i
		}
	}
	var out []groupOrder
	for i := s.first; i <= last; i++ {
		names := orderAt(parts, i)
		if names == nil {
			for _, p := range parts {
				if p.seen[i] {
					names = append(names, p.name)
				}
			}
		}
		if n := len(out); n > 0 && slices.Equal(out[n-1].groups, names) {
			out[n-1].until = rels[i]
			continue
		}
		out = append(out, groupOrder{until: rels[i], groups: names})
	}
	return out
}

// olderOpName is the name the releases up to until gave an op.
type olderOpName struct {
	name  string
	until int
}

// renameOps files the ops of renamed (the newer name of each op an
// imported release renamed, to its older name) under their newer name in
// the releases that name them otherwise, so that they merge as one op;
// it returns, by newer name, the older name and the last release that
// gives it.
func renameOps(rels []int, perRelease []map[string]*opFacts, renamed map[string]string) map[string]olderOpName {
	out := map[string]olderOpName{}
	for newer, older := range renamed {
		for i, ops := range perRelease {
			if o := ops[older]; o != nil && ops[newer] == nil {
				delete(ops, older)
				o.name = newer
				ops[newer] = o
				out[newer] = olderOpName{older, rels[i]}
			}
		}
	}
	return out
}

// withSameRecordRenames adds to renamed (newer name: older name) the ops
// an imported release named otherwise under the same record: LLVM 22's
// llvm.intr.stepvector is StepVectorOp, which 19 called
// llvm.intr.experimental.stepvector. A record keeps its name where the op
// stays the same op; renames that changed the record too are renamed's.
func withSameRecordRenames(renamed map[string]string, perRelease []map[string]*opFacts) map[string]string {
	newest := perRelease[len(perRelease)-1]
	byRecord := map[string]string{}
	for name, o := range newest {
		if o.record != "" {
			byRecord[o.record] = name
		}
	}
	out := maps.Clone(renamed)
	for _, ops := range perRelease[:len(perRelease)-1] {
		for name, o := range ops {
			newer, ok := byRecord[o.record]
			if !ok || o.record == "" || newer == name || newest[name] != nil || ops[newer] != nil {
				continue
			}
			if _, named := out[newer]; !named {
				if out == nil {
					out = map[string]string{}
				}
				out[newer] = name
			}
		}
	}
	return out
}

// renamedRecord is the op of an older release (by name) that m is under
// another name, with the same record, where no op now has that name (LLVM
// 16's omp.cancellationpoint, 19's omp.cancellation_point).
func renamedRecord(older map[string]*opFacts, m *mergedOp, current map[string]bool) *opFacts {
	if m.record == "" {
		return nil
	}
	for name, o := range older {
		if o.record == m.record && !current[name] {
			return o
		}
	}
	return nil
}

func mergeOps(rels []int, perRelease []map[string]*opFacts, renames map[string]string) ([]*mergedOp, error) {
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
		m := &mergedOp{name: name, span: s, file: facts[s.last].file, summary: facts[s.last].summary, record: facts[s.last].record, declaration: facts[s.last].declaration}
		restricted := make([]bool, len(rels))
		for i := s.first; i <= s.last; i++ {
			restricted[i] = facts[i].parents != nil
			for _, p := range facts[i].parents {
				if !slices.Contains(m.parents, p) {
					m.parents = append(m.parents, p)
				}
			}
			if facts[i].declaration != m.declaration {
				return nil, fmt.Errorf("op %s: declares its symbol %q in LLVM %d, %q in LLVM %d; a definition cannot say that", name, facts[i].declaration, rels[i], m.declaration, rels[s.last])
			}
		}
		if m.parents != nil {
			if m.parentSpan, err = spanOf(restricted, rels); err != nil {
				return nil, fmt.Errorf("op %s: parents %v", name, err)
			}
		}
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
			var r map[string]string
			if k.positional {
				r = renames
			}
			if *k.dst, err = mergeParts(rels, s, lists, k.positional, r); err != nil {
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
func mergeParts(rels []int, s span, lists [][]part, positional bool, renames map[string]string) ([]*mergedPart, error) {
	var order []*mergedPart
	find := func(name string) int {
		return slices.IndexFunc(order, func(m *mergedPart) bool { return m.name == name })
	}
	for i := s.last; i >= s.first; i-- {
		prev := -1
		seen := map[string]bool{}
		renamed := map[string]string{}
		if positional && i < s.last {
			renamed = positionalRenames(lists[i], lists[i+1])
		}
		for old, name := range renames {
			if !slices.ContainsFunc(lists[i], func(p part) bool { return p.name == name }) {
				renamed[old] = name
			}
		}
		for j, p := range lists[i] {
			if seen[p.name] {
				return nil, fmt.Errorf("%q appears twice in llvm %d", p.name, rels[i])
			}
			seen[p.name] = true
			at := find(p.name)
			if n, ok := renamed[p.name]; ok && at < 0 {
				at = find(n)
			}
			if at < 0 {
				at = prev + 1
				m := &mergedPart{part: p, seen: make([]bool, len(rels)), propAt: make([]*nativeProp, len(rels))}
				order = slices.Insert(order, at, m)
			}
			m := order[at]
			if len(p.props) > 0 {
				m.propAt[i] = p.props[0]
			}
			if m.optAt == nil {
				m.optAt = make([]bool, len(rels))
			}
			m.optAt[i] = p.optional
			if m.constraintAt == nil {
				m.constraintAt = make([]string, len(rels))
				m.populatedAt = make([]bool, len(rels))
			}
			m.constraintAt[i], m.populatedAt[i] = p.constraint, p.populated
			if !positional {
				// An attribute may turn optional (or required) between
				// releases; optionalRuns says when.
				m.optional = p.optional || m.optional
			}
			switch {
			case m.shape() == p.shape():
			case positional:
				// An operand (result, region) group that changes shape keeps
				// the newest release's: the wire does not depend on it, only
				// the accessors do.
				m.notes = append(m.notes, fmt.Sprintf("llvm %d: %s", rels[i], p.shape()))
			case m.variadic != p.variadic || m.singleBlock != p.singleBlock:
				return nil, fmt.Errorf("%q changes between releases (llvm %d: %s; llvm %d: %s), which the definitions cannot say", p.name, rels[i], p.shape(), rels[m.span.last], m.shape())
			}
			if positional {
				// Groups reordered keep the newest release's order, and
				// the others' orders are written (orderAt).
				if m.placeAt == nil {
					m.placeAt = make([]int, len(rels))
				}
				m.placeAt[i] = j
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
		if m.props, err = propRuns(rels, m); err != nil {
			return nil, err
		}
		if !positional {
			if m.optSpan, err = optionalRuns(rels, m); err != nil {
				return nil, err
			}
		}
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

// propRuns merges the native property forms of a part over its releases
// into runs of releases with the same form.
func propRuns(rels []int, m *mergedPart) ([]*nativeProp, error) {
	var out []*nativeProp
	props := 0
	for i := m.first; i <= m.last; i++ {
		p := m.propAt[i]
		if p == nil {
			continue
		}
		props++
		if n := len(out); n > 0 && out[n-1].key() == p.key() && out[n-1].last == i-1 {
			out[n-1].last = i
			continue
		}
		q := *p
		q.span = span{i, i}
		out = append(out, &q)
	}
	if props != 0 && props != m.last-m.first+1 {
		return nil, fmt.Errorf("%q is an attribute in some releases and a native property in others, which the definitions cannot say", m.name)
	}
	return out, nil
}

// positionalRenames finds the operands (results, regions, successors) that
// a newer release only renamed: same count, same place, same shape, the
// old name gone from the newer list and the new one absent from the older.
// Their identity is their position, so they stay one part, named as the
// newest release names it.
func positionalRenames(older, newer []part) map[string]string {
	out := map[string]string{}
	if len(older) != len(newer) {
		return out
	}
	has := func(list []part, name string) bool {
		return slices.ContainsFunc(list, func(p part) bool { return p.name == name })
	}
	for j := range older {
		o, n := older[j], newer[j]
		if o.name != n.name && o.shape() == n.shape() && !has(newer, o.name) && !has(older, n.name) {
			out[o.name] = n.name
		}
	}
	return out
}

// optionalRuns returns the releases in which an attribute is optional when
// it is not optional in all of its releases, or required in all.
func optionalRuns(rels []int, m *mergedPart) (*span, error) {
	return runOf(rels, m, "optional", m.optAt)
}

// runOf is the releases of m's span in which at holds, nil for all or
// none; they must be consecutive.
func runOf(rels []int, m *mergedPart, what string, at []bool) (*span, error) {
	opt := make([]bool, len(rels))
	n := 0
	for i := m.first; i <= m.last; i++ {
		opt[i] = at[i]
		if opt[i] {
			n++
		}
	}
	if n == 0 || n == m.last-m.first+1 {
		return nil, nil
	}
	s, err := spanOf(opt, rels)
	if err != nil {
		return nil, fmt.Errorf("%q: %s %v", m.name, what, err)
	}
	return &s, nil
}
