package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// isNil is the predicate's nil.
type isNil struct{}

// eval evaluates a when: predicate (checked by the loader: parameters,
// parameterless definitions, enum values, literals, comparisons, logic,
// len, any and predicate hooks) over the value v, as the generated Go evaluates it.
func (in *Dialect) eval(v *value, self any, x ast.Expr) (bool, error) {
	r, err := in.evalExpr(v, self, x)
	if err != nil {
		return false, err
	}
	b, ok := r.(bool)
	if !ok {
		return false, fmt.Errorf("not a bool")
	}
	return b, nil
}

func (in *Dialect) evalExpr(v *value, self any, x ast.Expr) (any, error) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return in.evalExpr(v, self, x.X)
	case *ast.BasicLit:
		switch x.Kind {
		case token.INT:
			return strconv.ParseUint(x.Value, 0, 64)
		case token.STRING:
			return strconv.Unquote(x.Value)
		}
	case *ast.Ident:
		switch x.Name {
		case "nil":
			return isNil{}, nil
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		if p := defs.PredicateParam(v.def, x.Name); p != nil {
			return v.Param(p.Name), nil
		}
		if _, ev := defs.EnumValueNamed(in.d, x.Name); ev != nil {
			return ev.Value, nil
		}
		if def := in.byName[x.Name]; def != nil {
			return in.get(self.(interface{ Context() *ir.Context }).Context(), def, nil), nil
		}
	case *ast.CallExpr:
		if defs.PredicateHook(v.def, x) {
			args := make([]any, len(x.Args))
			for i, a := range x.Args {
				var err error
				if args[i], err = in.evalExpr(v, self, a); err != nil {
					return nil, err
				}
				// The hook takes compiled values, as custom fields do.
				args[i] = in.toCompiled(defs.PredicateParam(v.def, a.(*ast.Ident).Name).Type, args[i])
			}
			return in.hooks.When[x.Fun.(*ast.Ident).Name](args), nil // unsupported checked it
		}
		l, err := in.evalExpr(v, self, x.Args[0])
		if err != nil {
			return nil, err
		}
		if x.Fun.(*ast.Ident).Name == "len" {
			return int64(len(l.([]any))), nil
		}
		return anyNonZero(l), nil
	case *ast.UnaryExpr:
		b, err := in.evalExpr(v, self, x.X)
		if err != nil {
			return nil, err
		}
		return !b.(bool), nil
	case *ast.BinaryExpr:
		a, err := in.evalExpr(v, self, x.X)
		if err != nil {
			return nil, err
		}
		switch x.Op {
		case token.LAND, token.LOR:
			if a.(bool) == (x.Op == token.LOR) {
				return a, nil // short-circuit, as Go does
			}
			return in.evalExpr(v, self, x.Y)
		}
		b, err := in.evalExpr(v, self, x.Y)
		if err != nil {
			return nil, err
		}
		switch x.Op {
		case token.EQL:
			return equal(a, b), nil
		case token.NEQ:
			return !equal(a, b), nil
		}
		c, err := compare(a, b)
		if err != nil {
			return nil, err
		}
		switch x.Op {
		case token.LSS:
			return c < 0, nil
		case token.LEQ:
			return c <= 0, nil
		case token.GTR:
			return c > 0, nil
		case token.GEQ:
			return c >= 0, nil
		}
	}
	return nil, fmt.Errorf("cannot evaluate %T", x) // the loader checked the predicate
}

// equal is Go's == between a parameter and what the loader lets it be
// compared with.
func equal(a, b any) bool {
	if _, ok := a.(isNil); ok {
		a, b = b, a
	}
	if _, ok := b.(isNil); ok {
		switch a := a.(type) {
		case nil:
			return true
		case []any:
			return a == nil
		case []byte:
			return a == nil
		}
		return false
	}
	if c, err := compare(a, b); err == nil {
		return c == 0
	}
	return a == b
}

// compare orders two integers (int64 or uint64) or two strings.
func compare(a, b any) (int, error) {
	if sa, ok := a.(string); ok {
		sb, ok := b.(string)
		if !ok {
			return 0, fmt.Errorf("cannot compare a string with %T", b)
		}
		switch {
		case sa < sb:
			return -1, nil
		case sa > sb:
			return 1, nil
		}
		return 0, nil
	}
	na, okA := number(a)
	nb, okB := number(b)
	if !okA || !okB {
		return 0, fmt.Errorf("cannot order %T and %T", a, b)
	}
	switch {
	case na.neg && !nb.neg:
		return -1, nil
	case !na.neg && nb.neg:
		return 1, nil
	case na.mag == nb.mag:
		return 0, nil
	case (na.mag < nb.mag) != na.neg:
		return -1, nil
	}
	return 1, nil
}

// num is an integer as sign and magnitude, which holds every int64 and
// uint64.
type num struct {
	neg bool
	mag uint64
}

func number(x any) (num, bool) {
	switch x := x.(type) {
	case int64:
		if x < 0 {
			return num{true, uint64(-(x + 1)) + 1}, true
		}
		return num{false, uint64(x)}, true
	case uint64:
		return num{false, x}, true
	}
	return num{}, false
}
