package scf

import (
	"fmt"
	"slices"

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
// gives scf.parallel's body the end the target release writes. Without
// reductions, the terminator is renamed: the two forms are the same op of
// no operands under another name. With them, 16's reduce ops (one operand
// and one region each, in the body) become the operands and regions of
// 19's terminator, in their order, and back: the hook of the terminator
// gives the body a new list of ops (which the writer undoes after the
// write), and the ops it makes take the location of the op they stand
// for (19's terminator that of 16's first reduce).
func parallelTerminatorRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	reduceEnds := func(r int) bool { return release.AtLeast(r, reduceTerminatorSince) }
	if reduceEnds(from) == reduceEnds(to) {
		return attrs, nil
	}
	switch op.Name().Op {
	case "yield":
		// 16's yield ends scf.parallel's body; elsewhere it is the yield
		// of every release.
		if reduceEnds(from) || !endsParallel(op) {
			return attrs, nil
		}
		if op.NumOperands() > 0 {
			return nil, fmt.Errorf("scf.parallel's terminator with %d operands, which %s does not have", op.NumOperands(), bytecode.ReleaseName(to))
		}
		return attrs, mergeReductions(op)
	case "reduce":
		switch {
		case !reduceEnds(from):
			// 16's reduction: the body's yield gathers them (above).
			if !inParallel(op) || op.NumOperands() != 1 || op.NumRegions() != 1 {
				return nil, fmt.Errorf("a reduction of %d operands and %d regions outside scf.parallel's body, which %s does not have", op.NumOperands(), op.NumRegions(), bytecode.ReleaseName(to))
			}
		case !endsParallel(op):
			return nil, fmt.Errorf("scf.reduce that does not end scf.parallel's body, which %s does not have", bytecode.ReleaseName(to))
		case op.NumOperands() != op.NumRegions():
			return nil, fmt.Errorf("scf.reduce of %d operands and %d regions, which %s cannot split into reductions", op.NumOperands(), op.NumRegions(), bytecode.ReleaseName(to))
		case op.NumOperands() == 0:
			op.SetName(nameOfYieldOp)
		default:
			splitReductions(op)
		}
	}
	return attrs, nil
}

// mergeReductions ends yield's block, 16's scf.parallel body, with 19's
// terminator: one scf.reduce of the operands and regions of the body's
// reduce ops, in their order, which it takes out of the body with the
// yield. Without reduce ops, the yield is renamed.
func mergeReductions(yield *ir.Operation) error {
	b := yield.Parent()
	var reductions []*ir.Operation
	for _, o := range b.Ops() {
		if o != nil && o.Name() == nameOfReduceOp {
			reductions = append(reductions, o)
		}
	}
	if len(reductions) == 0 {
		yield.SetName(nameOfReduceOp)
		return nil
	}
	end := ir.NewNamedOperation(&nameOfReduceOp, reductions[0].Loc(), nil)
	operands := make([]*ir.Value, len(reductions))
	regions := make([]*ir.Region, len(reductions))
	for i, r := range reductions {
		if r.NumOperands() != 1 || r.NumRegions() != 1 {
			return fmt.Errorf("a reduction of %d operands and %d regions in scf.parallel's body; LLVM 16's have one of each", r.NumOperands(), r.NumRegions())
		}
		operands[i], regions[i] = r.Operand(0), r.Region(0)
	}
	end.SetOperands(operands)
	end.SetRegions(regions)
	for _, r := range regions {
		r.SetParent(end)
	}
	ops := make([]*ir.Operation, 0, b.NumOps()-len(reductions))
	for _, o := range b.Ops() {
		if o != yield && (o == nil || o.Name() != nameOfReduceOp) {
			ops = append(ops, o)
		}
	}
	end.SetParent(b)
	b.SetOps(append(ops, end))
	return nil
}

// splitReductions ends end's block, 19's scf.parallel body, as 16 does:
// a reduce op of each of end's operands and regions, in their order, then
// a yield, all at end's location.
func splitReductions(end *ir.Operation) {
	b := end.Parent()
	ops := slices.Clone(b.Ops()[:b.NumOps()-1])
	for i, v := range end.Operands() {
		r := ir.NewNamedOperation(&nameOfReduceOp, end.Loc(), nil)
		r.SetOperands([]*ir.Value{v})
		region := end.Region(i)
		r.SetRegions([]*ir.Region{region})
		region.SetParent(r)
		r.SetParent(b)
		ops = append(ops, r)
	}
	yield := ir.NewNamedOperation(&nameOfYieldOp, end.Loc(), nil)
	yield.SetParent(b)
	b.SetOps(append(ops, yield))
}

// inParallel reports whether op is in an scf.parallel's body.
func inParallel(op *ir.Operation) bool {
	b := op.Parent()
	if b == nil || b.Parent() == nil {
		return false
	}
	p := b.Parent().Parent()
	return p != nil && p.Name() == nameOfParallelOp
}

// endsParallel reports whether op is the last op of an scf.parallel's body.
func endsParallel(op *ir.Operation) bool {
	b := op.Parent()
	return b != nil && b.NumOps() > 0 && b.Op(b.NumOps()-1) == op && inParallel(op)
}
