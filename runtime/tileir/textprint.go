package tileir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
)

// TextForm is what a dialect provides to print and parse its IR as text
// (the syntax of MLIR's AsmPrinter and AsmParser): generated from the ops'
// assembly formats, with the hand-written parts upstream writes in C++.
// Generated dialect packages set Table.Text.
type TextForm struct {
	// ModuleOps turns a module into the op that prints it (cuda_tile.module
	// holding globals and functions); OpsModule turns it back.
	ModuleOps func(m *Module) Op
	OpsModule func(op Op) (*Module, error)
	// PrintType and ParseType print and parse a type in its full form
	// (!cuda_tile.tile<…>, f32); PrintAttr and ParseAttr an attribute.
	PrintType func(p *Printer, t Type)
	ParseType func(p *Parser) Type
	PrintAttr func(p *Printer, a Attr, style AttrStyle)
	// ParseAttr parses an attribute; stripped names the definition whose
	// body follows without its #dialect.mnemonic prefix ("" for a full
	// attribute).
	ParseAttr func(p *Parser, stripped string) Attr
	// Ops lists ops that exist only in the text form (no opcode), besides
	// the table's.
	Ops []*OpInfo
}

// TextOp is an op with a text form: generated from its assembly format,
// or calling its hand-written printer and parser.
type TextOp interface {
	Op
	// PrintText prints the op after its name; ParseText parses what
	// follows its name, setting its parts and its results' types
	// (Parser.SetResults).
	PrintText(p *Printer)
	ParseText(p *Parser)
}

// NameFunc sets the name a value is printed with.
type NameFunc func(v *Value, name string)

// ResultNamer is an op that suggests names for its results (MLIR's
// OpAsmOpInterface); an op without suggestions may still implement it
// (another op's hint can ask it).
type ResultNamer interface {
	ResultNames(set NameFunc)
}

// BlockArgNamer is an op that suggests names for the arguments of its
// regions' entry blocks.
type BlockArgNamer interface {
	BlockArgNames(r *Region, set NameFunc)
}

// ResultName returns the name op suggests for v ("" when none) and
// whether op suggests names at all.
func ResultName(op Op, v *Value) (string, bool) {
	n, ok := op.(ResultNamer)
	if !ok || isNil(op) {
		return "", false
	}
	name := ""
	n.ResultNames(func(x *Value, s string) {
		if x == v {
			name = s
		}
	})
	return name, true
}

// PrintOptions control Print.
type PrintOptions struct {
	// DebugInfo prints each op's location (--mlir-print-debuginfo), with
	// aliases defined after the module.
	DebugInfo bool
}

// Print writes m as text, as NVIDIA's cuda-tile-translate
// -cudatilebc-to-mlir prints it (with DebugInfo: --mlir-print-debuginfo).
// The dialect must have a text form (Table.Text).
func Print(d Dialect, m *Module, opts PrintOptions) ([]byte, error) {
	tf := textForm(d)
	if tf == nil || tf.ModuleOps == nil {
		return nil, fmt.Errorf("dialect %s has no text form", d.Name())
	}
	top := tf.ModuleOps(m)
	return PrintOp(d, top, opts)
}

// PrintOp writes one op (and what it holds) as a top-level op.
func PrintOp(d Dialect, top Op, opts PrintOptions) ([]byte, error) {
	tf := textForm(d)
	if tf == nil {
		return nil, fmt.Errorf("dialect %s has no text form", d.Name())
	}
	p := &Printer{d: d, tf: tf, debug: opts.DebugInfo, names: asm.NewNames[*Value](), groups: map[Op][]int{}}
	if err := p.check(top, 0); err != nil {
		return nil, err
	}
	p.number(top)
	if p.debug {
		p.aliases = asm.NewAliases()
		p.visitLocs(top)
		p.aliases.Finish()
		p.aliases.Definitions(func(key any, alias string, deferred bool) {
			if !deferred {
				p.aliasDef(key, alias)
			}
		})
	}
	p.dialects = []string{"builtin"}
	p.op(top)
	p.Byte('\n')
	if p.debug {
		p.aliases.Definitions(func(key any, alias string, deferred bool) {
			if deferred {
				p.aliasDef(key, alias)
			}
		})
	}
	return p.Bytes(), nil
}

func textForm(d Dialect) *TextForm {
	if t, ok := d.(*tableDialect); ok {
		return t.t.Text
	}
	if t, ok := d.(interface{ TextForm() *TextForm }); ok {
		return t.TextForm()
	}
	return nil
}

// Printer prints IR as text. Generated op printers and the hooks of a
// dialect write through it: asm.Printer's methods, plus values, types,
// attributes, regions and attribute dictionaries.
type Printer struct {
	asm.Printer
	d        Dialect
	tf       *TextForm
	debug    bool
	names    *asm.Names[*Value]
	groups   map[Op][]int // result groups of ops with named results
	aliases  *asm.Aliases
	dialects []string // the default dialect of each enclosing region
	// locs gives locations by value (aliases are keyed by value).
	locs locInterner
	seen map[*Location]bool
}

// TextChecker is implemented by ops whose text form needs more than their
// regions and results exist: a for loop prints its induction variable,
// the first argument of its body.
type TextChecker interface {
	CheckText() error
}

// check refuses IR the printer cannot print: nil ops, regions and blocks,
// ops without a text form, nesting beyond the limit.
func (p *Printer) check(op Op, depth int) error {
	if isNil(op) {
		return fmt.Errorf("nil op")
	}
	if depth > DefaultMaxNesting {
		return fmt.Errorf("regions nested more than %d deep", DefaultMaxNesting)
	}
	if _, ok := op.(TextOp); !ok {
		return fmt.Errorf("%s has no text form", op.Info().Name)
	}
	info, b := op.Info(), op.Base()
	if len(b.Regions) != info.Regions {
		return fmt.Errorf("%s has %d regions, not %d", info.Name, len(b.Regions), info.Regions)
	}
	if len(b.Results) < info.Results {
		return fmt.Errorf("%s has %d results, not %d", info.Name, len(b.Results), info.Results)
	}
	for i, r := range b.Results {
		if r == nil || isNil(r.Type) || r.Def != op || r.Index != i {
			return fmt.Errorf("%s: result %d is nil, untyped or not the op's", info.Name, i)
		}
	}
	if c, ok := op.(TextChecker); ok {
		if err := c.CheckText(); err != nil {
			return fmt.Errorf("%s: %w", info.Name, err)
		}
	}
	if p.seen == nil {
		p.seen = map[*Location]bool{}
	}
	if err := checkLoc(b.Loc, 0, p.seen); err != nil {
		return fmt.Errorf("%s: %w", info.Name, err)
	}
	for _, r := range b.Regions {
		if r == nil {
			return fmt.Errorf("%s: nil region", op.Info().Name)
		}
		for _, b := range r.Blocks {
			if b == nil {
				return fmt.Errorf("%s: nil block", op.Info().Name)
			}
			for _, a := range b.Args {
				if a == nil || isNil(a.Type) {
					return fmt.Errorf("%s: a nil or untyped block argument", op.Info().Name)
				}
			}
			for _, x := range b.Ops {
				if err := p.check(x, depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// number names every value as MLIR's SSANameState does.
func (p *Printer) number(top Op) {
	n := p.names
	type ctx struct {
		r     *Region
		owner Op
		s     asm.Scope
	}
	var stack []ctx
	for _, r := range top.Base().Regions {
		stack = append(stack, ctx{r, top, n.Save()})
	}
	p.numberOp(top)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.Enter(c.s)
		p.numberRegion(c.owner, c.r)
		s := n.Save()
		for _, b := range c.r.Blocks {
			for _, op := range b.Ops {
				for _, r := range op.Base().Regions {
					stack = append(stack, ctx{r, op, s})
				}
			}
		}
	}
}

func (p *Printer) numberRegion(owner Op, r *Region) {
	n := p.names
	if an, ok := owner.(BlockArgNamer); ok {
		an.BlockArgNames(r, func(v *Value, name string) {
			if v != nil && !n.Has(v) {
				n.SetName(v, name)
			}
		})
	}
	for i, b := range r.Blocks {
		for _, a := range b.Args {
			switch {
			case n.Has(a):
			case i == 0:
				n.Arg(a)
			default:
				n.Number(a)
			}
		}
		for _, op := range b.Ops {
			p.numberOp(op)
		}
	}
}

func (p *Printer) numberOp(op Op) {
	n := p.names
	res := op.Base().Results
	groups := []int{0}
	if rn, ok := op.(ResultNamer); ok {
		rn.ResultNames(func(v *Value, name string) {
			if v == nil || v.Def != op || n.Has(v) {
				return
			}
			n.SetName(v, name)
			if v.Index != 0 {
				groups = append(groups, v.Index)
			}
		})
	}
	if len(res) == 0 {
		return
	}
	n.Number(res[0])
	if len(groups) != 1 {
		slices.Sort(groups)
		p.groups[op] = groups
	}
}

// valueID returns the name a value is printed with and, for a result in
// a group of several, its index in the group (-1 otherwise).
func (p *Printer) valueID(v *Value) (string, int) {
	lookup, no := v, -1
	if op := v.Def; op != nil {
		res := op.Base().Results
		if len(res) != 1 && v.Index < len(res) {
			groups := p.groups[op]
			if groups == nil {
				lookup, no = res[0], v.Index
			} else {
				i, _ := slices.BinarySearch(groups, v.Index+1)
				start := groups[i-1]
				end := len(res)
				if i < len(groups) {
					end = groups[i]
				}
				if end-start != 1 {
					lookup, no = res[start], v.Index-start
				}
			}
		}
	}
	name, ok := p.names.Name(lookup)
	if !ok {
		return "<<UNKNOWN SSA VALUE>>", -1
	}
	return name, no
}

// Value prints a value: %name, or %name#k for a result in a group.
func (p *Printer) Value(v *Value) {
	if v == nil {
		p.Write("<<NULL VALUE>>")
		return
	}
	name, no := p.valueID(v)
	p.Byte('%')
	p.Write(name)
	if no >= 0 {
		p.Byte('#')
		p.Int(int64(no))
	}
}

// Values prints values separated by ", ".
func (p *Printer) Values(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.Write(", ")
		}
		p.Value(v)
	}
}

// BlockArg prints a block argument's name without a result number (the
// same as Value for arguments).
func (p *Printer) BlockArg(v *Value) { p.Value(v) }

// Type prints a type in its full form, with the dialect's printer.
func (p *Printer) Type(t Type) {
	if isNil(t) {
		p.Write("<<NULL TYPE>>")
		return
	}
	p.tf.PrintType(p, t)
}

// AttrStyle says how to print an attribute (MLIR's type elision and
// stripped dialect attributes).
type AttrStyle int

const (
	// AttrFull prints the attribute with its type (42 : i32).
	AttrFull AttrStyle = iota
	// AttrElideMay leaves out the types MLIR may leave out (i64, f64),
	// as in arrays.
	AttrElideMay
	// AttrWithoutType leaves out the type (printAttributeWithoutType).
	AttrWithoutType
	// AttrStripped prints a dialect attribute without #dialect.mnemonic
	// (printStrippedAttrOrType).
	AttrStripped
)

// Attr prints an attribute in its full form, with the dialect's printer.
func (p *Printer) Attr(a Attr) { p.AttrStyle(a, AttrFull) }

// AttrStripped prints a dialect attribute without its #dialect.mnemonic.
func (p *Printer) AttrStripped(a Attr) { p.AttrStyle(a, AttrStripped) }

// AttrWithoutType prints an attribute without its type.
func (p *Printer) AttrWithoutType(a Attr) { p.AttrStyle(a, AttrWithoutType) }

// AttrStyle prints an attribute in a style.
func (p *Printer) AttrStyle(a Attr, style AttrStyle) {
	if isNil(a) {
		p.Write("<<NULL ATTRIBUTE>>")
		return
	}
	p.tf.PrintAttr(p, a, style)
}

// Dialect is the dialect being printed.
func (p *Printer) Dialect() Dialect { return p.d }

// resultList prints an op's results and " = ".
func (p *Printer) resultList(op Op) {
	res := op.Base().Results
	if len(res) == 0 {
		return
	}
	group := func(i, n int) {
		name, _ := p.valueID(res[i])
		p.Byte('%')
		p.Write(name)
		if n > 1 {
			p.Byte(':')
			p.Int(int64(n))
		}
	}
	if groups := p.groups[op]; groups != nil {
		for i := 0; i+1 < len(groups); i++ {
			group(groups[i], groups[i+1]-groups[i])
			p.Write(", ")
		}
		last := groups[len(groups)-1]
		group(last, len(res)-last)
	} else {
		group(0, len(res))
	}
	p.Write(" = ")
}

// op prints an op at the current position: results, name, body; with
// its location when printing debug info.
func (p *Printer) op(op Op) {
	p.resultList(op)
	name := op.Info().Name
	if def := p.dialects[len(p.dialects)-1]; def != "" && strings.HasPrefix(name, def+".") && strings.Count(name, ".") == 1 {
		name = name[len(def)+1:]
	}
	p.Write(name)
	op.(TextOp).PrintText(p)
	if p.debug {
		p.Write(" ")
		p.Loc(op.Base().Loc)
	}
}

// Region prints a region: '{', its ops one per line indented one level
// deeper, '}'. entryArgs prints the entry block's header with its
// arguments (when it has some); terminators prints a block's terminator.
func (p *Printer) Region(r *Region, owner Op, entryArgs, terminators bool) {
	p.Write("{\n")
	if r != nil && len(r.Blocks) > 0 {
		def := ""
		if owner != nil {
			def = owner.Info().DefaultDialect
		}
		p.dialects = append(p.dialects, def)
		for i, b := range r.Blocks {
			if i > 0 || entryArgs && len(b.Args) > 0 {
				p.blockHeader(b, i)
			}
			p.Indent()
			ops := b.Ops
			if !terminators && len(ops) > 0 && ops[len(ops)-1].Info().Terminator {
				ops = ops[:len(ops)-1]
			}
			for _, op := range ops {
				p.indentation()
				p.op(op)
				p.Byte('\n')
			}
			p.Dedent()
		}
		p.dialects = p.dialects[:len(p.dialects)-1]
	}
	p.indentation()
	p.Byte('}')
}

func (p *Printer) indentation() {
	for range p.Depth() {
		p.Write("  ")
	}
}

func (p *Printer) blockHeader(b *Block, i int) {
	p.indentation()
	p.Write("^bb")
	p.Int(int64(i))
	if len(b.Args) > 0 {
		p.Byte('(')
		for k, a := range b.Args {
			if k > 0 {
				p.Write(", ")
			}
			p.Value(a)
			p.Write(": ")
			p.Type(a.Type)
		}
		p.Byte(')')
	}
	p.Write(":\n")
}

// RegionArgs prints block arguments as a function signature does:
// (%a: T, %b: U), types with typ.
func (p *Printer) RegionArgs(args []*Value, typ func(Type)) {
	p.Byte('(')
	for i, a := range args {
		if i > 0 {
			p.Write(", ")
		}
		p.Value(a)
		p.Write(": ")
		typ(a.Type)
	}
	p.Byte(')')
}

// Newline ends the line and indents the next one as deep as the op being
// printed (OpAsmPrinter::printNewline).
func (p *Printer) Newline() {
	p.Byte('\n')
	p.indentation()
}

// NamedAttr is an attribute of an attribute dictionary, printed.
type NamedAttr struct {
	Name string
	// Text is the value as printed; "" for a unit attribute.
	Text string
}

// AttrDict prints an op's attribute dictionary: its attributes that are
// set and not elided, sorted by name, as " {a = v, b}" (" attributes {…}"
// withKeyword); nothing when there are none.
func (p *Printer) AttrDict(op Op, withKeyword bool, elided ...string) {
	var attrs []NamedAttr
	for _, a := range bindAttrs(op) {
		if slices.Contains(elided, a.name) || !a.set() {
			continue
		}
		attrs = append(attrs, NamedAttr{Name: a.name, Text: a.print(p)})
	}
	p.NamedAttrs(attrs, withKeyword)
}

// NamedAttrs prints an attribute dictionary: " {a = v, b}", sorted by
// name; nothing when attrs is empty.
func (p *Printer) NamedAttrs(attrs []NamedAttr, withKeyword bool) {
	if len(attrs) == 0 {
		return
	}
	slices.SortFunc(attrs, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	if withKeyword {
		p.Write(" attributes")
	}
	p.Write(" {")
	for i, a := range attrs {
		if i > 0 {
			p.Write(", ")
		}
		p.KeywordOrString(a.Name)
		if a.Text != "" {
			p.Write(" = ")
			p.Write(a.Text)
		}
	}
	p.Byte('}')
}

// Sub prints with a fresh buffer and returns what f printed.
func (p *Printer) Sub(f func()) string {
	save := p.Printer
	p.Printer = asm.Printer{}
	f()
	s := p.String()
	p.Printer = save
	return s
}

// Loc prints a location: loc(#alias) when it has one, else loc(…).
func (p *Printer) Loc(l *Location) {
	p.Write("loc(")
	if a, ok := p.alias(l); ok {
		p.Write(a)
	} else {
		p.locInner(l)
	}
	p.Byte(')')
}

func (p *Printer) alias(l *Location) (string, bool) { return p.aliasOf(p.locKey(l)) }

func (p *Printer) aliasOf(key any) (string, bool) {
	if p.aliases == nil {
		return "", false
	}
	return p.aliases.Alias(key)
}

// locInner prints a location inside loc(…): unknown, "file":line:col,
// callsite(a at b); a DI location as its attribute.
func (p *Printer) locInner(l *Location) {
	switch {
	case l == nil:
		p.Write("unknown")
	case l.Kind == DebugLoc:
		p.diAttr(l)
	case l.Kind == DebugCallSite:
		p.Write("callsite(")
		p.nestedLoc(l.Callee)
		p.Write(" at ")
		p.nestedLoc(l.Caller)
		p.Byte(')')
	default:
		p.diAttr(l)
	}
}

func (p *Printer) nestedLoc(l *Location) {
	if a, ok := p.alias(l); ok {
		p.Write(a)
		return
	}
	p.locInner(l)
}

// fileLoc is the "file":line:col location a DI location holds.
type fileLoc struct {
	file      string
	line, col uint64
}

// attrRef prints a DI attribute parameter: its alias, else the attribute.
func (p *Printer) attrRef(l *Location) {
	if a, ok := p.alias(l); ok {
		p.Write(a)
		return
	}
	p.diAttr(l)
}

// diAttr prints a debug-info attribute in its full form.
func (p *Printer) diAttr(l *Location) {
	dn := p.d.Name()
	if l == nil {
		p.Write("loc(unknown)")
		return
	}
	switch l.Kind {
	case DebugFile:
		p.Write("#" + dn + ".di_file<")
		p.Quoted(l.Name)
		p.Write(" in ")
		p.Quoted(l.Directory)
		p.Byte('>')
	case DebugCompileUnit:
		p.Write("#" + dn + ".di_compile_unit<file = ")
		p.attrRef(l.File)
		p.Byte('>')
	case DebugSubprogram:
		p.Write("#" + dn + ".di_subprogram<file = ")
		p.attrRef(l.File)
		p.Write(", line = ")
		p.Uint(l.Line)
		p.Write(", name = ")
		p.Quoted(l.Name)
		p.Write(", linkageName = ")
		p.Quoted(l.LinkageName)
		p.Write(", compileUnit = ")
		p.attrRef(l.Unit)
		if l.Scope2 != 0 {
			p.Write(", scopeLine = ")
			p.Uint(l.Scope2)
		}
		p.Byte('>')
	case DebugLexicalBlock:
		p.Write("#" + dn + ".di_lexical_block<scope = ")
		p.attrRef(l.Scope)
		p.Write(", file = ")
		p.attrRef(l.File)
		p.Write(", line = ")
		p.Uint(l.Line)
		if l.Column != 0 {
			p.Write(", column = ")
			p.Uint(l.Column)
		}
		p.Byte('>')
	case DebugLoc:
		p.Write("#" + dn + ".di_loc<")
		src := fileLoc{l.Name, l.Line, l.Column}
		if a, ok := p.aliasOf(src); ok {
			p.Write(a)
		} else {
			p.Write("loc(")
			p.fileLoc(src)
			p.Byte(')')
		}
		p.Write(" in ")
		p.attrRef(l.Scope)
		p.Byte('>')
	case DebugCallSite:
		p.Write("loc(")
		p.locInner(l)
		p.Byte(')')
	default:
		p.Write("loc(unknown)")
	}
}

func (p *Printer) fileLoc(f fileLoc) {
	p.Quoted(f.file)
	p.Byte(':')
	p.Uint(f.line)
	p.Byte(':')
	p.Uint(f.col)
}

// locKey identifies a location by value, as MLIR's uniquing does: its
// canonical pointer ("unknown" for none).
func (p *Printer) locKey(l *Location) any {
	if l == nil {
		return "unknown"
	}
	return p.locs.canon(l, 0)
}

// locInterner maps locations to one canonical pointer per value, children
// first, in time linear in the number of distinct pointers.
type locInterner struct {
	byPtr map[*Location]*Location
	byKey map[locationKey]*Location
}

// locationKey is a location's value, its children canonical.
type locationKey struct {
	kind                 DebugKind
	file, scope, unit    *Location
	callee, caller       *Location
	name, dir, linkage   string
	line, col, scopeLine uint64
}

// canon returns the canonical location equal to l (nil beyond the nesting
// limit: check refused such IR before).
func (in *locInterner) canon(l *Location, depth int) *Location {
	if l == nil || depth > DefaultMaxNesting {
		return nil
	}
	if c, ok := in.byPtr[l]; ok {
		return c
	}
	if in.byPtr == nil {
		in.byPtr, in.byKey = map[*Location]*Location{}, map[locationKey]*Location{}
	}
	in.byPtr[l] = nil // in progress: a cycle ends here
	k := locationKey{kind: l.Kind, name: l.Name, dir: l.Directory, linkage: l.LinkageName, line: l.Line, col: l.Column, scopeLine: l.Scope2,
		file: in.canon(l.File, depth+1), scope: in.canon(l.Scope, depth+1), unit: in.canon(l.Unit, depth+1),
		callee: in.canon(l.Callee, depth+1), caller: in.canon(l.Caller, depth+1)}
	c, ok := in.byKey[k]
	if !ok {
		c = l
		in.byKey[k] = l
	}
	in.byPtr[l] = c
	return c
}

// checkLoc refuses locations nested deeper than the limit or cyclic.
func checkLoc(l *Location, depth int, seen map[*Location]bool) error {
	if l == nil || seen[l] {
		return nil
	}
	if depth > DefaultMaxNesting {
		return fmt.Errorf("debug locations nested more than %d deep (or cyclic)", DefaultMaxNesting)
	}
	for _, x := range []*Location{l.File, l.Scope, l.Unit, l.Callee, l.Caller} {
		if err := checkLoc(x, depth+1, seen); err != nil {
			return err
		}
	}
	seen[l] = true
	return nil
}

// visitLocs visits every op's location in print order (MLIR's alias
// initializer walks the printer; only locations get aliases here).
func (p *Printer) visitLocs(op Op) {
	p.visitLoc(op.Base().Loc, true)
	for _, r := range op.Base().Regions {
		for _, b := range r.Blocks {
			for _, x := range b.Ops {
				p.visitLocs(x)
			}
		}
	}
}

func (p *Printer) visitLoc(l *Location, canDefer bool) {
	a := p.aliases
	if l == nil {
		a.Visit(p.locKey(nil), "loc", false, canDefer, nil)
		return
	}
	var name string
	var kids func()
	switch l.Kind {
	case DebugLoc:
		name = "loc"
		kids = func() {
			a.Visit(fileLoc{l.Name, l.Line, l.Column}, "loc", false, canDefer, nil)
			p.visitLoc(l.Scope, canDefer)
		}
	case DebugCallSite:
		name = "loc"
		kids = func() {
			p.visitLoc(l.Callee, canDefer)
			p.visitLoc(l.Caller, canDefer)
		}
	case DebugFile:
		name = "di_file"
	case DebugCompileUnit:
		name = "di_compile_unit"
		kids = func() { p.visitLoc(l.File, canDefer) }
	case DebugSubprogram:
		name = "di_subprogram"
		kids = func() {
			p.visitLoc(l.File, canDefer)
			p.visitLoc(l.Unit, canDefer)
		}
	case DebugLexicalBlock:
		name = "di_lexical_block"
		kids = func() {
			p.visitLoc(l.Scope, canDefer)
			p.visitLoc(l.File, canDefer)
		}
	}
	a.Visit(p.locKey(l), name, false, canDefer, kids)
}

// aliasDef prints "#alias = value\n".
func (p *Printer) aliasDef(key any, alias string) {
	p.Write(alias)
	p.Write(" = ")
	switch k := key.(type) {
	case string: // unknown
		p.Write("loc(unknown)")
	case fileLoc:
		p.Write("loc(")
		p.fileLoc(k)
		p.Byte(')')
	case *Location:
		l := k
		if l.Kind == DebugCallSite {
			p.Write("loc(")
			p.locInner(l)
			p.Byte(')')
		} else {
			p.diAttr(l)
		}
	}
	p.Byte('\n')
}

// PrintBool prints true or false.
func PrintBool(p *Printer, v bool) {
	if v {
		p.Write("true")
	} else {
		p.Write("false")
	}
}

// PrintInts prints integers as [1, 2] (a dense array, stripped).
func PrintInts[T int32 | int64](p *Printer, v []T) {
	p.Byte('[')
	for i, x := range v {
		if i > 0 {
			p.Write(", ")
		}
		p.Int(int64(x))
	}
	p.Byte(']')
}

// PrintAttrList prints an array of attributes as [a, b], eliding the
// types MLIR may elide (i64, f64).
func PrintAttrList(p *Printer, v []Attr) {
	p.Byte('[')
	for i, a := range v {
		if i > 0 {
			p.Write(", ")
		}
		p.AttrStyle(a, AttrElideMay)
	}
	p.Byte(']')
}

// TypeOf returns a value's type, nil for no value.
func TypeOf(v *Value) Type {
	if v == nil {
		return nil
	}
	return v.Type
}

// TypesOf returns the types of values.
func TypesOf(vs []*Value) []Type {
	out := make([]Type, len(vs))
	for i, v := range vs {
		out[i] = TypeOf(v)
	}
	return out
}
