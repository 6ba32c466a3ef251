package ir

import (
	"testing"
)

// testLoc is a location for IR built in tests.
type testLoc struct{ Base }

func (*testLoc) Dialect() string { return "test" }
func (*testLoc) Kind() string    { return "Loc" }
func (*testLoc) LocationAttr()   {}

// quickTraits describes the ops randomQuickIR builds.
func quickTraits(op *Operation) OpTraits {
	switch op.Name().Op {
	case "iso":
		return OpTraits{Known: true, Isolated: true, NoTerminator: true}
	case "graph":
		return OpTraits{Known: true, Graph: true, NoTerminator: true}
	case "scf":
		return OpTraits{Known: true}
	case "yield":
		return OpTraits{Known: true, Terminator: true}
	case "plain":
		return OpTraits{Known: true}
	case "table":
		return OpTraits{Known: true, SymbolTable: true, NoTerminator: true}
	case "sym":
		return OpTraits{Known: true, Symbol: true}
	case "decl":
		return OpTraits{Known: true, Symbol: true, Declaration: DeclaresWithoutBody, NoTerminator: true}
	case "binary":
		return OpTraits{Known: true, Counts: &binaryCounts}
	case "body":
		return OpTraits{Known: true, NoTerminator: true, Counts: &bodyCounts}
	case "inner":
		return OpTraits{Known: true, Parents: []string{"test.scf", "test.graph"}}
	}
	return OpTraits{}
}

// binaryCounts are the counts of an op of two operands and a result.
var binaryCounts = OpCounts{Operands: Count{2, 2}, Results: Count{1, 1}, Regions: Count{0, 0}, Successors: Count{0, -1}}

// bodyCounts are the counts of an op with one region of one block.
var bodyCounts = OpCounts{Operands: Count{0, -1}, Results: Count{0, -1}, Regions: Count{1, 1}, Successors: Count{0, 0}, OneBlock: []int{0}}

// testString stands for a builtin string attribute, which symbol names
// are.
type testString struct {
	Base
	s string
}

func (*testString) Dialect() string { return "builtin" }
func (*testString) Kind() string    { return "StringAttr" }
func (a *testString) Value() string { return a.s }

// randomQuickIR builds IR from data: ops of the kinds quickTraits knows
// and unknown ones, with operands picked from all values built so far
// (in scope or not, sometimes the op's own results), extra blocks,
// successors, ops moved or shared, and broken links.
func randomQuickIR(data []byte) *Operation {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
	top := root.AddRegion().AddBlock()
	open := []*Block{top}
	var values []*Value
	var ops []*Operation
	var blocks []*Block
	for steps := 0; len(data) > 0 && steps < 200; steps++ {
		b := open[len(open)-1]
		switch c := next(); {
		case c < 150:
			name := []string{"plain", "plain", "yield", "unknown", "scf", "iso", "graph", "table", "sym", "decl", "binary", "inner", "body"}[c%13]
			op := NewOperation(OpName{Dialect: "test", Op: name}, loc, []Type{ty})
			k := next()
			if k%4 == 0 {
				// A symbol name, sometimes one of another kind.
				var v Attribute = &testString{s: []string{"f", "g"}[k/4%2]}
				if k%32 == 0 {
					v = GetTextAttr(ctx, "test", "f")
				}
				op.SetAttr("sym_name", v)
				if k%8 == 0 {
					op.SetAttr("sym_visibility", &testString{s: "private"})
				}
			}
			for range next() % 3 {
				k := next()
				switch {
				case k == 255:
					op.SetOperands(append(op.Operands(), nil))
				case len(values) > 0:
					op.SetOperands(append(op.Operands(), values[len(values)-1-k%len(values)]))
				}
			}
			if next()%8 == 0 && len(blocks) > 0 {
				op.SetSuccessors(append(op.Successors(), blocks[next()%len(blocks)]))
			}
			b.Append(op)
			ops = append(ops, op)
			if name == "decl" && k%3 == 0 {
				op.AddRegion() // a declaration: no body
			}
			if name == "scf" || name == "iso" || name == "graph" || name == "table" || name == "sym" || name == "body" || name == "decl" && k%3 != 0 {
				inner := op.AddRegion().AddBlock()
				blocks = append(blocks, inner)
				if next()%2 == 0 {
					values = append(values, inner.AddArg(ty, loc))
				}
				open = append(open, inner)
			}
			values = append(values, op.Results()...)
			if next()%8 == 0 {
				// The op uses its own result.
				op.SetOperands(append(op.Operands(), op.Result(0)))
			}
		case c < 200:
			if len(open) > 1 {
				open = open[:len(open)-1]
			}
		case c < 215:
			nb := b.Parent().AddBlock()
			blocks = append(blocks, nb)
			open[len(open)-1] = nb
		case c < 225 && len(ops) > 0:
			// An op in two places.
			b.SetOps(append(b.Ops(), ops[next()%len(ops)]))
		case c < 235 && len(ops) > 0:
			ops[next()%len(ops)].SetLoc(nil)
		case c < 245 && len(ops) > 0:
			op := ops[next()%len(ops)]
			op.SetAttrs(append(op.Attrs(), NamedAttr{Name: []string{"a", "b", ""}[next()%3], Value: GetTextAttr(ctx, "test", "x")}))
		case c < 250 && b.NumOps() > 1:
			// Swap two ops: a use before its definition.
			i := next() % b.NumOps()
			b.Ops()[0], b.Ops()[i] = b.Ops()[i], b.Ops()[0]
		case len(values) > 0:
			values[next()%len(values)].index++
		}
	}
	return root
}

// quickVerify may answer true only where the full check passes.
func checkQuick(t *testing.T, data []byte) {
	for _, lim := range []Limits{{}, {MaxRegionDepth: 3}} {
		opts := VerifyOptions{Limits: lim, Traits: quickTraits}
		root := randomQuickIR(data)
		if quickVerify(root, opts) {
			if err := verifyFull(root, opts); err != nil {
				t.Fatalf("the fast path accepts IR the full check refuses: %v", err)
			}
		}
	}
}

func FuzzQuickVerify(f *testing.F) {
	f.Add([]byte{0, 0, 0, 3, 4, 1, 0, 0, 3, 150})
	f.Add([]byte{5, 1, 0, 1, 0, 0, 1, 9, 200, 3, 2, 0, 0})
	f.Add([]byte{6, 0, 1, 1, 0, 4, 0, 1, 200, 1, 1, 0, 0, 2})
	f.Fuzz(checkQuick)
}

// TestQuickVerifyCommonShape checks that straight-line IR nested in
// isolated and structured ops takes the fast path, and that what it
// accepts the full check accepts too.
func TestQuickVerifyCommonShape(t *testing.T) {
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
	body := root.AddRegion().AddBlock()
	fn := body.Append(NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil))
	entry := fn.AddRegion().AddBlock()
	arg := entry.AddArg(ty, loc)
	prev := arg
	for i := range 50 {
		op := NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty})
		op.SetOperands([]*Value{prev, arg})
		if i == 25 {
			op = NewOperation(OpName{Dialect: "test", Op: "scf"}, loc, []Type{ty})
			op.SetOperands([]*Value{prev})
			inner := op.AddRegion().AddBlock()
			use := inner.Append(NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty}))
			use.SetOperands([]*Value{prev, arg})
			y := inner.Append(NewOperation(OpName{Dialect: "test", Op: "yield"}, loc, nil))
			y.SetOperands([]*Value{use.Result(0)})
		}
		entry.Append(op)
		prev = op.Result(0)
	}
	ret := entry.Append(NewOperation(OpName{Dialect: "test", Op: "yield"}, loc, nil))
	ret.SetOperands([]*Value{prev})
	opts := VerifyOptions{Traits: quickTraits}
	if !quickVerify(root, opts) {
		t.Fatal("the fast path refuses straight-line IR")
	}
	if err := verifyFull(root, opts); err != nil {
		t.Fatal(err)
	}
	// A use before the definition, and one outside the isolated op, leave
	// the fast path; the full check refuses both.
	first := entry.Op(0)
	first.Operands()[0] = entry.Op(1).Result(0)
	if quickVerify(root, opts) || Verify(root, opts) == nil {
		t.Fatal("a use before its definition passed")
	}
	first.Operands()[0] = arg
	outer := body.Append(NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty}))
	body.SetOps([]*Operation{outer, fn})
	first.Operands()[1] = outer.Result(0)
	if quickVerify(root, opts) || Verify(root, opts) == nil {
		t.Fatal("a use across an isolated op passed")
	}
}
