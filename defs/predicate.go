package defs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// PredicateFuncs are the functions a predicate may call.
var PredicateFuncs = map[string]string{
	"len": "number of elements of a list",
	"any": "whether any element of a list is non-zero",
}

// checkPredicate parses a `when:` expression (Go syntax) and checks that it
// only uses parameters, parameterless definitions, literals, comparison and
// logic operators, PredicateFuncs and predicate hooks: calls of a
// hand-written func(<params' Go types>) bool of the dialect package with
// params as arguments, for what the expressions cannot say (Shardy tests
// whether any sharding of a list has unreduced axes).
func checkPredicate(l *loader, def *Def, e *Encoding, byName map[string]*Def) {
	expr, err := ParsePredicate(def, e.When)
	if err != nil {
		l.errs = append(l.errs, &Error{Pos: e.WhenPos, Msg: fmt.Sprintf("%s: when %q: %v", def.Name, e.When, err)})
		return
	}
	bad := func(n ast.Node, msg string) {
		l.errs = append(l.errs, &Error{Pos: e.WhenPos, Msg: fmt.Sprintf("%s: when %q: column %d: %s", def.Name, e.When, n.Pos(), msg)})
	}
	errs := len(l.errs)
	ast.Inspect(expr, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.ParenExpr, *ast.BasicLit:
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			default:
				bad(n, "operator "+n.Op.String()+" is not allowed")
			}
		case *ast.UnaryExpr:
			if n.Op != token.NOT {
				bad(n, "operator "+n.Op.String()+" is not allowed")
			}
		case *ast.CallExpr:
			if PredicateHook(def, n) {
				return false
			}
			fn, ok := n.Fun.(*ast.Ident)
			if !ok || PredicateFuncs[fn.Name] == "" || len(n.Args) != 1 {
				bad(n, "only len(param), any(param) and hand-written hooks of params, hook(param, ...), may be called")
				return false
			}
			if id, ok := n.Args[0].(*ast.Ident); !ok || PredicateParam(def, id.Name) == nil || PredicateParam(def, id.Name).Type.Kind != RefList {
				bad(n, fn.Name+" takes a list param")
			}
			return false
		case *ast.Ident:
			if n.Name == "nil" || n.Name == "true" || n.Name == "false" || PredicateParam(def, n.Name) != nil {
				return true
			}
			if d := byName[n.Name]; d != nil && len(d.Params) == 0 {
				return true
			}
			if en, v := EnumValueNamed(l.d, n.Name); v != nil && en != nil {
				return true
			}
			bad(n, fmt.Sprintf("unknown name %q (params of %s, parameterless definitions, enum values, nil, true and false may be used)", n.Name, def.Name))
		default:
			bad(n, fmt.Sprintf("%T is not allowed", n))
			return false
		}
		return true
	})
	if len(l.errs) > errs {
		return
	}
	// Types, as Go will check them in the generated writer.
	c := &predChecker{d: l.d, def: def, byName: byName}
	if t := c.typeOf(expr); c.err == nil && !t.boolean() {
		c.fail(expr, "the predicate is "+withArticle(t.name)+", not a bool")
	}
	if c.err != nil {
		bad(c.at, c.err.Error())
	}
}

// ptype is the type of a predicate expression: a Go type name as the
// generated code has it, or an untyped constant ("untyped int", "untyped
// string", "untyped bool", "nil").
type ptype struct {
	name string
	// comparable with == (not lists, byte strings, APInts, structs or
	// hand-written Go types), ordered with <, integer.
	comparable, ordered, integer bool
	nilable                      bool // handles, lists, byte strings
	attr, typ                    bool // an attribute or type handle
	location                     bool // an attribute that is a location
	bits                         int  // integers: 32 or 64 (len: 64)
	signed                       bool
}

func (t ptype) boolean() bool { return t.name == "bool" || t.name == "untyped bool" }

func (t ptype) untyped() bool { return strings.HasPrefix(t.name, "untyped") || t.name == "nil" }

type predChecker struct {
	d      *Dialect
	def    *Def
	byName map[string]*Def
	err    error
	at     ast.Node
}

func (c *predChecker) fail(n ast.Node, msg string) {
	if c.err == nil {
		c.err, c.at = fmt.Errorf("%s", msg), n
	}
}

// paramType is the type of a param's value in the generated writer.
func paramType(t *TypeRef) ptype {
	switch t.Kind {
	case RefBool:
		return ptype{name: "bool", comparable: true}
	case RefString:
		return ptype{name: "string", comparable: true, ordered: true}
	case RefInt64, RefUint64, RefInt32, RefUint32:
		bits := 64
		if t.Kind == RefInt32 || t.Kind == RefUint32 {
			bits = 32
		}
		return ptype{name: t.Text, comparable: true, ordered: true, integer: true, bits: bits, signed: t.Kind == RefInt64 || t.Kind == RefInt32}
	case RefEnum:
		return ptype{name: t.Name, comparable: true, ordered: true, integer: true, bits: 64}
	case RefAttr, RefType, RefLocation:
		p := ptype{name: t.Text, comparable: true, nilable: true, attr: t.Kind != RefType, typ: t.Kind == RefType, location: t.Kind == RefLocation}
		if t.Def != nil {
			p.name = "*" + t.Def.Name
			p.location = HasTrait(t.Def.Traits, "Location")
		}
		return p
	case RefList, RefBytes:
		return ptype{name: t.Text, nilable: true}
	}
	return ptype{name: t.Text}
}

func (c *predChecker) typeOf(e ast.Expr) ptype {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.typeOf(e.X)
	case *ast.BasicLit:
		switch e.Kind {
		case token.INT:
			if _, err := strconv.ParseUint(e.Value, 0, 64); err != nil {
				c.fail(e, fmt.Sprintf("%s is not an integer that fits 64 bits", e.Value))
			}
			return ptype{name: "untyped int"}
		case token.STRING:
			return ptype{name: "untyped string"}
		}
		c.fail(e, fmt.Sprintf("a %s literal has no param to compare with", strings.ToLower(e.Kind.String())))
		return ptype{name: "untyped " + strings.ToLower(e.Kind.String())}
	case *ast.Ident:
		switch e.Name {
		case "nil":
			return ptype{name: "nil"}
		case "true", "false":
			return ptype{name: "untyped bool"}
		}
		if p := PredicateParam(c.def, e.Name); p != nil {
			return paramType(p.Type)
		}
		if en, v := EnumValueNamed(c.d, e.Name); v != nil {
			return paramType(&TypeRef{Kind: RefEnum, Name: en.Name})
		}
		d := c.byName[e.Name]
		return ptype{name: "*" + d.Name, comparable: true, nilable: true, attr: !d.IsType, typ: d.IsType, location: HasTrait(d.Traits, "Location")}
	case *ast.CallExpr:
		fn := e.Fun.(*ast.Ident).Name
		if PredicateFuncs[fn] == "" {
			return ptype{name: "bool", comparable: true} // a hook
		}
		list := PredicateParam(c.def, e.Args[0].(*ast.Ident).Name).Type
		if fn == "len" {
			return ptype{name: "int", comparable: true, ordered: true, integer: true, bits: 64, signed: true}
		}
		if el := paramType(list.Elem); !el.comparable {
			c.fail(e, "any takes a list of comparable elements, not "+list.Text)
		}
		return ptype{name: "bool", comparable: true}
	case *ast.UnaryExpr:
		if t := c.typeOf(e.X); !t.boolean() {
			c.fail(e, "! takes a bool, not "+withArticle(t.name))
		}
		return ptype{name: "bool", comparable: true}
	case *ast.BinaryExpr:
		x, y := c.typeOf(e.X), c.typeOf(e.Y)
		switch e.Op {
		case token.LAND, token.LOR:
			if !x.boolean() || !y.boolean() {
				c.fail(e, fmt.Sprintf("%s takes bools, not %s and %s", e.Op, withArticle(x.name), withArticle(y.name)))
			}
		case token.EQL, token.NEQ:
			c.compare(e, x, y, false)
		default:
			c.compare(e, x, y, true)
		}
		return ptype{name: "bool", comparable: true}
	}
	return ptype{}
}

// compare checks that x and y can be compared, by == (or ordered).
func (c *predChecker) compare(e *ast.BinaryExpr, x, y ptype, ordered bool) {
	if x.untyped() && !y.untyped() {
		x, y = y, x
	}
	ok := false
	switch {
	case y.name == "nil":
		ok = x.nilable && !ordered
	case y.name == "untyped int":
		ok = x.integer || x.name == "untyped int"
		if x.integer && x.bits == 32 {
			lit, isLit := e.Y.(*ast.BasicLit)
			if !isLit {
				lit, _ = e.X.(*ast.BasicLit)
			}
			limit := uint64(1)<<32 - 1
			if x.signed {
				limit = 1<<31 - 1
			}
			if v, err := strconv.ParseUint(lit.Value, 0, 64); err == nil && v > limit {
				c.fail(e, fmt.Sprintf("%s does not fit %s", lit.Value, withArticle(x.name)))
				return
			}
		}
	case y.name == "untyped string":
		ok = x.name == "string" || x.name == "untyped string"
	case y.name == "untyped bool":
		ok = x.boolean()
	case x.name == y.name:
		ok = x.comparable
	case x.attr && y.attr:
		// An interface and a typed handle compare when the handle
		// implements it: any attribute is an Attribute, locations are
		// Locations.
		ok = !x.location && !y.location && (strings.HasPrefix(x.name, "*") != strings.HasPrefix(y.name, "*")) ||
			x.location && strings.HasPrefix(y.name, "*") && y.location || y.location && strings.HasPrefix(x.name, "*") && x.location
	case x.typ && y.typ:
		ok = strings.HasPrefix(x.name, "*") != strings.HasPrefix(y.name, "*")
	}
	if ordered && ok {
		ok = x.ordered || x.untyped() && x.name != "nil" && x.name != "untyped bool"
	}
	if !ok {
		c.fail(e, fmt.Sprintf("cannot compare %s with %s", withArticle(x.name), withArticle(y.name)))
	}
}

// PredicateHook reports whether a call of a parsed predicate is a
// predicate hook: a function other than PredicateFuncs, called with one
// or more params.
func PredicateHook(def *Def, call *ast.CallExpr) bool {
	fn, ok := call.Fun.(*ast.Ident)
	if !ok || PredicateFuncs[fn.Name] != "" || len(call.Args) == 0 {
		return false
	}
	for _, a := range call.Args {
		id, ok := a.(*ast.Ident)
		if !ok || PredicateParam(def, id.Name) == nil {
			return false
		}
	}
	return true
}

// keywordPrefix marks parameters named like Go keywords inside predicates.
const keywordPrefix = "param_"

// ParsePredicate parses a when: expression. Parameters whose names are Go
// keywords (such as "type") are renamed so Go's parser accepts them; use
// PredicateParam to map identifiers back.
func ParsePredicate(def *Def, when string) (ast.Expr, error) {
	for _, p := range def.Params {
		if token.IsKeyword(p.Name) {
			when = regexp.MustCompile(`\b`+p.Name+`\b`).ReplaceAllString(when, keywordPrefix+p.Name)
		}
	}
	return parser.ParseExpr(when)
}

// PredicateParam returns the parameter an identifier of a parsed predicate
// names, or nil.
func PredicateParam(def *Def, ident string) *Param {
	if p := def.FindParam(ident); p != nil && !token.IsKeyword(p.Name) {
		return p
	}
	if strings.HasPrefix(ident, keywordPrefix) {
		if p := def.FindParam(strings.TrimPrefix(ident, keywordPrefix)); p != nil && token.IsKeyword(p.Name) {
			return p
		}
	}
	return nil
}

// withArticle prefixes a type name with "a" or "an" (an int, a Mode, a
// *UnitAttr).
func withArticle(name string) string {
	w := strings.ToLower(strings.TrimLeft(name, "[]"))
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) && !strings.HasPrefix(w, "uint") && !strings.HasPrefix(w, "uni") {
		return "an " + name
	}
	return "a " + name
}
