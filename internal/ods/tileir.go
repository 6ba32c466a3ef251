package ods

// This file imports the ops of NVIDIA's cuda-tile (Tile IR) dialect from
// the records llvm-tblgen --dump-json writes for its BytecodeOpcodes.td,
// which pairs every public op with its bytecode opcode. The result is the
// enums and ops part of a tileir dialect definition, with the versions
// (axis "tileir") that cuda-tile's CudaTileArg metadata records and the
// op flag bits its bytecode writer assigns.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/dialectgen/dialectgen/defs"
)

// tileVersion is a Tile IR version, major.minor.
type tileVersion struct{ major, minor int }

func (v tileVersion) less(w tileVersion) bool {
	return v.major < w.major || v.major == w.major && v.minor < w.minor
}

// String writes the version on the definitions' tileir axis.
func (v tileVersion) String() string { return fmt.Sprintf("tileir %d.%d", v.major, v.minor) }

var tileVersionRE = regexp.MustCompile(`^(\d+)(?:\.(\d+))?$`)

// parseTileVersion reads "13.1" (a missing minor is 0, as cuda-tile's
// generators read it).
func parseTileVersion(s string) (tileVersion, error) {
	m := tileVersionRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return tileVersion{}, fmt.Errorf("version %q is not MAJOR.MINOR", s)
	}
	major, _ := strconv.Atoi(m[1])
	minor := 0
	if m[2] != "" {
		minor, _ = strconv.Atoi(m[2])
	}
	return tileVersion{major, minor}, nil
}

// tileEnum is one enum of the dialect (a CudaTileI32EnumAttr or
// CudaTileI64EnumAttr).
type tileEnum struct {
	name   string // the C++ class name, e.g. RoundingMode
	record string
	since  string // the enum's own sinceVersion, "" when it has none
	cases  []tileEnumCase
	// The dialect attribute holding the enum (EnumAttr), if any.
	mnemonic, format string
}

type tileEnumCase struct {
	symbol, text string
	value        int64
	since        string
}

// tileOp is what the records say about one op.
type tileOp struct {
	name       string
	record     string
	summary    string
	opcode     int64
	version    tileVersion
	traits     []string
	operands   []*tileValue
	results    []*tileValue
	attributes []*tileAttr
	regions    []*tileRegion
	flags      []tileFlag
	// The text form: the declarative assembly format, or custom (C++);
	// the dialect of ops printed without prefix in its regions.
	format         string
	customFormat   bool
	defaultDialect string
}

type tileValue struct {
	name               string
	since              tileVersion
	variadic, optional bool
	typ                string // results added after the op: the type def
	buildable          string // the buildable type's text, if the constraint has one
}

type tileAttr struct {
	name       string
	since      tileVersion
	typ        string
	constraint string
	optional   bool
	dflt       string
}

type tileRegion struct {
	name                  string
	singleBlock, variadic bool
}

type tileFlag struct {
	name  string
	bit   int
	since tileVersion
}

// tileTraits are the traits the definitions use; other traits are
// verifier or interface facts and are dropped.
var tileTraits = []string{"AttrSizedOperandSegments", "AttrSizedResultSegments", "Terminator", "IsolatedFromAbove", "OpAsmOpInterface"}

// tileBuildable maps the C++ builder calls of type constraints to the text
// of the type they build: what a format may leave out.
var tileBuildable = []struct {
	re   *regexp.Regexp
	text string
}{
	{regexp.MustCompile(`^\$_builder\.getType<(::)?mlir::cuda_tile::TokenType>\(\)$`), "!cuda_tile.token"},
	{regexp.MustCompile(`^(::)?mlir::cuda_tile::TileType::get\(ArrayRef<int64_t>\(\), \$_builder\.getIntegerType\(([0-9]+)\)\)$`), "!cuda_tile.tile<i$2>"},
}

// buildableType returns the text of the type a constraint builds (through
// Variadic and Optional), "" when it has none the importer knows.
func (rs *Records) buildableType(c record) string {
	for range 100 {
		if call := strings.TrimSpace(c.str("builderCall")); call != "" {
			for _, b := range tileBuildable {
				if m := b.re.FindStringSubmatchIndex(call); m != nil {
					return string(b.re.ExpandString(nil, b.text, call, m))
				}
			}
			return ""
		}
		next := c.def("baseType")
		if next == "" {
			return ""
		}
		var err error
		if c, err = rs.rec(next); err != nil {
			return ""
		}
	}
	return ""
}

var defaultDialectRE = regexp.MustCompile(`getDefaultDialect\(\)\s*\{\s*return\s+(?:"([^"]*)"|(\w+)::getDialectNamespace\(\))`)

// tileResultTypes maps the type constraints of results that an op gained
// after its first version to the dialect's type definitions: a reader of
// an older version must materialize them.
var tileResultTypes = map[string]string{"CudaTile_TokenType": "TokenType"}

// ImportTileIR reads the ops of cuda-tile's BytecodeOpcodes.td records
// (every BytecodeOpcode and the op it names) and the dialect's enums, and
// returns the enums: and ops: part of a tileir dialect definition, ops in
// opcode order and enums by name.
func ImportTileIR(rs *Records) ([]byte, error) {
	enums, err := tileEnums(rs)
	if err != nil {
		return nil, err
	}
	byRecord := map[string]*tileEnum{}
	for _, e := range enums {
		byRecord[e.record] = e
	}
	var ops []*tileOp
	names := map[string]string{}
	codes := map[int64]string{}
	for _, b := range rs.InstancesOf("BytecodeOpcode") {
		r, err := rs.rec(b)
		if err != nil {
			return nil, err
		}
		opRec := r.def("operation")
		code, ok := r.num("opcodeValue")
		if opRec == "" || !ok || code < 0 {
			return nil, fmt.Errorf("BytecodeOpcode %s: no operation or opcodeValue", b)
		}
		o, err := rs.rec(opRec)
		if err != nil {
			return nil, fmt.Errorf("BytecodeOpcode %s: %v", b, err)
		}
		op, err := tileOpOf(rs, o, byRecord)
		if err != nil {
			return nil, fmt.Errorf("op %s (%s): %v", o.str("opName"), opRec, err)
		}
		op.opcode = code
		if prev, ok := names[op.name]; ok {
			return nil, fmt.Errorf("op %s has two opcodes (records %s and %s)", op.name, prev, opRec)
		}
		names[op.name] = opRec
		if prev, ok := codes[code]; ok {
			return nil, fmt.Errorf("opcode 0x%02X is given to both %s and %s", code, prev, op.name)
		}
		codes[code] = op.name
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("the records have no BytecodeOpcode (not a dump of cuda-tile's BytecodeOpcodes.td?)")
	}
	slices.SortFunc(ops, func(a, b *tileOp) int { return int(a.opcode - b.opcode) })
	return writeTileYAML(enums, ops), nil
}

// tileEnums reads every cuda-tile enum, sorted by name.
func tileEnums(rs *Records) ([]*tileEnum, error) {
	var out []*tileEnum
	seen := map[string]string{}
	for _, class := range []string{"CudaTileI32EnumAttr", "CudaTileI64EnumAttr"} {
		for _, name := range rs.InstancesOf(class) {
			r, err := rs.rec(name)
			if err != nil {
				return nil, err
			}
			e := &tileEnum{name: r.str("className"), record: name, since: r.str("sinceVersion")}
			if !isIdentifier(e.name) {
				return nil, fmt.Errorf("enum %s: className %q is not an identifier", name, e.name)
			}
			if prev, ok := seen[e.name]; ok {
				return nil, fmt.Errorf("enum %s is defined twice (%s, %s)", e.name, prev, name)
			}
			seen[e.name] = name
			if e.since != "" {
				if _, err := parseTileVersion(e.since); err != nil {
					return nil, fmt.Errorf("enum %s: %v", e.name, err)
				}
			}
			for _, c := range r.defs("enumerants") {
				cr, err := rs.rec(c)
				if err != nil {
					return nil, fmt.Errorf("enum %s: %v", e.name, err)
				}
				ec := tileEnumCase{symbol: cr.str("symbol"), text: cr.str("str"), since: cr.str("sinceVersion")}
				v, ok := cr.num("value")
				if !ok || v < 0 {
					return nil, fmt.Errorf("enum %s: case %q has no non-negative value", e.name, ec.symbol)
				}
				ec.value = v
				if !isIdentifier(ec.symbol) {
					return nil, fmt.Errorf("enum %s: case symbol %q is not an identifier", e.name, ec.symbol)
				}
				if ec.text == "" {
					return nil, fmt.Errorf("enum %s: case %s has no keyword (str)", e.name, ec.symbol)
				}
				if ec.since != "" {
					if _, err := parseTileVersion(ec.since); err != nil {
						return nil, fmt.Errorf("enum %s: case %s: %v", e.name, ec.symbol, err)
					}
				}
				e.cases = append(e.cases, ec)
			}
			if len(e.cases) == 0 {
				return nil, fmt.Errorf("enum %s has no cases", e.name)
			}
			for _, an := range rs.InstancesOf("EnumAttr") {
				ar, err := rs.rec(an)
				if err != nil || ar.def("enum") != name {
					continue
				}
				e.mnemonic = ar.str("mnemonic")
				e.format = strings.Join(strings.Fields(ar.str("assemblyFormat")), " ")
			}
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *tileEnum) int { return strings.Compare(a.name, b.name) })
	return out, nil
}

func tileOpOf(rs *Records, r record, enums map[string]*tileEnum) (*tileOp, error) {
	op := &tileOp{name: r.str("opName"), record: r.name, summary: strings.Join(strings.Fields(r.str("summary")), " ")}
	if op.name == "" {
		return nil, fmt.Errorf("no opName")
	}
	vs := r.str("operationVersion")
	if md := r.def("metadata"); md != "" {
		m, err := rs.rec(md)
		if err != nil {
			return nil, err
		}
		if mv := m.str("sinceVersion"); vs == "" {
			vs = mv
		} else if mv != "" && mv != vs {
			return nil, fmt.Errorf("operationVersion %s and metadata sinceVersion %s disagree", vs, mv)
		}
	}
	if vs == "" {
		return nil, fmt.Errorf("no operationVersion")
	}
	var err error
	if op.version, err = parseTileVersion(vs); err != nil {
		return nil, fmt.Errorf("operationVersion: %v", err)
	}

	var traits []string
	for _, t := range r.defs("traits") {
		if traits, err = rs.traitNames(t, traits); err != nil {
			return nil, err
		}
	}
	for _, t := range traits {
		if slices.Contains(tileTraits, t) && !slices.Contains(op.traits, t) {
			op.traits = append(op.traits, t)
		}
	}
	// AllTypesMatch<[a, b]>: what a format may leave out of types.
	var match func(name string) error
	match = func(name string) error {
		tr, err := rs.rec(name)
		if err != nil {
			return err
		}
		if tr.isa("TraitList") {
			for _, t := range tr.defs("traits") {
				if err := match(t); err != nil {
					return err
				}
			}
		}
		if tr.isa("AllTypesMatch") {
			t := "AllTypesMatch<[" + strings.Join(tr.strs("values"), ", ") + "]>"
			if !slices.Contains(op.traits, t) {
				op.traits = append(op.traits, t)
			}
		}
		return nil
	}
	for _, t := range r.defs("traits") {
		if err := match(t); err != nil {
			return nil, err
		}
	}

	args, err := r.dag("arguments")
	if err != nil {
		return nil, err
	}
	for i, a := range args {
		c, since, err := tileArg(rs, a)
		if err != nil {
			return nil, fmt.Errorf("argument %d (%q): %v", i, a.name, err)
		}
		if a.name == "" {
			return nil, fmt.Errorf("argument %d is unnamed", i)
		}
		switch {
		case c.isa("TypeConstraint"):
			op.operands = append(op.operands, &tileValue{name: a.name, since: since, variadic: c.isa("Variadic"), optional: c.isa("Optional"), buildable: rs.buildableType(c)})
		case c.isa("DerivedAttr"):
			return nil, fmt.Errorf("attribute %q is a derived attribute, which an argument list cannot hold", a.name)
		case c.isa("Attr"):
			at, err := tileAttrOf(rs, c, a.name, since, enums)
			if err != nil {
				return nil, fmt.Errorf("attribute %q: %v", a.name, err)
			}
			op.attributes = append(op.attributes, at)
		default:
			return nil, fmt.Errorf("argument %q: %s is neither an attribute nor a type constraint", a.name, c.name)
		}
	}

	res, err := r.dag("results")
	if err != nil {
		return nil, err
	}
	for i, a := range res {
		c, since, err := tileArg(rs, a)
		if err != nil {
			return nil, fmt.Errorf("result %d (%q): %v", i, a.name, err)
		}
		if a.name == "" {
			return nil, fmt.Errorf("result %d is unnamed", i)
		}
		if !c.isa("TypeConstraint") {
			return nil, fmt.Errorf("result %q: %s is not a type constraint", a.name, c.name)
		}
		v := &tileValue{name: a.name, since: since, variadic: c.isa("Variadic"), optional: c.isa("Optional"), buildable: rs.buildableType(c)}
		if op.version.less(since) {
			cn := rs.constraintName(c.name)
			if v.typ = tileResultTypes[cn]; v.typ == "" {
				return nil, fmt.Errorf("result %q, added in %s, has type constraint %s, which the importer cannot map to a type of the dialect (known: CudaTile_TokenType)", a.name, since, cn)
			}
		}
		op.results = append(op.results, v)
	}

	if _, ok := r.fields["regions"]; ok {
		regs, err := r.dag("regions")
		if err != nil {
			return nil, err
		}
		for i, a := range regs {
			c, err := rs.unwrap(a.def)
			if err != nil {
				return nil, fmt.Errorf("region %d (%q): %v", i, a.name, err)
			}
			if !c.isa("RegionConstraint") && !c.isa("Region") {
				return nil, fmt.Errorf("region %q: %s is not a region constraint", a.name, c.name)
			}
			if a.name == "" {
				return nil, fmt.Errorf("region %d is unnamed", i)
			}
			g := &tileRegion{name: a.name, variadic: c.isa("VariadicRegion")}
			g.singleBlock = !g.variadic && rs.singleBlock(c)
			op.regions = append(op.regions, g)
		}
	}
	if _, ok := r.fields["successors"]; ok {
		succ, err := r.dag("successors")
		if err != nil {
			return nil, err
		}
		if len(succ) > 0 {
			return nil, fmt.Errorf("successor %q: Tile IR ops with successors are not supported", succ[0].name)
		}
	}

	op.flags, err = tileFlags(op)
	if err != nil {
		return nil, err
	}
	op.format = strings.Join(strings.Fields(r.str("assemblyFormat")), " ")
	if n, ok := r.num("hasCustomAssemblyFormat"); ok && n != 0 {
		op.customFormat = true
	}
	if m := defaultDialectRE.FindStringSubmatch(r.str("extraClassDeclaration")); m != nil {
		op.defaultDialect = m[1]
		if m[2] != "" {
			dr, err := rs.rec(r.def("opDialect"))
			if err != nil {
				return nil, fmt.Errorf("getDefaultDialect: %v", err)
			}
			op.defaultDialect = dr.str("name")
		}
	}
	return op, nil
}

// tileArg follows a CudaTileArg wrapper to its constraint and returns the
// version its CudaTileArgMetadata decorator gives.
func tileArg(rs *Records, a dagArg) (record, tileVersion, error) {
	w, err := rs.rec(a.def)
	if err != nil {
		return record{}, tileVersion{}, err
	}
	if !w.isa("OpVariable") {
		return record{}, tileVersion{}, fmt.Errorf("%s is not a CudaTileArg (no version metadata)", a.def)
	}
	var since string
	for _, d := range w.defs("decorators") {
		dr, err := rs.rec(d)
		if err != nil {
			return record{}, tileVersion{}, err
		}
		if dr.isa("CudaTileArgMetadata") {
			since = dr.str("sinceVersion")
			break
		}
	}
	if since == "" {
		return record{}, tileVersion{}, fmt.Errorf("no CudaTileArgMetadata decorator with a sinceVersion")
	}
	v, err := parseTileVersion(since)
	if err != nil {
		return record{}, tileVersion{}, err
	}
	c, err := rs.unwrap(a.def)
	return c, v, err
}

// tileAttrKinds maps the storage type of an attribute constraint (C++
// namespaces removed) to the definitions' attribute type, for storage
// types that say it alone.
var tileAttrKinds = map[string]string{
	"StringAttr":             "string",
	"FlatSymbolRefAttr":      "string",
	"BoolAttr":               "bool",
	"ElementsAttr":           "bytes",
	"DenseTypedElementsAttr": "bytes",
	"ArrayAttr":              "[Attribute]",
	"DenseI32ArrayAttr":      "[int32]",
	"DenseI64ArrayAttr":      "[int64]",
	"TypeAttr":               "Type",
	"OptimizationHintsAttr":  "OptimizationHintsAttr",
}

// tileIntegerKinds maps the C++ return type of an IntegerAttr constraint.
var tileIntegerKinds = map[string]string{"uint64_t": "uint64", "uint32_t": "uint32", "bool": "bool"}

var (
	tileIntLiteral  = regexp.MustCompile(`^[0-9]+$`)
	tileBoolLiteral = regexp.MustCompile(`^(true|false)$`)
)

func tileAttrOf(rs *Records, c record, name string, since tileVersion, enums map[string]*tileEnum) (*tileAttr, error) {
	a := &tileAttr{name: name, since: since}
	if !c.anonymous() {
		a.constraint = c.name
	}
	opt, ok := c.num("isOptional")
	a.optional = ok && opt != 0 || c.str("isOptional") == "1"
	storage, ret := cppTypeName(c.str("storageType")), cppTypeName(c.str("returnType"))
	dflt := strings.TrimSpace(c.str("defaultValue"))
	desc := func() string {
		return fmt.Sprintf("constraint %s (storage type %q, return type %q)", rs.constraintName(c.name), strings.TrimSpace(c.str("storageType")), strings.TrimSpace(c.str("returnType")))
	}
	if storage == "UnitAttr" {
		a.typ = "unit"
		return a, nil // its default ("false") is absence
	}
	e, err := tileEnumOf(rs, c, enums)
	if err != nil {
		return nil, err
	}
	switch {
	case e != nil:
		a.typ = e.name
		if dflt != "" {
			if a.dflt, err = e.keyword(dflt); err != nil {
				return nil, err
			}
		}
		return a, nil
	case c.isa("AttrInterface"):
		a.typ = "Attribute"
	case storage == "IntegerAttr":
		if a.typ = tileIntegerKinds[ret]; a.typ == "" {
			return nil, fmt.Errorf("%s: an IntegerAttr returning %q, which the importer cannot map (known: uint64_t, uint32_t, bool)", desc(), ret)
		}
	default:
		if a.typ = tileAttrKinds[storage]; a.typ == "" {
			return nil, fmt.Errorf("%s: the importer cannot map this attribute kind", desc())
		}
		if storage == "FlatSymbolRefAttr" {
			a.constraint = "FlatSymbolRefAttr"
		}
	}
	if dflt == "" {
		return a, nil
	}
	switch {
	case (a.typ == "uint64" || a.typ == "uint32") && tileIntLiteral.MatchString(dflt),
		a.typ == "bool" && tileBoolLiteral.MatchString(dflt):
		a.dflt = dflt
		return a, nil
	}
	return nil, fmt.Errorf("%s: the importer cannot map the default value %q of a %s attribute", desc(), dflt, a.typ)
}

// tileEnumOf returns the cuda-tile enum an attribute constraint holds:
// the enum itself (a CudaTileI32EnumAttr is an attribute), an EnumAttr of
// one, or either wrapped (OptionalAttr, DefaultValuedAttr, ConfinedAttr).
func tileEnumOf(rs *Records, c record, enums map[string]*tileEnum) (*tileEnum, error) {
	for range 100 {
		if e := enums[c.name]; e != nil {
			return e, nil
		}
		next := ""
		if c.isa("EnumAttr") {
			next = c.def("enum")
		}
		if next == "" {
			next = c.def("baseAttr")
		}
		if next == "" {
			return nil, nil
		}
		var err error
		if c, err = rs.rec(next); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%s: attribute wrappers nest too deep", c.name)
}

// keyword maps an enum default in C++ (::mlir::cuda_tile::RoundingMode::ZERO
// or RoundingMode::ZERO) to the case's keyword.
func (e *tileEnum) keyword(cpp string) (string, error) {
	parts := strings.Split(strings.TrimPrefix(strings.ReplaceAll(cpp, " ", ""), "::"), "::")
	sym := parts[len(parts)-1]
	if len(parts) > 1 && parts[len(parts)-2] != e.name {
		return "", fmt.Errorf("default value %q is not a case of enum %s", cpp, e.name)
	}
	for _, c := range e.cases {
		if c.symbol == sym {
			return c.text, nil
		}
	}
	return "", fmt.Errorf("default value %q names no case of enum %s", cpp, e.name)
}

// cppTypeName strips spaces, std::optional and the mlir, cuda_tile and
// llvm namespaces from a C++ type.
func cppTypeName(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	for strings.HasPrefix(s, "::std::optional<") && strings.HasSuffix(s, ">") {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "::std::optional<"), ">")
	}
	for _, p := range []string{"::mlir::cuda_tile::", "::mlir::", "::llvm::"} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// tileFlags assigns the bits of an op's flags word as cuda-tile's bytecode
// generator does: optional attributes, and optional operands of ops with
// AttrSizedOperandSegments, grouped by the version that added them, oldest
// first; within a version attributes before operands, each in declaration
// order.
func tileFlags(op *tileOp) ([]tileFlag, error) {
	var fl []tileFlag
	for _, a := range op.attributes {
		if a.optional {
			fl = append(fl, tileFlag{name: a.name, since: a.since})
		}
	}
	if slices.Contains(op.traits, "AttrSizedOperandSegments") {
		for _, v := range op.operands {
			if v.optional {
				fl = append(fl, tileFlag{name: v.name, since: v.since})
			}
		}
	}
	// A stable sort by version keeps attributes before operands and the
	// declaration order within each.
	slices.SortStableFunc(fl, func(a, b tileFlag) int {
		switch {
		case a.since.less(b.since):
			return -1
		case b.since.less(a.since):
			return 1
		}
		return 0
	})
	seen := map[string]bool{}
	for i := range fl {
		if seen[fl[i].name] {
			return nil, fmt.Errorf("flag %q: an attribute and an operand share the name", fl[i].name)
		}
		seen[fl[i].name] = true
		fl[i].bit = i
	}
	return fl, nil
}

var identifierRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func isIdentifier(s string) bool { return identifierRE.MatchString(s) }

// tileStubs completes a fragment to a definition that loads: a dialect
// header and the definitions the fragment names but leaves to the
// hand-written file it is merged into.
const tileStubs = `
dialect: cuda_tile
format: tileir
versions: {format: [%s]}
dense: {check: checkDense, print: printDense}
types:
  - {name: TokenType, text: {keyword: token}, bytecode: [{code: 17}]}
attributes:
  - {name: OptimizationHintsAttr, text: {keyword: hints}, bytecode: [{code: 11}]}
`

// CheckTileIRFragment loads what ImportTileIR wrote as a definition, with
// a stub dialect header (the format versions are those the fragment
// names) and stub definitions of the types and attributes the ops name
// (TokenType, OptimizationHintsAttr) appended, so that errors point at the
// fragment's own lines.
func CheckTileIRFragment(name string, data []byte) (*defs.Dialect, error) {
	var versions []string
	for _, v := range tileAxisRE.FindAllString(string(data), -1) {
		if !slices.Contains(versions, v) {
			versions = append(versions, v)
		}
	}
	slices.SortFunc(versions, func(a, b string) int {
		va, _ := defs.ParseVersion(a)
		vb, _ := defs.ParseVersion(b)
		return va.Compare(vb)
	})
	stubs := fmt.Sprintf(tileStubs, strings.Join(versions, ", "))
	// Ops with a custom assembly format need hooks, which the hand-written
	// file names.
	var frag struct {
		Ops []struct {
			Name   string `yaml:"name"`
			Custom bool   `yaml:"custom_assembly_format"`
		} `yaml:"ops"`
	}
	if err := yaml.Unmarshal(data, &frag); err == nil {
		var hooks []string
		for _, o := range frag.Ops {
			if o.Custom {
				hooks = append(hooks, fmt.Sprintf("%s: {print: stubPrint, parse: stubParse}", scalar(o.Name)))
			}
		}
		if len(hooks) > 0 {
			stubs += "text:\n  ops: {" + strings.Join(hooks, ", ") + "}\n"
		}
	}
	return defs.Load(name, append(slices.Clip(data), stubs...))
}

var tileAxisRE = regexp.MustCompile(`tileir [0-9]+(\.[0-9]+)*`)

// writeTileYAML writes the enums: and ops: keys of a definition.
func writeTileYAML(enums []*tileEnum, ops []*tileOp) []byte {
	var b strings.Builder
	b.WriteString("# Code generated by tileimport from cuda-tile's ODS records (BytecodeOpcodes.td). DO NOT EDIT.\n")
	b.WriteString("enums:\n")
	for i, e := range enums {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  - name: %s\n    values:\n", scalar(e.name))
		for _, c := range e.cases {
			kvs := [][2]string{{"name", scalar(c.symbol)}, {"value", strconv.FormatInt(c.value, 10)}, {"text", scalar(c.text)}}
			if c.since != "" {
				v, _ := parseTileVersion(c.since) // checked when read
				if ev, err := parseTileVersion(e.since); err != nil || ev != v {
					kvs = append(kvs, [2]string{"since", v.String()})
				}
			}
			fmt.Fprintf(&b, "      - %s\n", flowMap(kvs))
		}
		if e.mnemonic != "" {
			kvs := [][2]string{{"mnemonic", scalar(e.mnemonic)}}
			if e.format != "" {
				kvs = append(kvs, [2]string{"assembly_format", strconv.Quote(e.format)})
			}
			fmt.Fprintf(&b, "    attribute: %s\n", flowMap(kvs))
		}
	}
	b.WriteString("\nops:\n")
	for i, o := range ops {
		if i > 0 {
			b.WriteString("\n")
		}
		writeTileOp(&b, o)
	}
	return []byte(b.String())
}

func writeTileOp(b *strings.Builder, o *tileOp) {
	fmt.Fprintf(b, "  - name: %s\n", scalar(o.name))
	if o.summary != "" {
		fmt.Fprintf(b, "    summary: %s\n", strconv.Quote(o.summary))
	}
	fmt.Fprintf(b, "    since: %s\n", o.version)
	if len(o.traits) > 0 {
		ts := make([]string, len(o.traits))
		for i, t := range o.traits {
			ts[i] = scalar(t)
		}
		fmt.Fprintf(b, "    traits: [%s]\n", strings.Join(ts, ", "))
	}
	list := func(key string, items [][][2]string) {
		if len(items) == 0 {
			return
		}
		fmt.Fprintf(b, "    %s:\n", key)
		for _, kvs := range items {
			fmt.Fprintf(b, "      - %s\n", flowMap(kvs))
		}
	}
	named := func(name string) [][2]string { return [][2]string{{"name", scalar(name)}} }
	since := func(kvs [][2]string, v tileVersion) [][2]string {
		if o.version.less(v) {
			kvs = append(kvs, [2]string{"since", v.String()})
		}
		return kvs
	}
	values := func(vs []*tileValue) [][][2]string {
		var out [][][2]string
		for _, v := range vs {
			kvs := named(v.name)
			if v.variadic {
				kvs = append(kvs, [2]string{"variadic", "true"})
			}
			if v.optional {
				kvs = append(kvs, [2]string{"optional", "true"})
			}
			kvs = since(kvs, v.since)
			if v.typ != "" {
				kvs = append(kvs, [2]string{"type", scalar(v.typ)})
			}
			if v.buildable != "" {
				kvs = append(kvs, [2]string{"buildable_type", strconv.Quote(v.buildable)})
			}
			out = append(out, kvs)
		}
		return out
	}
	list("operands", values(o.operands))
	list("results", values(o.results))
	var attrs [][][2]string
	for _, a := range o.attributes {
		kvs := append(named(a.name), [2]string{"type", scalar(a.typ)})
		if a.constraint != "" {
			kvs = append(kvs, [2]string{"constraint", scalar(a.constraint)})
		}
		if a.optional {
			kvs = append(kvs, [2]string{"optional", "true"})
		}
		if a.dflt != "" {
			d := scalar(a.dflt)
			if tileIntLiteral.MatchString(a.dflt) || tileBoolLiteral.MatchString(a.dflt) {
				d = a.dflt
			}
			kvs = append(kvs, [2]string{"default", d})
		}
		attrs = append(attrs, since(kvs, a.since))
	}
	list("attributes", attrs)
	var regions [][][2]string
	for _, g := range o.regions {
		kvs := named(g.name)
		if g.singleBlock {
			kvs = append(kvs, [2]string{"single_block", "true"})
		}
		if g.variadic {
			kvs = append(kvs, [2]string{"variadic", "true"})
		}
		regions = append(regions, kvs)
	}
	list("regions", regions)
	switch {
	case o.format != "":
		fmt.Fprintf(b, "    assembly_format: %s\n", strconv.Quote(o.format))
	case o.customFormat:
		b.WriteString("    custom_assembly_format: true\n")
	}
	if o.defaultDialect != "" {
		fmt.Fprintf(b, "    default_dialect: %s\n", scalar(o.defaultDialect))
	}
	fmt.Fprintf(b, "    bytecode:\n      opcode: 0x%02X\n", o.opcode)
	if len(o.flags) > 0 {
		b.WriteString("      flags:\n")
		for _, f := range o.flags {
			fmt.Fprintf(b, "        - {name: %s, bit: %d, since: %s}\n", scalar(f.name), f.bit, f.since)
		}
	}
}
