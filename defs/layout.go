package defs

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A type's data-layout rules:
//
//	layout:
//	  class: builtin.integer          # default <dialect>.<Name>
//	  size_bits: width                # one expression for every release, or
//	  abi_align:                      # a list tried in order, each with
//	    - {until: llvm 21, expr: "32"} # since/until bounds
//	    - {expr: "19"}
//	  pref_align: "..."
//	  scalable: "any(scalableDims)"   # optional
//	  index_bits: index_width         # optional
//
// Expressions are over unsigned integers and booleans, Go-like (+ - * / %,
// comparisons, && || !, c ? a : b), with the type's parameters (integers;
// Type; [int64] dims; [bool] flags; [Type] lists), self, the functions and
// names of layoutFuncs and layoutNames, and the dialect's types built from
// arguments (Name(args)). Sizes are in bits, alignments in bytes, as
// MLIR's DataLayoutTypeInterface has them.

// LayoutKind is the kind of a layout expression's value.
type LayoutKind int

const (
	LayoutUint LayoutKind = iota
	LayoutBool
	LayoutType
	LayoutDims  // [int64]
	LayoutFlags // [bool]
	LayoutTypes // [Type]
)

func (k LayoutKind) String() string {
	return [...]string{"an integer", "a boolean", "a type", "a dimension list", "a flag list", "a type list"}[k]
}

// LayoutExpr is a parsed layout expression.
type LayoutExpr struct {
	Pos
	Op   string        // "lit", "name", "call", "?:", "!", or a binary operator
	Name string        // name, call: the identifier; lit: the number or true/false
	Args []*LayoutExpr // operands
	Kind LayoutKind    // set by the check
	// Param is the parameter a name refers to (nil for self and the
	// names of layoutNames).
	Param *Param
	// Ctor is the type a call builds (nil for the functions).
	Ctor *Def
}

// layoutFuncs are the functions an expression may call: argument kinds and
// result kind.
var layoutFuncs = map[string]struct {
	args []LayoutKind
	res  LayoutKind
}{
	"size_bits":      {[]LayoutKind{LayoutType}, LayoutUint}, // through the layout
	"size":           {[]LayoutKind{LayoutType}, LayoutUint}, // bytes
	"abi":            {[]LayoutKind{LayoutType}, LayoutUint},
	"pref":           {[]LayoutKind{LayoutType}, LayoutUint},
	"index_bits":     {[]LayoutKind{LayoutType}, LayoutUint},
	"bare_size_bits": {[]LayoutKind{LayoutType}, LayoutUint}, // the type's rules on no entries
	"bare_abi":       {[]LayoutKind{LayoutType}, LayoutUint},
	"bare_pref":      {[]LayoutKind{LayoutType}, LayoutUint},
	"integer":        {[]LayoutKind{LayoutUint}, LayoutType},
	"entry_abi":      {[]LayoutKind{LayoutUint}, LayoutUint}, // bits, of the entry a width selects
	"entry_pref":     {[]LayoutKind{LayoutUint}, LayoutUint},
	"pow2_ceil":      {[]LayoutKind{LayoutUint}, LayoutUint},
	"div_ceil":       {[]LayoutKind{LayoutUint, LayoutUint}, LayoutUint},
	"align_to":       {[]LayoutKind{LayoutUint, LayoutUint}, LayoutUint},
	"min":            {[]LayoutKind{LayoutUint, LayoutUint}, LayoutUint},
	"max":            {[]LayoutKind{LayoutUint, LayoutUint}, LayoutUint},
	"product":        {[]LayoutKind{LayoutDims}, LayoutUint},
	"last":           {[]LayoutKind{LayoutDims}, LayoutUint},
	"rank":           {[]LayoutKind{LayoutDims}, LayoutUint},
	"any":            {[]LayoutKind{LayoutFlags}, LayoutBool},
	// Entries keyed by the type itself (pointers by address space): is
	// there one, its number of values, its i-th value (bits).
	"has_entry": {[]LayoutKind{LayoutType}, LayoutBool},
	"entry_len": {[]LayoutKind{LayoutType}, LayoutUint},
	"entry":     {[]LayoutKind{LayoutType, LayoutUint}, LayoutUint},
	// Folds over a type list, for aggregates: bytes without padding, bytes
	// with each offset aligned to the element's ABI alignment, the largest
	// ABI alignment (1 for none). fixed_size is size for types that must
	// not be scalable.
	"sum_size":   {[]LayoutKind{LayoutTypes}, LayoutUint},
	"seq_size":   {[]LayoutKind{LayoutTypes}, LayoutUint},
	"max_abi":    {[]LayoutKind{LayoutTypes}, LayoutUint},
	"fixed_size": {[]LayoutKind{LayoutType}, LayoutUint},
}

// A call may also name a type of the dialect whose parameters all have
// layout kinds: it builds that type (LLVMPointerType(0)).

// layoutNames are the names an expression may use besides parameters.
var layoutNames = map[string]LayoutKind{
	"self":        LayoutType,
	"has_entries": LayoutBool, // the spec has entries of the type's class
	"first_abi":   LayoutUint, // bits, of the class's first entry
	"first_pref":  LayoutUint,
	"index_width": LayoutUint, // the index entry's value, 64 without one
}

func (l *loader) typeLayout(n *yaml.Node) *TypeLayout {
	t := &TypeLayout{Pos: l.pos(n)}
	rules := func(dst *[]*LayoutRule) func(*yaml.Node) {
		return func(v *yaml.Node) {
			if v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias // a rule shared by several types (&name, *name)
			}
			if v.Kind == yaml.ScalarNode {
				*dst = append(*dst, &LayoutRule{Pos: l.exprStart(v), Source: v.Value})
				return
			}
			l.list(v, "layout rules", func(c *yaml.Node) {
				r := &LayoutRule{Pos: l.pos(c)}
				l.fields(c, "layout rule", l.avail(&r.Availability, map[string]func(*yaml.Node){
					"expr": func(v *yaml.Node) { l.str(v, &r.Source); r.Pos = l.exprStart(v) },
				}))
				if r.Source == "" {
					l.errorf(c, "layout rule without an expr")
				}
				*dst = append(*dst, r)
			})
		}
	}
	l.fields(n, "layout", map[string]func(*yaml.Node){
		"class":      func(v *yaml.Node) { l.str(v, &t.Class) },
		"size_bits":  rules(&t.SizeBits),
		"scalable":   rules(&t.Scalable),
		"abi_align":  rules(&t.ABIAlign),
		"pref_align": rules(&t.PrefAlign),
		"index_bits": rules(&t.IndexBits),
	})
	for _, req := range []struct {
		name  string
		rules []*LayoutRule
	}{{"size_bits", t.SizeBits}, {"abi_align", t.ABIAlign}, {"pref_align", t.PrefAlign}} {
		if len(req.rules) == 0 {
			l.errorf(n, "layout without %s", req.name)
		}
	}
	return t
}

// exprStart is where the text of a scalar starts: after its quote.
func (l *loader) exprStart(v *yaml.Node) Pos {
	p := l.pos(v)
	if v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		p.Col++
	}
	return p
}

// resolveLayouts parses and checks every layout expression against its
// type's parameters.
func resolveLayouts(l *loader, d *Dialect) {
	for _, def := range d.Types {
		t := def.Layout
		if t == nil {
			continue
		}
		if t.Class == "" {
			t.Class = d.Name + "." + def.Name
		}
		for _, q := range []struct {
			rules []*LayoutRule
			kind  LayoutKind
		}{{t.SizeBits, LayoutUint}, {t.Scalable, LayoutBool}, {t.ABIAlign, LayoutUint}, {t.PrefAlign, LayoutUint}, {t.IndexBits, LayoutUint}} {
			for _, r := range q.rules {
				e, err := ParseLayoutExpr(r.Source)
				if err != nil {
					l.errs = append(l.errs, &Error{Pos: Pos{File: r.File, Line: r.Line, Col: r.Col + err.pos}, Msg: "layout expression: " + err.msg})
					continue
				}
				r.Expr = e
				shift(e, r.Pos)
				if k, ok := checkLayoutExpr(l, d, def, e); ok && k != q.kind {
					l.errs = append(l.errs, &Error{Pos: e.Pos, Msg: fmt.Sprintf("layout expression is %s, want %s", k, q.kind)})
				}
			}
		}
	}
}

func shift(e *LayoutExpr, base Pos) {
	e.Pos = Pos{File: base.File, Line: base.Line, Col: base.Col + e.Col}
	for _, a := range e.Args {
		shift(a, base)
	}
}

func paramKind(p *Param) (LayoutKind, bool) {
	switch t := p.Type; t.Kind {
	case RefInt64, RefUint64, RefInt32, RefUint32:
		return LayoutUint, true
	case RefBool:
		return LayoutBool, true
	case RefType:
		return LayoutType, true
	case RefList:
		switch t.Elem.Kind {
		case RefInt64:
			return LayoutDims, true
		case RefBool:
			return LayoutFlags, true
		case RefType:
			return LayoutTypes, true
		}
	}
	return 0, false
}

func checkLayoutExpr(l *loader, d *Dialect, def *Def, e *LayoutExpr) (LayoutKind, bool) {
	bad := func(format string, args ...any) (LayoutKind, bool) {
		l.errs = append(l.errs, &Error{Pos: e.Pos, Msg: fmt.Sprintf("layout expression: "+format, args...)})
		return 0, false
	}
	want := func(a *LayoutExpr, k LayoutKind) bool {
		got, ok := checkLayoutExpr(l, d, def, a)
		if ok && got != k {
			l.errs = append(l.errs, &Error{Pos: a.Pos, Msg: fmt.Sprintf("layout expression: %s is %s, want %s", a.describe(), got, k)})
			return false
		}
		return ok
	}
	switch e.Op {
	case "lit":
		if e.Name == "true" || e.Name == "false" {
			e.Kind = LayoutBool
		} else {
			e.Kind = LayoutUint
		}
	case "name":
		if k, ok := layoutNames[e.Name]; ok {
			e.Kind = k
			break
		}
		for _, p := range def.Params {
			if p.Name == e.Name {
				k, ok := paramKind(p)
				if !ok {
					return bad("parameter %s of type %s has no layout meaning (integers, bool, Type, [int64], [bool] and [Type] do)", p.Name, p.Type.Text)
				}
				e.Kind, e.Param = k, p
				return k, true
			}
		}
		return bad("unknown name %q (parameters of %s, or %s)", e.Name, def.Name, strings.Join(sortedKeys(layoutNames), ", "))
	case "call":
		f, ok := layoutFuncs[e.Name]
		if !ok {
			ctor := d.typeNamed(e.Name)
			if ctor == nil {
				return bad("unknown function %q (known: %s, or a type of %s)", e.Name, strings.Join(sortedKeys(layoutFuncs), ", "), d.Name)
			}
			for _, p := range ctor.Params {
				k, ok := paramKind(p)
				if !ok {
					return bad("%s cannot be built: parameter %s of type %s has no layout meaning", ctor.Name, p.Name, p.Type.Text)
				}
				f.args = append(f.args, k)
			}
			f.res = LayoutType
			e.Ctor = ctor
		}
		if len(e.Args) != len(f.args) {
			plural := "s"
			if len(f.args) == 1 {
				plural = ""
			}
			return bad("%s takes %d argument%s, not %d", e.Name, len(f.args), plural, len(e.Args))
		}
		ok = true
		for i, a := range e.Args {
			ok = want(a, f.args[i]) && ok
		}
		if !ok {
			return 0, false
		}
		e.Kind = f.res
	case "?:":
		ok := want(e.Args[0], LayoutBool)
		k1, ok1 := checkLayoutExpr(l, d, def, e.Args[1])
		k2, ok2 := checkLayoutExpr(l, d, def, e.Args[2])
		if !ok || !ok1 || !ok2 {
			return 0, false
		}
		if k1 != k2 || k1 != LayoutUint && k1 != LayoutBool {
			return bad("the branches of ?: are %s and %s; both must be integers or both booleans", k1, k2)
		}
		e.Kind = k1
	case "!":
		if !want(e.Args[0], LayoutBool) {
			return 0, false
		}
		e.Kind = LayoutBool
	case "&&", "||":
		if !want(e.Args[0], LayoutBool) || !want(e.Args[1], LayoutBool) {
			return 0, false
		}
		e.Kind = LayoutBool
	default: // arithmetic and comparisons over integers
		if !want(e.Args[0], LayoutUint) || !want(e.Args[1], LayoutUint) {
			return 0, false
		}
		e.Kind = LayoutUint
		switch e.Op {
		case "<", "<=", ">", ">=", "==", "!=":
			e.Kind = LayoutBool
		}
	}
	return e.Kind, true
}

func (d *Dialect) typeNamed(name string) *Def {
	for _, t := range d.Types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func (e *LayoutExpr) describe() string {
	switch e.Op {
	case "name", "lit":
		return e.Name
	case "call":
		return e.Name + "(…)"
	}
	return "the " + e.Op + " expression"
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// exprError is a syntax error at a byte offset of the expression.
type exprError struct {
	pos int
	msg string
}

func (e *exprError) Error() string { return fmt.Sprintf("offset %d: %s", e.pos, e.msg) }

// ParseLayoutExpr parses a layout expression; positions in the result are
// columns relative to its start (Col = offset).
func ParseLayoutExpr(s string) (*LayoutExpr, *exprError) {
	p := &exprParser{src: s}
	e := p.ternary(0)
	p.space()
	if p.err == nil && p.pos < len(s) {
		p.fail("an operator or the end of the expression")
	}
	if p.err != nil {
		return nil, p.err
	}
	return e, nil
}

type exprParser struct {
	src string
	pos int
	err *exprError
}

const maxExprDepth = 100

func (p *exprParser) fail(expected string) {
	if p.err == nil {
		found := "the end"
		if p.pos < len(p.src) {
			found = strconv.Quote(p.src[p.pos:min(len(p.src), p.pos+10)])
		}
		p.err = &exprError{p.pos, "expected " + expected + ", found " + found}
	}
	p.pos = len(p.src)
}

func (p *exprParser) space() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *exprParser) accept(op string) bool {
	p.space()
	if strings.HasPrefix(p.src[p.pos:], op) {
		// "<" is not "<=", "!" is not "!=".
		if (op == "<" || op == ">" || op == "!") && strings.HasPrefix(p.src[p.pos+1:], "=") {
			return false
		}
		p.pos += len(op)
		return true
	}
	return false
}

func (p *exprParser) node(op string, start int, args ...*LayoutExpr) *LayoutExpr {
	return &LayoutExpr{Pos: Pos{Col: start}, Op: op, Args: args}
}

func (p *exprParser) ternary(depth int) *LayoutExpr {
	if depth > maxExprDepth {
		p.fail(fmt.Sprintf("expressions nested at most %d deep", maxExprDepth))
		return &LayoutExpr{}
	}
	p.space()
	start := p.pos
	c := p.binary(0, depth)
	if !p.accept("?") {
		return c
	}
	a := p.ternary(depth + 1)
	if !p.accept(":") {
		p.fail("':' of ?:")
	}
	b := p.ternary(depth + 1)
	return p.node("?:", start, c, a, b)
}

var levels = [][]string{{"||"}, {"&&"}, {"==", "!=", "<=", ">=", "<", ">"}, {"+", "-"}, {"*", "/", "%"}}

func (p *exprParser) binary(level, depth int) *LayoutExpr {
	if level == len(levels) {
		return p.unary(depth)
	}
	p.space()
	start := p.pos
	x := p.binary(level+1, depth)
	for p.err == nil {
		op := ""
		for _, o := range levels[level] {
			if p.accept(o) {
				op = o
				break
			}
		}
		if op == "" {
			return x
		}
		x = p.node(op, start, x, p.binary(level+1, depth))
		if level == 2 {
			return x // comparisons do not chain
		}
	}
	return x
}

func (p *exprParser) unary(depth int) *LayoutExpr {
	p.space()
	start := p.pos
	if p.accept("!") {
		if depth > maxExprDepth {
			p.fail("fewer '!'")
			return &LayoutExpr{}
		}
		return p.node("!", start, p.unary(depth+1))
	}
	if p.accept("(") {
		e := p.ternary(depth + 1)
		if !p.accept(")") {
			p.fail("')'")
		}
		return e
	}
	i := p.pos
	for i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
		i++
	}
	if i > p.pos {
		if _, err := strconv.ParseUint(p.src[p.pos:i], 10, 64); err != nil {
			p.fail("a number that fits 64 bits")
			return &LayoutExpr{}
		}
		e := &LayoutExpr{Pos: Pos{Col: start}, Op: "lit", Name: p.src[p.pos:i]}
		p.pos = i
		return e
	}
	for i < len(p.src) && (p.src[i] == '_' || p.src[i] >= 'a' && p.src[i] <= 'z' || p.src[i] >= 'A' && p.src[i] <= 'Z' || i > p.pos && p.src[i] >= '0' && p.src[i] <= '9') {
		i++
	}
	if i == p.pos {
		p.fail("a number, a name or '('")
		return &LayoutExpr{}
	}
	name := p.src[p.pos:i]
	p.pos = i
	if name == "true" || name == "false" {
		return &LayoutExpr{Pos: Pos{Col: start}, Op: "lit", Name: name}
	}
	if !p.accept("(") {
		return &LayoutExpr{Pos: Pos{Col: start}, Op: "name", Name: name}
	}
	e := &LayoutExpr{Pos: Pos{Col: start}, Op: "call", Name: name}
	if p.accept(")") {
		return e
	}
	for p.err == nil {
		e.Args = append(e.Args, p.ternary(depth+1))
		if p.accept(")") {
			break
		}
		if !p.accept(",") {
			p.fail("',' or ')'")
		}
	}
	return e
}
