package asmformat

import (
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Parser reads the body of a dialect attribute or type: asm.Parser's
// tokens, plus nested attributes and types of any dialect.
type Parser struct {
	*asm.Parser
	ctx     *ir.Context
	d       *Dialect
	release int
	prevOff int // where the last consumed token started
	// nest counts the bodies being parsed, across the parsers that try
	// alternatives (asm.Parser's own depth is per parser).
	nest int
	// scope holds the aliases and distinct attributes the text may name,
	// shared by nested parsers.
	scope *Scope
}

// Distinct returns the distinct attribute the text numbers n, or nil
// before it is defined.
func (p *Parser) Distinct(n int64) ir.Attribute { return p.scope.Distinct(n) }

// SetDistinct records the distinct attribute numbered n.
func (p *Parser) SetDistinct(n int64, a ir.Attribute) { p.scope.SetDistinct(n, a) }

// sub returns a parser of text that shares p's entry state.
func (p *Parser) sub(d *Dialect, text string) *Parser {
	q := newParser(p.ctx, d, p.release, text)
	q.nest = p.nest
	q.scope = p.scope
	return q
}

func newParser(ctx *ir.Context, d *Dialect, release int, text string) *Parser {
	p := &Parser{Parser: asm.NewParser("", []byte(text)), ctx: ctx, d: d, release: release, scope: &Scope{}}
	p.Parser.MaxDepth = 64
	return p
}

// Context is the context values are built in.
func (p *Parser) Context() *ir.Context { return p.ctx }

// Release is the producer's LLVM release (0: the newest).
func (p *Parser) Release() int { return p.release }

// Next consumes the current token.
func (p *Parser) Next() asm.Token {
	t := p.Parser.Next()
	p.prevOff = t.Off
	return t
}

func (p *Parser) prevText() string {
	src := p.Source()
	end := p.Offset()
	return strings.TrimRight(src[p.prevOff:end], " \t\r\n")
}

// Keyword consumes a bare identifier.
func (p *Parser) Keyword() (string, bool) {
	if p.Tok().Kind == asm.BareIdent {
		return p.Next().Text, true
	}
	return "", false
}

// Optional consumes s if it is next.
func (p *Parser) Optional(s string) bool {
	if p.Is(s) {
		p.Next()
		return true
	}
	return false
}

// Expect consumes s or fails.
func (p *Parser) Expect(s string) bool {
	if p.Optional(s) {
		return true
	}
	p.Errorf("expected '%s'", s)
	return false
}

// textCodec is what a dialect that reads its own text entries implements
// (bytecode.TextCodec's reading half).
type textCodec interface {
	ParseAttribute(ctx *ir.Context, text string, release int) (ir.Attribute, error)
	ParseType(ctx *ir.Context, text string, release int) (ir.Type, error)
	PrintAttribute(a ir.Attribute) (string, bool)
	PrintType(t ir.Type) (string, bool)
}

// Builtin is implemented by the builtin dialect: it reads and prints the
// builtin syntax of attributes and types (i32, vector<4xf32>, 42 : i64,
// "text", [1, 2], affine_map<…>) where they are nested in a dialect's.
type Builtin interface {
	ParseBuiltinType(p *Parser) ir.Type
	ParseBuiltinAttr(p *Parser) ir.Attribute
	PrintBuiltin(pr *Printer, v any) bool
}

// nested consumes a dialect attribute or type (#name…, !name…) and
// returns its text and dialect, or the value of the file's alias it
// names (a name without a dot nor an adjacent '<').
func (p *Parser) nested() (text, dialect string, aliased any) {
	t := p.Next()
	name := t.Text[1:]
	dotted := false
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name, dotted = name[:i], true
	}
	bracketed := p.Is("<") && p.Offset() == t.Off+len(t.Text)
	if !dotted && !bracketed && p.scope.inFile() {
		v, ok := p.scope.Alias(t.Text)
		if !ok || v == nil {
			p.ErrorAt(t.Off, "undefined alias %s", t.Text)
			return "", "", nil
		}
		return t.Text, name, v
	}
	if p.Is("<") {
		p.SkipBalanced()
	}
	return p.Source()[t.Off:p.endOf()], name, nil
}

// endOf is where the last consumed token ends.
func (p *Parser) endOf() int {
	src := p.Source()
	end := p.Offset()
	for end > 0 && strings.IndexByte(" \t\r\n", src[end-1]) >= 0 {
		end--
	}
	return end
}

// Type parses a type: a dialect's (!dialect.x<…>), or a builtin one.
func (p *Parser) Type() ir.Type {
	if p.Failed() {
		return nil
	}
	if p.Tok().Kind == asm.BangIdent {
		text, name, aliased := p.nested()
		if p.Failed() {
			return nil
		}
		if aliased != nil {
			t, _ := aliased.(ir.Type)
			if t == nil {
				p.Errorf("%s is not a type", text)
			}
			return t
		}
		if f, ok := p.ctx.Dialect(name).(AsmFormsOf); ok {
			if t, ok := f.AsmForms().nestedValue(p, text, 1).(ir.Type); ok {
				return t
			}
			return ir.GetTextType(p.ctx, name, text)
		}
		if tc, ok := p.ctx.Dialect(name).(textCodec); ok {
			t, err := tc.ParseType(p.ctx, text, p.release)
			if err != nil {
				p.Errorf("%v", err)
				return nil
			}
			if t != nil {
				return t
			}
		}
		return ir.GetTextType(p.ctx, name, text)
	}
	b, ok := p.ctx.Dialect("builtin").(Builtin)
	if !ok {
		p.Errorf("no builtin syntax")
		return nil
	}
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	return b.ParseBuiltinType(p)
}

// Attr parses an attribute: a dialect's (#dialect.x<…>), or a builtin
// one.
func (p *Parser) Attr() ir.Attribute {
	if p.Failed() {
		return nil
	}
	if p.Tok().Kind == asm.HashIdent {
		text, name, aliased := p.nested()
		if p.Failed() {
			return nil
		}
		if aliased != nil {
			a, _ := aliased.(ir.Attribute)
			if a == nil {
				p.Errorf("%s is not an attribute", text)
			}
			return a
		}
		if f, ok := p.ctx.Dialect(name).(AsmFormsOf); ok {
			if a, ok := f.AsmForms().nestedValue(p, text, 0).(ir.Attribute); ok {
				return a
			}
			return ir.GetTextAttr(p.ctx, name, text)
		}
		if tc, ok := p.ctx.Dialect(name).(textCodec); ok {
			a, err := tc.ParseAttribute(p.ctx, text, p.release)
			if err != nil {
				p.Errorf("%v", err)
				return nil
			}
			if a != nil {
				return a
			}
		}
		return ir.GetTextAttr(p.ctx, name, text)
	}
	if p.scope != nil && p.scope.Elements != nil && (p.Is("dense") || p.Is("sparse")) {
		off := p.Offset()
		a, n := p.scope.Elements(p.Source()[off:])
		if a == nil {
			p.Errorf("invalid elements attribute")
			return nil
		}
		p.SkipTo(off + n)
		return a
	}
	b, ok := p.ctx.Dialect("builtin").(Builtin)
	if !ok {
		p.Errorf("no builtin syntax")
		return nil
	}
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	return b.ParseBuiltinAttr(p)
}

// Stripped parses the body of a definition of the parser's dialect
// without its prefix and mnemonic (parseStrippedAttrOrType), or the value
// in full.
func (p *Parser) Stripped(mnemonic string, isType bool) any {
	if p.Tok().Kind == asm.HashIdent && !isType {
		return p.Attr()
	}
	if p.Tok().Kind == asm.BangIdent && isType {
		return p.Type()
	}
	k := 0
	if isType {
		k = 1
	}
	p.d.index()
	def := pick(p.d.byMnem[k][mnemonic], p.release)
	if def == nil {
		p.Errorf("no definition %q", mnemonic)
		return nil
	}
	return p.body(def)
}

// Short parses a value of the parser's dialect without its prefix (its
// mnemonic and body), or any type or attribute written in full.
func (p *Parser) Short(isType bool) any {
	t := p.Tok()
	if t.Kind != asm.BareIdent {
		if isType {
			return p.Type()
		}
		return p.Attr()
	}
	k := 0
	if isType {
		k = 1
	}
	p.d.index()
	var cands []*Def
	for _, def := range p.d.byMnem[k][t.Text] {
		if def.valid(p.release) {
			cands = append(cands, def)
		}
	}
	if len(cands) == 0 {
		if isType {
			return p.Type()
		}
		return p.Attr()
	}
	p.Next()
	for i, def := range cands {
		if i == len(cands)-1 {
			return p.body(def)
		}
		// Try each form of a shared mnemonic from the same place, on a
		// parser of its own.
		q := p.sub(p.d, p.Source())
		q.ResetTo(p.Offset())
		if v := q.body(def); v != nil && !q.Failed() {
			p.ResetTo(q.Offset())
			return v
		}
	}
	return nil
}

// IsShort reports whether the next token is a mnemonic of the parser's
// dialect.
func (p *Parser) IsShort(isType bool) bool {
	t := p.Tok()
	if t.Kind != asm.BareIdent {
		return false
	}
	k := 0
	if isType {
		k = 1
	}
	p.d.index()
	return len(p.d.byMnem[k][t.Text]) > 0
}

// elems parses format elements into vals.
func (p *Parser) elems(def *Def, es []*elem, vals []any) {
	for _, e := range es {
		if p.Failed() {
			return
		}
		p.elem(def, e, vals)
	}
}

func (p *Parser) elem(def *Def, e *elem, vals []any) {
	switch e.kind {
	case eLiteral:
		switch e.text {
		case "", " ", "\\n":
		default:
			p.Expect(e.text)
		}
	case eVar:
		prm := def.Params[e.param]
		if e.qualified {
			prm.Stripped = ""
		}
		vals[e.param] = p.value(prm, prm.Kind)
	case eParams:
		first := true
		for i, prm := range def.Params {
			if prm.Self || prm.Absent {
				continue
			}
			if !first && !p.Expect(",") {
				return
			}
			first = false
			vals[i] = p.value(prm, prm.Kind)
		}
	case eStruct:
		seen := make([]bool, len(vals))
		for !p.Failed() {
			k, ok := p.Keyword()
			if !ok {
				p.Errorf("expected a parameter name")
				return
			}
			idx := -1
			for _, a := range e.args {
				if def.Params[a.param].Name == k {
					idx = a.param
				}
			}
			if idx < 0 || seen[idx] {
				p.Errorf("unexpected or duplicate parameter '%s'", k)
				return
			}
			seen[idx] = true
			p.Expect("=")
			vals[idx] = p.value(def.Params[idx], def.Params[idx].Kind)
			if !p.Optional(",") {
				break
			}
		}
		for _, a := range e.args {
			if !seen[a.param] && !def.Params[a.param].Optional && def.Params[a.param].Default == "" {
				p.Errorf("struct is missing required parameter: %s", def.Params[a.param].Name)
			}
		}
	case eOptional:
		if p.startsGroup(def, e.then[0]) {
			p.elems(def, e.then, vals)
		} else {
			p.elems(def, e.els, vals)
		}
	case eCustom:
		c, ok := p.d.Customs[e.text]
		if !ok {
			p.Errorf("no custom directive %s", e.text)
			return
		}
		args := make([]int, len(e.args))
		for i, a := range e.args {
			args[i] = a.param
		}
		c.Parse(p, vals, args)
	}
}

// startsGroup reports whether the first element of an optional group is
// next.
func (p *Parser) startsGroup(def *Def, first *elem) bool {
	switch first.kind {
	case eLiteral:
		return p.Is(first.text)
	case eVar:
		t := p.Tok()
		switch prm := def.Params[first.param]; prm.Kind {
		case Int, Uint:
			return t.Kind == asm.Integer || t.Is("-")
		case String:
			return t.Kind == asm.String
		case Enum:
			if t.Kind != asm.BareIdent {
				return false
			}
			_, ok := prm.Enum.lookup(t.Text)
			return ok
		case Bool:
			return t.Is("true") || t.Is("false")
		case Type:
			return t.Kind == asm.BangIdent || t.Kind == asm.BareIdent
		case Attr:
			return t.Kind != asm.Punct || t.Is("[") || t.Is("{") || t.Is("-")
		case List:
			return t.Kind != asm.Punct || t.Is("-") || t.Is("[") || t.Is("(")
		}
	}
	return false
}

// value parses one value of kind k for parameter prm.
func (p *Parser) value(prm Param, k Kind) any {
	if p.Failed() {
		return nil
	}
	switch k {
	case Int:
		l, ok := p.OptionalInt()
		if !ok {
			p.Errorf("expected an integer for '%s'", prm.Name)
			return nil
		}
		v, ok := l.Int64()
		if !ok {
			p.Errorf("integer out of range for '%s'", prm.Name)
			return nil
		}
		return v
	case Uint:
		l, ok := p.OptionalInt()
		if !ok {
			p.Errorf("expected an integer for '%s'", prm.Name)
			return nil
		}
		v, ok := l.Uint64()
		if !ok {
			p.Errorf("integer out of range for '%s'", prm.Name)
			return nil
		}
		return v
	case Bool:
		switch {
		case p.Optional("true"):
			return true
		case p.Optional("false"):
			return false
		}
		p.Errorf("expected true or false for '%s'", prm.Name)
		return nil
	case String:
		s, ok := p.StringLit()
		if !ok {
			p.Errorf("expected a string for '%s'", prm.Name)
			return nil
		}
		return s
	case Enum:
		return p.enum(prm)
	case Type:
		if prm.Stripped != "" {
			return p.Stripped(prm.Stripped, true)
		}
		if t := p.Type(); t != nil {
			return t
		}
		return nil
	case Attr:
		if prm.Stripped != "" {
			return p.Stripped(prm.Stripped, false)
		}
		if a := p.Attr(); a != nil {
			return a
		}
		return nil
	case List:
		out := []any{}
		if t := p.Tok(); t.Is(">") || t.Is(")") || t.Is("]") || t.Is("}") {
			return out
		}
		for !p.Failed() {
			v := p.value(prm, prm.Elem)
			if v == nil {
				return nil
			}
			out = append(out, v)
			if !p.Optional(",") {
				break
			}
		}
		return out
	}
	return nil
}

func (p *Parser) enum(prm Param) any {
	e := prm.Enum
	if e == nil {
		p.Errorf("no enum for '%s'", prm.Name)
		return nil
	}
	if t := p.Tok(); t.Kind == asm.String && prm.Quoted && e.Bit {
		// "a|b": the keywords of a union in quotes.
		p.Next()
		var v uint64
		for _, k := range strings.Split(asm.Unquote(t.Text), strings.TrimSpace(e.Separator)) {
			c, ok := e.lookup(strings.TrimSpace(k))
			if !ok {
				p.Errorf("'%s' is no case of '%s'", k, prm.Name)
				return nil
			}
			v |= c
		}
		return v
	}
	var v uint64
	for !p.Failed() {
		t := p.Tok()
		if t.Kind != asm.BareIdent && t.Kind != asm.String {
			p.Errorf("expected a keyword for '%s'", prm.Name)
			return nil
		}
		s := t.Text
		if t.Kind == asm.String {
			s = asm.Unquote(s)
		}
		c, ok := e.lookup(s)
		if !ok {
			p.Errorf("'%s' is no case of '%s'", s, prm.Name)
			return nil
		}
		p.Next()
		v |= c
		if !e.Bit {
			break
		}
		sep := strings.TrimSpace(e.Separator)
		if sep == "" || !p.Optional(sep) {
			break
		}
	}
	return v
}

// nestedValue parses a nested value of dialect d within p's nesting
// bound; nil when it does not print back as text, printed as the text
// around it holds it: distinct attributes by the numbers it gives them,
// and within a file nested values by alias. The value is not handed out
// (Dialect.Out): the value it is nested in takes it as parsed.
func (d *Dialect) nestedValue(p *Parser, text string, k int) any {
	return d.check(p, text, k, p.scope.printer())
}

// ShapeAndType parses <4x?x8xT> style bodies' inside: dimensions, each
// followed by x, then a type (amx.tile, emitc.array).
func (p *Parser) ShapeAndType(allowDynamic bool) ([]int64, ir.Type) {
	dims := p.DimensionList(allowDynamic, true)
	t := p.Type()
	return dims, t
}

// AttrOf parses text, on its own, as one attribute (for hooks that cut
// their body into pieces); nil if it is not one.
func (p *Parser) AttrOf(text string) ir.Attribute {
	q := p.sub(p.d, text)
	q.nest++
	if q.nest > maxNest {
		return nil
	}
	a := q.Attr()
	if q.Failed() || q.Tok().Kind != asm.EOF {
		return nil
	}
	return a
}
