package ir

import (
	"math/rand/v2"
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
	case "yield", "br":
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

// TestQuickVerifyCFG: regions of several blocks take the fast path when
// every use is dominated, and the fast path agrees with the full check on
// random CFGs: it accepts nothing the full check refuses, and all it
// accepts when every block is reachable.
func TestQuickVerifyCFG(t *testing.T) {
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	opts := VerifyOptions{Traits: quickTraits}
	rng := rand.New(rand.NewPCG(7, 8))
	agreed, fast := 0, 0
	for round := range 3000 {
		n := 2 + rng.IntN(8)
		root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
		fn := root.AddRegion().AddBlock().Append(NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil))
		r := fn.AddRegion()
		blocks := make([]*Block, n)
		for i := range blocks {
			blocks[i] = r.AddBlock()
		}
		arg := blocks[0].AddArg(ty, loc)
		defs := make([][]*Value, n) // values defined in each block
		for i, b := range blocks {
			if i > 0 && rng.IntN(3) == 0 {
				defs[i] = append(defs[i], b.AddArg(ty, loc))
			}
			for range rng.IntN(3) {
				op := NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty})
				// A value of the entry block, or of any block so far.
				src := arg
				if k := rng.IntN(i + 1); len(defs[k]) > 0 && rng.IntN(2) == 0 {
					src = defs[k][rng.IntN(len(defs[k]))]
				}
				op.SetOperands([]*Value{src})
				if rng.IntN(4) == 0 {
					// The use inside a region of an op.
					op = NewOperation(OpName{Dialect: "test", Op: "scf"}, loc, []Type{ty})
					inner := op.AddRegion().AddBlock()
					use := inner.Append(NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty}))
					use.SetOperands([]*Value{src})
					inner.Append(NewOperation(OpName{Dialect: "test", Op: "yield"}, loc, nil))
				}
				b.Append(op)
				defs[i] = append(defs[i], op.Result(0))
			}
			br := NewOperation(OpName{Dialect: "test", Op: "br"}, loc, nil)
			var to []*Block
			for range rng.IntN(3) {
				to = append(to, blocks[1+rng.IntN(n-1)])
			}
			if i+1 < n && rng.IntN(4) != 0 {
				to = append(to, blocks[i+1]) // mostly a chain: most blocks reachable
			}
			br.SetSuccessors(to)
			b.Append(br)
		}
		quick := quickVerify(root, opts)
		err := verifyFull(root, opts)
		if quick && err != nil {
			t.Fatalf("round %d: the fast path accepts a CFG the full check refuses: %v", round, err)
		}
		if quick {
			fast++
		}
		// With every block reachable, the two must agree.
		reach := reachableBlocks(blocks)
		if reach == n {
			if quick != (err == nil) {
				t.Fatalf("round %d: fast path %v, full check %v, all blocks reachable", round, quick, err)
			}
			agreed++
		}
	}
	t.Logf("%d CFGs took the fast path; %d, all reachable, were checked for agreement", fast, agreed)
	if fast < 300 || agreed < 1000 {
		t.Errorf("only %d CFGs took the fast path and %d were checked for agreement", fast, agreed)
	}
}

// TestQuickVerifyLongChain: a chain of blocks, each using a value of the
// one before and the entry's argument, takes the fast path however long.
func TestQuickVerifyLongChain(t *testing.T) {
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
	fn := root.AddRegion().AddBlock().Append(NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil))
	r := fn.AddRegion()
	const n = 5000
	blocks := make([]*Block, n)
	for i := range blocks {
		blocks[i] = r.AddBlock()
	}
	arg := blocks[0].AddArg(ty, loc)
	prev := arg
	for i, b := range blocks {
		op := b.Append(NewOperation(OpName{Dialect: "test", Op: "plain"}, loc, []Type{ty}))
		op.SetOperands([]*Value{prev, arg})
		prev = op.Result(0)
		br := b.Append(NewOperation(OpName{Dialect: "test", Op: "br"}, loc, nil))
		if i+1 < n {
			br.SetSuccessors([]*Block{blocks[i+1]})
		}
	}
	opts := VerifyOptions{Traits: quickTraits}
	if !quickVerify(root, opts) {
		t.Fatal("the fast path refuses a chain of blocks")
	}
	// The last block's value used in the entry block: not dominated.
	blocks[0].Op(0).SetOperands([]*Value{prev, arg})
	if quickVerify(root, opts) || Verify(root, opts) == nil {
		t.Fatal("a use not dominated by its definition passed")
	}
}

// reachableBlocks counts the blocks reachable from the first.
func reachableBlocks(blocks []*Block) int {
	seen := map[*Block]bool{blocks[0]: true}
	for stack := []*Block{blocks[0]}; len(stack) > 0; {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Op(b.NumOps() - 1).Successors() {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return len(seen)
}

// TestTraitsOnceAName: both checks ask VerifyOptions.Traits once for the
// ops that share a name (as a reader's do), not once an op.
func TestTraitsOnceAName(t *testing.T) {
	ctx := NewContext()
	ty := GetTextType(ctx, "test", "i32")
	loc := &testLoc{}
	plain, br := SharedName(OpName{Dialect: "test", Op: "plain"}), SharedName(OpName{Dialect: "test", Op: "br"})
	root := NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)
	r := root.AddRegion().AddBlock().Append(NewOperation(OpName{Dialect: "test", Op: "iso"}, loc, nil)).AddRegion()
	b0, b1 := r.AddBlock(), r.AddBlock()
	for _, b := range []*Block{b0, b1} {
		for range 100 {
			b.Append(NewNamedOperation(plain, loc, []Type{ty}))
		}
		b.Append(NewNamedOperation(br, loc, nil))
	}
	b0.Op(b0.NumOps() - 1).SetSuccessors([]*Block{b1})
	for _, check := range []struct {
		name string
		run  func(VerifyOptions) bool
	}{
		{"fast", func(o VerifyOptions) bool { return quickVerify(root, o) }},
		{"full", func(o VerifyOptions) bool { return verifyFull(root, o) == nil }},
	} {
		asked := map[string]int{}
		opts := VerifyOptions{Traits: func(op *Operation) OpTraits { asked[op.Name().Op]++; return quickTraits(op) }}
		if !check.run(opts) {
			t.Fatalf("%s: the IR is refused", check.name)
		}
		if asked["plain"] != 1 || asked["br"] != 1 {
			t.Errorf("%s: traits asked %v times a name, want once", check.name, asked)
		}
	}
}
