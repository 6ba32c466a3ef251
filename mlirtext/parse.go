package mlirtext

import (
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// ParseOptions configure Parse.
type ParseOptions struct {
	// File names the input in errors (file:line:col: message).
	File string
	// Release is the LLVM release whose op definitions decide which
	// attributes are properties and how text values parse; 0 means the
	// newest the dialects know.
	Release int
	// MaxSize bounds the input Parse reads; 0 means 1 GiB.
	MaxSize int64
	// Limits bound nesting as the bytecode reader applies them (regions
	// in regions, attributes and types in one another), so that what a
	// writer writes, printed, reads back. The zero value means ir's
	// defaults.
	Limits ir.Limits
}

// Parse reads all of r (up to ParseOptions.MaxSize) and parses it as
// ParseBytes does.
func Parse(ctx *ir.Context, r io.Reader, opts ParseOptions) (*mlirbc.Module, error) {
	limit := opts.MaxSize
	if limit <= 0 {
		limit = 1 << 30
	}
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > limit {
		return nil, fmt.Errorf("%s: input larger than %d bytes", opts.File, limit)
	}
	return ParseString(ctx, unsafe.String(unsafe.SliceData(src), len(src)), opts)
}

// ParseBytes reads MLIR's generic textual form, as mlir-opt
// --mlir-print-op-generic writes it (with or without debug info, aliases
// or resources), into the IR the bytecode reader builds for the same
// module. The custom syntax of ops is not read. Errors are
// file:line:col: message.
func ParseBytes(ctx *ir.Context, src []byte, opts ParseOptions) (*mlirbc.Module, error) {
	return ParseString(ctx, string(src), opts)
}

// ParseString is ParseBytes for text held as a string, which it does not
// copy: the IR's strings are substrings of src. A caller may hand it a
// mapped file as a string (unsafe.String) if the file does not change
// while the IR is in use, as mlirbc.Read asks of its data.
func ParseString(ctx *ir.Context, src string, opts ParseOptions) (*mlirbc.Module, error) {
	ps, err := parse(ctx, src, opts, true)
	if err != nil {
		return nil, err
	}
	return ps.m, nil
}

// parse reads src; remember says whether to look up repeated function
// types and dialect values among those read before (ps.parsed).
func parse(ctx *ir.Context, src string, opts ParseOptions, remember bool) (*parser, error) {
	file := opts.File
	if file == "" {
		file = "<input>"
	}
	ps := &parser{
		p:          asm.NewParserString(file, src),
		file:       file,
		ctx:        ctx,
		release:    opts.Release,
		attrAlias:  &aliasTable[ir.Attribute]{},
		unordered:  map[*ir.Value]bool{},
		typeAlias:  &aliasTable[ir.Type]{},
		aliasOf:    map[any]string{},
		propsLists: map[propsKey][]ir.NamedAttr{},
		parsed:     map[string]any{},
		m:          &mlirbc.Module{Release: opts.Release, Resources: map[ir.ResourceHandle]*mlirbc.Resource{}},
		maxRegions: opts.Limits.RegionDepth(),
	}
	// Brackets nest attributes and types; regions are counted apart.
	ps.p.MaxDepth = opts.Limits.AttrDepth()
	if !remember {
		ps.parsed = nil
	}
	ps.scope.Alias = ps.alias
	ps.scope.Elements = ps.elementsIn
	ps.scope.AliasOf = func(v any) (string, bool) {
		if name, ok := ps.aliasOf[v]; ok {
			return name, true
		}
		// The elements a dialect value nests print here, as they read
		// (Scope.Elements).
		if a, ok := v.(ir.Attribute); ok && printedOnlyHere(a) {
			release := ps.release
			if release == 0 {
				release = newestRelease
			}
			return valueText(a, release), true
		}
		return "", false
	}
	ps.module()
	if err := ps.p.Err(); err != nil {
		return nil, err
	}
	ps.useOrders()
	return ps, nil
}

type parser struct {
	p         *asm.Parser
	ctx       *ir.Context
	release   int
	attrAlias *aliasTable[ir.Attribute]
	typeAlias *aliasTable[ir.Type]
	// aliasOf is the alias of each aliased value but locations, for
	// reading dialect values that name them by alias (scope).
	aliasOf map[any]string
	// scope gives dialects the file's aliases and distinct attributes.
	scope asmformat.Scope
	// propsLists are the attribute lists of ops with properties and no
	// dictionary, by schema and properties (setAttrs).
	propsLists map[propsKey][]ir.NamedAttr
	// parsed holds the function types and dialect values read so far, by
	// their text: in a file the same text reads as the same value, and
	// most ops repeat their neighbours' types and attributes. Nil: look
	// nothing up.
	parsed map[string]any
	reused int // lookups parsed answered
	// locs reads locations (locBody).
	locs builtin.LocReader
	m    *mlirbc.Module

	scopes []*valueScope
	// spareScopes are closed scopes, emptied for the next region.
	spareScopes []*valueScope
	// locFixups are op and argument locations that name an alias defined
	// further down (mlir-opt prints deferred aliases after the module).
	locFixups chunks[locFixup]
	file      string
	lines     []int // offsets where lines start, for sourceLoc
	// resolved lists the uses of values defined after them, in the order
	// they were resolved (define); unordered holds the values whose use
	// lists can differ from a bytecode reader's (see useOrders).
	resolved  []resolvedUse
	unordered map[*ir.Value]bool
	// names are the op names met, by their quoted text.
	names map[string]namedOp
	// useStack and groupStack hold the operand uses and result names of
	// the ops being read, each op's after its enclosing op's: an op's
	// are read before its regions, and used after them. Two slices an op
	// made a tenth of the parse's allocation.
	useStack   []valueUse
	groupStack []resultGroup
	// dictStack holds the entries of the dictionaries being read, each
	// nested one's above its parent's; dictEntries is the list a
	// dictionary attribute is made from.
	dictStack   []ir.NamedAttr
	dictEntries []builtin.NamedAttribute
	// operands is where operand lists are cut from (operandList).
	operands []*ir.Value
	// opStack holds the ops of the blocks being read (region).
	opStack []*ir.Operation

	// regions is how many regions enclose what is being read, at most
	// maxRegions.
	regions, maxRegions int
}

// elementsIn reads a dense or sparse elements attribute at the start of
// text, for a dialect value that nests one (asmformat.Scope.Elements):
// the file's aliases apply. n is how many bytes it took; nil after an
// error.
func (ps *parser) elementsIn(text string) (a ir.Attribute, n int) {
	sub := &parser{
		p: asm.NewParserString(ps.file, text), file: ps.file, ctx: ps.ctx, release: ps.release,
		attrAlias: ps.attrAlias, typeAlias: ps.typeAlias, aliasOf: ps.aliasOf, scope: ps.scope, m: ps.m,
	}
	sub.p.MaxDepth = ps.p.MaxDepth
	a = sub.attribute()
	if sub.p.Err() != nil {
		return nil, 0
	}
	return a, sub.p.End()
}

type useRef struct {
	op    *ir.Operation
	index int
}

type resolvedUse struct {
	v *ir.Value
	useRef
}

// locTarget is where a trailing location goes: an op or a block argument.
type locTarget struct {
	op  *ir.Operation
	arg *ir.Value
}

func (t locTarget) set(l ir.Location) {
	if t.op != nil {
		t.op.SetLoc(l)
	} else {
		t.arg.SetLoc(l)
	}
}

type locFixup struct {
	dst  locTarget
	name string
	off  int
}

// valueScope holds the values a region defines, by name without %, and
// uses of names not defined yet.
type valueScope struct {
	values map[string][]*ir.Value
	// numbered holds the values whose names are numbers (%0, %1, …, as
	// the generic printer names them) by that number, where that keeps it
	// dense; the others are in values.
	numbered numberedValues
	forward  map[string][]forwardUse
	blocks   map[string]*ir.Block
	defined  map[*ir.Block]bool
	blockAt  map[*ir.Block]int
}

type forwardUse struct {
	op    *ir.Operation
	index int
	no    int // result number
	off   int
}

func (ps *parser) module() {
	p := ps.p
	var tops []*ir.Operation
	ps.pushScope()
	for !p.Failed() && p.Tok().Kind != asm.EOF {
		t := p.Tok()
		switch {
		case t.Kind == asm.HashIdent && !strings.Contains(t.Text, "."):
			ps.aliasDef(true)
		case t.Kind == asm.BangIdent && !strings.Contains(t.Text, "."):
			ps.aliasDef(false)
		case t.Is("{-#"):
			ps.metadata()
		case t.Kind == asm.String || t.Kind == asm.PercentIdent:
			if op := ps.operation(); op != nil {
				tops = append(tops, op)
			}
		default:
			p.Errorf("expected an op, an alias definition or a {-# metadata #-} section, found %s", p.Describe())
		}
	}
	if p.Failed() {
		return
	}
	ps.popScope()
	if p.Failed() {
		return
	}
	var top *ir.Operation
	if len(tops) > 0 {
		top = tops[0]
	}
	if len(tops) != 1 || top.Name().String() != "builtin.module" {
		// As MLIR's parser does, ops at top level go into a module
		// located at the file's line 0, column 0; text without ops
		// (empty, or only comments and aliases) is an empty module.
		top = ir.NewOperation(ir.OpName{Dialect: "builtin", Op: "module", Registered: ps.schema(ir.OpName{Dialect: "builtin", Op: "module"}) != nil}, builtin.GetFileLineColLoc(ps.ctx, ps.file, 0, 0), nil)
		b := top.AddRegion().AddBlock()
		for _, op := range tops {
			b.Append(op)
		}
	}
	for f := range ps.locFixups.all() {
		a, ok := ps.attrAlias.get(f.name)
		l, isLoc := a.(ir.Location)
		if !ok || !isLoc {
			p.ErrorAt(f.off, "undefined location alias %s", f.name)
			return
		}
		f.dst.set(l)
	}
	ps.m.Op = top
}

// aliasDef reads #name = attr or !name = type.
func (ps *parser) aliasDef(attr bool) {
	p := ps.p
	t := p.Next()
	if !p.Expect("=") {
		return
	}
	if attr {
		if _, dup := ps.attrAlias.get(t.Text); dup {
			p.ErrorAt(t.Off, "redefinition of attribute alias %s", t.Text)
			return
		}
		a := ps.attribute()
		ps.attrAlias.set(t.Text, a)
		if _, isLoc := a.(ir.Location); !isLoc && a != nil {
			ps.aliasOf[a] = t.Text
		}
		return
	}
	if _, dup := ps.typeAlias.get(t.Text); dup {
		p.ErrorAt(t.Off, "redefinition of type alias %s", t.Text)
		return
	}
	typ := ps.typ()
	ps.typeAlias.set(t.Text, typ)
	if typ != nil {
		ps.aliasOf[typ] = t.Text
	}
}

// alias returns the value an alias (#name, !name) stands for.
func (ps *parser) alias(name string) (any, bool) {
	if strings.HasPrefix(name, "!") {
		t, ok := ps.typeAlias.get(name)
		return t, ok && t != nil
	}
	a, ok := ps.attrAlias.get(name)
	return a, ok && a != nil
}

func (ps *parser) pushScope() {
	// Regions come and go (a function's body, a loop's), so a closed
	// scope is kept for the next: making five maps a region was a tenth
	// of the allocations reading 20,000 small functions.
	if n := len(ps.spareScopes); n > 0 {
		ps.scopes = append(ps.scopes, ps.spareScopes[n-1])
		ps.spareScopes = ps.spareScopes[:n-1]
		return
	}
	ps.scopes = append(ps.scopes, &valueScope{
		values:  map[string][]*ir.Value{},
		forward: map[string][]forwardUse{},
		blocks:  map[string]*ir.Block{},
		defined: map[*ir.Block]bool{},
		blockAt: map[*ir.Block]int{},
	})
}

// maxSpareEntries is the most entries a scope's map may have held to be
// cleared for reuse: clearing costs as much as the map is large.
const maxSpareEntries = 256

// reuse empties s for another region and keeps it, unless a map of it
// grew large.
func (ps *parser) reuse(s *valueScope) {
	if len(s.values) > maxSpareEntries || len(s.blocks) > maxSpareEntries || len(s.forward) > maxSpareEntries {
		return
	}
	clear(s.values)
	clear(s.forward)
	clear(s.blocks)
	clear(s.defined)
	clear(s.blockAt)
	s.numbered.reset()
	ps.spareScopes = append(ps.spareScopes, s)
}

// popScope closes a region: every use must have found its value, every
// block named by a branch must be defined.
func (ps *parser) popScope() {
	s := ps.scopes[len(ps.scopes)-1]
	ps.scopes = ps.scopes[:len(ps.scopes)-1]
	if len(ps.scopes) > 0 {
		// Uses in a graph region of values defined further down in an
		// enclosing one.
		outer := ps.scopes[len(ps.scopes)-1]
		for name, uses := range s.forward {
			outer.forward[name] = append(outer.forward[name], uses...)
		}
	} else if len(s.forward) > 0 {
		// The first in the text, whatever the map's order.
		first, firstName := -1, ""
		for name, uses := range s.forward {
			for _, u := range uses {
				if first < 0 || u.off < first {
					first, firstName = u.off, name
				}
			}
		}
		ps.p.ErrorAt(first, "use of undeclared SSA value %%%s", firstName)
		return
	}
	first, firstName := -1, ""
	for name, b := range s.blocks {
		if at := s.blockAt[b]; !s.defined[b] && (first < 0 || at < first) {
			first, firstName = at, name
		}
	}
	if first >= 0 {
		ps.p.ErrorAt(first, "reference to an undefined block ^%s", firstName)
		return
	}
	ps.reuse(s)
}

// valueNumber is the number a value's name is, -1 for a name that is not
// a decimal number without leading zeros and of at most nine digits.
func valueNumber(name string) int {
	if len(name) == 0 || len(name) > 9 || name[0] == '0' && len(name) > 1 {
		return -1
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// get returns the values the scope names name.
func (s *valueScope) get(name string) ([]*ir.Value, bool) {
	if n := valueNumber(name); n >= 0 {
		if v := s.numbered.get(n); v != nil {
			return v, true
		}
	}
	v, ok := s.values[name]
	return v, ok
}

// put names vals name. A number goes to numbered if that grows it by
// little: a name like %99999999 must not allocate for the numbers below.
func (s *valueScope) put(name string, vals []*ir.Value) {
	if n := valueNumber(name); n >= 0 && len(vals) > 0 && s.numbered.fits(n) {
		s.numbered.put(n, vals)
		return
	}
	s.values[name] = vals
}

// numberedValues holds values by number in chunks of up to 1024 numbers:
// the numbers of a function of many ops are never copied to grow the
// table (page faults on each larger copy were a twentieth of a read).
type numberedValues struct {
	chunks [][][]*ir.Value
	// base is the number the table starts at: a region's values are
	// numbered on from those before it (mlir-opt 19 on), so the table
	// starts where its first number falls.
	base int
	end  int // one past the largest number held, less base
}

// fits reports whether number n goes in the table: near those it holds.
func (t *numberedValues) fits(n int) bool {
	if t.end == 0 {
		return true // the first sets the base
	}
	n -= t.base
	return n >= 0 && n <= 2*t.end+64
}

// reset empties the table, keeping its chunks' room. The entries are
// cleared, not only cut off: put lengthens a chunk over the numbers a
// region skips, which must read as no value, not as the last region's.
func (t *numberedValues) reset() {
	for c := range t.chunks {
		clear(t.chunks[c])
		t.chunks[c] = t.chunks[c][:0]
	}
	t.base, t.end = 0, 0
}

const numberedChunk = 1024

func (t *numberedValues) get(n int) []*ir.Value {
	if n -= t.base; n < 0 {
		return nil
	}
	c, i := n/numberedChunk, n%numberedChunk
	if c >= len(t.chunks) || i >= len(t.chunks[c]) {
		return nil
	}
	return t.chunks[c][i]
}

func (t *numberedValues) put(n int, vals []*ir.Value) {
	if t.end == 0 {
		t.base = n &^ (numberedChunk - 1)
	}
	n -= t.base
	c, i := n/numberedChunk, n%numberedChunk
	for len(t.chunks) <= c {
		t.chunks = append(t.chunks, nil)
	}
	if chunk := t.chunks[c]; i >= len(chunk) {
		t.chunks[c] = slices.Grow(chunk, i+1-len(chunk))[:i+1]
	}
	t.chunks[c][i] = vals
	t.end = max(t.end, n+1)
}

func (ps *parser) define(name string, vals []*ir.Value, off int) {
	s := ps.scopes[len(ps.scopes)-1]
	if _, dup := s.get(name); dup {
		ps.p.ErrorAt(off, "redefinition of SSA value %%%s", name)
		return
	}
	s.put(name, vals)
	if len(s.forward) == 0 {
		return
	}
	// MLIR replaces the placeholder's uses, last first, each going to the
	// front of the value's use list: they end in the order they were made.
	fwd := s.forward[name]
	for i := len(fwd) - 1; i >= 0; i-- {
		u := fwd[i]
		if u.no < len(vals) {
			ps.resolve(vals[u.no], u.op, u.index)
		}
	}
	for _, u := range fwd {
		if u.no >= len(vals) {
			ps.p.ErrorAt(u.off, "%%%s has %d values, not %d", name, len(vals), u.no+1)
			return
		}
		v := vals[u.no]
		if ph := u.op.Operand(u.index); ph != nil && ph.Type() != v.Type() {
			ps.p.ErrorAt(u.off, "%%%s#%d is used as %s but defined as %s", name, u.no, typeName(ph.Type()), typeName(v.Type()))
			return
		}
		u.op.Operands()[u.index] = v
	}
	delete(s.forward, name)
}

func (ps *parser) lookup(name string) []*ir.Value {
	for i := len(ps.scopes) - 1; i >= 0; i-- {
		if v, ok := ps.scopes[i].get(name); ok {
			return v
		}
	}
	return nil
}

// valueUse is a parsed %name or %name#n.
type valueUse struct {
	name string
	no   int
	off  int
}

func (ps *parser) valueUse() (valueUse, bool) {
	p := ps.p
	t, ok := p.ExpectKind(asm.PercentIdent, "an SSA value")
	if !ok {
		return valueUse{}, false
	}
	u := valueUse{name: t.Text[1:], off: t.Off}
	if n := p.Tok(); n.Kind == asm.HashIdent && n.Off == t.Off+len(t.Text) {
		k, err := strconv.Atoi(n.Text[1:])
		if err != nil {
			p.Errorf("expected a result number after #")
			return u, false
		}
		p.Next()
		u.no = k
	}
	return u, true
}

// resultGroup is a name an op's results are defined by: %name, or
// %name:n for n of them.
type resultGroup struct {
	name string
	n    int
	off  int
}

// operation reads one op in the generic form, with its results and
// trailing location, and defines its results.
func (ps *parser) operation() *ir.Operation {
	p := ps.p
	groupBase, useBase := len(ps.groupStack), len(ps.useStack)
	defer func() {
		ps.groupStack, ps.useStack = ps.groupStack[:groupBase], ps.useStack[:useBase]
	}()
	if p.Tok().Kind == asm.PercentIdent {
		p.List("", func() {
			t, ok := p.ExpectKind(asm.PercentIdent, "a result name")
			if !ok {
				return
			}
			g := resultGroup{name: t.Text[1:], n: 1, off: t.Off}
			if p.Optional(":") {
				n := p.ExpectInt64("the number of results")
				if n < 1 || n > 1<<20 {
					p.Errorf("invalid number of results %d", n)
					return
				}
				g.n = int(n)
			}
			ps.groupStack = append(ps.groupStack, g)
		})
		p.Expect("=")
	}
	// The ops in this op's regions push theirs above these, and leave
	// them as they were: a longer stack copies, and these slices keep
	// the elements.
	groups := ps.groupStack[groupBase:]
	nameTok, ok := p.ExpectKind(asm.String, "an op name in quotes (the custom syntax of ops is not read)")
	if !ok {
		return nil
	}
	named := ps.opName(nameTok.Text)
	p.Expect("(")
	p.List(")", func() {
		if u, ok := ps.valueUse(); ok {
			ps.useStack = append(ps.useStack, u)
		}
	})
	p.Expect(")")
	uses := ps.useStack[useBase:]
	var succs []*ir.Block
	var succOffs []int
	if p.Optional("[") {
		p.List("]", func() {
			t, ok := p.ExpectKind(asm.CaretIdent, "a block name")
			if ok {
				succs = append(succs, ps.blockRef(t.Text[1:], t.Off))
				succOffs = append(succOffs, t.Off)
			}
		})
		p.Expect("]")
	}
	var props ir.Attribute
	if p.Optional("<") {
		props = ps.attribute()
		p.Expect(">")
	}
	var regions []*ir.Region
	if p.Optional("(") {
		p.List(")", func() {
			r := &ir.Region{}
			regions = append(regions, r)
			ps.region(r)
		})
		p.Expect(")")
	}
	var dict []ir.NamedAttr
	if p.Is("{") {
		dict = ps.attrDict()
	}
	p.Expect(":")
	fnOff := p.Offset()
	fn, isFn := ps.typ().(*builtin.FunctionType)
	if p.Failed() {
		return nil
	}
	if !isFn {
		p.ErrorAt(fnOff, "expected the op's function type")
		return nil
	}
	if len(fn.Inputs()) != len(uses) {
		p.ErrorAt(fnOff, "%d operands but %d operand types", len(uses), len(fn.Inputs()))
		return nil
	}
	total := 0
	for _, g := range groups {
		total += g.n
	}
	if len(groups) > 0 && total != len(fn.Results()) {
		p.ErrorAt(fnOff, "%d result names but %d result types", total, len(fn.Results()))
		return nil
	}
	// MLIR creates the op once its regions are parsed.
	op := ir.NewNamedOperation(named.name, nil, fn.Results())
	for _, r := range regions {
		r.SetParent(op)
	}
	op.SetRegions(regions)
	op.SetSuccessors(succs)
	op.SetOperands(ps.operandList(len(uses)))
	for i, u := range uses {
		vals := ps.lookup(u.name)
		if vals == nil {
			// Defined further down (a graph region): a placeholder of the
			// type the signature gives, replaced when the value appears.
			s := ps.scopes[len(ps.scopes)-1]
			s.forward[u.name] = append(s.forward[u.name], forwardUse{op: op, index: i, no: u.no, off: u.off})
			placeholder := &ir.Value{}
			placeholder.SetType(fn.Inputs()[i])
			op.Operands()[i] = placeholder
			continue
		}
		if u.no >= len(vals) {
			p.ErrorAt(u.off, "%%%s has %d values, not %d", u.name, len(vals), u.no+1)
			return nil
		}
		v := vals[u.no]
		if v.Type() != fn.Inputs()[i] {
			p.ErrorAt(u.off, "%%%s is used as %s but defined as %s", u.name, typeName(fn.Inputs()[i]), typeName(v.Type()))
			return nil
		}
		op.Operands()[i] = v
		// The op is made after its regions, so after the uses in them.
		ps.use(v, len(regions) > 0)
	}
	ps.setAttrs(op, named, props, dict)
	if p.Is("loc") {
		ps.trailingLoc(locTarget{op: op})
	} else {
		op.SetLoc(ps.sourceLoc(nameTok.Off)) // where the op's name is
	}
	next := 0
	for _, g := range groups {
		ps.define(g.name, op.Results()[next:next+g.n], g.off)
		next += g.n
	}
	return op
}

// operandList returns room for an op's n operands, cut from a chunk
// shared with other ops' (its capacity clipped, so that an append to it
// copies): a small object an op was a fifth of what parsing allocated.
func (ps *parser) operandList(n int) []*ir.Value {
	const chunk = 1024
	if n > chunk/8 {
		return make([]*ir.Value, n)
	}
	if len(ps.operands) < n {
		ps.operands = make([]*ir.Value, chunk)
	}
	s := ps.operands[:n:n]
	ps.operands = ps.operands[n:]
	return s
}

// namedOp is what the parser knows of an op name: the name its ops share
// (see ir.SharedName), its schema if registered, and its dialect if that
// populates defaults.
type namedOp struct {
	name     *ir.OpName
	schema   *bytecode.OpSchema
	defaults bytecode.DefaultPopulator
}

// opName resolves a quoted op name once per file.
func (ps *parser) opName(quoted string) namedOp {
	if n, ok := ps.names[quoted]; ok {
		return n
	}
	name := ir.ParseOpName(asm.Unquote(quoted))
	schema := ps.schema(name)
	name.Registered = schema != nil
	n := namedOp{name: ir.SharedName(name), schema: schema}
	if schema != nil {
		n.defaults, _ = ps.ctx.Dialect(name.Dialect).(bytecode.DefaultPopulator)
	}
	if ps.names == nil {
		ps.names = map[string]namedOp{}
	}
	ps.names[quoted] = n
	return n
}

func (ps *parser) schema(name ir.OpName) *bytecode.OpSchema {
	if name.Op == "" {
		return nil
	}
	d, ok := ps.ctx.Dialect(name.Dialect).(bytecode.OpSchemas)
	if !ok {
		return nil
	}
	return d.OpSchema(name.Op, ps.release)
}

// setAttrs stores the properties and the dictionary as the bytecode
// reader does: inherent attributes of registered ops among Attrs (sorted),
// segment sizes apart, an unregistered op's properties as they are. A
// registered op gets the defaults its dialect populates where the text
// leaves them out, as mlir-opt gives them to the op it creates.
func (ps *parser) setAttrs(op *ir.Operation, named namedOp, props ir.Attribute, dict []ir.NamedAttr) {
	schema := named.schema
	// Ops of a kind mostly have the same properties (or none) and no
	// dictionary: they share one list (SetAttrs never writes to it), as
	// the ops a bytecode reader reads from one properties entry do.
	// Segment sizes are set on each op, so those ops are not shared.
	shared := schema != nil && len(dict) == 0 && !schema.OperandSegments && !schema.ResultSegments
	key := propsKey{schema, props}
	if shared {
		if list, ok := ps.propsLists[key]; ok {
			op.SetAttrs(list)
			return
		}
		defer func() {
			if !ps.p.Failed() {
				ps.propsLists[key] = op.Attrs()
			}
		}()
	}
	// attrs is the op's own list: dict is a copy attrDict made, and
	// properties are added to it, so it is filtered in place.
	attrs := dict
	if schema == nil {
		if props != nil {
			op.SetProperties(props)
		}
	} else if props != nil {
		d, ok := props.(*builtin.DictionaryAttr)
		if !ok {
			ps.p.Errorf("the properties of %s must be a dictionary", op.Name())
			return
		}
		attrs = slices.Grow(attrs, len(d.Value()))
		for _, e := range d.Value() {
			attrs = append(attrs, ir.NamedAttr{Name: e.Name.Value(), Value: e.Value})
		}
	}
	if schema != nil {
		kept := attrs[:0]
		for _, a := range attrs {
			switch {
			case schema.OperandSegments && (a.Name == "operandSegmentSizes" || a.Name == "operand_segment_sizes"):
				op.SetOperandSegments(int32s(a.Value))
			case schema.ResultSegments && (a.Name == "resultSegmentSizes" || a.Name == "result_segment_sizes"):
				op.SetResultSegments(int32s(a.Value))
			default:
				kept = append(kept, a)
			}
		}
		attrs = kept
		if ps.release != 0 && (op.OperandSegments() != nil || op.ResultSegments() != nil) {
			op.SetSegmentsRelease(ps.release) // see mlirbc's reader
		}
	}
	// Sorted once, the last of equal names kept, as setting them one by
	// one did; one by one, each copying the list, an op of 20,000
	// attributes took 6.6 s to parse.
	slices.SortStableFunc(attrs, byName)
	kept := attrs[:0]
	for i, a := range attrs {
		if i+1 == len(attrs) || attrs[i+1].Name != a.Name {
			kept = append(kept, a)
		}
	}
	if named.defaults != nil {
		kept, _ = named.defaults.PopulateDefaults(ps.ctx, named.name.Op, ps.release, kept)
	}
	if len(kept) > 0 {
		op.SetAttrs(kept)
	}
}

// propsKey is what an op's list of inherent attributes follows from, for
// ops with properties and no dictionary.
type propsKey struct {
	schema *bytecode.OpSchema
	props  ir.Attribute
}

func int32s(a ir.Attribute) []int32 {
	d, ok := a.(*builtin.DenseArrayAttr)
	if !ok {
		return nil
	}
	raw := d.RawData()
	out := make([]int32, len(raw)/4)
	for i := range out {
		out[i] = int32(uint32(raw[4*i]) | uint32(raw[4*i+1])<<8 | uint32(raw[4*i+2])<<16 | uint32(raw[4*i+3])<<24)
	}
	return out
}

// blockRef returns the block a label names in the current region,
// creating it for a forward reference.
func (ps *parser) blockRef(name string, off int) *ir.Block {
	s := ps.scopes[len(ps.scopes)-1]
	if b, ok := s.blocks[name]; ok {
		return b
	}
	b := &ir.Block{}
	s.blocks[name] = b
	s.blockAt[b] = off
	return b
}

// region reads {...}: blocks, the entry block's label optional.
func (ps *parser) region(r *ir.Region) {
	p := ps.p
	if ps.regions++; ps.regions > ps.maxRegions {
		p.Errorf("regions nested more than %d deep", ps.maxRegions)
		return
	}
	defer func() { ps.regions-- }()
	if !p.Expect("{") {
		return
	}
	ps.pushScope()
	defer ps.popScope()
	if p.Optional("}") {
		return
	}
	first := true
	for !p.Failed() && !p.Is("}") {
		var b *ir.Block
		if t := p.Tok(); t.Kind == asm.CaretIdent {
			p.Next()
			b = ps.blockRef(t.Text[1:], t.Off)
			s := ps.scopes[len(ps.scopes)-1]
			if s.defined[b] {
				p.ErrorAt(t.Off, "redefinition of block %s", t.Text)
				return
			}
			s.defined[b] = true
			b.SetParent(r)
			r.SetBlocks(append(r.Blocks(), b))
			if p.Optional("(") {
				p.List(")", func() { ps.blockArg(b) })
				p.Expect(")")
			}
			p.Expect(":")
		} else if first {
			b = r.AddBlock()
		} else {
			p.Errorf("expected a block label or '}'")
			return
		}
		first = false
		// The block's ops go on opStack (the ops of the blocks nested in
		// them above, and off again), and into the block in one list:
		// appended one at a time, a block of 15 ops grew its list five
		// times.
		base := len(ps.opStack)
		for !p.Failed() && !p.Is("}") && p.Tok().Kind != asm.CaretIdent {
			if op := ps.operation(); op != nil {
				op.SetParent(b)
				ps.opStack = append(ps.opStack, op)
			}
		}
		if len(ps.opStack) > base {
			b.SetOps(append(b.Ops(), ps.opStack[base:]...))
		}
		clear(ps.opStack[base:])
		ps.opStack = ps.opStack[:base]
	}
	p.Expect("}")
}

func (ps *parser) blockArg(b *ir.Block) {
	p := ps.p
	t, ok := p.ExpectKind(asm.PercentIdent, "a block argument")
	if !ok {
		return
	}
	p.Expect(":")
	typ := ps.typ()
	v := b.AddArg(typ, nil)
	if p.Is("loc") {
		ps.trailingLoc(locTarget{arg: v})
	} else {
		v.SetLoc(ps.sourceLoc(t.Off))
	}
	ps.define(t.Text[1:], []*ir.Value{v}, t.Off)
}

// trailingLoc reads loc(...) into dst; an alias defined further down is
// filled in at the end.
func (ps *parser) trailingLoc(dst locTarget) {
	p := ps.p
	p.Next() // loc
	if !p.Expect("(") {
		return
	}
	if t := p.Tok(); t.Kind == asm.HashIdent {
		if a, ok := ps.attrAlias.get(t.Text); ok {
			p.Next()
			l, isLoc := a.(ir.Location)
			if !isLoc {
				p.ErrorAt(t.Off, "%s is not a location", t.Text)
				return
			}
			dst.set(l)
		} else {
			p.Next()
			ps.locFixups.add(locFixup{dst: dst, name: t.Text, off: t.Off})
		}
	} else {
		dst.set(ps.locBody())
	}
	p.Expect(")")
}

// metadata reads {-# dialect_resources: {...}, external_resources: {...} #-}.
func (ps *parser) metadata() {
	p := ps.p
	p.Next()
	p.List("#-}", func() {
		key := p.ExpectKeyword("dialect_resources or external_resources")
		p.Expect(":")
		p.Expect("{")
		p.List("}", func() {
			group := p.ExpectKeyword("a dialect or group name")
			p.Expect(":")
			p.Expect("{")
			var entries []*mlirbc.Resource
			p.List("}", func() {
				k, ok := p.KeywordOrString()
				if !ok {
					p.Errorf("expected a resource key")
					return
				}
				p.Expect(":")
				if r := ps.resourceValue(k); r != nil {
					entries = append(entries, r)
				}
			})
			p.Expect("}")
			switch key {
			case "dialect_resources":
				for _, r := range entries {
					ps.m.Resources[ir.ResourceHandle{Dialect: group, Key: r.Key}] = r
				}
			case "external_resources":
				ps.m.External = append(ps.m.External, mlirbc.ResourceGroup{Name: group, Entries: entries})
			default:
				p.Errorf("unknown metadata section %q", key)
			}
		})
		p.Expect("}")
	})
	p.Expect("#-}")
}

func (ps *parser) resourceValue(key string) *mlirbc.Resource {
	p := ps.p
	switch {
	case p.Optional("true"):
		return &mlirbc.Resource{Key: key, Kind: mlirbc.ResourceBool, Bool: true}
	case p.Optional("false"):
		return &mlirbc.Resource{Key: key, Kind: mlirbc.ResourceBool}
	}
	t, ok := p.ExpectKind(asm.String, "a resource value")
	if !ok {
		return nil
	}
	s := asm.Unquote(t.Text)
	if !strings.HasPrefix(s, "0x") {
		return &mlirbc.Resource{Key: key, Kind: mlirbc.ResourceString, String: s}
	}
	data, ok := hexBytes(s[2:])
	if !ok || len(data) < 4 {
		p.ErrorAt(t.Off, "expected a hex blob: 0x, a 4-byte alignment, the data")
		return nil
	}
	align := uint64(data[0]) | uint64(data[1])<<8 | uint64(data[2])<<16 | uint64(data[3])<<24
	// mlir-opt takes alignment 0 for an empty blob (and writes it so).
	if align == 0 && len(data) > 4 || align&(align-1) != 0 {
		p.ErrorAt(t.Off, "blob alignment %d is not a power of two", align)
		return nil
	}
	return mlirbc.NewBlob(key, align, data[4:])
}

func hexBytes(s string) ([]byte, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	out := make([]byte, len(s)/2)
	if _, err := hex.Decode(out, unsafe.Slice(unsafe.StringData(s), len(s))); err != nil {
		return nil, false
	}
	return out, true
}

// useOrders records, for values whose uses MLIR's parser leaves in an
// order other than the one a bytecode reader builds (by decreasing use
// ID: op number in a pre-order walk, then operand number), that order:
// uses made before their value was defined, and uses inside regions of an
// op that uses the same value (the op is created after its regions).
func (ps *parser) useOrders() {
	if len(ps.unordered) == 0 {
		// Every use was made in the ops' order.
		return
	}
	type useID struct{ op, operand int }
	ids := map[*ir.Operation]int{}
	n := 0
	ps.m.Op.Walk(func(op *ir.Operation) bool {
		ids[op] = n
		n++
		return true
	})
	// Each value's uses in the order they were made: first those resolved
	// when it was defined, then the others in the order their ops were
	// made. An op is made once its regions are read, so that order is
	// the walk that visits an op after its regions.
	uses := map[*ir.Value][]useRef{}
	wasResolved := map[useRef]bool{}
	for _, u := range ps.resolved {
		if ps.unordered[u.v] {
			uses[u.v] = append(uses[u.v], u.useRef)
			wasResolved[u.useRef] = true
		}
	}
	var inOrderMade func(op *ir.Operation)
	inOrderMade = func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, inner := range b.Ops() {
					inOrderMade(inner)
				}
			}
		}
		for i, v := range op.Operands() {
			if ps.unordered[v] && !wasResolved[useRef{op, i}] {
				uses[v] = append(uses[v], useRef{op, i})
			}
		}
	}
	inOrderMade(ps.m.Op)
	for v, made := range uses {
		if len(made) < 2 {
			continue
		}
		// The use list, front first, is the creation order reversed.
		k := len(made)
		list := make([]useID, k)
		for i, u := range made {
			list[k-1-i] = useID{ids[u.op], u.index}
		}
		// order[j] is the position in the list of the use with the j-th
		// largest ID.
		pos := make([]uint32, k)
		for i := range pos {
			pos[i] = uint32(i)
		}
		slices.SortStableFunc(pos, func(a, b uint32) int {
			x, y := list[a], list[b]
			if x.op != y.op {
				return y.op - x.op
			}
			return y.operand - x.operand
		})
		identity := true
		for i, p := range pos {
			if int(p) != i {
				identity = false
				break
			}
		}
		if !identity {
			v.SetUseOrder(pos)
		}
	}
}

// use notes a use of v made by an op as it is made; unordered says the op
// comes before ops whose uses were made earlier (see useOrders).
func (ps *parser) use(v *ir.Value, unordered bool) {
	if unordered {
		ps.unordered[v] = true
	}
}

// resolve notes that op's operand index, used before v was defined, now
// uses v.
func (ps *parser) resolve(v *ir.Value, op *ir.Operation, index int) {
	ps.resolved = append(ps.resolved, resolvedUse{v, useRef{op, index}})
	ps.unordered[v] = true
}

// sourceLoc is the location MLIR's parser gives what the text gives none:
// the file, line and column where it starts.
func (ps *parser) sourceLoc(off int) ir.Location {
	if ps.lines == nil {
		src := ps.p.Source()
		ps.lines = []int{0}
		for i := 0; ; {
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			ps.lines = append(ps.lines, i)
		}
	}
	line, _ := slices.BinarySearch(ps.lines, off+1)
	col := off - ps.lines[line-1] + 1
	return builtin.GetFileLineColRange(ps.ctx, ps.locs.File(ps.ctx, ps.file), uint32(line), uint32(col), uint32(line), uint32(col), 2)
}
