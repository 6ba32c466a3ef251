package defs

import (
	"fmt"
	"strings"
)

// AsmFormat is a declarative assembly format, MLIR's assemblyFormat: the
// text an op (or an attribute or type) prints and parses, from which the
// generator makes both. Text is the format as written; Elements its
// parse.
type AsmFormat struct {
	Pos
	Text     string
	Elements []*FormatElem
	// Refs says what each variable of an op's format names (set when the
	// definition is checked).
	Refs map[*FormatElem]*FormatRef
}

// FormatKind is the kind of a format element.
type FormatKind int

// The elements of a format.
const (
	// FmtLiteral is `text`: a keyword or punctuation. The empty literal
	// (two backticks) prints nothing and suppresses the space before what
	// follows; the space literal (` `) prints one space.
	FmtLiteral FormatKind = iota
	// FmtVar is $name: an operand, result (only inside type()), attribute,
	// region or successor of an op; a parameter of an attribute or type.
	FmtVar
	// FmtAttrDict is attr-dict or attr-dict-with-keyword (WithKeyword).
	FmtAttrDict
	// FmtCustom is custom<Name>(args): hand-written print<Name> and
	// parse<Name> functions.
	FmtCustom
	// FmtType is type(arg); FmtQualified qualified(arg); FmtRef ref(arg)
	// (inside custom directive arguments).
	FmtType
	FmtQualified
	FmtRef
	// FmtFunctionalType is functional-type(inputs, results).
	FmtFunctionalType
	// FmtOperands, FmtResults, FmtRegions, FmtSuccessors stand for all of
	// them.
	FmtOperands
	FmtResults
	FmtRegions
	FmtSuccessors
	// FmtOptional is an optional group (…)? or a then/else group
	// (…) : (…)?, printed when its anchor (^) is present.
	FmtOptional
	// FmtOIList is oilist(clause | clause …): clauses in any order, each
	// at most once.
	FmtOIList
	// FmtParams is params (every parameter, comma separated); FmtStruct is
	// struct(args): key = value pairs.
	FmtParams
	FmtStruct
)

// FormatElem is one element of a format.
type FormatElem struct {
	Pos
	Kind FormatKind
	// Value is the literal's text, the variable's name or the custom
	// directive's name.
	Value string
	// Anchor marks the element whose presence decides an optional group.
	Anchor      bool
	WithKeyword bool
	// Args are a directive's arguments.
	Args []*FormatElem
	// Then and Else are an optional group's elements.
	Then, Else []*FormatElem
	// Clauses are an oilist's clauses.
	Clauses [][]*FormatElem
}

// IsPunct reports whether a literal is punctuation (it does not start
// with a letter or '_').
func (e *FormatElem) IsPunct() bool {
	return e.Kind == FmtLiteral && e.Value != "" && !(e.Value[0] == '_' || isLetter(e.Value[0]))
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Walk calls f on every element of the format, nested ones included, in
// order.
func (f *AsmFormat) Walk(fn func(e *FormatElem)) { walkElems(f.Elements, fn) }

func walkElems(es []*FormatElem, fn func(e *FormatElem)) {
	for _, e := range es {
		fn(e)
		walkElems(e.Args, fn)
		walkElems(e.Then, fn)
		walkElems(e.Else, fn)
		for _, c := range e.Clauses {
			walkElems(c, fn)
		}
	}
}

// The punctuation a literal may hold, as OpFormatGen accepts it.
var formatPunct = []string{"->", "...", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "?", "+", "*", "|"}

// ParseAsmFormat parses a declarative assembly format. pos is where the
// text starts; errors point into it when col is known (a single-line
// scalar), else at pos.
func ParseAsmFormat(text string, pos Pos, exactCols bool) (*AsmFormat, error) {
	p := &fmtParser{src: text, pos: pos, exact: exactCols}
	p.next()
	f := &AsmFormat{Pos: pos, Text: text}
	f.Elements = p.elements("")
	if p.err == nil && p.tok.kind != ftEOF {
		p.errorf(p.tok.off, "unexpected %s", p.tok.describe())
	}
	if p.err != nil {
		return nil, p.err
	}
	return f, nil
}

type ftKind int

const (
	ftEOF ftKind = iota
	ftLiteral
	ftVar
	ftKeyword
	ftPunct // ( ) < > , ? ^ : | =
)

type fmtToken struct {
	kind ftKind
	text string
	off  int
}

func (t fmtToken) describe() string {
	switch t.kind {
	case ftEOF:
		return "end of format"
	case ftLiteral:
		return "literal `" + t.text + "`"
	case ftVar:
		return "$" + t.text
	}
	return "'" + t.text + "'"
}

type fmtParser struct {
	src   string
	off   int
	tok   fmtToken
	pos   Pos
	exact bool
	err   error
}

func (p *fmtParser) at(off int) Pos {
	q := p.pos
	if p.exact {
		q.Col += off
	}
	return q
}

func (p *fmtParser) errorf(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Pos: p.at(off), Msg: "assembly format: " + fmt.Sprintf(format, args...)}
	}
	p.tok = fmtToken{kind: ftEOF, off: len(p.src)}
}

func (p *fmtParser) next() {
	if p.err != nil {
		return
	}
	for p.off < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.off]) >= 0 {
		p.off++
	}
	start := p.off
	if p.off >= len(p.src) {
		p.tok = fmtToken{kind: ftEOF, off: start}
		return
	}
	c := p.src[p.off]
	switch {
	case c == '`':
		end := strings.IndexByte(p.src[p.off+1:], '`')
		if end < 0 {
			p.errorf(start, "unterminated literal")
			return
		}
		p.tok = fmtToken{kind: ftLiteral, text: p.src[p.off+1 : p.off+1+end], off: start}
		p.off += end + 2
	case c == '$':
		p.off++
		for p.off < len(p.src) && (isLetter(p.src[p.off]) || p.src[p.off] == '_' || p.off > start+1 && p.src[p.off] >= '0' && p.src[p.off] <= '9') {
			p.off++
		}
		if p.off == start+1 {
			p.errorf(start, "expected a variable name after '$'")
			return
		}
		p.tok = fmtToken{kind: ftVar, text: p.src[start+1 : p.off], off: start}
	case isLetter(c) || c == '_':
		for p.off < len(p.src) && (isLetter(p.src[p.off]) || p.src[p.off] == '_' || p.src[p.off] == '-' || p.src[p.off] >= '0' && p.src[p.off] <= '9') {
			p.off++
		}
		p.tok = fmtToken{kind: ftKeyword, text: p.src[start:p.off], off: start}
	case strings.IndexByte("()<>,?^:|=", c) >= 0:
		p.off++
		p.tok = fmtToken{kind: ftPunct, text: string(c), off: start}
	default:
		p.errorf(start, "unexpected character %q", c)
	}
}

func (p *fmtParser) expect(text string) {
	if p.tok.kind != ftPunct || p.tok.text != text {
		p.errorf(p.tok.off, "expected '%s', got %s", text, p.tok.describe())
		return
	}
	p.next()
}

// elements parses elements up to (not including) the punctuation stop
// ("" for the end of the format; "|" also stops an oilist clause).
func (p *fmtParser) elements(stop string) []*FormatElem {
	var out []*FormatElem
	for p.err == nil && p.tok.kind != ftEOF {
		if p.tok.kind == ftPunct && (p.tok.text == stop || stop == "|" && p.tok.text == ")") {
			break
		}
		e := p.element()
		if e == nil {
			break
		}
		out = append(out, e)
	}
	return out
}

func (p *fmtParser) anchor(e *FormatElem) *FormatElem {
	if p.tok.kind == ftPunct && p.tok.text == "^" {
		e.Anchor = true
		p.next()
	}
	return e
}

func (p *fmtParser) element() *FormatElem {
	t := p.tok
	e := &FormatElem{Pos: p.at(t.off)}
	switch t.kind {
	case ftLiteral:
		p.next()
		e.Kind, e.Value = FmtLiteral, t.text
		if err := checkLiteral(t.text); err != "" {
			p.errorf(t.off, "%s", err)
		}
		return e
	case ftVar:
		p.next()
		e.Kind, e.Value = FmtVar, t.text
		return p.anchor(e)
	case ftPunct:
		if t.text != "(" {
			p.errorf(t.off, "unexpected %s", t.describe())
			return nil
		}
		p.next()
		e.Kind = FmtOptional
		e.Then = p.elements(")")
		p.expect(")")
		if p.tok.kind == ftPunct && p.tok.text == ":" {
			p.next()
			p.expect("(")
			e.Else = p.elements(")")
			p.expect(")")
		}
		p.expect("?")
		return e
	}
	p.next()
	switch t.text {
	case "attr-dict", "attr-dict-with-keyword":
		e.Kind, e.WithKeyword = FmtAttrDict, t.text == "attr-dict-with-keyword"
		return e
	case "operands", "results", "regions", "successors", "params":
		e.Kind = map[string]FormatKind{"operands": FmtOperands, "results": FmtResults, "regions": FmtRegions, "successors": FmtSuccessors, "params": FmtParams}[t.text]
		return p.anchor(e)
	case "type", "qualified", "ref":
		e.Kind = map[string]FormatKind{"type": FmtType, "qualified": FmtQualified, "ref": FmtRef}[t.text]
		p.expect("(")
		if a := p.element(); a != nil {
			e.Args = []*FormatElem{a}
		}
		p.expect(")")
		return p.anchor(e)
	case "functional-type":
		e.Kind = FmtFunctionalType
		p.expect("(")
		a := p.element()
		p.expect(",")
		b := p.element()
		p.expect(")")
		if a != nil && b != nil {
			e.Args = []*FormatElem{a, b}
		}
		return e
	case "custom":
		e.Kind = FmtCustom
		p.expect("<")
		if p.tok.kind != ftKeyword {
			p.errorf(p.tok.off, "expected the name of a custom directive, got %s", p.tok.describe())
			return nil
		}
		e.Value = p.tok.text
		p.next()
		p.expect(">")
		p.expect("(")
		e.Args = p.args()
		p.expect(")")
		return p.anchor(e)
	case "struct":
		e.Kind = FmtStruct
		p.expect("(")
		e.Args = p.args()
		p.expect(")")
		return p.anchor(e)
	case "oilist":
		e.Kind = FmtOIList
		p.expect("(")
		for p.err == nil {
			e.Clauses = append(e.Clauses, p.elements("|"))
			if p.tok.kind == ftPunct && p.tok.text == "|" {
				p.next()
				continue
			}
			break
		}
		p.expect(")")
		return e
	}
	p.errorf(t.off, "unknown directive %q", t.text)
	return nil
}

// args parses a comma-separated argument list up to ')'.
func (p *fmtParser) args() []*FormatElem {
	var out []*FormatElem
	if p.tok.kind == ftPunct && p.tok.text == ")" {
		return nil
	}
	for p.err == nil {
		a := p.element()
		if a == nil {
			break
		}
		out = append(out, a)
		if p.tok.kind == ftPunct && p.tok.text == "," {
			p.next()
			continue
		}
		break
	}
	return out
}

// checkLiteral accepts the literals OpFormatGen does: a keyword
// ([A-Za-z_][A-Za-z0-9_$.]*), punctuation, the empty and the space
// literal.
func checkLiteral(v string) string {
	if v == "" || v == " " || v == "\\n" {
		return ""
	}
	for _, p := range formatPunct {
		if v == p {
			return ""
		}
	}
	if !(isLetter(v[0]) || v[0] == '_') {
		return fmt.Sprintf("literal `%s` is neither a keyword nor punctuation", v)
	}
	for i := 1; i < len(v); i++ {
		c := v[i]
		if !(isLetter(c) || c == '_' || c == '$' || c == '.' || c >= '0' && c <= '9') {
			return fmt.Sprintf("literal `%s` is neither a keyword nor punctuation", v)
		}
	}
	return ""
}

// What a variable of an op's format names, set when the definition is
// checked (checkOpFormat).
type FormatRef struct {
	Operand *Operand // an operand group
	Result  *Operand // a result group
	Attr    *OpAttr
	Region  *RegionDef
	Param   *Param // a parameter of an attribute or type
}

// checkOpFormat resolves the variables of an op's format and checks it as
// mlir-tblgen's OpFormatGen does: every operand and region once, every
// result type known (by a type directive or a buildable type), attributes
// at most once, one attr-dict, optional groups with one anchor whose
// presence can be told and a first element the parser can try.
func checkOpFormat(l *loader, o *Op) {
	f := o.Assembly
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("op %q: assembly format: ", o.Name) + fmt.Sprintf(format, args...)})
	}
	lookup := func(e *FormatElem) *FormatRef {
		for _, v := range o.Operands {
			if v.Name == e.Value {
				return &FormatRef{Operand: v}
			}
		}
		for _, v := range o.Results {
			if v.Name == e.Value {
				return &FormatRef{Result: v}
			}
		}
		for _, a := range o.Attributes {
			if a.Name == e.Value {
				return &FormatRef{Attr: a}
			}
		}
		for _, r := range o.Regions {
			if r.Name == e.Value {
				return &FormatRef{Region: r}
			}
		}
		return nil
	}
	if f.Refs == nil {
		f.Refs = map[*FormatElem]*FormatRef{}
	}
	seenOperand := map[*Operand]bool{}
	seenType := map[*Operand]bool{}
	seenAttr := map[*OpAttr]bool{}
	seenRegion := map[*RegionDef]bool{}
	attrDicts := 0
	// ctx: "" at top level, "type" inside type(), "custom" in custom args.
	var visit func(es []*FormatElem, ctx string)
	visit = func(es []*FormatElem, ctx string) {
		for _, e := range es {
			switch e.Kind {
			case FmtVar:
				r := lookup(e)
				if r == nil {
					errf(e.Pos, "$%s is not an operand, result, attribute or region of the op", e.Value)
					continue
				}
				f.Refs[e] = r
				switch {
				case ctx == "type":
					if r.Operand == nil && r.Result == nil {
						errf(e.Pos, "type($%s): not an operand or result", e.Value)
					}
					v := r.Operand
					if v == nil {
						v = r.Result
					}
					if v != nil {
						if seenType[v] {
							errf(e.Pos, "the type of $%s is already given", e.Value)
						}
						seenType[v] = true
					}
				case r.Result != nil:
					errf(e.Pos, "result $%s can only be used in type($%s)", e.Value, e.Value)
				case r.Operand != nil:
					if seenOperand[r.Operand] {
						errf(e.Pos, "operand $%s is already used", e.Value)
					}
					seenOperand[r.Operand] = true
				case r.Attr != nil:
					if seenAttr[r.Attr] {
						errf(e.Pos, "attribute $%s is already used", e.Value)
					}
					seenAttr[r.Attr] = true
				case r.Region != nil:
					if seenRegion[r.Region] {
						errf(e.Pos, "region $%s is already used", e.Value)
					}
					seenRegion[r.Region] = true
				}
			case FmtLiteral:
				if ctx != "" {
					errf(e.Pos, "a literal cannot be a directive argument")
				}
			case FmtAttrDict:
				attrDicts++
				if ctx != "" {
					errf(e.Pos, "attr-dict cannot be a directive argument")
				}
			case FmtType:
				if ctx == "type" {
					errf(e.Pos, "type() cannot nest")
				}
				if len(e.Args) != 1 || e.Args[0].Kind != FmtVar {
					errf(e.Pos, "type() takes one variable")
					continue
				}
				visit(e.Args, "type")
			case FmtCustom:
				if ctx != "" {
					errf(e.Pos, "custom directives cannot nest")
				}
				for _, a := range e.Args {
					if a.Kind != FmtVar && a.Kind != FmtType {
						errf(a.Pos, "custom<%s>: arguments may be variables and type() here", e.Value)
					}
				}
				visit(e.Args, "custom")
				for _, a := range e.Args {
					if r := f.Refs[a]; r != nil && r.Operand != nil {
						errf(a.Pos, "custom<%s>: operand arguments are not supported yet", e.Value)
					}
				}
			case FmtOptional:
				if ctx != "" {
					errf(e.Pos, "an optional group cannot be a directive argument")
				}
				visit(e.Then, "")
				visit(e.Else, "")
				checkOptionalGroup(f, e, errf)
			case FmtOIList:
				for _, c := range e.Clauses {
					if len(c) == 0 || c[0].Kind != FmtLiteral || c[0].Value == "" || c[0].Value == " " {
						errf(e.Pos, "an oilist clause must start with a keyword or punctuation literal")
					}
					visit(c, "")
					for _, x := range c {
						if r := f.Refs[x]; x.Kind == FmtVar && (r == nil || r.Attr == nil || r.Attr.Type == nil || r.Attr.Type.Kind != RefUnit) {
							errf(x.Pos, "oilist clauses may hold unit attributes only here")
						}
					}
				}
			default:
				errf(e.Pos, "this directive is not supported in op formats yet")
			}
		}
	}
	visit(f.Elements, "")
	if attrDicts != 1 {
		errf(f.Pos, "needs exactly one attr-dict or attr-dict-with-keyword (has %d)", attrDicts)
	}
	for _, v := range o.Operands {
		if !seenOperand[v] {
			errf(f.Pos, "operand $%s is missing", v.Name)
		}
	}
	for _, r := range o.Regions {
		if !seenRegion[r] {
			errf(f.Pos, "region $%s is missing", r.Name)
		}
	}
	// Types equal by a trait are known when one of them is.
	known := map[string]bool{}
	for v := range seenType {
		known[v.Name] = true
	}
	for _, v := range append(append([]*Operand{}, o.Operands...), o.Results...) {
		if v.BuildableType != "" {
			known[v.Name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, g := range TypeGroups(o) {
			any := false
			for _, n := range g {
				any = any || known[n]
			}
			for _, n := range g {
				if any && !known[n] {
					known[n], changed = true, true
				}
			}
		}
	}
	for _, r := range o.Results {
		if !known[r.Name] {
			errf(f.Pos, "the type of result $%s is unknown: give it with type($%s) or a buildable_type", r.Name, r.Name)
		}
	}
}

// checkOptionalGroup checks an optional group's anchor and first element.
func checkOptionalGroup(f *AsmFormat, g *FormatElem, errf func(Pos, string, ...any)) {
	var anchors []*FormatElem
	for _, e := range g.Then {
		if e.Anchor {
			anchors = append(anchors, e)
		}
	}
	if len(anchors) != 1 {
		errf(g.Pos, "an optional group needs exactly one anchor (^), has %d", len(anchors))
		return
	}
	if OptionalAnchor(f, anchors[0]) == nil {
		errf(anchors[0].Pos, "the anchor must be an optional or variadic operand, an optional, default-valued or unit attribute, a region, or a directive over one of those")
	}
	first := g.Then[0]
	switch first.Kind {
	case FmtLiteral:
		if first.Value == "" || first.Value == " " {
			errf(first.Pos, "an optional group cannot start with the empty or space literal")
		}
	case FmtVar:
		r := f.Refs[first]
		switch {
		case r == nil:
		case r.Operand != nil:
		case r.Attr != nil && r.Attr.Type != nil && r.Attr.Type.Kind == RefEnum:
		case r.Region != nil:
		default:
			errf(first.Pos, "an optional group may start with a literal, an operand, an enum attribute or a region")
		}
	case FmtType, FmtCustom:
		if !first.Anchor {
			errf(first.Pos, "an optional group that starts with a directive must anchor on it")
		}
	default:
		errf(first.Pos, "an optional group cannot start with this element")
	}
}

// OptionalAnchor returns the variable whose presence decides an optional
// group anchored on e (e itself, or the variable of a type or custom
// directive), nil if e cannot anchor a group.
func OptionalAnchor(f *AsmFormat, e *FormatElem) *FormatElem {
	can := func(v *FormatElem) bool {
		r := f.Refs[v]
		switch {
		case r == nil:
			return false
		case r.Operand != nil:
			return r.Operand.Optional || r.Operand.Variadic
		case r.Result != nil:
			return r.Result.Optional || r.Result.Variadic
		case r.Attr != nil:
			return r.Attr.Optional || r.Attr.Default != "" || r.Attr.Type != nil && r.Attr.Type.Kind == RefUnit
		}
		return r.Region != nil
	}
	switch e.Kind {
	case FmtVar:
		if can(e) {
			return e
		}
	case FmtType, FmtCustom:
		for _, a := range e.Args {
			v := a
			if a.Kind == FmtType && len(a.Args) == 1 {
				v = a.Args[0]
			}
			if v.Kind == FmtVar && can(v) {
				return v
			}
		}
	}
	return nil
}

// resolveText links the dialect's text hooks to its ops and checks the
// ops' assembly formats.
func resolveText(l *loader, d *Dialect) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
	}
	ops := map[string]*Op{}
	for _, o := range d.Ops {
		ops[o.Name] = o
	}
	if t := d.Text; t != nil {
		for name, h := range t.Ops {
			o := ops[name]
			if o == nil {
				errf(h.Pos, "text.ops: %q is not an op of the dialect", name)
				continue
			}
			o.Text = h
		}
		if (t.Type.Print == "") != (t.Type.Parse == "") || (t.Attribute.Print == "") != (t.Attribute.Parse == "") {
			errf(t.Pos, "text: type and attribute need both print and parse")
		}
		if (t.Module.ToOps == "") != (t.Module.FromOps == "") {
			errf(t.Pos, "text.module needs both to_ops and from_ops")
		}
	}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		if def.Assembly != nil {
			checkDefFormat(l, def)
		}
		// Hooks stand in for a body written in C++: without
		// custom_assembly_format they would be left unused, silently.
		if def.AsmHooks != nil && !def.CustomAssembly {
			errf(def.AsmHooks.Pos, "%s: asm_hooks are for a body written in C++: set custom_assembly_format: true", def.Name)
		}
	}
	for _, o := range d.Ops {
		h := o.Text
		custom := h != nil && (h.Print != "" || h.Parse != "")
		switch {
		case o.CustomAssembly && (h == nil || h.Print == "" || h.Parse == ""):
			errf(o.Pos, "op %q has a custom assembly format: name its print and parse hooks in text.ops", o.Name)
		case custom && !o.CustomAssembly:
			errf(h.Pos, "op %q: print and parse hooks are for ops with custom_assembly_format", o.Name)
		}
		if o.Assembly != nil {
			checkOpFormat(l, o)
		}
	}
}

// TypeGroups lists the op's parts whose types are equal by a trait
// (AllTypesMatch<[a, b, …]>, SameOperandsAndResultType), by name.
func TypeGroups(o *Op) [][]string {
	var out [][]string
	for _, t := range o.Traits {
		if rest, ok := strings.CutPrefix(t, "AllTypesMatch<["); ok && strings.HasSuffix(rest, "]>") {
			var g []string
			for _, n := range strings.Split(strings.TrimSuffix(rest, "]>"), ",") {
				g = append(g, strings.TrimSpace(n))
			}
			out = append(out, g)
		}
		if t == "SameOperandsAndResultType" {
			var g []string
			for _, v := range o.Operands {
				g = append(g, v.Name)
			}
			for _, v := range o.Results {
				g = append(g, v.Name)
			}
			out = append(out, g)
		}
	}
	return out
}

// checkDefFormat resolves the variables of an attribute's or type's format
// to its parameters and checks it as AttrOrTypeFormatGen does: every
// parameter printed (optional ones may be left to an optional group),
// groups anchored on an optional parameter.
func checkDefFormat(l *loader, def *Def) {
	f := def.Assembly
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: def.Name + ": assembly format: " + fmt.Sprintf(format, args...)})
	}
	if def.Mnemonic == "" {
		errf(f.Pos, "a definition with an assembly format needs a mnemonic")
	}
	f.Refs = map[*FormatElem]*FormatRef{}
	seen := map[*Param]bool{}
	param := func(e *FormatElem) {
		p := def.FindParam(e.Value)
		if p == nil {
			errf(e.Pos, "$%s is not a parameter of %s", e.Value, def.Name)
			return
		}
		if seen[p] {
			errf(e.Pos, "parameter $%s is already used", e.Value)
		}
		seen[p] = true
		f.Refs[e] = &FormatRef{Param: p}
	}
	var visit func(es []*FormatElem, inGroup bool)
	visit = func(es []*FormatElem, inGroup bool) {
		for _, e := range es {
			switch e.Kind {
			case FmtLiteral:
			case FmtVar:
				param(e)
			case FmtQualified:
				if len(e.Args) != 1 || e.Args[0].Kind != FmtVar {
					errf(e.Pos, "qualified() takes one parameter")
					continue
				}
				param(e.Args[0])
			case FmtCustom:
				for _, a := range e.Args {
					if a.Kind == FmtRef && len(a.Args) == 1 {
						a = a.Args[0]
						if p := def.FindParam(a.Value); p != nil {
							f.Refs[a] = &FormatRef{Param: p}
						}
						continue
					}
					if a.Kind != FmtVar {
						errf(a.Pos, "custom<%s>: the arguments of a definition's directive are parameters", e.Value)
						continue
					}
					param(a)
				}
			case FmtParams:
				for _, p := range def.Params {
					seen[p] = true
				}
			case FmtStruct:
				for _, a := range e.Args {
					switch a.Kind {
					case FmtParams:
						for _, p := range def.Params {
							seen[p] = true
						}
					case FmtVar:
						param(a)
					default:
						errf(a.Pos, "struct() takes parameters or params")
					}
				}
			case FmtOptional:
				if inGroup {
					errf(e.Pos, "optional groups cannot nest")
				}
				visit(e.Then, true)
				visit(e.Else, true)
				var anchor *FormatElem
				for _, x := range e.Then {
					if x.Anchor {
						anchor = x
					}
				}
				if anchor == nil {
					errf(e.Pos, "an optional group needs an anchor (^)")
					continue
				}
				v := anchor
				if anchor.Kind == FmtStruct {
					// Present when any of its parameters is.
					ok := false
					for _, a := range anchor.Args {
						if r := f.Refs[a]; a.Kind == FmtParams || r != nil && (r.Param.Optional || r.Param.TextDefault != "") {
							ok = true
						}
					}
					if !ok {
						errf(anchor.Pos, "the anchor must be an optional parameter")
					}
					if first := e.Then[0]; first.Kind != FmtLiteral && first.Kind != FmtVar {
						errf(first.Pos, "an optional group must start with a literal or a parameter")
					}
					continue
				}
				if (anchor.Kind == FmtCustom || anchor.Kind == FmtQualified) && len(anchor.Args) > 0 {
					v = anchor.Args[0]
				}
				if r := f.Refs[v]; v.Kind != FmtVar || r == nil || !r.Param.Optional && r.Param.TextDefault == "" {
					errf(anchor.Pos, "the anchor must be an optional parameter")
				}
				if first := e.Then[0]; first.Kind != FmtLiteral && first.Kind != FmtVar {
					errf(first.Pos, "an optional group must start with a literal or a parameter")
				}
			default:
				errf(e.Pos, "this directive is not supported in attribute and type formats")
			}
		}
	}
	visit(f.Elements, false)
	for _, p := range def.Params {
		if !seen[p] && !p.Self {
			errf(f.Pos, "parameter $%s is missing", p.Name)
		}
	}
}

// CheckDefFormat parses and checks an attribute's or type's assembly
// format as the loader would (for importers, which write a format only
// where the definitions accept it).
func CheckDefFormat(def *Def, format string) error {
	f, err := ParseAsmFormat(format, Pos{}, true)
	if err != nil {
		return err
	}
	def.Assembly = f
	l := &loader{}
	checkDefFormat(l, def)
	if len(l.errs) > 0 {
		return l.errs[0]
	}
	return nil
}
