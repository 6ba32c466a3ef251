package asmformat

import (
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Kind is how a parameter's value reads and prints, and the Go type it
// takes in a Def's value list.
type Kind uint8

// The kinds of parameters.
const (
	Int    Kind = iota // int64: 42, -1
	Uint               // uint64: 42
	Bool               // bool: true, false
	String             // string: "text"
	Enum               // uint64: a keyword of Param.Enum (bit enums: keywords joined by its separator)
	Type               // ir.Type: i32, !dialect.x<…>
	Attr               // ir.Attribute: 42 : i32, #dialect.x<…>
	List               // []any of Param.Elem values, comma separated
)

// EnumSyntax is how an enum's values print: the keyword of each case, and
// for bit enums the separator between the keywords of a union and whether
// cases of several bits print before single bits (ODS's
// printBitEnumPrimaryGroups).
type EnumSyntax struct {
	Cases       []ir.EnumCase // sorted by value
	Bit         bool
	Separator   string
	PrintGroups bool
}

// Param is one parameter of a definition's text form.
type Param struct {
	Name string
	Kind Kind
	Elem Kind // element kind of a List
	Enum *EnumSyntax
	// Optional parameters may be absent: a nil value. Default is the text
	// of the value an absent integer or enum stands for; a parameter equal
	// to it is not printed by an optional group anchored on it.
	Optional bool
	Default  string
	// Stripped names the mnemonic of a definition of the same dialect that
	// this attribute or type parameter prints without its prefix and
	// mnemonic (printStrippedAttrOrType).
	Stripped string
	// Self marks an attribute's own type (AttributeSelfTypeParameter),
	// which prints after the attribute as " : type".
	Self bool
	// Absent marks a parameter the form's releases do not have: params
	// and struct(params) leave it out, and it reads as its default.
	Absent bool
	// Quoted prints a bit enum's union of several bits in quotes
	// ("Definition|Optimized"), as an enum's operator<< does.
	Quoted bool
}

// Def is the text form of one attribute or type definition of a dialect.
type Def struct {
	Name     string // the Go type's name, which is the value's Kind()
	Mnemonic string
	// Alias is the name a printer gives the value in a file's aliases,
	// "" for none.
	Alias string
	// Format is the declarative assembly format of the body after the
	// mnemonic; "" prints nothing after it.
	Format string
	Params []Param
	// Since and Until bound the LLVM releases the form is valid in (0:
	// unbounded).
	Since, Until int
	// KindSince and KindUntil bound the LLVM releases that have the
	// definition at all (0: unbounded), where its form bounds less: a
	// text of the mnemonic in another release is another kind's, which
	// these forms do not know (see SameForm).
	KindSince, KindUntil int
	// Parse and Print replace the format for a body written in C++: Parse
	// reads what follows the mnemonic and returns the value (nil after an
	// error reported on p), Print prints it.
	Parse func(p *Parser) any
	Print func(pr *Printer, v any)
	// Make builds the typed value from parameter values (nil when they do
	// not fit it); Values lists a value's parameters.
	Make   func(ctx *ir.Context, v []any) any
	Values func(x any) []any

	once  sync.Once
	elems []*elem
	err   error
}

func (d *Def) compile() error {
	d.once.Do(func() {
		if d.Parse == nil {
			d.elems, d.err = parseFormat(d.Format, d.Params)
		}
	})
	return d.err
}

func (d *Def) valid(release int) bool { return inRange(release, d.Since, d.Until) }

// inRange says whether release (0: the newest) is within since to until
// (0: unbounded).
func inRange(release, since, until int) bool {
	if release == 0 {
		return until == 0
	}
	return (since == 0 || release >= since) && (until == 0 || release <= until)
}

// Dialect is the text form of a dialect's attributes and types.
type Dialect struct {
	Name  string
	Attrs []*Def
	Types []*Def
	// Customs are the dialect's custom directives (custom<Name>(…)).
	Customs map[string]Custom
	// Out, when set, is the value handed out for one a parse read (the
	// interpreter's own for what a compiled hook made).
	Out func(ctx *ir.Context, v any) any

	once   sync.Once
	byMnem [2]map[string][]*Def
	byKind [2]map[string][]*Def
}

// Custom is a custom directive: hand-written parse and print functions of
// the parameters it names (by index into the value list).
type Custom struct {
	Parse func(p *Parser, v []any, args []int)
	Print func(pr *Printer, v []any, args []int)
}

func (d *Dialect) index() {
	d.once.Do(func() {
		for k, list := range [][]*Def{d.Attrs, d.Types} {
			d.byMnem[k] = map[string][]*Def{}
			d.byKind[k] = map[string][]*Def{}
			for _, def := range list {
				d.byMnem[k][def.Mnemonic] = append(d.byMnem[k][def.Mnemonic], def)
				d.byKind[k][def.Name] = append(d.byKind[k][def.Name], def)
			}
		}
	})
}

// Alias is the alias the dialect gives its attributes (kind 0) or types
// (kind 1) of a mnemonic, "" for none.
func (d *Dialect) Alias(mnemonic string, kind int) string {
	d.index()
	for _, def := range d.byMnem[kind][mnemonic] {
		if def.Alias != "" {
			return def.Alias
		}
	}
	return ""
}

// AliasFor is Alias as a release (0: the newest) gives it: only a
// definition that release has, in a form of that release, has one there
// (LLVM 16 gave its sparse tensor encodings none).
func (d *Dialect) AliasFor(mnemonic string, kind, release int) string {
	d.index()
	if f := d.formAt(d.byMnem[kind][mnemonic], release); f != nil {
		return f.Alias
	}
	return ""
}

// AliasForKind is AliasFor for a definition named by its Go type (a
// value's Kind()).
func (d *Dialect) AliasForKind(name string, kind, release int) string {
	d.index()
	if f := d.formAt(d.byKind[kind][name], release); f != nil {
		return f.Alias
	}
	return ""
}

// formAt is the form of list valid in release whose definition the
// release has, nil for none.
func (d *Dialect) formAt(list []*Def, release int) *Def {
	if f := pick(list, release); f != nil && inRange(release, f.KindSince, f.KindUntil) {
		return f
	}
	return nil
}

// SameForm reports whether the text of an attribute (kind 0) or type
// (kind 1) that these forms do not read, as a release from wrote it, is
// spelled alike in release to as far as the forms tell: the mnemonic it
// starts with (#dialect.mnemonic<…>) has one form valid in both releases,
// or a form in neither. Where it has a form in one only, or another form
// in each, the text need not read in the other release.
func (d *Dialect) SameForm(text string, kind, from, to int) bool {
	_, mnemonic, ok := Mnemonic(text)
	if !ok {
		return true
	}
	d.index()
	list := d.byMnem[kind][mnemonic]
	return d.formAt(list, from) == d.formAt(list, to)
}

// Mnemonic splits the text of a dialect attribute or type
// (#dialect.mnemonic<…>, !dialect.mnemonic …) into its dialect and
// mnemonic; ok is false for text of another shape.
func Mnemonic(text string) (dialect, mnemonic string, ok bool) {
	if len(text) < 2 {
		return "", "", false
	}
	dialect, mnemonic, ok = strings.Cut(text[1:], ".")
	if end := strings.IndexAny(mnemonic, "<> :,"); end >= 0 {
		mnemonic = mnemonic[:end]
	}
	return dialect, mnemonic, ok
}

func pick(list []*Def, release int) *Def {
	for _, d := range list {
		if d.valid(release) {
			return d
		}
	}
	return nil
}

// ParseAttribute reads an attribute's text. It returns nil and no error
// for text it does not model or that does not print back identically,
// which then stays an ir.TextAttr: nothing is lost, and the typed value's
// printed form is what the file holds.
func (d *Dialect) ParseAttribute(ctx *ir.Context, text string, release int) (ir.Attribute, error) {
	a, _ := d.read(d.entryParser(ctx, release), text, 0, nil).(ir.Attribute)
	return a, nil
}

// ParseType is ParseAttribute for types.
func (d *Dialect) ParseType(ctx *ir.Context, text string, release int) (ir.Type, error) {
	t, _ := d.read(d.entryParser(ctx, release), text, 1, nil).(ir.Type)
	return t, nil
}

// read parses text as a value of d (k: 0 an attribute, 1 a type) and
// keeps it, as the dialect hands values out, where outer prints it as
// text (nil: printed on its own); nil otherwise.
func (d *Dialect) read(p *Parser, text string, k int, outer *Printer) any {
	v := d.check(p, text, k, outer)
	if v == nil {
		return nil
	}
	return d.out(p.ctx, v)
}

// check is read without handing the value out.
func (d *Dialect) check(p *Parser, text string, k int, outer *Printer) any {
	v := d.parseNested(p, text, p.release, k)
	if v == nil || !d.printsAs(outer, v, text, p.release, k) {
		return nil
	}
	return v
}

func (d *Dialect) out(ctx *ir.Context, v any) any {
	if d.Out == nil {
		return v
	}
	return d.Out(ctx, v)
}

// PrintAttribute prints an attribute in the newest release's syntax.
func (d *Dialect) PrintAttribute(a ir.Attribute) (string, bool) { return d.PrintAttributeFor(a, 0) }

// PrintType prints a type in the newest release's syntax.
func (d *Dialect) PrintType(t ir.Type) (string, bool) { return d.PrintTypeFor(t, 0) }

// PrintAttributeFor prints an attribute in a release's syntax (0: the
// newest).
func (d *Dialect) PrintAttributeFor(a ir.Attribute, release int) (string, bool) {
	return d.print(a, a.Kind(), release, 0)
}

// PrintAliased prints an attribute or a type in a release's syntax as
// part of a file: the values nested in it by alias, as MLIR prints them
// (those printed stripped too), alias returning the text that stands for
// a value (ok false for one that prints in full); distinct attributes
// numbered in distinct, the file's numbering (nil: from 0).
func (d *Dialect) PrintAliased(x any, release int, alias func(v any) (string, bool), distinct *map[ir.Attribute]int) (string, bool) {
	outer := &Printer{alias: alias, distinct: distinct}
	switch v := x.(type) {
	case ir.Attribute:
		return d.printWith(outer, v, v.Kind(), release, 0)
	case ir.Type:
		return d.printWith(outer, v, v.Kind(), release, 1)
	}
	return "", false
}

// PrintTypeFor is PrintAttributeFor for types.
func (d *Dialect) PrintTypeFor(t ir.Type, release int) (string, bool) {
	return d.print(t, t.Kind(), release, 1)
}

// maxText bounds what is parsed: text entries are short, and a hostile
// one must not cost more than its length.
const maxText = 1 << 20

// maxNest bounds the nesting of values in one entry.
const maxNest = 64

// entryParser is the outer parser of one entry read on its own.
func (d *Dialect) entryParser(ctx *ir.Context, release int) *Parser {
	return &Parser{ctx: ctx, release: release, scope: &Scope{}, nest: -1}
}

// AsmFormsOf is implemented by generated dialects with text forms: nested
// values of those are parsed within the nesting bound of the value that
// holds them.
type AsmFormsOf interface{ AsmForms() *Dialect }

// parseNested parses text as a value of d, within the entry that outer
// parses.
func (d *Dialect) parseNested(outer *Parser, text string, release, k int) any {
	ctx := outer.ctx
	if len(text) > maxText || outer.nest+1 > maxNest {
		return nil
	}
	d.index()
	prefix := "#"
	if k == 1 {
		prefix = "!"
	}
	prefix += d.Name
	rest, ok := strings.CutPrefix(text, prefix)
	if !ok || rest == "" || rest[0] != '<' && rest[0] != '.' {
		return nil
	}
	// Definitions may share a mnemonic (llvm's fixed and scalable vec):
	// the first whose form reads the whole text is the value's.
	p := newParser(ctx, d, release, text)
	mnem := d.mnemonicOf(p, prefix, rest[0] == '<')
	for _, def := range d.byMnem[k][mnem] {
		if !def.valid(release) {
			continue
		}
		p := outer.sub(d, text)
		p.nest++
		d.mnemonicOf(p, prefix, rest[0] == '<')
		if v := p.whole(def, k, rest[0] == '<'); v != nil {
			return v
		}
	}
	return nil
}

// mnemonicOf consumes #dialect.mnemonic or #dialect<mnemonic.
func (d *Dialect) mnemonicOf(p *Parser, prefix string, bracketed bool) string {
	p.Next()
	if bracketed {
		p.Next()
		m, _ := p.Keyword()
		return m
	}
	return p.prevText()[len(prefix)+1:]
}

// whole parses the rest of an entry's text as a value of def.
func (p *Parser) whole(def *Def, k int, bracketed bool) any {
	v := p.body(def)
	if bracketed {
		p.Expect(">")
	}
	if v != nil && k == 0 && p.Optional(":") {
		// The attribute's own type.
		t := p.Type()
		vals := def.valuesOf(v)
		i := def.selfIndex()
		if i < 0 || vals == nil || t == nil {
			return nil
		}
		vals[i] = t
		v = def.Make(p.Context(), vals)
	}
	if p.Failed() || p.Tok().Kind != asm.EOF {
		return nil
	}
	return v
}

func (def *Def) selfIndex() int {
	for i, p := range def.Params {
		if p.Self {
			return i
		}
	}
	return -1
}

func (def *Def) valuesOf(x any) []any {
	if def.Values == nil {
		return nil
	}
	return def.Values(x)
}

func (d *Dialect) print(x any, kind string, release, k int) (string, bool) {
	return d.printWith(nil, x, kind, release, k)
}

// printWith prints a value of d within the entry outer prints (nil: on
// its own).
func (d *Dialect) printWith(outer *Printer, x any, kind string, release, k int) (string, bool) {
	d.index()
	def := pick(d.byKind[k][kind], release)
	if def == nil || def.compile() != nil {
		return "", false
	}
	pr := &Printer{release: release, d: d}
	if outer != nil {
		pr.distinct, pr.alias = outer.distinct, outer.alias
	}
	pr.Write(def.Mnemonic)
	var vals []any
	if def.Print != nil {
		def.Print(pr, x)
	} else {
		vals = def.valuesOf(x)
		if vals == nil && len(def.Params) > 0 {
			return "", false
		}
		pr.elems(d, def, def.elems, vals)
	}
	if pr.failed {
		return "", false
	}
	body := pr.String()
	var b strings.Builder
	b.WriteString(map[int]string{0: "#", 1: "!"}[k])
	b.WriteString(d.Name)
	if pretty(body) {
		b.WriteByte('.')
		b.WriteString(body)
	} else {
		b.WriteByte('<')
		b.WriteString(body)
		b.WriteByte('>')
	}
	if i := def.selfIndex(); i >= 0 && vals != nil {
		if t, ok := vals[i].(ir.Type); ok && t != nil && t.Kind() != "NoneType" {
			b.WriteString(" : ")
			s, ok := printNested(t)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
	}
	return b.String(), true
}

// pretty reports whether a dialect symbol's body prints after a dot
// (#dialect.body) rather than in angle brackets (#dialect<body>): an
// identifier, optionally followed by <…> to the end.
func pretty(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	i := 0
	for i < len(s) && (identChar(s[i]) || s[i] == '.') {
		i++
	}
	if i == len(s) {
		return true
	}
	return s[i] == '<' && s[len(s)-1] == '>'
}

// body parses what follows the mnemonic.
func (p *Parser) body(def *Def) any {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	if p.nest++; p.nest > maxNest {
		p.Errorf("nesting deeper than %d levels", maxNest)
		return nil
	}
	defer func() { p.nest-- }()
	if def.Parse != nil {
		return def.Parse(p)
	}
	if def.compile() != nil {
		p.Errorf("%v", def.err)
		return nil
	}
	vals := make([]any, len(def.Params))
	p.elems(def, def.elems, vals)
	if p.Failed() {
		return nil
	}
	for i, prm := range def.Params {
		if vals[i] == nil && !prm.Optional && !prm.Self {
			vals[i] = zeroOf(prm)
		}
	}
	return def.Make(p.Context(), vals)
}

// zeroOf is the value of an absent parameter: its default.
func zeroOf(prm Param) any {
	switch prm.Kind {
	case Int:
		v, _ := strconv.ParseInt(prm.Default, 10, 64)
		return v
	case Uint:
		v, _ := strconv.ParseUint(prm.Default, 10, 64)
		return v
	case Enum:
		if prm.Enum != nil {
			for _, c := range prm.Enum.Cases {
				if c.Text == prm.Default {
					return c.Value
				}
			}
		}
		return uint64(0)
	case Bool:
		return prm.Default == "true"
	case String:
		if d, err := strconv.Unquote(prm.Default); err == nil {
			return d
		}
		return ""
	case List:
		return []any{}
	}
	return nil
}

// present reports whether an optional group anchored on parameter i
// prints: the value is there and is not the default.
func present(prm Param, v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case []any:
		return len(v) > 0
	case string:
		return v != zeroOf(prm)
	case bool:
		return v != (prm.Default == "true")
	case int64, uint64:
		z := zeroOf(prm)
		return v != z
	case ir.Attribute:
		return v != nil
	case ir.Type:
		return v != nil
	}
	return true
}

// EnumText prints an enum value; ok is false for a value no case names.
func (e *EnumSyntax) EnumText(v uint64) (string, bool) {
	i := sort.Search(len(e.Cases), func(i int) bool { return e.Cases[i].Value >= v })
	if i < len(e.Cases) && e.Cases[i].Value == v && (!e.Bit || v == 0 || bits.OnesCount64(v) == 1 || e.PrintGroups) {
		return e.Cases[i].Text, true
	}
	if !e.Bit || v == 0 {
		return "", false
	}
	var parts []string
	if e.PrintGroups {
		// Groups of bits first, the largest first.
		for j := len(e.Cases) - 1; j >= 0; j-- {
			c := e.Cases[j]
			if bits.OnesCount64(c.Value) > 1 && v&c.Value == c.Value {
				parts = append(parts, c.Text)
				v &^= c.Value
			}
		}
	}
	for _, c := range e.Cases {
		if bits.OnesCount64(c.Value) == 1 && v&c.Value != 0 {
			parts = append(parts, c.Text)
			v &^= c.Value
		}
	}
	if v != 0 {
		return "", false
	}
	return strings.Join(parts, e.Separator), true
}

// Lookup returns the value a keyword names.
func (e *EnumSyntax) Lookup(s string) (uint64, bool) { return e.lookup(s) }

func (e *EnumSyntax) lookup(s string) (uint64, bool) {
	for _, c := range e.Cases {
		if c.Text == s {
			return c.Value, true
		}
	}
	return 0, false
}

// String reports what a Def describes, for errors.
func (d *Def) String() string { return fmt.Sprintf("%s (%s)", d.Name, d.Mnemonic) }
