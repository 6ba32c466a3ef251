package asmformat

import (
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// A dialect built by hand: each definition's parameters are held in a
// generic value whose Kind is the definition's name.

type val struct {
	ir.Base
	kind string
	vals []any
}

func (*val) Dialect() string  { return "t" }
func (v *val) Kind() string   { return v.kind }
func (v *val) String() string { return v.kind }

func def(name, mnem, format string, params ...Param) *Def {
	return &Def{Name: name, Mnemonic: mnem, Format: format, Params: params,
		Make: func(ctx *ir.Context, v []any) any {
			return ir.NewDistinctAttr(ctx, &val{kind: name, vals: append([]any(nil), v...)})
		},
		Values: func(x any) []any {
			v, ok := x.(*val)
			if !ok {
				return nil
			}
			return append([]any(nil), v.vals...)
		},
	}
}

var flags = &EnumSyntax{Cases: []ir.EnumCase{{Value: 0, Text: "none"}, {Value: 1, Text: "a"}, {Value: 2, Text: "b"}, {Value: 3, Text: "all"}},
	Bit: true, Separator: ", ", PrintGroups: true}

var modes = &EnumSyntax{Cases: []ir.EnumCase{{Value: 0, Text: "fast"}, {Value: 1, Text: "slow"}}}

func testDialect() *Dialect {
	return &Dialect{Name: "t", Attrs: []*Def{
		def("Flags", "flags", "`<` $v `>`", Param{Name: "v", Kind: Enum, Enum: flags}),
		def("Pred", "pred", "$v", Param{Name: "v", Kind: Enum, Enum: modes}),
		def("Shape", "shape", "`<` struct(params) `>`", Param{Name: "m", Kind: Int}, Param{Name: "n", Kind: Int, Default: "1"}),
		def("Pair", "pair", "`<` $a `x` $b (`,` `stride` `` `=` `` $s^)? `>`",
			Param{Name: "a", Kind: Uint}, Param{Name: "b", Kind: Uint}, Param{Name: "s", Kind: Uint, Default: "0"}),
		def("Names", "names", "`<` `(` $l `)` ` ` $last `>`", Param{Name: "l", Kind: List, Elem: String}, Param{Name: "last", Kind: Bool}),
		def("Unit", "unit", ""),
	}}
}

func TestPrintParse(t *testing.T) {
	d := testDialect()
	ctx := ir.NewContext()
	for _, c := range []struct {
		text string
		vals []any
	}{
		{"#t.flags<none>", []any{uint64(0)}},
		{"#t.flags<a>", []any{uint64(1)}},
		{"#t.flags<all>", []any{uint64(3)}},
		{"#t<pred slow>", []any{uint64(1)}},
		{"#t.shape<m = 4>", []any{int64(4), int64(1)}},
		{"#t.shape<m = -4, n = 2>", []any{int64(-4), int64(2)}},
		{"#t.pair<2 x 3>", []any{uint64(2), uint64(3), uint64(0)}},
		{"#t.pair<2 x 3, stride=8>", []any{uint64(2), uint64(3), uint64(8)}},
		{`#t.names<("a", "b") true>`, []any{[]any{"a", "b"}, true}},
		{"#t.unit", nil},
	} {
		a, err := d.ParseAttribute(ctx, c.text, 0)
		if err != nil || a == nil {
			t.Errorf("%s: not read (%v)", c.text, err)
			continue
		}
		got := a.(*val).vals
		if len(got) != len(c.vals) {
			t.Errorf("%s: values %v, want %v", c.text, got, c.vals)
			continue
		}
		for i := range got {
			if !equalValue(got[i], c.vals[i]) {
				t.Errorf("%s: value %d is %#v, want %#v", c.text, i, got[i], c.vals[i])
			}
		}
	}
}

func equalValue(a, b any) bool {
	la, ok1 := a.([]any)
	lb, ok2 := b.([]any)
	if ok1 != ok2 {
		return false
	}
	if !ok1 {
		return a == b
	}
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if la[i] != lb[i] {
			return false
		}
	}
	return true
}

// Text that is not the canonical print of a value stays text: spacing,
// defaults printed, unknown keywords, trailing input, duplicates.
func TestNotCanonical(t *testing.T) {
	d := testDialect()
	ctx := ir.NewContext()
	for _, text := range []string{
		"#t.flags< a>", "#t.flags<b, a>", "#t.flags<c>", "#t.flags<a>x", "#t<flags<a>>",
		"#t.shape<m = 4, n = 1>", "#t.shape<n = 2, m = 4>", "#t.shape<m = 4, m = 5>", "#t.shape<>",
		"#t.pair<2 x 3, stride=0>", "#t.pair<2 x 3, stride = 8>", "#t.pair<2x3>",
		`#t.names<("a")  true>`, "#t.pred<slow>", "#t.unit<>", "#u.flags<a>", "#t", "",
		"#t.shape<m = 99999999999999999999>",
	} {
		if a, err := d.ParseAttribute(ctx, text, 0); a != nil || err != nil {
			t.Errorf("%q: read as %v (%v)", text, a, err)
		}
	}
}

func TestReleases(t *testing.T) {
	old := def("Shape", "shape", "`<` $m `,` $n `>`", Param{Name: "m", Kind: Int}, Param{Name: "n", Kind: Int})
	old.Until = 19
	cur := def("Shape", "shape", "`<` struct(params) `>`", Param{Name: "m", Kind: Int}, Param{Name: "n", Kind: Int})
	cur.Since = 20
	d := &Dialect{Name: "t", Attrs: []*Def{old, cur}}
	ctx := ir.NewContext()
	a, _ := d.ParseAttribute(ctx, "#t.shape<1, 2>", 19)
	if a == nil {
		t.Fatal("19's form not read")
	}
	if s, _ := d.PrintAttributeFor(a, 22); s != "#t.shape<m = 1, n = 2>" {
		t.Errorf("at 22: %s", s)
	}
	if s, _ := d.PrintAttributeFor(a, 0); s != "#t.shape<m = 1, n = 2>" {
		t.Errorf("at the newest: %s", s)
	}
	if a, _ := d.ParseAttribute(ctx, "#t.shape<1, 2>", 22); a != nil {
		t.Error("19's form read at 22")
	}
}

func TestPretty(t *testing.T) {
	for s, want := range map[string]bool{"a": true, "a.b_c": true, "a<b>": true, "a b": false, "a<b> c": false, "<a>": false, "1a": false, "": false} {
		if pretty(s) != want {
			t.Errorf("pretty(%q) = %v", s, !want)
		}
	}
}

func TestFormatErrors(t *testing.T) {
	ps := []Param{{Name: "a"}}
	for _, f := range []string{"`<", "$b", "custom<X>($a", "(`<` $a", "struct($a", "bogus", "$"} {
		if _, err := parseFormat(f, ps); err == nil {
			t.Errorf("%q: no error", f)
		}
	}
}

// FuzzFormat: format parsing never panics; a format that parses prints
// and reads a value without panicking.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"`<` $a `>`", "(`<` $a^ `>`)?", "`<` struct(params) `>`", "$a `x` $b", "(`]`) : ($a^ `]`)?", "custom<X>($a)"} {
		f.Add(s, "#t.x<1 x 2>")
	}
	f.Fuzz(func(t *testing.T, format, text string) {
		ps := []Param{{Name: "a", Kind: Uint, Default: "0"}, {Name: "b", Kind: List, Elem: String, Optional: true}}
		if _, err := parseFormat(format, ps); err != nil {
			return
		}
		d := &Dialect{Name: "t", Attrs: []*Def{def("X", "x", format, ps...)}}
		ctx := ir.NewContext()
		if a, _ := d.ParseAttribute(ctx, text, 0); a != nil {
			if s, ok := d.PrintAttribute(a); !ok || s != text {
				t.Fatalf("%q read, prints %q", text, s)
			}
		}
		d.PrintAttribute(ir.NewDistinctAttr(ctx, &val{kind: "X", vals: []any{uint64(1), []any{"s"}}}))
	})
}
