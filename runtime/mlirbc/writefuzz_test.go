package mlirbc_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// randomIR builds a module through the API from a byte string, the way a
// careless API user might: ops of several dialects (isolated ones, graph
// regions, SSA regions), operands and successors taken from anywhere in the
// IR built so far, including out of scope, sometimes nil.
type randomIR struct {
	data   []byte
	ctx    *ir.Context
	loc    ir.Location
	types  []ir.Type
	values []*ir.Value
	blocks []*ir.Block
	// open is the stack of blocks ops are added to, innermost last.
	open []*ir.Block
}

func (g *randomIR) next() int {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return int(b)
}

// value picks a value: mostly one that is likely in scope (defined in an
// open block), sometimes any value built so far, rarely nil.
func (g *randomIR) value() *ir.Value {
	n := g.next()
	switch {
	case n == 255:
		return nil
	case n < 192:
		// Values of the open blocks up to the nearest isolated op.
		var near []*ir.Value
		for i := len(g.open) - 1; i >= 0; i-- {
			b := g.open[i]
			near = append(near, b.Args()...)
			for _, o := range b.Ops() {
				near = append(near, o.Results()...)
			}
			if name := b.Parent().Parent().Name().String(); name == "func.func" || name == "builtin.module" {
				break
			}
		}
		if len(near) > 0 {
			return near[n%len(near)]
		}
	}
	if len(g.values) == 0 {
		return nil
	}
	return g.values[n%len(g.values)]
}

// long gives op, for one value in sixteen of k (already drawn, so that
// the modules drawn before stay the same), a constant or a string long
// enough to be handed to the writer as it is (bytecode.SpliceMin): one of
// a few, so that some are shared.
func (g *randomIR) long(op *ir.Operation, k int) {
	if k%16 != 0 {
		return
	}
	n := bytecode.SpliceMin + (k>>4)%3
	fill := make([]byte, n)
	for i := range fill {
		// Not all the same: MLIR stores a constant of one repeated
		// value as a splat.
		fill[i] = 'a' + byte((i+k)%26)
	}
	if k&32 == 0 {
		i8 := builtin.GetIntType(g.ctx, 8)
		op.SetAttr("w", builtin.GetDenseIntOrFPElementsAttr(g.ctx, builtin.GetRankedTensorType(g.ctx, []int64{int64(n)}, i8, nil), fill))
		return
	}
	op.SetAttr("s", builtin.GetStringAttr(g.ctx, string(fill), nil))
}

// successor picks a block: mostly one of the current region.
func (g *randomIR) successor() *ir.Block {
	n := g.next()
	if r := g.open[len(g.open)-1].Parent(); n < 192 && r != nil {
		return r.Block(n % r.NumBlocks())
	}
	return g.blocks[n%len(g.blocks)]
}

func (g *randomIR) build() *mlirbc.Module {
	g.loc = builtin.GetUnknownLoc(g.ctx)
	g.types = []ir.Type{builtin.GetIntType(g.ctx, 32), builtin.GetIntType(g.ctx, 1), builtin.GetIndexType(g.ctx)}
	mod := builtin.BuildModuleOp(ir.NewBuilder(g.ctx, nil), g.loc, nil, nil)
	g.open = []*ir.Block{mod.BodyRegion().Block(0)}
	g.blocks = append(g.blocks, g.open[0])
	for steps := 0; len(g.data) > 0 && steps < 200; steps++ {
		g.step()
	}
	return &mlirbc.Module{Op: mod.Op()}
}

func (g *randomIR) step() {
	cur := g.open[len(g.open)-1]
	b := ir.NewBuilder(g.ctx, cur)
	switch g.next() % 10 {
	case 0, 1: // an unregistered op with operands and results
		var results []ir.Type
		for range g.next() % 3 {
			results = append(results, g.types[g.next()%len(g.types)])
		}
		op := ir.NewOperation(ir.ParseOpName(fmt.Sprintf("fz.op%d", g.next()%3)), g.loc, results)
		for range g.next() % 3 {
			if v := g.value(); v != nil || g.next() == 0 {
				op.SetOperands(append(op.Operands(), v))
			}
		}
		if g.next()%4 == 0 {
			k := g.next()
			op.SetAttr("n", builtin.GetIntegerAttr(g.ctx, g.types[0], ir.APIntFromInt64(32, int64(k))))
			g.long(op, k)
		}
		b.Insert(op)
		g.values = append(g.values, op.Results()...)
	case 2: // arith ops, registered, with properties at v5+
		c := arith.BuildConstantOp(b, g.loc, g.types[0], builtin.GetIntegerAttr(g.ctx, g.types[0], ir.APIntFromInt64(32, int64(g.next()))))
		g.values = append(g.values, c.Result())
		if g.next()%2 == 0 {
			// arith.addi's own verifier wants one type throughout; that
			// is not the structure Write checks, so keep it valid.
			x := g.value()
			if x == nil || x.Type() != g.types[0] {
				x = c.Result()
			}
			// mlir-opt materializes the default overflow flags it reads;
			// set them so that its bytes can be compared with ours.
			none := ir.GetTextAttr(g.ctx, "arith", "#arith.overflow<none>")
			s := arith.BuildAddiOp(b, g.loc, g.types[0], x, c.Result(), none)
			g.values = append(g.values, s.Result())
		}
	case 3: // an op with regions (SSA, unregistered) that we enter
		op := ir.NewOperation(ir.ParseOpName("fz.region"), g.loc, nil)
		b.Insert(op)
		for range 1 + g.next()%2 {
			r := op.AddRegion()
			for range 1 + g.next()%2 {
				blk := r.AddBlock()
				for range g.next() % 2 {
					g.values = append(g.values, blk.AddArg(g.types[g.next()%len(g.types)], g.loc))
				}
				g.blocks = append(g.blocks, blk)
			}
		}
		g.open = append(g.open, op.Region(g.next()%op.NumRegions()).Block(0))
	case 4: // an isolated function
		fn := funcdialect.BuildFuncOp(b, g.loc, builtin.GetStringAttr(g.ctx, fmt.Sprintf("f%d", len(g.blocks)), builtin.GetNoneType(g.ctx)),
			builtin.GetTypeAttr(g.ctx, builtin.GetFunctionType(g.ctx, nil, nil)), nil, nil, nil, nil)
		blk := fn.Body().AddBlock()
		g.blocks = append(g.blocks, blk)
		g.open = append(g.open, blk)
	case 5: // a nested module: isolated, graph region
		m := builtin.BuildModuleOp(b, g.loc, nil, nil)
		g.blocks = append(g.blocks, m.BodyRegion().Block(0))
		g.open = append(g.open, m.BodyRegion().Block(0))
	case 6: // another block in the current region, entered
		blk := cur.Parent().AddBlock()
		g.blocks = append(g.blocks, blk)
		g.open[len(g.open)-1] = blk
	case 7: // a terminator-like op with successors from anywhere
		op := ir.NewOperation(ir.ParseOpName("fz.br"), g.loc, nil)
		for range 1 + g.next()%2 {
			op.SetSuccessors(append(op.Successors(), g.successor()))
		}
		b.Insert(op)
	case 8: // leave the current block
		if len(g.open) > 1 {
			g.open = g.open[:len(g.open)-1]
		}
	case 9: // an op that uses a value from an earlier op in place
		if len(g.values) > 0 {
			op := ir.NewOperation(ir.ParseOpName("fz.use"), g.loc, nil)
			op.SetOperands([]*ir.Value{g.values[g.next()%len(g.values)]})
			b.Insert(op)
		}
	}
}

// sameIR checks that b has a's shape and that every operand and successor
// is bound to the value or block at the same place.
func sameIR(a, b *ir.Operation) error {
	var opsA, opsB []*ir.Operation
	a.Walk(func(o *ir.Operation) bool { opsA = append(opsA, o); return true })
	b.Walk(func(o *ir.Operation) bool { opsB = append(opsB, o); return true })
	if len(opsA) != len(opsB) {
		return fmt.Errorf("%d ops read back as %d", len(opsA), len(opsB))
	}
	vals := map[*ir.Value]*ir.Value{}
	blocks := map[*ir.Block]*ir.Block{}
	for i, x := range opsA {
		y := opsB[i]
		if x.Name().String() != y.Name().String() || x.NumResults() != y.NumResults() || x.NumRegions() != y.NumRegions() {
			return fmt.Errorf("op %d: %s read back as %s", i, x.Name(), y.Name())
		}
		for j := range x.Results() {
			vals[x.Result(j)] = y.Result(j)
		}
		for r := range x.Regions() {
			if x.Region(r).NumBlocks() != y.Region(r).NumBlocks() {
				return fmt.Errorf("op %d region %d: block counts differ", i, r)
			}
			for k, bx := range x.Region(r).Blocks() {
				by := y.Region(r).Block(k)
				blocks[bx] = by
				if bx.NumArgs() != by.NumArgs() {
					return fmt.Errorf("op %d: block argument counts differ", i)
				}
				for j := range bx.Args() {
					vals[bx.Arg(j)] = by.Arg(j)
				}
			}
		}
	}
	for i, x := range opsA {
		y := opsB[i]
		if x.NumOperands() != y.NumOperands() || x.NumSuccessors() != y.NumSuccessors() {
			return fmt.Errorf("op %d (%s): operand or successor counts differ", i, x.Name())
		}
		for j, v := range x.Operands() {
			if vals[v] != y.Operand(j) {
				return fmt.Errorf("op %d (%s): operand %d is bound to another value", i, x.Name(), j)
			}
		}
		for j, s := range x.Successors() {
			if blocks[s] != y.Successor(j) {
				return fmt.Errorf("op %d (%s): successor %d is another block", i, x.Name(), j)
			}
		}
	}
	return nil
}

// checkRandomWrite writes the module built from data: Write must either
// refuse it with one clear line, or write a file that reads back (verified)
// as the same IR and re-encodes to the same bytes.
func checkRandomWrite(t *testing.T, data []byte) ([]byte, bool) {
	version := 6
	if len(data) > 0 {
		version = int(data[0]) % 7
		data = data[1:]
	}
	g := &randomIR{data: data, ctx: newContext()}
	m := g.build()
	opts := mlirbc.WriteOptions{Version: mlirbc.V(version), Producer: "MLIR22.1.8", Release: 22}
	var out []byte
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Write panicked: %v", r)
			}
		}()
		out, err = mlirbc.Append(nil, g.ctx, m, opts)
	}()
	if err != nil {
		var ve *ir.VerifyError
		if !errors.As(err, &ve) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("Write refused with %q (%T), not one line from the verifier", err, err)
		}
		return nil, false
	}
	// Handed to a writer in pieces (long blobs and strings from where
	// they are), the file is the same.
	var w bytes.Buffer
	if err := mlirbc.Write(&w, g.ctx, m, opts); err != nil || !bytes.Equal(w.Bytes(), out) {
		t.Fatalf("Write gave %d bytes (err %v), Append %d", w.Len(), err, len(out))
	}
	ctx := newContext()
	back, err := mlirbc.Read(ctx, out, mlirbc.ReadOptions{Verify: true})
	if err != nil {
		t.Fatalf("the file written does not read back: %v", err)
	}
	if err := sameIR(m.Op, back.Op); err != nil {
		t.Fatalf("the file reads back as other IR: %v", err)
	}
	again, err := mlirbc.Append(nil, ctx, back, back.Options())
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("re-encoding what was read differs (err %v)", err)
	}
	return out, true
}

func FuzzWriteBuilt(f *testing.F) {
	f.Add([]byte{6})
	f.Add([]byte{6, 2, 7, 2, 0, 0, 1, 2, 0, 0})
	f.Add([]byte{6, 4, 3, 1, 0, 0, 0, 1, 0, 1, 0, 9, 1, 8, 8, 9, 0})
	f.Add([]byte{5, 5, 2, 3, 2, 0, 0, 8, 0, 1, 1, 0, 1, 5})
	f.Add([]byte{1, 3, 0, 1, 1, 0, 6, 7, 0, 1, 0, 2, 9, 0})
	f.Fuzz(func(t *testing.T, data []byte) { checkRandomWrite(t, data) })
}

// TestRandomWritesVerifyInMLIROpt writes random modules built through the
// API; mlir-opt-22 must load and verify every file the writer accepts and
// write the same bytes for it.
func TestRandomWritesVerifyInMLIROpt(t *testing.T) {
	oracle.Require(t, 22)
	rng := rand.New(rand.NewPCG(1, 2))
	written := 0
	for i := 0; written < 40 && i < 8000; i++ {
		data := make([]byte, 20+rng.IntN(120))
		for j := range data {
			data[j] = byte(rng.IntN(256))
		}
		data[0] = 6
		out, ok := checkRandomWrite(t, data)
		if !ok {
			continue
		}
		written++
		got, err := oracle.RunInput(22, out, ".mlirbc", "--allow-unregistered-dialect", "--verify-each", "--emit-bytecode", "--emit-bytecode-version=6")
		if err != nil {
			t.Fatalf("module %d (%x): mlir-opt-22 rejects what the writer accepted: %v", i, data, err)
		}
		if !bytes.Equal(got, out) {
			t.Errorf("module %d (%x): mlir-opt-22 writes other bytes for our file", i, data)
		}
	}
	if written < 40 {
		t.Fatalf("only %d random modules were writable", written)
	}
}
