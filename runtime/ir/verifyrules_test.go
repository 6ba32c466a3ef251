package ir

import (
	"strings"
	"testing"
)

// TestVerifySymbols checks MLIR's two rules for symbols: names are unique
// in a symbol table's block, and a symbol's parent, if known, is a symbol
// table. Both the fast path and the full check must see them.
func TestVerifySymbols(t *testing.T) {
	loc := &testLoc{}
	op := func(kind, sym string) *Operation {
		o := NewOperation(OpName{Dialect: "test", Op: kind}, loc, nil)
		if sym != "" {
			o.SetAttr("sym_name", &testString{s: sym})
		}
		return o
	}
	// module builds a symbol table holding ops, with a region each.
	module := func(ops ...*Operation) *Operation {
		root := op("table", "")
		b := root.AddRegion().AddBlock()
		for _, o := range ops {
			b.Append(o)
			if o.NumRegions() == 0 {
				o.AddRegion()
			}
		}
		return root
	}
	// in puts inner in a new block of op o, ending it with a terminator
	// where o needs one.
	in := func(o *Operation, inner ...*Operation) *Operation {
		b := o.AddRegion().AddBlock()
		for _, x := range inner {
			b.Append(x)
		}
		if o.Name().Op == "scf" {
			b.Append(op("yield", ""))
		}
		return o
	}
	// decl is a declaration of a function: its body region holds nothing.
	decl := func() *Operation {
		o := op("decl", "d")
		o.AddRegion()
		return o
	}
	visible := func(o *Operation, vis string) *Operation {
		o.SetAttr("sym_visibility", &testString{s: vis})
		return o
	}
	text := GetTextAttr(NewContext(), "test", "f")
	withText := op("unknown", "")
	withText.SetAttr("sym_name", text)
	for _, tc := range []struct {
		name string
		root *Operation
		want string // "" to pass
	}{
		{"distinct names", module(op("sym", "f"), op("sym", "g"), op("unknown", "h")), ""},
		{"one name twice", module(op("sym", "f"), op("plain", ""), op("sym", "f")), "test.sym @f (region 0, block 0, op 2): redefinition of symbol named 'f': op 0 of the block defines it first"},
		{"an unknown op's name counts", module(op("sym", "f"), op("unknown", "f")), "redefinition of symbol named 'f'"},
		{"a name not a string does not", module(op("sym", "f"), withText), ""},
		{"nested tables have their own names", module(op("sym", "f"), in(op("table", "m"), op("sym", "f"))), ""},
		{"a symbol in a known op", module(in(op("scf", ""), op("sym", "f"))), "test.sym @f (region 0, block 0, op 0): symbol's parent must have the SymbolTable trait: test.scf is not a symbol table"},
		{"a symbol in an unknown op", module(in(op("unknown", ""), op("sym", "f"), op("sym", "f"))), ""},
		{"a symbol without a name in a known op", module(in(op("scf", ""), op("sym", ""))), ""},
		{"a named op that is no symbol in a known op", module(in(op("scf", ""), op("plain", "f"))), ""},
		{"a declaration", module(decl()), "test.decl @d (region 0, block 0, op 0): symbol declaration cannot have public visibility"},
		{"a declaration in an unknown op", module(in(op("unknown", ""), decl())), "symbol declaration cannot have public visibility"},
		{"a public declaration", module(visible(decl(), "public")), "symbol declaration cannot have public visibility"},
		{"a private declaration", module(visible(decl(), "private")), ""},
		{"a definition", module(in(op("decl", "d"))), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := VerifyOptions{Traits: quickTraits}
			err := Verify(tc.root, opts)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !quickVerify(tc.root, opts) {
					t.Error("the fast path refuses it")
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if quickVerify(tc.root, opts) {
				t.Error("the fast path accepts it")
			}
		})
	}
}

// TestVerifyCounts checks that an op has as many operands, results,
// regions and successors as its definition allows, on both paths.
func TestVerifyCounts(t *testing.T) {
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	build := func(operands, results, regions int) *Operation {
		root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
		b := root.AddRegion().AddBlock()
		arg := b.AddArg(ty, loc)
		types := make([]Type, results)
		for i := range types {
			types[i] = ty
		}
		op := b.Append(NewOperation(OpName{Dialect: "test", Op: "binary"}, loc, types))
		for range operands {
			op.SetOperands(append(op.Operands(), arg))
		}
		for range regions {
			op.AddRegion()
		}
		return root
	}
	for _, tc := range []struct {
		operands, results, regions int
		want                       string
	}{
		{2, 1, 0, ""},
		{1, 1, 0, "test.binary (region 0, block 0, op 0): expected 2 operands, but found 1 (as test.binary defines it)"},
		{3, 1, 0, "expected 2 operands, but found 3"},
		{2, 0, 0, "expected 1 results, but found 0"},
		{2, 1, 1, "expected 0 regions, but found 1"},
	} {
		root := build(tc.operands, tc.results, tc.regions)
		opts := VerifyOptions{Traits: quickTraits}
		err := Verify(root, opts)
		if tc.want == "" {
			if err != nil || !quickVerify(root, opts) {
				t.Errorf("%+v: %v (fast path: %v)", tc, err, quickVerify(root, opts))
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want %q", tc, err, tc.want)
		}
		if quickVerify(root, opts) {
			t.Errorf("%+v: the fast path accepts it", tc)
		}
	}
	if got := (Count{1, -1}).String() + ", " + (Count{0, 1}).String() + ", " + (Count{2, 2}).String(); got != "1 or more, 0 to 1, 2" {
		t.Errorf("counts print as %q", got)
	}
}

// TestVerifyParents checks that an op whose definition names its parents
// sits in one of them, on both paths.
func TestVerifyParents(t *testing.T) {
	loc := &testLoc{}
	op := func(kind string) *Operation { return NewOperation(OpName{Dialect: "test", Op: kind}, loc, nil) }
	// in nests inner in outer, which the root holds.
	in := func(outer string, inner *Operation) *Operation {
		root := op("iso")
		o := root.AddRegion().AddBlock().Append(op(outer))
		b := o.AddRegion().AddBlock()
		b.Append(inner)
		if outer == "scf" {
			b.Append(op("yield"))
		}
		return root
	}
	for _, tc := range []struct {
		name string
		root *Operation
		want string
	}{
		{"in one parent", in("scf", op("inner")), ""},
		{"in the other", in("graph", op("inner")), ""},
		{"in another op", in("iso", op("inner")), "test.inner (region 0, block 0, op 0): expects parent op to be one of 'test.scf, test.graph', not test.iso"},
		{"in an unknown op", in("unknown", op("inner")), "expects parent op to be one of 'test.scf, test.graph', not test.unknown"},
		{"the root", op("inner"), "test.inner: expects parent op to be one of 'test.scf, test.graph', and is the root"},
	} {
		opts := VerifyOptions{Traits: quickTraits}
		err := Verify(tc.root, opts)
		if tc.want == "" {
			if err != nil || !quickVerify(tc.root, opts) {
				t.Errorf("%s: %v (fast path: %v)", tc.name, err, quickVerify(tc.root, opts))
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
		if quickVerify(tc.root, opts) {
			t.Errorf("%s: the fast path accepts it", tc.name)
		}
	}
}

// TestVerifyOneBlock checks a region that must hold exactly one block.
func TestVerifyOneBlock(t *testing.T) {
	loc := &testLoc{}
	for blocks, want := range []string{
		"test.body (region 0, block 0, op 0): region 0 holds 0 blocks, where test.body wants one",
		"",
		"region 0 holds 2 blocks, where test.body wants one",
	} {
		root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
		body := root.AddRegion().AddBlock().Append(NewOperation(OpName{Dialect: "test", Op: "body"}, loc, nil))
		r := body.AddRegion()
		for range blocks {
			r.AddBlock()
		}
		opts := VerifyOptions{Traits: quickTraits}
		err := Verify(root, opts)
		switch {
		case want == "" && (err != nil || !quickVerify(root, opts)):
			t.Errorf("%d blocks: %v (fast path: %v)", blocks, err, quickVerify(root, opts))
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%d blocks: got %v, want %q", blocks, err, want)
		case want != "" && quickVerify(root, opts):
			t.Errorf("%d blocks: the fast path accepts it", blocks)
		}
	}
}
