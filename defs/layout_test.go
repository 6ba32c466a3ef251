package defs

import (
	"strings"
	"testing"
)

func TestLayoutExprPrecedence(t *testing.T) {
	for src, want := range map[string]string{
		"a + b * c":             "(a + (b * c))",
		"a < b ? 1 : c ? 2 : 3": "((a < b) ? 1 : (c ? 2 : 3))",
		"!a && b || c":          "(((!a) && b) || c)",
		"f(a, g(b)) - 1 - 2":    "((f(a, g(b)) - 1) - 2)",
		"(a + b) % 8":           "((a + b) % 8)",
	} {
		e, err := ParseLayoutExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := show(e); got != want {
			t.Errorf("%s: %s, want %s", src, got, want)
		}
	}
}

func show(e *LayoutExpr) string {
	switch e.Op {
	case "lit", "name":
		return e.Name
	case "call":
		var args []string
		for _, a := range e.Args {
			args = append(args, show(a))
		}
		return e.Name + "(" + strings.Join(args, ", ") + ")"
	case "?:":
		return "(" + show(e.Args[0]) + " ? " + show(e.Args[1]) + " : " + show(e.Args[2]) + ")"
	case "!":
		return "(!" + show(e.Args[0]) + ")"
	}
	return "(" + show(e.Args[0]) + " " + e.Op + " " + show(e.Args[1]) + ")"
}

// FuzzLayoutExpr: any text parses or fails with an offset inside it; deep
// nesting is refused, not a stack overflow.
func FuzzLayoutExpr(f *testing.F) {
	for _, s := range []string{"has_entries ? entry_abi(width) / 8 : width < 64 ? pow2_ceil(div_ceil(width, 8)) : 4",
		"product(shape) / last(shape) * size(elementType) * 8", "!(a == b) && any(f)", strings.Repeat("(", 500), "1 +"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := ParseLayoutExpr(s); err != nil && (err.pos < 0 || err.pos > len(s)) {
			t.Fatalf("error offset %d outside %q", err.pos, s)
		}
	})
}
