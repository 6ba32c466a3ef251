package mlirtext_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// pairAttr is a dialect attribute that prints through ir.AsmPrinter:
// #fake.pair<A, T>, aliased #pair.
type pairAttr struct {
	ir.Base
	a ir.Attribute
	t ir.Type
}

func (*pairAttr) Dialect() string   { return "fake" }
func (*pairAttr) Kind() string      { return "PairAttr" }
func (*pairAttr) AliasName() string { return "pair" }
func (x *pairAttr) PrintAsm(p ir.AsmPrinter) {
	p.Write("#fake.pair<")
	p.Attribute(x.a)
	p.Write(", ")
	p.Type(x.t)
	p.Write(">")
}

// TestAsmPrintable: values nested in a dialect value that prints through
// ir.AsmPrinter get aliases as mlir-opt gives them (#map, defined before
// the value that uses it), and print by alias inside it.
func TestAsmPrintable(t *testing.T) {
	ctx := all.NewContext()
	src := `#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "u.op"() {m = #map, t = i32} : () -> () loc("f":2:3)
}) : () -> () loc("f":1:1)
`
	m, err := mlirtext.ParseBytes(ctx, []byte(src), mlirtext.ParseOptions{File: "f", Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	op := m.Op.Region(0).Block(0).Op(0)
	pair := ir.NewDistinctAttr(ctx, &pairAttr{a: op.Attr("m"), t: op.Attr("t").(interface{ Value() ir.Type }).Value()})
	op.SetAttrs(nil)
	op.SetAttr("p", pair)
	got, err := mlirtext.Append(nil, m, mlirtext.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `#map = affine_map<(d0) -> (d0)>
#pair = #fake.pair<#map, i32>
"builtin.module"() ({
  "u.op"() {p = #pair} : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("f":1:1)
#loc1 = loc("f":2:3)

`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	local, err := mlirtext.Append(nil, m, mlirtext.Options{LocalScope: true})
	if err != nil {
		t.Fatal(err)
	}
	wantLocal := `"builtin.module"() ({
  "u.op"() {p = #fake.pair<affine_map<(d0) -> (d0)>, i32>} : () -> () loc("f":2:3)
}) : () -> () loc("f":1:1)
`
	if string(local) != wantLocal {
		t.Errorf("local scope: got\n%s\nwant\n%s", local, wantLocal)
	}
}
