// Package defs is the schema model of dialect definitions and its YAML
// loader. Every element keeps the position it was written at, so that all
// errors, including the generator's, can name file:line:col.
package defs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Pos is a position in a definition file.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Dialect is one definition file.
type Dialect struct {
	Pos
	Name    string // namespace, e.g. "builtin"
	Summary string
	// Format is the container the bytecode encodings belong to: "mlir"
	// (attribute/type codes inside MLIR bytecode) or "tileir" (NVIDIA Tile
	// IR's opcode-style encodings).
	Format     string
	Go         GoOptions
	Versions   *Versions
	Enums      []*Enum
	Structs    []*Struct
	Attributes []*Def
	Types      []*Def
	Ops        []*Op
	Layout     *LayoutSpec
	// Dense names the hooks of a tileir dialect for its dense constants.
	Dense *DenseHooks
	// Text names the hand-written parts of the dialect's text form (IR as
	// MLIR prints and parses it).
	Text *DialectText
}

// DialectText names the hand-written functions of a dialect's text form:
// its type and attribute syntax, how a whole module maps to ops, and the
// parts of ops that upstream writes in C++ (custom assembly formats and
// name hints), by op name.
type DialectText struct {
	Pos
	Type, Attribute Hooks
	Module          ModuleHooks
	Ops             map[string]*OpTextHooks
	// ExtraOps names a function that lists ops only the text form has
	// (Tile IR: cuda_tile.testing$func, a function on the wire).
	ExtraOps    string
	ExtraOpsPos Pos
}

// Hooks name a printer and a parser.
type Hooks struct {
	Print, Parse       string
	PrintPos, ParsePos Pos
}

// ModuleHooks name the functions that turn a container's module into the
// op that prints it, and back (Tile IR: cuda_tile.module holding globals
// and functions).
type ModuleHooks struct {
	ToOps, FromOps       string
	ToOpsPos, FromOpsPos Pos
}

// OpTextHooks are the hand-written text parts of one op: a custom
// assembly format (Print and Parse), and the names it suggests for its
// results and for the arguments of its regions' entry blocks (MLIR's
// OpAsmOpInterface getAsmResultNames and getAsmBlockArgumentNames).
type OpTextHooks struct {
	Pos
	Hooks
	ResultNames, BlockArgNames       string
	ResultNamesPos, BlockArgNamesPos Pos
}

// DenseHooks name the hand-written functions a Tile IR dialect checks and
// prints dense constants with: Check(v tileir.Dense) error accepts a
// buffer that fits its type, Print(v tileir.Dense) string prints one.
type DenseHooks struct {
	Pos
	Check, Print       string
	CheckPos, PrintPos Pos
}

// GoOptions names the generated package.
type GoOptions struct {
	Package string // package name, default: the dialect name
	// OpsPackage, when set, is the package (a directory below the
	// dialect's, of the same name) that holds the op wrappers and
	// builders, so that programs that only read and write bytecode do not
	// compile them.
	OpsPackage string
}

// Versions describes the version axes a dialect's elements are gated on.
type Versions struct {
	Pos
	// Releases lists producer releases whose encodings the definitions
	// describe, oldest first (LLVM majors for MLIR dialects).
	Releases []int
	// Dialect is the dialect's own version (MLIR dialect versioning,
	// written in the DialectVersions section), nil when unversioned.
	Dialect *DialectVersion
	// Format lists the container format versions (Tile IR: 13.1, 13.2, …).
	Format []Version
}

// DialectVersion is a dialect's own version number and its history.
type DialectVersion struct {
	Pos
	Current Version
	// Encoding is the wire form of the version payload, as fields.
	Encoding []*Field
	History  []*VersionStep
	// Upgrade and Downgrade name hand-written steps for what the history
	// cannot say: upgrade<Upgrade>(ctx, op, from) error after the
	// generated upgrade of an op, and downgrade<Downgrade>(ctx, op, to,
	// name, attrs) (name, attrs, error) after the generated downgrade.
	Upgrade, Downgrade       string
	UpgradePos, DowngradePos Pos
	// Producer, when set, says files keep the version in their producer
	// string after this prefix (VHLO: StableHLO_v) instead of a payload;
	// Bytecode gives the bytecode version of files of each version.
	Producer string
	Bytecode []*VersionBytecode
	// Minimum, when set, is the oldest version readers and writers
	// accept.
	Minimum *Version
}

// VersionBytecode is the bytecode version files of dialect versions up to
// Until (nil: any) are written in.
type VersionBytecode struct {
	Pos
	Until   *Version
	Version int
}

// VersionStep says what one dialect version changed, which the generated
// upgraders and downgraders act on.
type VersionStep struct {
	Pos
	Version Version
	Adds    []string          // elements new in this version
	Renames map[string]string // old name → new name
	Removes []string
	Notes   string
}

// Version is a point on one version axis, e.g. "llvm 20", "bytecode 5",
// "dialect 1.2" or "tileir 13.2".
type Version struct {
	Pos
	Axis  string
	Parts []int
}

// LLVM is the LLVM release a bound names, 0 for none (a nil bound) or a
// bound on another axis.
func (v *Version) LLVM() int {
	if v == nil || v.Axis != "llvm" || len(v.Parts) == 0 {
		return 0
	}
	return v.Parts[0]
}

func (v Version) String() string {
	s := make([]string, len(v.Parts))
	for i, p := range v.Parts {
		s[i] = strconv.Itoa(p)
	}
	return v.Axis + " " + strings.Join(s, ".")
}

// Compare orders versions on the same axis.
func (v Version) Compare(o Version) int {
	for i := 0; i < len(v.Parts) || i < len(o.Parts); i++ {
		a, b := 0, 0
		if i < len(v.Parts) {
			a = v.Parts[i]
		}
		if i < len(o.Parts) {
			b = o.Parts[i]
		}
		if a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Axes a version may name.
var Axes = []string{"llvm", "bytecode", "dialect", "tileir"}

// Availability bounds when an element exists: since (inclusive) and
// until (inclusive), each on its own axis. Zero values mean unbounded.
type Availability struct {
	Since *Version
	Until *Version
}

// Text says which targets have what a bounds, as version errors say it:
// "LLVM 19 or newer", "LLVM 19 to 21", "bytecode version 5 or newer",
// "vhlo 1.2 or older" (dialect names the dialect axis); bounds on two
// axes are joined by "and".
func (a Availability) Text(dialect string) string {
	if a.Since != nil && a.Until != nil && a.Since.Axis == a.Until.Axis {
		return rangeText(dialect, a.Since, a.Until)
	}
	var parts []string
	if a.Since != nil {
		parts = append(parts, rangeText(dialect, a.Since, nil))
	}
	if a.Until != nil {
		parts = append(parts, rangeText(dialect, nil, a.Until))
	}
	return strings.Join(parts, " and ")
}

// rangeText names the versions from since to until (nil: unbounded) of
// one axis.
func rangeText(dialect string, since, until *Version) string {
	v := since
	if v == nil {
		v = until
	}
	name := v.Axis
	switch v.Axis {
	case "llvm":
		name = "LLVM"
	case "bytecode":
		name = "bytecode version"
	case "dialect":
		name = dialect
	}
	number := func(v *Version) string { return strings.TrimPrefix(v.String(), v.Axis+" ") }
	switch {
	case since != nil && until != nil && since.Compare(*until) == 0:
		return name + " " + number(since)
	case since != nil && until != nil:
		return name + " " + number(since) + " to " + number(until)
	case since != nil:
		return name + " " + number(since) + " or newer"
	}
	return name + " " + number(until) + " or older"
}

// AtLLVM reports whether the bounds hold at an LLVM major release, with
// release 0 meaning the newest: since N holds at 0 and from N on, until N
// holds from 1 up to N. Bounds on other axes are not consulted. Only a
// version's first part counts (llvm 19.1 is llvm 19).
func (a Availability) AtLLVM(release int) bool {
	if v := a.Since; v != nil && v.Axis == "llvm" && release != 0 && release < v.Parts[0] {
		return false
	}
	if v := a.Until; v != nil && v.Axis == "llvm" && (release == 0 || release > v.Parts[0]) {
		return false
	}
	return true
}

// Enum is a named set of integer values.
type Enum struct {
	Pos
	Name   string
	Doc    string
	Values []*EnumValue
	// BitEnum says the values are bits that combine (ODS BitEnum): any
	// union of them is valid.
	BitEnum bool
	// Separator joins the keywords of a bit enum's union in text (default
	// "|"); PrintGroups prints cases of several bits before single bits
	// (ODS printBitEnumPrimaryGroups).
	Separator   string
	PrintGroups bool
	// Width is the bits of the IntegerAttr an op attribute holding the
	// enum's cases as integers uses (ODS I64EnumAttr: 64), 0 where the
	// definitions do not say: what a populated default of such an
	// attribute is built as.
	Width int
	// Attribute is the dialect attribute that holds the enum's values
	// (ODS EnumAttr: #cuda_tile.overflow<none>), nil when op attributes
	// hold them as integers (EnumAttrInfo).
	Attribute *EnumAttribute
}

// EnumAttribute is the attribute form of an enum: its mnemonic and
// assembly format, `<` $value `>` or $value.
type EnumAttribute struct {
	Pos
	Mnemonic string
	Assembly *AsmFormat
	// Bracketed says the format is `<` $value `>` (else $value).
	Bracketed bool
}

// EnumValue is one case of an enum.
type EnumValue struct {
	Pos
	Name  string
	Value uint64
	Text  string // keyword in textual forms, default: lower-case name
	// GoName is the Go constant: go_name, or the enum's name followed by
	// the value's name in PascalCase (its text when the name is all
	// capitals, as ODS spells them).
	GoName string
	// OlderValues are the values older LLVM releases give the case where
	// they differ from the newer ones (older_values: {llvm 19: 2}), by
	// increasing release: Value holds at releases up to Until.
	OlderValues []ReleaseValue
	Availability
}

// ReleaseValue is what an element is up to an LLVM release.
type ReleaseValue struct {
	Pos
	Until      int // the last LLVM release that has it
	Value      uint64
	Constraint string
}

// ValueAt is the case's value at an LLVM release (0: the newest).
func (ev *EnumValue) ValueAt(release int) uint64 {
	for _, o := range ev.OlderValues {
		if release != 0 && release <= o.Until {
			return o.Value
		}
	}
	return ev.Value
}

// Struct is a composite of parameters usable as a list element (e.g. the
// name/value pairs of a dictionary).
type Struct struct {
	Pos
	Name   string
	Doc    string
	Params []*Param
}

// Def is an attribute or a type definition.
type Def struct {
	Pos
	Name     string // Go type name and the dialect-local kind, e.g. "StringAttr"
	IsType   bool
	Summary  string
	Params   []*Param
	Traits   []string
	Distinct bool // never uniqued by value (MLIR's DistinctAttr)
	Bytecode []*Encoding
	Text     *TextForm
	Layout   *TypeLayout
	// BitWidth gives a type's value width in bits, a number or the name of
	// an integer parameter; it sizes APInt and APFloat values of the type.
	BitWidth string
	// Verify names a hand-written check of the parameters,
	// verify<Verify>(params...) error, that readers run on what they
	// decode and writers on what they are asked to write (MLIR's verify).
	Verify    string
	VerifyPos Pos
	// StringHook names a hand-written func(v *Def) string that the
	// generated String method returns: MLIR's syntax for a value whose text
	// form the definition does not give. Without it, String prints the text
	// form, or a generic #dialect.Name<param = value, …>.
	StringHook    string
	StringHookPos Pos
	// ReleaseHook names a hand-written func(t bytecode.Target, v
	// ir.Type) error (attributes: ir.Attribute) that refuses a value the
	// target cannot hold for what its parameters hold, where since and
	// until, which bound the kind, cannot say (release_hook): LLVM 19's
	// SPIR-V types hold no bf16. Writers ask it before writing the value.
	ReleaseHook    string
	ReleaseHookPos Pos
	// BuildHook names a hand-written func(ctx *ir.Context, params...)
	// (params...) through which the constructor passes the parameters
	// before it uniques them (build_hook): MLIR's custom builder that
	// normalizes what it is given. Sparse tensor's storage specifier keeps
	// only the parts of its encoding that change the storage, so that two
	// encodings differing elsewhere give one specifier, as in C++.
	BuildHook    string
	BuildHookPos Pos
	Availability
	// Mnemonic and Assembly are the definition's text form as ODS declares
	// it (mnemonic, assemblyFormat): the body after #dialect.mnemonic or
	// !dialect.mnemonic, from which the generator makes its printer and
	// parser.
	Mnemonic string
	Assembly *AsmFormat
	// Alias is the name a printer gives the value in a file's aliases
	// (#alias = #dialect.mnemonic<…>, MLIR's getAlias); "" for none.
	Alias string
	// CustomAssembly says upstream reads and prints the body in C++;
	// AsmHooks then names the Go functions that do
	// (parse(p *mlirtext.Parser) any, print(pr *mlirtext.Printer, v any)),
	// without which the value stays text. OlderTexts are the forms of
	// older releases where they differ.
	CustomAssembly bool
	AsmHooks       *DefAsmHooks
	OlderTexts     []*OlderTextForm
}

// DefAsmHooks names the hand-written parser and printer of a definition's
// body.
type DefAsmHooks struct {
	Pos
	Parse, Print       string
	ParsePos, PrintPos Pos
}

// OlderTextForm is a definition's text form up to a release.
type OlderTextForm struct {
	Pos
	Until          *Version
	Mnemonic       string
	Assembly       *AsmFormat
	CustomAssembly bool
	// TextDefaults are the parameters' text defaults where the release
	// differs from the newest.
	TextDefaults map[string]string
	// Params lists the parameters the release has, where HasParams says
	// it lacks some of the definition's.
	Params    []string
	HasParams bool
}

// Param is one parameter of an attribute, type or struct.
type Param struct {
	Pos
	Name   string
	GoName string // the accessor (and struct field): Name in PascalCase
	Type   *TypeRef
	Doc    string
	// Optional parameters may be absent (nil for handles); Default names
	// the value an absent handle parameter takes: a parameterless
	// attribute or type of the dialect.
	Optional bool
	Default  string
	// WidthOf names the type parameter that gives an APInt or APFloat its
	// bit width.
	WidthOf string
	// TextDefault is the text of the value an absent parameter takes in
	// the text form (DefaultValuedParameter), which an optional group
	// anchored on it leaves out; Stripped is the mnemonic of a definition
	// of the dialect that the parameter prints without its prefix and
	// mnemonic (printStrippedAttrOrType).
	TextDefault string
	Stripped    string
	// Self marks an attribute's own type (AttributeSelfTypeParameter),
	// which the text form prints after the attribute (" : type"), not in
	// its format.
	Self bool
	// TextNames names a hand-written table (an *mlirtext.EnumSyntax,
	// <TextNames>Syntax in the dialect's package) of the names an integer
	// parameter prints by (DWARF tags: DW_TAG_base_type). TextQuoted says
	// a bit enum prints in quotes when several bits are set.
	TextNames  string
	TextQuoted bool
	// Canonical is a normalization the constructor applies, so equal values
	// have one representation: "empty_if_all_zero" (a list whose elements
	// are all zero is stored empty).
	Canonical string
	// Locality says values are often made in order of this parameter:
	// of an integer's value (a location's line), or of the IDs of the
	// values it holds (a call site's parts, each made just before it).
	// The context keeps values that match in the parameters before the
	// first such one and are near in it (in the newest ID of them all)
	// together, so that uniquing them in that order stays in cache. An
	// integer one is the definition's only one; it changes nothing but
	// speed.
	Locality bool
	Availability
}

// TypeRef is a parameter's type as written in the definition.
type TypeRef struct {
	Pos
	Text string // as written
	Kind RefKind
	Name string   // for RefAttr/RefType/RefEnum/RefStruct with a named target, RefGo
	Path string   // for RefGo: the import path of the type's package, "" for the dialect's own
	Elem *TypeRef // for RefList
	// Resolved targets (filled by Resolve).
	Def    *Def
	Enum   *Enum
	Struct *Struct
}

// RefKind classifies a TypeRef.
type RefKind int

const (
	RefInvalid RefKind = iota
	RefAttr            // any attribute, or a named attribute of the dialect
	RefType            // any type, or a named type of the dialect
	RefLocation
	RefString
	RefBool
	RefInt64
	RefUint64
	RefInt32
	RefUint32
	RefAPInt
	RefAPFloat
	RefBytes
	RefResource
	RefEnum
	RefStruct
	RefList
	RefGo // a hand-written Go type in the dialect package
	// RefUnit is a presence-only op attribute (MLIR's UnitAttr), written as
	// a flag bit in Tile IR; only op attributes of format tileir take it.
	RefUnit
)

// Encoding is one bytecode variant of an attribute or type: its kind code,
// the predicate that selects it when writing, and its fields in wire order.
type Encoding struct {
	Pos
	Code    uint64
	When    string // Go-syntax predicate over the parameters; "" = always
	WhenPos Pos
	Fields  []*Field
	Availability
}

// Field is one wire element of an encoding.
type Field struct {
	Pos
	// Param names the parameter written here with its default wire form;
	// As overrides that form ("varint", "svarint", "byte").
	Param string
	As    string
	// Packed writes several unsigned parameters as one varint; the last
	// part is in the lowest bits.
	Packed []*PackedPart
	// Custom names a hand-written codec pair read<Custom>/write<Custom> in
	// the dialect package that produces Outputs from the wire, given Args
	// (parameters read before it).
	Custom    string
	CustomPos Pos
	Outputs   []string
	Args      []string
	// Views says the custom reader's byte and list outputs are views of
	// the entry (r.Blob's) or its own new values, never a buffer it
	// reuses: the constructor may keep them without a copy where the
	// reader's bytes outlive the context (EntryReader.Views).
	Views bool
	// Flag and Opcode-style fields (Tile IR): the field is present only if
	// the named flag bit is set.
	Flag string
	// Flags writes a presence word (Tile IR): bit i is set when the
	// optional parameter Flags[i] is present; As "byte" makes it one byte
	// instead of a varint. Fields with Flag: name follow it.
	Flags []string
	Availability
}

// PackedPart is one parameter of a packed varint.
type PackedPart struct {
	Pos
	Param string
	Bits  int // 0 for the topmost part (takes the remaining bits)
}

// TextForm is how an attribute or type reads and prints in MLIR's textual
// assembly, used where a release stores it as text instead of bytecode.
type TextForm struct {
	Pos
	// Keyword is the whole text of a parameterless definition ("f8E5M2").
	Keyword string
	// Prefix selects this definition for text starting with it; Parse and
	// Print name hand-written functions in the dialect package.
	Prefix   string
	Parse    string
	Print    string
	ParsePos Pos
	PrintPos Pos
}

// TypeLayout gives the data-layout rules of a type (defs/layout.go): each
// quantity as expressions over the type's parameters, the spec entries of
// its class and the layouts of other types, chosen by release.
type TypeLayout struct {
	Pos
	// Class names the type class that spec entries apply by (MLIR's
	// TypeID); default "<dialect>.<Name>".
	Class     string
	SizeBits  []*LayoutRule
	Scalable  []*LayoutRule // optional: whether the size is scalable
	ABIAlign  []*LayoutRule
	PrefAlign []*LayoutRule
	IndexBits []*LayoutRule // optional: the type has an index bit width
}

// LayoutRule is one expression of a layout quantity, for the releases its
// bounds allow; the first rule that holds at a release applies.
type LayoutRule struct {
	Pos
	Availability
	Source string
	Expr   *LayoutExpr // parsed and checked at load
}

// LayoutSpec lists the dialect's data-layout spec entries.
type LayoutSpec struct {
	Pos
	Entries []*LayoutEntry
}

// LayoutEntry is one data-layout spec entry key with its value type and
// default.
type LayoutEntry struct {
	Pos
	Key     string
	Type    string
	Default string
	Doc     string
}

// Op is an operation definition.
type Op struct {
	Pos
	Name    string // without the dialect prefix, e.g. "addi"
	GoName  string
	Summary string
	// Traits names every trait of the op; TraitAvailability bounds those
	// that exist only in some releases.
	Traits            []string
	TraitAvailability map[string]Availability
	// Declaration says when the op, a symbol, declares it rather than
	// defines it (SymbolOpInterface's isDeclaration): DeclaresWithoutBody
	// or DeclaresAlways; "" for never. MLIR refuses a public declaration.
	Declaration    string
	DeclarationPos Pos
	// Parents are the ops (full names) that may hold the op (MLIR's
	// HasParent) in the releases of ParentsAvailability; empty for any.
	Parents             []string
	ParentsPos          Pos
	ParentsAvailability Availability
	Operands            []*Operand
	Results             []*Operand
	// OperandOrder and ResultOrder are the orders older releases lay out
	// the groups in, where not the definition's, oldest first.
	OperandOrder, ResultOrder []*GroupOrder
	// UnknownGroupsUntil, when set, says that the LLVM releases up to it
	// split the op's operands or results into segment groups otherwise
	// than the definitions describe (LLVM 16's acc.data: one group per
	// data clause, where 19 has one for them all): a writer refuses to
	// convert the op's segment sizes to or from those releases.
	UnknownGroupsUntil *Version
	// OlderNames are the names older LLVM releases gave the op (LLVM 16's
	// arith.maxf, which 17 renamed maximumf), oldest first: each holds up
	// to its Until, the definition's name after the last. A writer
	// converting the op between releases renames it.
	OlderNames []*OlderName
	// EndsWith is the op (its name in the dialect) that the op's
	// single-block regions end with in the releases of its availability,
	// which need it but whose parsers do not add it, while other releases
	// have none (ends_with): LLVM 19's omp loop wrappers end with
	// omp.terminator, 22's hold their loop nest alone. A writer converting
	// the op adds or drops it. Nil for none.
	EndsWith   *EndsWith
	Attributes []*OpAttr
	Regions    []*RegionDef
	Successors []*Successor
	// Properties says the op stores its inherent attributes as properties
	// (MLIR bytecode v5+), from the given release on.
	Properties *Availability
	Bytecode   *OpEncoding
	// ReleaseHook names the hand-written function that converts the op's
	// attributes between LLVM releases where the definitions' data cannot
	// say how (release_hook): func(ctx *ir.Context, op *ir.Operation,
	// attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) in the
	// dialect's package.
	ReleaseHook    string
	ReleaseHookPos Pos
	Availability
	// Assembly is the op's declarative assembly format (MLIR's
	// assemblyFormat); CustomAssembly says its text form is hand-written
	// (hasCustomAssemblyFormat, hooks in the dialect's text.ops).
	Assembly       *AsmFormat
	CustomAssembly bool
	// DefaultDialect is the dialect whose ops print without their prefix
	// inside the op's regions (OpAsmOpInterface's getDefaultDialect).
	DefaultDialect string
	// Text holds the op's hand-written text hooks (from the dialect's
	// text.ops), nil for none.
	Text *OpTextHooks
}

// Op.Declaration's values.
const (
	// DeclaresWithoutBody: the op declares its symbol when its first
	// region holds no block (an external function).
	DeclaresWithoutBody = "without_body"
	// DeclaresAlways: the op always declares its symbol (an import).
	DeclaresAlways = "always"
)

// Operand is an operand or result group.
type Operand struct {
	Pos
	Name     string
	GoName   string // the accessor, default: GoName(Name)
	Type     string // type constraint, informational
	Variadic bool
	Optional bool
	Availability
	// BuildableType is the text of the type every value of the group has
	// when its constraint says (ODS's buildable types: "token",
	// "tile<i32>"): a format need not print it.
	BuildableType string
}

// EndsWith is an op's ends_with.
type EndsWith struct {
	Pos
	Op string
	Availability
}

// OlderName is the name (without the dialect prefix) the LLVM releases up
// to Until, and after the older name before it, give an op.
type OlderName struct {
	Pos
	Name  string
	Until *Version
}

// NameAt is the op's name (without the dialect prefix) at an LLVM release
// (0: the newest).
func (o *Op) NameAt(release int) string {
	if release != 0 {
		for _, n := range o.OlderNames {
			if release <= n.Until.Parts[0] {
				return n.Name
			}
		}
	}
	return o.Name
}

// GroupOrder is the order in which the LLVM releases up to Until, and
// after the order before it, lay out an op's operand or result groups
// where it is not the definition's (operand_order, result_order): Groups
// names every group those releases have, in their order.
type GroupOrder struct {
	Pos
	Until  *Version
	Groups []string
}

// GroupsAt returns the places in parts of the groups that release lays
// out, in its order: that of the first of orders (by Until, oldest
// first) whose Until is release or newer, or the definition's. Release 0
// is the newest.
func GroupsAt(parts []*Operand, orders []*GroupOrder, release int) []int {
	ids := []int{}
	for i, p := range parts {
		if p.AtLLVM(release) {
			ids = append(ids, i)
		}
	}
	if release == 0 {
		return ids
	}
	for _, o := range orders {
		if o.Until == nil || release > o.Until.Parts[0] {
			continue
		}
		place := func(id int) int {
			if i := slices.Index(o.Groups, parts[id].Name); i >= 0 {
				return i
			}
			return len(o.Groups) // unlisted (the loader refuses it): last
		}
		slices.SortStableFunc(ids, func(a, b int) int { return place(a) - place(b) })
		break
	}
	return ids
}

// OpAttr is an inherent attribute (or property) of an op.
type OpAttr struct {
	Pos
	Name   string
	GoName string // the accessor, default: GoName(Name)
	Type   *TypeRef
	// Constraint is the attribute constraint of the upstream definition
	// (ODS), informational.
	Constraint string
	Optional   bool
	// DiscardableOutside says that in releases outside its since/until the
	// attribute may still appear as an ordinary discardable attribute (as
	// older upstream releases kept some attributes they later declared).
	// Without it, writers refuse the attribute at those releases.
	DiscardableOutside bool
	// ReadOutside says that a release which does not declare the
	// attribute still reads it from the op's attribute dictionary (LLVM
	// 19's affine.if reads 22's inherent condition there). Written for
	// such a release, the attribute is carried there; any other
	// attribute inherent where the op was read and undeclared in the
	// target release is refused, as the target would ignore it.
	ReadOutside bool
	// OptionalAt, when set, bounds the releases in which the attribute is
	// optional (ODS made it optional, or required, in some release); in
	// the others it is required.
	OptionalAt *Availability
	Default    string
	// Property says the attribute is an ODS native property (Property<>),
	// written in its own form instead of as an attribute index: one form,
	// or one per range of releases.
	Property []*NativeProperty
	// Enum, when set, is the enum whose cases the attribute holds as
	// integers (alone or in an array); EnumRef is it, resolved.
	Enum    string
	EnumRef *Enum
	// RenamedFrom names the attribute of the op that releases before
	// this one's since called it, holding the same value: a release
	// conversion renames one to the other (omp's hint_val, LLVM 22's
	// hint).
	RenamedFrom string
	// Populated says that parsers and builders give the attribute its
	// Default where it is absent (ODS's DefaultValuedAttr), so that every
	// op of those releases carries it: in every release the attribute
	// exists in, or in those PopulatedAt bounds.
	Populated   bool
	PopulatedAt *Availability
	// OlderConstraints are the constraints older releases give the
	// attribute where they differ (older_constraints: {llvm 19:
	// I64ArrayAttr}), by increasing release: Constraint holds up to Until.
	OlderConstraints []ReleaseValue
	Availability
}

// ConstraintAt is the attribute's constraint at an LLVM release (0: the
// newest).
func (a *OpAttr) ConstraintAt(release int) string {
	for _, o := range a.OlderConstraints {
		if release != 0 && release <= o.Until {
			return o.Constraint
		}
	}
	return a.Constraint
}

// PopulatedIn reports whether the attribute's default is populated at an
// LLVM release.
func (a *OpAttr) PopulatedIn(release int) bool {
	if !a.Populated || !a.AtLLVM(release) {
		return false
	}
	return a.PopulatedAt == nil || a.PopulatedAt.AtLLVM(release)
}

// RegionDef is a region of an op.
type RegionDef struct {
	Pos
	Name        string
	GoName      string // the accessor, default: GoName(Name)
	SingleBlock bool
	Variadic    bool
	Availability
}

// Successor is a successor block of a terminator.
type Successor struct {
	Pos
	Name     string
	GoName   string // the accessor, default: GoName(Name)
	Variadic bool
	Availability
}

// OpEncoding is an opcode-style op encoding (Tile IR): the opcode, flag
// bits for optional parts in the order their versions added them, and the
// fields in wire order.
type OpEncoding struct {
	Pos
	Opcode uint64
	Flags  []*Flag
	Fields []*Field
	// ResultTypes says whether result types are written ("written") or
	// inferred from operands ("inferred").
	ResultTypes string
}

// Flag is one bit of an op's flags word.
type Flag struct {
	Pos
	Name string // the optional attribute or operand it guards
	Bit  int
	Availability
}

// HasTrait reports whether the list contains the trait.
func HasTrait(traits []string, t string) bool {
	for _, x := range traits {
		if x == t {
			return true
		}
	}
	return false
}

// FindParam returns the parameter with that name, or nil.
func (d *Def) FindParam(name string) *Param {
	for _, p := range d.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}
