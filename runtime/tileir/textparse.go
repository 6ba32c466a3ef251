package tileir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
)

// Parse reads a module from text: what Print prints, and what NVIDIA's
// cuda-tile-translate -mlir-to-cudatilebc parses (a cuda_tile.module,
// possibly inside a builtin module, with comments, aliases, locations,
// qualified names, the generic op form). Errors are *asm.Error
// (file:line:col: message). The result writes with Write as NVIDIA's C++
// writer writes the same text.
func Parse(d Dialect, file string, src []byte) (*Module, error) {
	tf := textForm(d)
	if tf == nil || tf.OpsModule == nil {
		return nil, fmt.Errorf("dialect %s has no text form", d.Name())
	}
	p := NewParser(d, file, src)
	top := p.Module()
	if err := p.Err(); err != nil {
		return nil, err
	}
	m, err := tf.OpsModule(top)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// OperandRef is a use of a value in the text: %name or %name#N, where it
// starts. The zero OperandRef is no operand.
type OperandRef struct {
	Name string // without '%'
	No   int
	Off  int
}

// Valid reports whether the reference names a value.
func (r OperandRef) Valid() bool { return r.Name != "" }

// Arg is a region argument as parsed: its name and type.
type Arg struct {
	Ref  OperandRef
	Type Type
}

// Parser reads IR as text. Generated op parsers and the hooks of a
// dialect read through it: asm.Parser's token methods, plus operands,
// types, attributes, regions and attribute dictionaries.
type Parser struct {
	*asm.Parser
	d        Dialect
	tf       *TextForm
	byName   map[string]*OpInfo
	aliases  map[string]int // attribute aliases: where each value starts
	resolved map[string]bool
	scope    *valueScope
	dialects []string
	// buildable caches the types of buildable type texts.
	buildable map[string]Type
	// locs interns debug locations by value.
	locs locInterner
	// custom names the custom op whose text is being parsed: errors its
	// parser reports say so, as MLIR's do.
	custom string
	// expansions counts alias uses, which AtAlias parses again each time;
	// memo keeps what Alias parsed.
	expansions int
	memo       map[[2]string]any
	// results are the result names of the op being parsed.
	depth int
}

type valueScope struct {
	parent   *valueScope
	isolated bool
	values   map[string][]*Value
}

// NewParser returns a parser of src for the dialect d.
func NewParser(d Dialect, file string, src []byte) *Parser {
	p := &Parser{Parser: asm.NewParser(file, src), d: d, tf: textForm(d), byName: map[string]*OpInfo{},
		aliases: map[string]int{}, resolved: map[string]bool{}, buildable: map[string]Type{}}
	if t, ok := d.(*tableDialect); ok {
		for i := range t.t.Ops {
			p.byName[t.t.Ops[i].Name] = &t.t.Ops[i]
		}
	}
	if p.tf != nil {
		for _, info := range p.tf.Ops {
			p.byName[info.Name] = info
		}
	}
	p.scope = &valueScope{isolated: true, values: map[string][]*Value{}}
	p.dialects = []string{"builtin"}
	return p
}

// Dialect is the dialect being parsed.
func (p *Parser) Dialect() Dialect { return p.d }

// sub returns a parser of another text sharing p's dialect (for buildable
// types).
func (p *Parser) sub(text string) *Parser {
	q := NewParser(p.d, p.File(), []byte(text))
	return q
}

// Type parses a type with the dialect's parser.
func (p *Parser) Type() Type {
	if p.tf == nil || p.tf.ParseType == nil {
		p.Parser.Errorf("dialect %s has no type syntax", p.d.Name())
		return nil
	}
	return p.tf.ParseType(p)
}

// Types parses types separated by commas.
func (p *Parser) Types() []Type {
	var ts []Type
	p.List("", func() { ts = append(ts, p.Type()) })
	return ts
}

// Attr parses an attribute with the dialect's parser.
func (p *Parser) Attr() Attr {
	if p.tf == nil || p.tf.ParseAttr == nil {
		p.Parser.Errorf("dialect %s has no attribute syntax", p.d.Name())
		return nil
	}
	return p.tf.ParseAttr(p, "")
}

// BuildableType returns the type a buildable type's text
// (!cuda_tile.token) denotes.
func (p *Parser) BuildableType(text string) Type {
	if t, ok := p.buildable[text]; ok {
		return t
	}
	q := p.sub(text)
	t := q.Type()
	if err := q.Err(); err != nil {
		p.Parser.Errorf("buildable type %q: %v", text, err)
		return nil
	}
	p.buildable[text] = t
	return t
}

// Module parses a whole file: alias definitions and one top-level op (a
// builtin module around it is taken off), which it returns.
func (p *Parser) Module() Op {
	p.scanAliases()
	var tops []Op
	for !p.Failed() && p.Tok().Kind != asm.EOF {
		t := p.Tok()
		switch {
		case t.Kind == asm.HashIdent || t.Kind == asm.BangIdent:
			p.Next()
			if !p.Expect("=") {
				break
			}
			if t.Kind == asm.BangIdent {
				p.Parser.Errorf("type aliases are not supported")
				break
			}
			p.skipValue()
		case t.Is("{-#"):
			p.Parser.Errorf("file metadata ({-# … #-}) is not supported")
		case t.Is("module") || t.Is("builtin.module"):
			p.Next()
			if _, ok := p.SymbolName(); ok {
			}
			if p.Optional("attributes") {
				p.SkipAttrDict()
			}
			if !p.Expect("{") {
				break
			}
			for !p.Failed() && !p.Is("}") {
				if op := p.op(); op != nil {
					tops = append(tops, op)
				}
			}
			p.Expect("}")
			p.optionalLoc()
		default:
			if op := p.op(); op != nil {
				tops = append(tops, op)
			}
		}
	}
	if p.Failed() {
		return nil
	}
	switch len(tops) {
	case 0:
		p.Parser.Errorf("expected a %s.module", p.d.Name())
		return nil
	case 1:
		return tops[0]
	}
	p.Parser.Errorf("expected a single CUDA Tile IR module in the MLIR module")
	return nil
}

// scanAliases records where the value of each top-level alias definition
// (#name = …) starts, so that a use may come before its definition.
func (p *Parser) scanAliases() {
	l := asm.NewLexer(p.Source())
	depth := 0
	var prev asm.Token
	for {
		t := l.Next()
		if t.Kind == asm.EOF || t.Kind == asm.Invalid {
			return
		}
		if t.Kind == asm.Punct {
			switch t.Text {
			case "{", "(", "[", "<", "{-#":
				depth++
			case "}", ")", "]", ">", "#-}":
				depth--
			case "=":
				if depth == 0 && prev.Kind == asm.HashIdent {
					name := prev.Text[1:]
					if _, dup := p.aliases[name]; dup {
						p.Parser.ErrorAt(prev.Off, "redefinition of attribute alias id '%s'", name)
						return
					}
					n := l.Next()
					p.aliases[name] = n.Off
					l.Reset(n.Off)
				}
			}
		}
		prev = t
	}
}

// skipValue skips an attribute value at top level (an alias definition,
// parsed where it is used): a term, and a ": type" term after it.
func (p *Parser) skipValue() {
	p.skipTerm()
	if p.Optional(":") {
		p.skipTerm()
	}
}

// skipTerm skips a token, with the bracketed group that follows an
// identifier (loc(…), #d.x<…>, dense<…>), or a bracketed group.
func (p *Parser) skipTerm() {
	t := p.Tok()
	switch {
	case t.Kind == asm.Punct && (t.Text == "{" || t.Text == "(" || t.Text == "[" || t.Text == "<"):
		p.SkipBalanced()
		return
	case t.Is("-"):
		p.Next()
	}
	p.Next()
	if (t.Kind == asm.BareIdent || t.Kind == asm.HashIdent || t.Kind == asm.BangIdent) && (p.Is("<") || p.Is("(")) {
		p.SkipBalanced()
	}
}

// Alias parses the value of the alias the current token names (#name)
// with parse, once per alias and kind of value (the result is shared by
// every use); it reports whether the token was an alias.
func (p *Parser) Alias(kind string, parse func() any) (any, bool) {
	t := p.Tok()
	if t.Kind != asm.HashIdent || strings.Contains(t.Text, ".") {
		return nil, false
	}
	if _, ok := p.aliases[t.Text[1:]]; !ok && kind == "location" {
		p.Parser.Errorf("operation location alias was never defined")
		return nil, true
	}
	key := [2]string{t.Text, kind}
	if v, ok := p.memo[key]; ok {
		p.Next()
		return v, true
	}
	var v any
	if !p.AtAlias(func() { v = parse() }) {
		return nil, false
	}
	if !p.Failed() {
		if p.memo == nil {
			p.memo = map[[2]string]any{}
		}
		p.memo[key] = v
	}
	return v, true
}

// maxExpansions bounds the alias uses a parse follows (each is parsed
// again where it is defined, so aliases of aliases multiply).
const maxExpansions = 1 << 20

// AtAlias parses the value of the alias the current token names (#name)
// with parse, at its definition; it reports whether the token was an
// alias.
func (p *Parser) AtAlias(parse func()) bool {
	t := p.Tok()
	if t.Kind != asm.HashIdent || strings.Contains(t.Text, ".") {
		return false
	}
	name := t.Text[1:]
	off, ok := p.aliases[name]
	if !ok {
		p.Parser.Errorf("undefined symbol alias id '%s'", name)
		return true
	}
	if p.resolved[name] {
		p.Parser.Errorf("alias '%s' refers to itself", name)
		return true
	}
	if p.expansions++; p.expansions > maxExpansions {
		p.Parser.Errorf("more than %d uses of aliases", maxExpansions)
		return true
	}
	if !p.Enter() {
		return true
	}
	p.resolved[name] = true
	p.ResetTo(off)
	parse()
	delete(p.resolved, name)
	p.Leave()
	if !p.Failed() {
		p.ResetTo(t.Off + len(t.Text))
	}
	return true
}

// op parses an operation with its results and location, and defines its
// results' names.
func (p *Parser) op() Op {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	type group struct {
		name string
		n    int
		off  int
	}
	var groups []group
	if p.Tok().Kind == asm.PercentIdent {
		p.List("", func() {
			t, ok := p.ExpectKind(asm.PercentIdent, "SSA value name")
			if !ok {
				return
			}
			g := group{name: t.Text[1:], n: 1, off: t.Off}
			if p.Optional(":") {
				off := p.Offset()
				n := p.ExpectUint64("result count")
				if n == 0 || n > 1<<20 {
					p.Parser.ErrorAt(off, "expected named operation to have at least 1 result")
				}
				g.n = int(n)
			}
			groups = append(groups, g)
		})
		p.Expect("=")
	}
	nameTok := p.Tok()
	var info *OpInfo
	generic := false
	switch nameTok.Kind {
	case asm.String:
		generic = true
		name := asm.Unquote(nameTok.Text)
		info = p.byName[name]
		if info == nil {
			p.Parser.Errorf("unknown operation '%s' (the parser knows the ops of %s only)", name, p.d.Name())
			return nil
		}
	case asm.BareIdent:
		name := nameTok.Text
		info = p.byName[name]
		if info == nil && !strings.Contains(name, ".") {
			if def := p.dialects[len(p.dialects)-1]; def != "" {
				info = p.byName[def+"."+name]
			}
		}
		if info == nil {
			if def := p.dialects[len(p.dialects)-1]; def != "" && !strings.Contains(name, ".") {
				p.Parser.Errorf("custom op '%s' is unknown (tried '%s.%s' as well)", name, def, name)
			} else {
				p.Parser.Errorf("custom op '%s' is unknown", name)
			}
			return nil
		}
	default:
		p.Parser.Errorf("expected operation name in quotes or a custom op, got %s", p.Describe())
		return nil
	}
	p.Next()
	op := info.New()
	// Ops in the regions of a custom op print without the prefix of its
	// default dialect.
	p.dialects = append(p.dialects, info.DefaultDialect)
	defer func() { p.dialects = p.dialects[:len(p.dialects)-1] }()
	if generic {
		p.generic(op)
	} else if t, ok := op.(TextOp); ok {
		outer := p.custom
		p.custom = info.Name
		t.ParseText(p)
		p.custom = outer
	} else {
		p.Parser.ErrorAt(nameTok.Off, "'%s' has no text form", info.Name)
		return nil
	}
	if p.Failed() {
		return nil
	}
	if l, ok := p.optionalLoc(); ok {
		op.Base().Loc = l
	}
	res := op.Base().Results
	if len(groups) > 0 {
		total := 0
		for _, g := range groups {
			total += g.n
		}
		if total != len(res) {
			p.Parser.ErrorAt(groups[0].off, "operation defines %d results but was provided %d to bind", len(res), total)
			return nil
		}
		k := 0
		for _, g := range groups {
			p.define(g.name, g.off, res[k:k+g.n])
			k += g.n
		}
	}
	return op
}

// define binds a name to values in the current scope.
func (p *Parser) define(name string, off int, vs []*Value) {
	for s := p.scope; s != nil; s = s.parent {
		if _, ok := s.values[name]; ok {
			p.Parser.ErrorAt(off, "redefinition of SSA value '%%%s'", name)
			return
		}
		if s.isolated {
			break
		}
	}
	p.scope.values[name] = vs
}

func (p *Parser) lookup(ref OperandRef) *Value {
	for s := p.scope; s != nil; s = s.parent {
		if vs, ok := s.values[ref.Name]; ok {
			if ref.No >= len(vs) {
				p.Parser.ErrorAt(ref.Off, "reference to invalid result number")
				return nil
			}
			return vs[ref.No]
		}
		if s.isolated {
			break
		}
	}
	p.Parser.ErrorAt(ref.Off, "use of undeclared SSA value name")
	return nil
}

// Operand parses %name or %name#N.
func (p *Parser) Operand() OperandRef {
	var r OperandRef
	if !p.OptionalOperand(&r) && !p.Failed() {
		p.Parser.Errorf("expected SSA operand")
	}
	return r
}

// OptionalOperand parses an operand if the current token starts one.
func (p *Parser) OptionalOperand(dst *OperandRef) bool {
	t := p.Tok()
	if t.Kind != asm.PercentIdent {
		return false
	}
	p.Next()
	r := OperandRef{Name: t.Text[1:], Off: t.Off}
	if strings.HasPrefix(p.Source()[t.Off+len(t.Text):], "#") {
		h := p.Tok()
		if h.Kind == asm.HashIdent && len(h.Text) > 1 && h.Text[1] >= '0' && h.Text[1] <= '9' {
			n, err := strconv.Atoi(h.Text[1:])
			if err != nil || n > 1<<20 {
				p.Parser.Errorf("invalid SSA value result number")
				return true
			}
			r.No = n
			p.Next()
		}
	}
	*dst = r
	return true
}

// Operands parses zero or more operands separated by commas.
func (p *Parser) Operands() []OperandRef {
	var out []OperandRef
	p.OptionalOperands(&out)
	return out
}

// OptionalOperands parses operands separated by commas; it reports
// whether there was one.
func (p *Parser) OptionalOperands(dst *[]OperandRef) bool {
	var r OperandRef
	if !p.OptionalOperand(&r) {
		return false
	}
	out := []OperandRef{r}
	for p.Optional(",") {
		out = append(out, p.Operand())
	}
	*dst = out
	return true
}

// Resolve sets *dst to the value ref names, checking its type against t
// when t is not nil.
func (p *Parser) Resolve(dst **Value, ref OperandRef, t Type) {
	if p.Failed() {
		return
	}
	if !ref.Valid() {
		p.Parser.Errorf("expected SSA operand")
		return
	}
	v := p.lookup(ref)
	if v == nil {
		return
	}
	if !isNil(t) && typeString(v.Type) != typeString(t) {
		p.Parser.ErrorAt(ref.Off, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", ref.Name, p.typeText(t), p.typeText(v.Type))
		return
	}
	*dst = v
}

func (p *Parser) typeText(t Type) string {
	if p.tf == nil || p.tf.PrintType == nil {
		return typeString(t)
	}
	q := &Printer{d: p.d, tf: p.tf}
	p.tf.PrintType(q, t)
	return q.String()
}

// ResolveOptional resolves an operand that may be absent.
func (p *Parser) ResolveOptional(dst **Value, ref OperandRef, t Type) {
	if ref.Valid() {
		p.Resolve(dst, ref, t)
	}
}

// ResolveList resolves operands with their types (nil: unchecked).
func (p *Parser) ResolveList(dst *[]*Value, refs []OperandRef, types []Type) {
	if p.Failed() {
		return
	}
	if types != nil && len(types) != len(refs) {
		off := p.Offset()
		if len(refs) > 0 {
			off = refs[0].Off
		}
		p.Parser.ErrorAt(off, "%d operands present, but expected %d", len(refs), len(types))
		return
	}
	var out []*Value
	for i, r := range refs {
		var t Type
		if types != nil {
			t = types[i]
		}
		var v *Value
		p.Resolve(&v, r, t)
		out = append(out, v)
	}
	*dst = out
}

// ResolveListOf resolves operands that all have type t (nil: unchecked).
func (p *Parser) ResolveListOf(dst *[]*Value, refs []OperandRef, t Type) {
	if p.Failed() {
		return
	}
	var out []*Value
	for _, r := range refs {
		var v *Value
		p.Resolve(&v, r, t)
		out = append(out, v)
	}
	*dst = out
}

// SetResults gives op results of the given types.
func (p *Parser) SetResults(op Op, types ...Type) {
	for _, t := range types {
		if isNil(t) {
			if !p.Failed() {
				p.Parser.Errorf("the type of a result of '%s' is unknown", op.Info().Name)
			}
			return
		}
	}
	op.Base().Results = NewResults(op, types)
}

// NewRegions returns n empty regions.
func NewRegions(n int) []*Region {
	rs := make([]*Region, n)
	for i := range rs {
		rs[i] = &Region{}
	}
	return rs
}

// EnsureTerminator gives a region one block if it has none, and appends
// the op newOp makes to its last block when that does not end with a
// terminator (SingleBlockImplicitTerminator).
func EnsureTerminator(r *Region, newOp func() Op) {
	if len(r.Blocks) == 0 {
		r.Blocks = []*Block{{}}
	}
	b := r.Blocks[len(r.Blocks)-1]
	if n := len(b.Ops); n > 0 && b.Ops[n-1].Info().Terminator {
		return
	}
	b.Ops = append(b.Ops, newOp())
}

// ArgList parses region arguments: (%a: T [{attrs}] [loc(…)], …), the
// types with typ.
func (p *Parser) ArgList(typ func() Type) []Arg {
	var args []Arg
	if !p.Expect("(") {
		return nil
	}
	p.List(")", func() {
		if p.Tok().Kind != asm.PercentIdent {
			p.Parser.Errorf("expected SSA identifier")
			return
		}
		a := Arg{Ref: p.Operand()}
		p.Expect(":")
		a.Type = typ()
		p.SkipAttrDict()
		p.optionalLoc()
		args = append(args, a)
	})
	p.Expect(")")
	return args
}

// SkipAttrDict skips an attribute dictionary ({…}) if there is one.
func (p *Parser) SkipAttrDict() {
	if p.Is("{") {
		p.SkipBalanced()
	}
}

// Region parses a region into r: '{', ops, '}'. args are the entry
// block's arguments (named in the text before the region); a region of
// an op that is isolated from above sees no outer value.
func (p *Parser) Region(r *Region, owner Op, args []Arg) {
	if !p.Expect("{") {
		return
	}
	if !p.Enter() {
		return
	}
	defer p.Leave()
	isolated := owner != nil && owner.Info().Isolated
	p.scope = &valueScope{parent: p.scope, isolated: isolated, values: map[string][]*Value{}}
	defer func() { p.scope = p.scope.parent }()
	var b *Block
	newBlock := func(args []Arg) {
		types := make([]Type, len(args))
		for i, a := range args {
			types[i] = a.Type
		}
		b = NewBlock(types...)
		for i, a := range args {
			p.define(a.Ref.Name, a.Ref.Off, b.Args[i:i+1])
		}
		r.Blocks = append(r.Blocks, b)
	}
	if args != nil {
		newBlock(args)
	}
	for !p.Failed() && !p.Is("}") {
		if t := p.Tok(); t.Kind == asm.CaretIdent {
			if args != nil && len(r.Blocks) == 1 && len(b.Ops) == 0 {
				p.Parser.Errorf("invalid block name in region with named arguments")
				return
			}
			p.Next()
			var bargs []Arg
			if p.Is("(") {
				bargs = p.ArgList(p.Type)
			}
			p.Expect(":")
			if len(r.Blocks) > 0 && t.Text != "^bb0" || len(r.Blocks) > 0 {
				p.Parser.ErrorAt(t.Off, "regions of more than one block are not supported")
				return
			}
			newBlock(bargs)
			continue
		}
		if b == nil {
			newBlock(nil)
		}
		if op := p.op(); op != nil {
			b.Ops = append(b.Ops, op)
		}
	}
	p.Expect("}")
}

// AttrDict parses an optional attribute dictionary ({…}, after the
// keyword attributes withKeyword) and sets the op's attributes it names;
// other (discardable) attributes are dropped, as Tile IR has no place
// for them.
func (p *Parser) AttrDict(op Op, withKeyword bool) {
	if withKeyword && !p.Optional("attributes") {
		return
	}
	if !p.Is("{") {
		if withKeyword {
			p.Parser.Errorf("expected '{'")
		}
		return
	}
	p.attrDict(op)
}

func (p *Parser) attrDict(op Op) {
	p.Expect("{")
	bound := bindAttrs(op)
	var keys asm.DictKeys
	p.List("}", func() {
		name, ok := p.DictKey(&keys, "expected attribute name")
		if !ok {
			return
		}
		var a *boundAttr
		for i := range bound {
			if bound[i].name == name {
				a = &bound[i]
			}
		}
		if !p.Optional("=") {
			if a != nil && a.unit {
				a.parse(p)
			}
			return
		}
		if a != nil {
			a.parse(p)
			return
		}
		p.skipAttrValue()
	})
	p.Expect("}")
}

// skipAttrValue skips a value in a dictionary: tokens up to ',' or '}'
// outside brackets.
func (p *Parser) skipAttrValue() {
	for !p.Failed() {
		t := p.Tok()
		switch {
		case t.Kind == asm.EOF:
			p.Parser.Errorf("expected '}'")
			return
		case t.Is(",") || t.Is("}"):
			return
		case t.Is("{") || t.Is("(") || t.Is("[") || t.Is("<"):
			p.SkipBalanced()
		default:
			p.Next()
		}
	}
}

// generic parses the rest of the generic op form:
// (operands) [({regions})] [{attrs}] : (types) -> types.
func (p *Parser) generic(op Op) {
	p.Expect("(")
	refs := p.Operands()
	p.Expect(")")
	if p.Is("<") {
		p.Parser.Errorf("properties (<{…}>) in the generic op form are not supported")
		return
	}
	var regions []*Region
	if p.Optional("(") {
		p.List(")", func() {
			r := &Region{}
			p.Region(r, op, nil)
			regions = append(regions, r)
		})
		p.Expect(")")
	}
	if p.Is("{") {
		p.attrDict(op)
	}
	p.Expect(":")
	p.Expect("(")
	var ins []Type
	p.List(")", func() { ins = append(ins, p.Type()) })
	p.Expect(")")
	p.Expect("->")
	var outs []Type
	if p.Optional("(") {
		p.List(")", func() { outs = append(outs, p.Type()) })
		p.Expect(")")
	} else {
		outs = []Type{p.Type()}
	}
	if p.Failed() {
		return
	}
	if len(ins) != len(refs) {
		p.Parser.Errorf("expected %d operand types but had %d", len(refs), len(ins))
		return
	}
	for _, a := range bindAttrs(op) {
		if a.required && !a.set() {
			p.Parser.Errorf("'%s' op requires attribute '%s'", op.Info().Name, a.name)
			return
		}
	}
	info := op.Info()
	if n := info.Regions; len(regions) != n {
		p.Parser.Errorf("'%s' has %d regions, not %d", info.Name, n, len(regions))
		return
	}
	op.Base().Regions = regions
	p.SetResults(op, outs...)
	slots := bindOperands(op)
	fixed, many := 0, 0
	for _, s := range slots {
		if s.many != nil || s.optional {
			many++
		} else {
			fixed++
		}
	}
	if many > 1 {
		p.Parser.Errorf("the generic form of '%s' needs operand segment sizes, which are not supported", info.Name)
		return
	}
	if len(refs) < fixed || many == 0 && len(refs) != fixed {
		p.Parser.Errorf("'%s' takes %d operands, got %d", info.Name, fixed, len(refs))
		return
	}
	k := 0
	for _, s := range slots {
		switch {
		case s.many != nil:
			n := len(refs) - fixed
			p.ResolveList(s.many, refs[k:k+n], ins[k:k+n])
			k += n
		case s.optional:
			if n := len(refs) - fixed; n == 1 {
				p.Resolve(s.one, refs[k], ins[k])
				k++
			} else if n > 1 {
				p.Parser.Errorf("'%s' takes at most %d operands, got %d", info.Name, fixed+1, len(refs))
			}
		default:
			p.Resolve(s.one, refs[k], ins[k])
			k++
		}
	}
}

// optionalLoc parses loc(…) if it is next.
func (p *Parser) optionalLoc() (*Location, bool) {
	if !p.Is("loc") {
		return nil, false
	}
	p.Next()
	p.Expect("(")
	l := p.locInner()
	p.Expect(")")
	return l, true
}

// Loc parses loc(…).
func (p *Parser) Loc() *Location {
	if !p.Is("loc") {
		p.Parser.Errorf("expected 'loc'")
		return nil
	}
	l, _ := p.optionalLoc()
	return l
}

func (p *Parser) intern(l *Location) *Location { return p.locs.canon(l, 0) }

// locInner parses what loc(…) holds: unknown, "file":line:col,
// callsite(a at b), an alias, or a DI location attribute.
func (p *Parser) locInner() *Location {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	t := p.Tok()
	switch {
	case t.Is("unknown"):
		p.Next()
		return nil
	case t.Kind == asm.String:
		// A plain file location is written as unknown.
		p.fileLoc()
		return nil
	case t.Is("callsite"):
		p.Next()
		p.Expect("(")
		callee := p.locInner()
		p.Expect("at")
		caller := p.locInner()
		p.Expect(")")
		return p.intern(&Location{Kind: DebugCallSite, Callee: callee, Caller: caller})
	case t.Kind == asm.HashIdent:
		return p.locAttr()
	case t.Is("fused"):
		p.Parser.Errorf("unsupported location, got FusedLoc, expected DILocAttr or CallSiteLoc")
	default:
		p.Parser.Errorf("expected location instance")
	}
	return nil
}

type fileLocation struct {
	file      string
	line, col uint64
}

// fileLoc parses "file":line:col.
func (p *Parser) fileLoc() fileLocation {
	var f fileLocation
	s, ok := p.StringLit()
	if !ok {
		p.Parser.Errorf("expected location instance")
		return f
	}
	f.file = s
	if p.Is("(") {
		p.Parser.Errorf("unsupported location, got NameLoc, expected DILocAttr or CallSiteLoc")
		return f
	}
	p.Expect(":")
	f.line = p.ExpectUint64("line number in FileLineColLoc")
	p.Expect(":")
	f.col = p.ExpectUint64("column number in FileLineColLoc")
	if p.Is("to") {
		p.Parser.Errorf("file location ranges are not supported")
	}
	return f
}

// locAttr parses a location given as an attribute: an alias of one, or
// #dialect.di_loc<…>.
func (p *Parser) locAttr() *Location {
	if v, ok := p.Alias("location", func() any {
		if p.Is("loc") {
			l, _ := p.optionalLoc()
			return l
		}
		return p.locAttr()
	}); ok {
		l, _ := v.(*Location)
		return l
	}
	d := p.diAttr()
	if d != nil && d.Kind != DebugLoc {
		p.Parser.Errorf("expected a location, got a %s attribute", d.Kind)
		return nil
	}
	return d
}

// diAttr parses a debug-info attribute (#dialect.di_file<…>, …), or an
// alias of one.
func (p *Parser) diAttr() *Location {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	if v, ok := p.Alias("debug-info", func() any { return p.diAttr() }); ok {
		l, _ := v.(*Location)
		return l
	}
	var l *Location
	t := p.Tok()
	prefix := "#" + p.d.Name() + "."
	if t.Kind != asm.HashIdent || !strings.HasPrefix(t.Text, prefix) {
		p.Parser.Errorf("expected a debug-info attribute")
		return nil
	}
	p.Next()
	p.Expect("<")
	switch kind := t.Text[len(prefix):]; kind {
	case "di_file":
		l = &Location{Kind: DebugFile}
		l.Name = p.str()
		p.Expect("in")
		l.Directory = p.str()
	case "di_loc":
		l = &Location{Kind: DebugLoc}
		var f fileLocation
		if p.Tok().Kind == asm.HashIdent {
			v, ok := p.Alias("file location", func() any {
				p.Expect("loc")
				p.Expect("(")
				f := p.fileLoc()
				p.Expect(")")
				return f
			})
			if !ok {
				p.Parser.Errorf("expected a file location")
			}
			f, _ = v.(fileLocation)
		} else {
			p.Expect("loc")
			p.Expect("(")
			f = p.fileLoc()
			p.Expect(")")
		}
		l.Name, l.Line, l.Column = f.file, f.line, f.col
		p.Expect("in")
		l.Scope = p.diAttr()
	case "di_compile_unit", "di_subprogram", "di_lexical_block":
		l = p.diStruct(kind)
	default:
		p.Parser.ErrorAt(t.Off, "unknown debug-info attribute %s", t.Text)
		return nil
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return p.intern(l)
}

func (p *Parser) str() string {
	s, ok := p.StringLit()
	if !ok {
		p.Parser.Errorf("expected string")
	}
	return s
}

// diStruct parses the key = value parameters of a DI attribute, in any
// order.
func (p *Parser) diStruct(kind string) *Location {
	l := &Location{}
	var keys []string
	switch kind {
	case "di_compile_unit":
		l.Kind, keys = DebugCompileUnit, []string{"file"}
	case "di_subprogram":
		l.Kind, keys = DebugSubprogram, []string{"file", "line", "name", "linkageName", "compileUnit", "scopeLine"}
	case "di_lexical_block":
		l.Kind, keys = DebugLexicalBlock, []string{"scope", "file", "line", "column"}
	}
	seen := map[string]bool{}
	p.List(">", func() {
		off := p.Offset()
		k := p.ExpectKeyword("a parameter name")
		known := false
		for _, x := range keys {
			known = known || x == k
		}
		if !known {
			p.Parser.ErrorAt(off, "%s: unknown parameter '%s'", kind, k)
			return
		}
		if seen[k] {
			p.Parser.ErrorAt(off, "struct is missing required parameter or has duplicate '%s'", k)
			return
		}
		seen[k] = true
		p.Expect("=")
		switch k {
		case "file":
			l.File = p.diAttr()
		case "compileUnit":
			l.Unit = p.diAttr()
		case "scope":
			l.Scope = p.diAttr()
		case "line":
			l.Line = p.ExpectUint64("an integer")
		case "column":
			l.Column = p.ExpectUint64("an integer")
		case "scopeLine":
			l.Scope2 = p.ExpectUint64("an integer")
		case "name":
			l.Name = p.str()
		case "linkageName":
			l.LinkageName = p.str()
		}
	})
	for _, k := range keys {
		if !seen[k] && k != "scopeLine" && k != "column" && !p.Failed() {
			p.Parser.Errorf("struct is missing required parameter: %s", k)
		}
	}
	return l
}

// Parsers of attribute variables of declarative formats, by kind.

// ParseEnumAttr parses a dialect enum attribute, stripped (<kw>) or in
// full (#cuda_tile.overflow<kw>).
func ParseEnumAttr[E Enum](p *Parser, name string, dst *E) {
	if p.Tok().Kind == asm.HashIdent {
		ParseEnumValue(p, name, dst)
		return
	}
	var zero E
	br := true
	if f, ok := any(zero).(AttrForm); ok {
		_, br = f.AttrForm()
	}
	if br && !p.Expect("<") {
		return
	}
	ParseEnumKeyword(p, name, dst)
	if br {
		p.Expect(">")
	}
}

// OptionalEnumKeywordOf parses an optional enum attribute's keyword if
// the current token is one.
func OptionalEnumKeywordOf[E Enum](p *Parser, dst **E) bool {
	var v E
	if OptionalEnumKeyword(p, &v) {
		*dst = &v
		return true
	}
	return false
}

// ParseSymbol parses a symbol name (@name).
func ParseSymbol(p *Parser, name string, dst *string) {
	s, ok := p.SymbolName()
	if !ok {
		p.Errorf("expected valid '@'-identifier for symbol name")
		return
	}
	*dst = s
}

// ParseString parses a string attribute without its type.
func ParseString(p *Parser, name string, dst *string) {
	s, ok := p.StringLit()
	if !ok {
		p.Errorf("expected attribute value")
		return
	}
	*dst = s
}

// ParseUint parses an unsigned integer attribute without its type.
func ParseUint[T uint32 | uint64](p *Parser, name string, dst *T) {
	l, ok := p.OptionalInt()
	if !ok {
		p.Errorf("expected attribute value")
		return
	}
	v, ok := l.Uint64()
	if !ok || uint64(T(v)) != v {
		p.ErrorAt(l.Off, "integer constant out of range for attribute")
		return
	}
	*dst = T(v)
}

// ParseBool parses true or false.
func ParseBool(p *Parser, name string, dst *bool) {
	switch {
	case p.Optional("true"):
		*dst = true
	case p.Optional("false"):
		*dst = false
	default:
		p.Errorf("expected attribute value")
	}
}

// ParseAttrList parses [a, b] (an ArrayAttr without its type).
func ParseAttrList(p *Parser) []Attr {
	out := []Attr{}
	if !p.Expect("[") {
		return nil
	}
	p.List("]", func() { out = append(out, p.Attr()) })
	p.Expect("]")
	return out
}

// ParseStripped parses a dialect attribute of definition def: its body
// alone, or in full (#dialect.mnemonic<…>).
func ParseStripped[T Attr](p *Parser, def string, dst *T) {
	if p.tf == nil || p.tf.ParseAttr == nil {
		p.Errorf("dialect %s has no attribute syntax", p.d.Name())
		return
	}
	a := p.tf.ParseAttr(p, def)
	if p.Failed() {
		return
	}
	v, ok := a.(T)
	if !ok {
		p.Errorf("expected a %s attribute", def)
		return
	}
	*dst = v
}

// Errorf reports an error at the current token; while a custom op's text
// is parsed, it is prefixed with "custom op 'name' " as MLIR's are.
func (p *Parser) Errorf(format string, args ...any) { p.ErrorAt(p.Offset(), format, args...) }

// ErrorAt reports an error at an offset (see Errorf).
func (p *Parser) ErrorAt(off int, format string, args ...any) {
	if p.custom != "" {
		format = "custom op '" + p.custom + "' " + format
	}
	p.Parser.ErrorAt(off, format, args...)
}

// Fail reports err at the current token unless it is nil.
func (p *Parser) Fail(err error) {
	if err != nil {
		p.Errorf("%v", err)
	}
}

// Parsers of the parameters of attribute and type formats.

// ParseInteger parses an integer that fits T.
func ParseInteger[T int32 | int64 | uint32 | uint64](p *Parser, name string) T {
	l, ok := p.OptionalInt()
	if !ok {
		p.Errorf("failed to parse parameter '%s' which is expected to be an integer", name)
		return 0
	}
	var zero T
	if zero-1 < zero { // signed
		v, ok := l.Int64()
		if !ok || int64(T(v)) != v {
			p.ErrorAt(l.Off, "integer value out of range for parameter '%s'", name)
			return 0
		}
		return T(v)
	}
	u, ok := l.Uint64()
	if !ok || uint64(T(u)) != u {
		p.ErrorAt(l.Off, "integer value out of range for parameter '%s'", name)
		return 0
	}
	return T(u)
}

// ParseStringValue parses a string literal.
func ParseStringValue(p *Parser, name string) string {
	var s string
	ParseString(p, name, &s)
	return s
}

// ParseBoolValue parses true or false.
func ParseBoolValue(p *Parser, name string) bool {
	var b bool
	ParseBool(p, name, &b)
	return b
}

// ParseEnumKeywordValue parses an enum's keyword.
func ParseEnumKeywordValue[E Enum](p *Parser, name string) E {
	var v E
	ParseEnumKeyword(p, name, &v)
	return v
}

// ParseStruct parses key = value pairs separated by commas, in any order,
// each key once (struct(params)): param parses the value of a key; the
// required keys must all be there.
func ParseStruct(p *Parser, required []string, param func(key string)) {
	seen := map[string]bool{}
	p.List("", func() {
		off := p.Offset()
		k, ok := p.Keyword()
		if !ok {
			p.Errorf("expected a parameter name")
			return
		}
		if seen[k] {
			p.ErrorAt(off, "duplicate parameter '%s'", k)
			return
		}
		seen[k] = true
		p.Expect("=")
		param(k)
	})
	for _, k := range required {
		if !seen[k] && !p.Failed() {
			p.Errorf("struct is missing required parameter: %s", k)
		}
	}
}

// AtInteger reports whether an integer literal (maybe negative) is next.
func AtInteger(p *Parser) bool {
	t := p.Tok()
	return t.Kind == asm.Integer || t.Is("-")
}

// AtString reports whether a string literal is next.
func AtString(p *Parser) bool { return p.Tok().Kind == asm.String }
