package mlirbc_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/nvvm/nvvmops"
	"github.com/dialectgen/dialectgen/dialects/omp/ompops"
	"github.com/dialectgen/dialectgen/dialects/tosa/tosaops"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// The accessors and builders of an op whose groups of values differ
// between releases follow the newest release's layout. omp.parallel's
// definition lists 19's num_threads_var and allocators_vars among 22's
// groups: its accessors once read 22's num_threads in 19's place (nil),
// and its builder made eight segments, which no release has. The writer
// then wrote the first six, and mlir-opt-22 refused the file ("operand
// #1 must be variadic of OpenMP-compatible variable type").
func TestAccessorsNewestLayout(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	text := "func.func @f(%c: i1, %n: i32) {\n  omp.parallel if(%c) num_threads(%n : i32) {\n    omp.terminator\n  }\n  return\n}\n"
	in, ctx, m := readNewest(t, oracle.LLVM22, text)
	read := opsNamed(m.Op, ompops.ParallelOpName)[0]
	p, _ := ompops.AsParallelOp(read)
	args := read.Parent().Args()
	if p.IfExpr() != args[0] || p.NumThreads() != args[1] || len(p.AllocateVars()) != 0 || len(p.ReductionVars()) != 0 {
		t.Fatalf("accessors of the op read: if %v, num_threads %v; want the function's arguments", p.IfExpr(), p.NumThreads())
	}

	// The same op made by the builder, in the read one's place, writes
	// the bytes mlir-opt-22 wrote.
	built := ompops.BuildParallelOp(ir.NewBuilder(ctx, nil), read.Loc(), nil, nil, []*ir.Value{args[0]}, []*ir.Value{args[1]}, nil, nil,
		nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
	if got, want := built.Op().OperandSegments(), read.OperandSegments(); !slices.Equal(got, want) {
		t.Fatalf("the builder's segments %v, the read op's %v", got, want)
	}
	built.Op().SetRegions(read.Regions())
	for _, r := range read.Regions() {
		r.SetParent(built.Op())
	}
	ops := read.Parent().Ops()
	for i, op := range ops {
		if op == read {
			ops[i] = built.Op()
			built.Op().SetParent(read.Parent())
		}
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, in) {
		t.Errorf("the module with the built op: the bytes differ from mlir-opt-22's")
	}
}

// An op read from an older release's file may have fewer values than the
// newest release gives it: its accessors return nil for the others
// instead of panicking. LLVM 19's tosa.avg_pool2d has no zero points.
func TestAccessorsOlderOp(t *testing.T) {
	op := read19Op(t, tosaops.AvgPool2dOpName, "func.func @f(%a: tensor<1x4x4x1xf32>) -> tensor<1x3x3x1xf32> {\n"+
		"  %0 = tosa.avg_pool2d %a {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>) -> tensor<1x3x3x1xf32>\n"+
		"  return %0 : tensor<1x3x3x1xf32>\n}\n")
	pool, _ := tosaops.AsAvgPool2dOp(op)
	if pool.Input() != op.Parent().Args()[0] || pool.InputZp() != nil || pool.OutputZp() != nil || pool.Output() != op.Result(0) {
		t.Errorf("accessors of 19's avg_pool2d: input %v, zero points %v and %v", pool.Input(), pool.InputZp(), pool.OutputZp())
	}
}

// TestAccessorsOlderGroups: LLVM 19's cp.async.bulk.tensor.global.shared.cta
// has no l2CacheHint group, which 22 put before the predicate. Read from a
// 19 file, its accessors find the predicate where 19 has it and no cache
// hint; they read 22's places before, and L2CacheHint returned the
// predicate.
func TestAccessorsOlderGroups(t *testing.T) {
	op := read19Op(t, nvvmops.CpAsyncBulkTensorGlobalSharedCtaOpName, "llvm.func @f(%tma: !llvm.ptr, %src: !llvm.ptr<3>, %c: i32, %p: i1) {\n"+
		"  \"nvvm.cp.async.bulk.tensor.global.shared.cta\"(%tma, %src, %c, %p) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!llvm.ptr, !llvm.ptr<3>, i32, i1) -> ()\n"+
		"  llvm.return\n}\n")
	cp, _ := nvvmops.AsCpAsyncBulkTensorGlobalSharedCtaOp(op)
	args := op.Parent().Args()
	if cp.TmaDescriptor() != args[0] || cp.SrcMem() != args[1] || len(cp.Coordinates()) != 1 || cp.Coordinates()[0] != args[2] {
		t.Errorf("19's op: descriptor %v, source %v, coordinates %v", cp.TmaDescriptor(), cp.SrcMem(), cp.Coordinates())
	}
	if cp.Predicate() != args[3] || cp.L2CacheHint() != nil {
		t.Errorf("19's op: predicate %v (want the block's fourth argument), cache hint %v (want none)", cp.Predicate(), cp.L2CacheHint())
	}
}

// TestAccessorsMovedGroups: LLVM 19's omp.task orders its operand groups
// otherwise than 22, as the definitions say (operand_order). Its
// accessors find each group where 19 has it: before, AllocateVars() gave
// 19's if operand, and then, while the definitions did not hold 19's
// order, nil for every group.
func TestAccessorsMovedGroups(t *testing.T) {
	op := read19Op(t, ompops.TaskOpName, "func.func @f(%c: i1) {\n  omp.task if(%c) {\n    omp.terminator\n  }\n  return\n}\n")
	task, _ := ompops.AsTaskOp(op)
	if op.NumOperands() != 1 {
		t.Fatalf("19's omp.task has %d operands, want its if operand", op.NumOperands())
	}
	if got := task.AllocateVars(); len(got) != 0 {
		t.Errorf("AllocateVars() of 19's omp.task: %v, want none", got)
	}
	if got := task.IfExpr(); got != op.Parent().Args()[0] {
		t.Errorf("IfExpr() of 19's omp.task: %v; want the function's argument", got)
	}
}

// TestAccessorsReorderedGroups: LLVM 19's omp.parallel has six operand
// groups, as 22's has, in another order. The sizes alone cannot tell the
// releases apart: the reader records the release on the op, and its
// accessors read 19's groups in 19's places, 22's AllocatorVars() giving
// 19's allocators_vars, which 22 renamed. Before, AllocateVars() gave 19's
// if operand.
func TestAccessorsReorderedGroups(t *testing.T) {
	op := read19Op(t, ompops.ParallelOpName, "func.func @f(%c: i1, %a: memref<i32>, %b: memref<i32>, %x: i64) {\n"+
		"  omp.parallel if(%c) allocate(%x : i64 -> %a : memref<i32>, %x : i64 -> %b : memref<i32>) {\n    omp.terminator\n  }\n  return\n}\n")
	if got := op.SegmentsRelease(); got != 19 {
		t.Fatalf("19's omp.parallel: SegmentsRelease() %d, want 19", got)
	}
	if n := len(op.OperandSegments()); n != 6 || op.NumOperands() != 5 {
		t.Fatalf("19's omp.parallel: %d operands in %d groups, want 5 in 6", op.NumOperands(), n)
	}
	args := op.Parent().Args()
	p, _ := ompops.AsParallelOp(op)
	if p.IfExpr() != args[0] || p.NumThreads() != nil {
		t.Errorf("19's omp.parallel: IfExpr() %v, NumThreads() %v; want the function's first argument, and nil", p.IfExpr(), p.NumThreads())
	}
	if got := p.AllocateVars(); !slices.Equal(got, []*ir.Value{args[1], args[2]}) {
		t.Errorf("AllocateVars() of 19's omp.parallel: %v, want the two memrefs", got)
	}
	// 19's allocators_vars, which 22 renamed.
	if got := p.AllocatorVars(); !slices.Equal(got, []*ir.Value{args[3], args[3]}) {
		t.Errorf("AllocatorVars() of 19's omp.parallel: %v, want the allocator twice", got)
	}
	for name, got := range map[string][]*ir.Value{"PrivateVars": p.PrivateVars(), "ReductionVars": p.ReductionVars()} {
		if len(got) != 0 {
			t.Errorf("%s() of 19's omp.parallel: %v, want none", name, got)
		}
	}
}

// read19Op reads text as mlir-opt-19 writes it and returns its first op
// of that name.
func read19Op(t *testing.T, name, text string) *ir.Operation {
	t.Helper()
	oracle.Require(t, oracle.LLVM19)
	_, _, m := readNewest(t, oracle.LLVM19, text)
	return opsNamed(m.Op, name)[0]
}
