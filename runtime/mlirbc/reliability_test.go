package mlirbc_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The reliability suite: IR built through the API that the writer must
// refuse with a clear error (never a panic, a stack overflow or a file
// that reads back as other IR), limits that hold the same for reading and
// writing, and concurrent lazy loading.

// fixture is a module being built: builtin.module with functions in it.
type fixture struct {
	ctx *ir.Context
	loc ir.Location
	i32 ir.Type
	mod builtin.ModuleOp
}

func newFixture() *fixture {
	ctx := newContext()
	fx := &fixture{ctx: ctx, loc: builtin.GetUnknownLoc(ctx), i32: builtin.GetIntType(ctx, 32)}
	fx.mod = builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), fx.loc, nil, nil)
	return fx
}

// fn adds func.func @name() -> (results...) with an entry block.
func (fx *fixture) fn(name string, results ...ir.Type) *ir.Block {
	mb := ir.NewBuilder(fx.ctx, fx.mod.BodyRegion().Block(0))
	f := funcdialect.BuildFuncOp(mb, fx.loc, builtin.GetStringAttr(fx.ctx, name, builtin.GetNoneType(fx.ctx)),
		builtin.GetTypeAttr(fx.ctx, builtin.GetFunctionType(fx.ctx, nil, results)), nil, nil, nil, nil)
	return f.Body().AddBlock()
}

func (fx *fixture) constant(b *ir.Block, v int64) *ir.Value {
	return arith.BuildConstantOp(ir.NewBuilder(fx.ctx, b), fx.loc, fx.i32,
		builtin.GetIntegerAttr(fx.ctx, fx.i32, ir.APIntFromInt64(32, v))).Result()
}

func (fx *fixture) ret(b *ir.Block, vals ...*ir.Value) *ir.Operation {
	return funcdialect.BuildReturnOp(ir.NewBuilder(fx.ctx, b), fx.loc, vals).Op()
}

func (fx *fixture) module() *mlirbc.Module { return &mlirbc.Module{Op: fx.mod.Op()} }

// write encodes at v6 for LLVM 22, turning a panic into a test failure.
func (fx *fixture) write(t *testing.T, m *mlirbc.Module, opts mlirbc.WriteOptions) (out []byte, err error) {
	t.Helper()
	if opts.Producer == "" {
		opts = mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "MLIR22.1.8", Release: 22, Limits: opts.Limits, ElideResourceData: opts.ElideResourceData}
	}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Write panicked: %v", r)
		}
	}()
	return mlirbc.Append(nil, fx.ctx, m, opts)
}

// wantVerifyError checks that err is a *ir.VerifyError whose message holds
// every part.
func wantVerifyError(t *testing.T, err error, parts ...string) {
	t.Helper()
	var ve *ir.VerifyError
	if !errors.As(err, &ve) {
		t.Fatalf("got %v (%T), want an *ir.VerifyError", err, err)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q does not say %q", err, p)
		}
	}
}

func TestWriterRefusesOutOfScopeValues(t *testing.T) {
	t.Run("another function's value", func(t *testing.T) {
		// @b returns the constant of @a: written unchecked, mlir-opt
		// reads a file where @b returns a constant of its own.
		fx := newFixture()
		a := fx.fn("a", fx.i32)
		c := fx.constant(a, 7)
		fx.ret(a, c)
		b := fx.fn("b", fx.i32)
		fx.constant(b, 8)
		fx.ret(b, c)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "func.func @b", "func.return (region 0, block 0, op 1)", "operand 0",
			"func.func @a", "does not enclose")
	})
	t.Run("use before definition", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f", fx.i32)
		use := ir.NewOperation(ir.ParseOpName("test.use"), fx.loc, nil)
		b.Append(use)
		c := fx.constant(b, 1)
		use.SetOperands([]*ir.Value{c})
		fx.ret(b, c)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "test.use (region 0, block 0, op 0)", "operand 0", "used before it is defined")
	})
	t.Run("value of a sibling region", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f")
		op := ir.NewOperation(ir.ParseOpName("test.two_regions"), fx.loc, nil)
		ir.NewBuilder(fx.ctx, b).Insert(op)
		r0, r1 := op.AddRegion().AddBlock(), op.AddRegion().AddBlock()
		c := fx.constant(r0, 1)
		use := ir.NewOperation(ir.ParseOpName("test.use"), fx.loc, nil)
		use.SetOperands([]*ir.Value{c})
		r1.Append(use)
		fx.ret(b)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "test.two_regions (region 0, block 0, op 0) › test.use (region 1, block 0, op 0)", "does not enclose")
	})
	t.Run("value from above an isolated op", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f")
		c := fx.constant(b, 1)
		inner := builtin.BuildModuleOp(ir.NewBuilder(fx.ctx, b), fx.loc, nil, nil)
		use := ir.NewOperation(ir.ParseOpName("test.use"), fx.loc, nil)
		use.SetOperands([]*ir.Value{c})
		inner.BodyRegion().Block(0).Append(use)
		fx.ret(b)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "defined outside isolated op builtin.module")
	})
	t.Run("successor in another function", func(t *testing.T) {
		fx := newFixture()
		a := fx.fn("a")
		fx.ret(a)
		b := fx.fn("b")
		cf.BuildBrOp(ir.NewBuilder(fx.ctx, b), fx.loc, nil, a)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "cf.br", "successor 0 is a block of another region")
	})
	t.Run("value that does not dominate its use", func(t *testing.T) {
		// entry: cond_br to bb1 or bb2; bb1 defines %c, bb2 uses it.
		fx := newFixture()
		entry := fx.fn("f", fx.i32)
		body := entry.Parent()
		bb1, bb2 := body.AddBlock(), body.AddBlock()
		i1 := builtin.GetIntType(fx.ctx, 1)
		cond := arith.BuildConstantOp(ir.NewBuilder(fx.ctx, entry), fx.loc, i1, builtin.GetIntegerAttr(fx.ctx, i1, ir.APIntFromInt64(1, 1))).Result()
		cf.BuildCondBrOp(ir.NewBuilder(fx.ctx, entry), fx.loc, cond, nil, nil, nil, bb1, bb2)
		c := fx.constant(bb1, 1)
		fx.ret(bb1, c)
		fx.ret(bb2, c)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "(region 0, block 2, op 0)", "does not dominate its use")
	})
	t.Run("unreachable uses are not checked, as in MLIR", func(t *testing.T) {
		// bb2 is unreachable: MLIR's verifier skips dominance there, and
		// the value is in scope, so the file is fine.
		fx := newFixture()
		entry := fx.fn("f", fx.i32)
		bb2 := entry.Parent().AddBlock()
		c := fx.constant(entry, 1)
		fx.ret(entry, c)
		d := fx.constant(bb2, 2)
		fx.ret(bb2, d)
		if _, err := fx.write(t, fx.module(), mlirbc.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("the single block of an unknown op orders nothing, as in MLIR", func(t *testing.T) {
		for _, blocks := range []int{1, 2} {
			fx := newFixture()
			b := fx.fn("f")
			op := ir.NewOperation(ir.ParseOpName("xx.region"), fx.loc, nil)
			b.Append(op)
			fx.ret(b)
			r := op.AddRegion()
			first := r.AddBlock()
			use := ir.NewOperation(ir.ParseOpName("xx.use"), fx.loc, nil)
			first.Append(use)
			def := ir.NewOperation(ir.ParseOpName("xx.def"), fx.loc, []ir.Type{fx.i32})
			first.Append(def)
			use.SetOperands([]*ir.Value{def.Result(0)})
			if blocks == 2 {
				r.AddBlock().Append(ir.NewOperation(ir.ParseOpName("xx.end"), fx.loc, nil))
			}
			_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
			switch {
			case blocks == 1 && err != nil:
				t.Fatalf("one block: %v", err)
			case blocks == 2:
				wantVerifyError(t, err, "used before it is defined")
			}
		}
	})
	t.Run("graph regions allow uses before definitions", func(t *testing.T) {
		fx := newFixture()
		use := ir.NewOperation(ir.ParseOpName("test.use"), fx.loc, nil)
		fx.mod.BodyRegion().Block(0).Append(use)
		def := ir.NewOperation(ir.ParseOpName("test.def"), fx.loc, []ir.Type{fx.i32})
		fx.mod.BodyRegion().Block(0).Append(def)
		use.SetOperands([]*ir.Value{def.Result(0)})
		out, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		ops := m.Op.Region(0).Block(0).Ops()
		if ops[0].Operand(0) != ops[1].Result(0) {
			t.Fatal("the forward reference was read back bound to another value")
		}
	})
}

func TestWriterRefusesNil(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value)
		want   string
	}{
		{"nil operand", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { ret.SetOperands([]*ir.Value{nil}) }, "operand 0 is nil"},
		{"nil result", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { c.Op().SetResults([]*ir.Value{nil}) }, "result 0 is nil"},
		{"nil result type", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { c.SetType(nil) }, "result 0 has no type"},
		{"nil attribute value", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { c.Op().Attrs()[0].Value = nil }, `attribute "value" has no value`},
		{"nil location", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { c.Op().SetLoc(nil) }, "has no location"},
		{"nil region", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { c.Op().SetRegions([]*ir.Region{nil}) }, "region 0 is nil"},
		{"nil block", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) {
			b.Parent().SetBlocks(append(b.Parent().Blocks(), nil))
		}, "block 1 of region 0 is nil"},
		{"nil op", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { b.SetOps(append(b.Ops(), nil)) }, "op 2 of block 0 of region 0 is nil"},
		{"nil block argument type", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { b.AddArg(nil, fx.loc) }, "argument 0 of block 0 of region 0 has no type"},
		{"nil block argument", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { b.SetArgs([]*ir.Value{nil}) }, "argument 0 of block 0 of region 0 is nil"},
		{"nil successor", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) { ret.SetSuccessors([]*ir.Block{nil}) }, "successor 0 is nil"},
		{"nil element in an attribute", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) {
			ret.SetAttr("list", builtin.GetArrayAttr(fx.ctx, []ir.Attribute{nil}))
		}, "nil attribute"},
		{"nil type in a type", func(fx *fixture, b *ir.Block, ret *ir.Operation, c *ir.Value) {
			c.SetType(builtin.GetFunctionType(fx.ctx, []ir.Type{nil}, nil))
		}, "nil type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fx := newFixture()
			b := fx.fn("f", fx.i32)
			v := fx.constant(b, 1)
			ret := fx.ret(b, v)
			c.break_(fx, b, ret, v)
			_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
		})
	}
	t.Run("nil module op", func(t *testing.T) {
		fx := newFixture()
		if _, err := fx.write(t, &mlirbc.Module{}, mlirbc.WriteOptions{}); err == nil {
			t.Fatal("wrote a module without an op")
		}
	})
}

func TestWriterRefusesBadResourcesAndHeader(t *testing.T) {
	handle := ir.ResourceHandle{Dialect: "builtin", Key: "blob"}
	withBlob := func(align uint64) (*fixture, *mlirbc.Module) {
		fx := newFixture()
		b := fx.fn("f")
		tensor := builtin.GetRankedTensorType(fx.ctx, []int64{4}, fx.i32, nil)
		arith.BuildConstantOp(ir.NewBuilder(fx.ctx, b), fx.loc, tensor, builtin.GetDenseResourceElementsAttr(fx.ctx, tensor, handle))
		fx.ret(b)
		m := fx.module()
		m.Resources = map[ir.ResourceHandle]*mlirbc.Resource{handle: mlirbc.NewBlob("blob", align, make([]byte, 16))}
		return fx, m
	}
	for _, align := range []uint64{3, 12, 1 << 40} {
		fx, m := withBlob(align)
		_, err := fx.write(t, m, mlirbc.WriteOptions{})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("alignment %d", align)) {
			t.Errorf("alignment %d: got %v, want an error naming it", align, err)
		}
	}
	fx, m := withBlob(64)
	if _, err := fx.write(t, m, mlirbc.WriteOptions{}); err != nil {
		t.Fatalf("alignment 64: %v", err)
	}
	m.Resources[handle] = nil
	if _, err := fx.write(t, m, mlirbc.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "is nil") {
		t.Errorf("nil resource: got %v", err)
	}
	_, err := mlirbc.Append(nil, fx.ctx, fx.module(), mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "MLIR\x0022"})
	if err == nil || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("producer with a NUL: got %v", err)
	}
}

func TestWriterRefusesInvalidValues(t *testing.T) {
	// A DenseArrayAttr claiming three i32 in eight bytes: MLIR's verify
	// refuses it, and a reader would read a different array.
	fx := newFixture()
	b := fx.fn("f")
	fx.ret(b).SetAttr("a", builtin.GetDenseArrayAttr(fx.ctx, fx.i32, 3, make([]byte, 8)))
	_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "DenseArrayAttr: expected data size (3 elements, 4 bytes each) does not match: 8 bytes") {
		t.Fatalf("got %v", err)
	}
}

func TestWriterRefusesNonTrees(t *testing.T) {
	t.Run("region cycle", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f")
		op := ir.NewOperation(ir.ParseOpName("test.loop"), fx.loc, nil)
		ir.NewBuilder(fx.ctx, b).Insert(op)
		inner := op.AddRegion().AddBlock()
		inner.SetOps(append(inner.Ops(), op)) // op inside itself
		fx.ret(b)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "test.loop")
	})
	t.Run("module inside its own body", func(t *testing.T) {
		fx := newFixture()
		fx.mod.BodyRegion().Block(0).Append(fx.mod.Op())
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "appears twice")
	})
	t.Run("op in two blocks", func(t *testing.T) {
		fx := newFixture()
		a, b := fx.fn("a"), fx.fn("b")
		r := fx.ret(a)
		b.SetOps(append(b.Ops(), r))
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "func.func @b", "appears twice")
	})
	t.Run("result shared by two ops", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f", fx.i32)
		c1, c2 := fx.constant(b, 1), fx.constant(b, 2)
		c2.Op().Results()[0] = c1
		fx.ret(b, c1)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		wantVerifyError(t, err, "result 0 belongs to another op")
	})
	t.Run("value of another context", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f")
		other := newContext()
		op := ir.NewOperation(ir.ParseOpName("test.typed"), fx.loc, []ir.Type{builtin.GetIntType(other, 7)})
		b.Append(op)
		fx.ret(b)
		if _, err := fx.write(t, fx.module(), mlirbc.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "another ir.Context") {
			t.Fatalf("got %v, want an error about the context", err)
		}
	})
	t.Run("value of another context with the ID of one written", func(t *testing.T) {
		// IDs are per context: a foreign i-something may carry the ID
		// of this module's i32, which must not make it i32.
		fx := newFixture()
		b := fx.fn("f")
		fx.constant(b, 1)
		other := newContext()
		var foreign ir.Type
		for w := uint32(1); w < 1<<16 && (foreign == nil || foreign.ID() < fx.i32.ID()); w++ {
			foreign = builtin.GetIntType(other, w)
		}
		if foreign.ID() != fx.i32.ID() {
			t.Skipf("no type of the other context has i32's ID %d", fx.i32.ID())
		}
		b.Append(ir.NewOperation(ir.ParseOpName("test.typed"), fx.loc, []ir.Type{foreign}))
		fx.ret(b)
		if _, err := fx.write(t, fx.module(), mlirbc.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "another ir.Context") {
			t.Fatalf("got %v, want an error about the context", err)
		}
	})
}

// nestRegions nests depth ops in regions inside one function: each op has
// one region with one block holding the next op. Isolated nesting uses
// builtin.module, which is isolated from above.
func nestRegions(fx *fixture, depth int, isolated bool) {
	b := fx.fn("f")
	for range depth {
		var op *ir.Operation
		if isolated {
			op = builtin.BuildModuleOp(ir.NewBuilder(fx.ctx, b), fx.loc, nil, nil).Op()
		} else {
			op = ir.NewOperation(ir.ParseOpName("test.nest"), fx.loc, nil)
			b.Append(op)
		}
		if op.NumRegions() == 0 {
			op.AddRegion().AddBlock()
		}
		b = op.Region(0).Block(0)
	}
	fx.ret(fx.mod.BodyRegion().Block(0).Op(0).Region(0).Block(0))
}

func TestRegionDepthLimitIsSymmetric(t *testing.T) {
	limits := ir.Limits{MaxRegionDepth: 300}
	// The module's body is depth 1, the function's 2, nested ops 3 on.
	for _, isolated := range []bool{false, true} {
		fx := newFixture()
		nestRegions(fx, limits.MaxRegionDepth-2, isolated)
		out, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Limits: limits})
		if err != nil {
			t.Fatalf("isolated=%v: at the limit: %v", isolated, err)
		}
		if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{Limits: limits}); err != nil {
			t.Fatalf("isolated=%v: the reader refuses what the writer wrote: %v", isolated, err)
		}
		lower := ir.Limits{MaxRegionDepth: limits.MaxRegionDepth - 1}
		if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{Limits: lower}); !errors.Is(err, mlirbc.ErrTooDeep) {
			t.Fatalf("isolated=%v: read with a lower limit: got %v, want ErrTooDeep", isolated, err)
		}
		if _, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Limits: lower}); !errors.Is(err, ir.ErrTooDeep) {
			t.Fatalf("isolated=%v: wrote beyond the limit: %v", isolated, err)
		}
	}
}

func TestDeepIRIsAnErrorNotAStackOverflow(t *testing.T) {
	t.Run("750k nested regions", func(t *testing.T) {
		fx := newFixture()
		nestRegions(fx, 750_000, false)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		if !errors.Is(err, ir.ErrTooDeep) {
			t.Fatalf("got %v, want ErrTooDeep", err)
		}
	})
	t.Run("ArrayAttr nested 1M deep", func(t *testing.T) {
		fx := newFixture()
		b := fx.fn("f")
		var a ir.Attribute = builtin.GetUnitAttr(fx.ctx)
		for range 1_000_000 {
			a = builtin.GetArrayAttr(fx.ctx, []ir.Attribute{a})
		}
		fx.ret(b).SetAttr("deep", a)
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
		if !errors.Is(err, ir.ErrTooDeep) {
			t.Fatalf("got %v, want ErrTooDeep", err)
		}
	})
}

func TestAttrDepthLimitIsSymmetric(t *testing.T) {
	// Nested arrays of the given height, with a shared inner part reached
	// first at a shallow depth: heights, not first-reached depths, count.
	build := func(fx *fixture, height int) {
		b := fx.fn("f")
		var a ir.Attribute = builtin.GetUnitAttr(fx.ctx)
		var mid ir.Attribute
		for i := 1; i < height; i++ {
			a = builtin.GetArrayAttr(fx.ctx, []ir.Attribute{a})
			if i == height/2 {
				mid = a
			}
		}
		r := fx.ret(b)
		r.SetAttr("a_mid", mid)
		r.SetAttr("b_deep", a)
	}
	for _, limit := range []int{50, ir.DefaultMaxAttrDepth} {
		// The dictionary adds one level, the op's attribute one more.
		fx := newFixture()
		build(fx, limit-1)
		limits := ir.Limits{MaxAttrDepth: limit}
		out, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Limits: limits})
		if err != nil {
			t.Fatalf("limit %d: at the limit: %v", limit, err)
		}
		if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{Limits: limits}); err != nil {
			t.Fatalf("limit %d: the reader refuses what the writer wrote: %v", limit, err)
		}
		fx = newFixture()
		build(fx, limit)
		if _, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Limits: limits}); !errors.Is(err, ir.ErrTooDeep) {
			t.Fatalf("limit %d: beyond the limit: got %v, want ErrTooDeep", limit, err)
		}
	}
	if ir.DefaultMaxAttrDepth < 5000 {
		t.Errorf("the default attribute depth %d is below the 5000 mlir-opt-22 reads", ir.DefaultMaxAttrDepth)
	}
}

// TestNestedSectionsAreLinear writes isolated ops nested deeply: each puts
// its regions in a nested section, and copying each into its parent made
// the writer quadratic (100k levels: 27 s, 527 MB).
func TestNestedSectionsAreLinear(t *testing.T) {
	const depth = 20_000
	fx := newFixture()
	nestRegions(fx, depth, true)
	limits := ir.Limits{MaxRegionDepth: depth + 10}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Limits: limits})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// Quadratic copying allocates about depth²·(bytes per level)/2, here
	// gigabytes; linear writing a small multiple of the output.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200*uint64(len(out))+64<<20 {
		t.Errorf("writing %d bytes allocated %d bytes", len(out), alloc)
	}
	ctx := newContext()
	m, err := mlirbc.Read(ctx, out, mlirbc.ReadOptions{Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	opts := m.Options()
	opts.Limits = limits
	again, err := mlirbc.Append(nil, ctx, m, opts)
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("re-encoding differs (err %v)", err)
	}
}

// TestConcurrentMaterialize loads the functions of a lazily read module
// from several goroutines at once (run it with -race).
func TestConcurrentMaterialize(t *testing.T) {
	fx := newFixture()
	for i := range 64 {
		b := fx.fn(fmt.Sprintf("f%d", i), fx.i32)
		x := fx.constant(b, int64(i))
		y := arith.BuildAddiOp(ir.NewBuilder(fx.ctx, b), fx.loc, fx.i32, x, x, nil).Result()
		fx.ret(b, y)
	}
	want, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for round := range 4 {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, want, mlirbc.ReadOptions{Lazy: true, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Op.Materialize(); err != nil {
			t.Fatal(err)
		}
		funcs := m.Op.Region(0).Block(0).Ops()
		var wg sync.WaitGroup
		errs := make(chan error, 8*len(funcs))
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Each goroutine loads every function, in its own order.
				for i := range funcs {
					f := funcs[(i*(g+1)+round)%len(funcs)]
					if err := f.Materialize(); err != nil {
						errs <- err
						return
					}
					if n := f.Region(0).Block(0).NumOps(); n != 3 {
						errs <- fmt.Errorf("function has %d ops", n)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		got, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("round %d: re-encoding differs (err %v)", round, err)
		}
	}
}

func TestReadVerify(t *testing.T) {
	// The reader builds what a file says; Verify on the IR read, or as a
	// read option, applies the writer's checks.
	fx := newFixture()
	b := fx.fn("f", fx.i32)
	c := fx.constant(b, 1)
	use := ir.NewOperation(ir.ParseOpName("test.use"), fx.loc, nil)
	use.SetOperands([]*ir.Value{c})
	b.Append(use)
	fx.ret(b, c)
	out, err := fx.write(t, fx.module(), mlirbc.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{Verify: true}); err != nil {
		t.Fatal(err)
	}
	m, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	body := m.Op.Region(0).Block(0).Op(0).Region(0).Block(0).Ops()
	body[0], body[1] = body[1], body[0]
	err = mlirbc.Verify(newContext(), m.Op, 22, ir.Limits{})
	wantVerifyError(t, err, "test.use (region 0, block 0, op 0)", "used before it is defined")
}

func TestBlobAlignmentBoundIsShared(t *testing.T) {
	if mlirbc.MaxBlobAlignment != 1<<31 {
		t.Fatal("the writer's blob alignment bound changed without the reader's")
	}
	_ = bytecode.MaxVersion
}

// TestWriterRefusesVersionOfNoRelease: a bytecode version the target
// release cannot read is refused, naming both: LLVM 16 reads version 0
// only, 17 versions 0 to 5. The writer once wrote a v6 file for 16, which
// mlir-opt-16 refused ("bytecode version 6 is newer than the current
// version 0").
func TestWriterRefusesVersionOfNoRelease(t *testing.T) {
	for _, c := range []struct {
		release, version int
		want             string
	}{
		{16, 1, "bytecode version 1 needs LLVM 17 or newer, but the target is LLVM 16, which reads version 0 only"},
		{16, 6, "bytecode version 6 needs LLVM 18 or newer, but the target is LLVM 16, which reads version 0 only"},
		{17, 6, "bytecode version 6 needs LLVM 18 or newer, but the target is LLVM 17, which reads versions 0 to 5"},
		{16, 0, ""},
		{17, 5, ""},
		{18, 6, ""},
	} {
		fx := newFixture()
		f := fx.fn("f", fx.i32)
		fx.ret(f, fx.constant(f, 7))
		_, err := fx.write(t, fx.module(), mlirbc.WriteOptions{Version: mlirbc.V(c.version), Producer: fmt.Sprintf("MLIR%d", c.release), Release: c.release})
		var ve *wire.VersionError
		switch {
		case c.want == "" && errors.As(err, &ve):
			t.Errorf("LLVM %d, version %d: %v", c.release, c.version, err)
		case c.want != "" && (!errors.As(err, &ve) || err.Error() != c.want):
			t.Errorf("LLVM %d, version %d: %v; want %q", c.release, c.version, err, c.want)
		}
	}
}
