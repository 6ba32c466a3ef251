package scf

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// reduceTerminatorSince is the oldest release the definitions describe
// whose scf.parallel body ends in scf.reduce, its reductions' operands
// and regions on that terminator (LLVM 18 made it so). LLVM 16's body ends
// in scf.yield, after one scf.reduce op of one operand and one region for
// each reduction.
const reduceTerminatorSince = 19

// parallelTerminatorRelease is the release_hook of reduce and yield: it
// names scf.parallel's terminator as the target release does. Without
// reductions the two forms are the same op of no operands under another
// name, so the terminator is renamed; with reductions they differ in
// shape, and the op is refused.
func parallelTerminatorRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	reduceEnds := func(r int) bool { return release.AtLeast(r, reduceTerminatorSince) }
	if reduceEnds(from) == reduceEnds(to) {
		return attrs, nil
	}
	switch op.Name().Op {
	case "yield":
		// 16's yield ends scf.parallel's body; elsewhere it is the yield
		// of every release.
		if !reduceEnds(from) && endsParallel(op) {
			if op.NumOperands() > 0 {
				return nil, fmt.Errorf("scf.parallel's terminator with %d operands, which %s does not have", op.NumOperands(), bytecode.ReleaseName(to))
			}
			op.SetName(nameOfReduceOp)
		}
	case "reduce":
		switch {
		case !reduceEnds(from):
			return nil, fmt.Errorf("a reduction of scf.parallel as %s writes it, which %s makes part of the terminator: not converted", bytecode.ReleaseName(from), bytecode.ReleaseName(to))
		case op.NumOperands() > 0 || op.NumRegions() > 0:
			return nil, fmt.Errorf("reductions on scf.parallel's terminator (%d), which %s writes as scf.reduce ops before an scf.yield: not converted", op.NumOperands(), bytecode.ReleaseName(to))
		}
		op.SetName(nameOfYieldOp)
	}
	return attrs, nil
}

// endsParallel reports whether op is the last op of an scf.parallel's body.
func endsParallel(op *ir.Operation) bool {
	b := op.Parent()
	if b == nil || b.NumOps() == 0 || b.Op(b.NumOps()-1) != op || b.Parent() == nil {
		return false
	}
	p := b.Parent().Parent()
	return p != nil && p.Name() == nameOfParallelOp
}
