package cudatile

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// A module as cuda-tile-translate shows it: cuda_tile.module @kernels
// holding a cuda_tile.global per global and a cuda_tile.entry per kernel
// (cuda_tile.testing$func for other functions), as upstream's bytecode
// reader builds it (BytecodeReader.cpp: the module is always named
// kernels).

// TestingFuncOp is cuda_tile.testing$func, a function that is not a
// kernel: an op of cuda-tile's testing build (TILE_IR_INCLUDE_TESTS), on
// the wire a function without the entry bit. It prints and parses as
// entry does, with results.
type TestingFuncOp struct{ EntryOp }

// Info describes the op (it has no opcode: the function table holds it).
func (*TestingFuncOp) Info() *tileir.OpInfo { return &testingFuncInfo }

// String prints the op on one line.
func (o *TestingFuncOp) String() string { return tileir.FormatOp(o) }

var testingFuncInfo = tileir.OpInfo{
	Name:           "cuda_tile.testing$func",
	Since:          tileir.V13_1,
	Regions:        1,
	DefaultDialect: "cuda_tile",
	Isolated:       true,
	New:            func() tileir.Op { return new(TestingFuncOp) },
}

// extraTextOps are the ops only the text form has.
func extraTextOps() []*tileir.OpInfo { return []*tileir.OpInfo{&testingFuncInfo} }

// moduleOps returns the cuda_tile.module that prints m. The functions'
// bodies are m's (not copied).
func moduleOps(m *tileir.Module) tileir.Op {
	mod := &ModuleOp{SymName: "kernels"}
	if m.HasProducer || m.Producer != "" {
		s := m.Producer
		mod.Producer = &s
	}
	body := &tileir.Block{}
	for _, g := range m.Globals {
		vis := SymbolVisibilityPublic
		if g.Private {
			vis = SymbolVisibilityPrivate
		}
		body.Ops = append(body.Ops, &GlobalOp{SymName: g.Name, Value: tileir.Dense{Type: g.Type, Data: g.Data},
			Alignment: g.Alignment, Constant: g.Constant, SymbolVisibility: vis})
	}
	for _, f := range m.Funcs {
		e := EntryOp{SymName: f.Name, FunctionType: f.Type}
		if h, ok := f.Hints.(*OptimizationHintsAttr); ok {
			e.OptimizationHints = h
		}
		e.Loc = f.Loc
		e.Regions = []*tileir.Region{{Blocks: []*tileir.Block{{Args: f.Params, Ops: f.Body}}}}
		if f.Kernel {
			body.Ops = append(body.Ops, &e)
		} else {
			body.Ops = append(body.Ops, &TestingFuncOp{e})
		}
	}
	mod.Regions = []*tileir.Region{{Blocks: []*tileir.Block{body}}}
	return mod
}

// opsModule turns a cuda_tile.module back into a module (what upstream's
// writer takes from it).
func opsModule(op tileir.Op) (*tileir.Module, error) {
	mod, ok := op.(*ModuleOp)
	if !ok {
		return nil, fmt.Errorf("expected a cuda_tile.module, got %s", op.Info().Name)
	}
	m := &tileir.Module{}
	if mod.Producer != nil {
		m.Producer, m.HasProducer = *mod.Producer, true
	}
	for _, r := range mod.Regions {
		for _, b := range r.Blocks {
			for _, x := range b.Ops {
				switch x := x.(type) {
				case *GlobalOp:
					m.Globals = append(m.Globals, &tileir.Global{Name: x.SymName, Type: x.Value.Type, Data: x.Value.Data,
						Alignment: x.Alignment, Private: x.SymbolVisibility == SymbolVisibilityPrivate, Constant: x.Constant})
				case *EntryOp:
					m.Funcs = append(m.Funcs, function(x, true))
				case *TestingFuncOp:
					m.Funcs = append(m.Funcs, function(&x.EntryOp, false))
				default:
					return nil, fmt.Errorf("'%s' cannot be in a cuda_tile.module (only globals and functions)", x.Info().Name)
				}
			}
		}
	}
	return m, nil
}

func function(e *EntryOp, kernel bool) *tileir.Function {
	f := &tileir.Function{Name: e.SymName, Type: e.FunctionType, Kernel: kernel, Loc: e.Loc}
	if e.OptimizationHints != nil {
		f.Hints = e.OptimizationHints
	}
	if len(e.Regions) > 0 && len(e.Regions[0].Blocks) > 0 {
		b := e.Regions[0].Blocks[0]
		f.Params, f.Body = b.Args, b.Ops
	}
	return f
}
