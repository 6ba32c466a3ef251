package mlirbc

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// convertRelease gives every op whose dialect converts between LLVM
// releases (bytecode.ReleaseConverter) the attributes it has at release
// to, for the length of the write; restore puts the module back as it
// was. The IR holds each op as release from wrote it.
func convertRelease(ctx *ir.Context, root *ir.Operation, from, to int) (restore func(), err error) {
	var undo []converted
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i].undo()
		}
	}
	if from == to {
		return restore, nil
	}
	converters := map[string]bytecode.ReleaseConverter{}
	namers := map[string]bytecode.OpNames{}
	for _, name := range ctx.Dialects() {
		if c, ok := ctx.Dialect(name).(bytecode.ReleaseConverter); ok {
			converters[name] = c
		}
		if c, ok := ctx.Dialect(name).(bytecode.OpNames); ok {
			namers[name] = c
		}
	}
	if len(converters) == 0 && len(namers) == 0 {
		return restore, nil
	}
	// made holds the ops a hook made in a block it restructured: they are
	// in the target's form already, and what they hold was walked.
	var made map[*ir.Operation]bool
	root.Walk(func(op *ir.Operation) bool {
		if made[op] {
			return false
		}
		name := op.Name()
		c := converters[name.Dialect]
		if !name.Registered {
			return true
		}
		// An op the releases name otherwise (LLVM 16's arith.maxf, 19's
		// maximumf) is converted under the definitions' name, and takes
		// the target's for the write.
		var defName, toName string
		if n := namers[name.Dialect]; n != nil {
			defName, _ = n.OpNameAt(name.Op, 0)
			toName, _ = n.OpNameAt(name.Op, to)
		}
		rename := func(to string) {
			if to != "" && to != op.Name().Op {
				n := name
				n.Op = to
				op.SetName(n)
			}
		}
		if c == nil && (toName == "" || toName == name.Op) {
			return true
		}
		// A converter may change the op's operand segments (a group the
		// target release added); they are put back with the attributes.
		// It may also rename it: a terminator the target release names
		// otherwise (scf.parallel's, LLVM 16's scf.yield).
		// Or the arguments of its regions' blocks (linalg.map's mapper
		// takes the init's element in LLVM 22).
		u := converted{downgraded{op: op, name: name, attrs: op.Attrs(), dict: op.Dictionary()}, op.OperandSegments(), op.ResultSegments(), op.SegmentsRelease(), nil, false, argsOf(op), nil}
		// Or the ops of the block holding it, in a new list (scf.parallel's
		// reductions: ops before 16's terminator, on 19's).
		parent := op.Parent()
		var siblings []*ir.Operation
		if parent != nil {
			siblings = parent.Ops()
		}
		rename(defName)
		attrs, changed, cerr := op.Attrs(), false, error(nil)
		if c != nil {
			attrs, changed, cerr = c.ConvertOp(ctx, op, from, to)
		}
		if defName != "" && op.Name().Op == defName {
			rename(toName)
		}
		if parent != nil && !sameList(parent.Ops(), siblings) {
			u.ops = append(u.ops, blockOps{parent, siblings})
			had := make(map[*ir.Operation]bool, len(siblings))
			for _, o := range siblings {
				had[o] = true
			}
			for _, o := range parent.Ops() {
				if !had[o] {
					if made == nil {
						made = map[*ir.Operation]bool{}
					}
					made[o] = true
				}
			}
		}
		// The schemas matter only to an op with segment sizes or regions.
		segmented := op.OperandSegments() != nil || op.ResultSegments() != nil
		if cerr == nil && (segmented || op.NumRegions() > 0) {
			fromSchema, toSchema := lookupSchema(ctx, name, from, nil), lookupSchema(ctx, op.Name(), to, nil)
			if segmented {
				u.operands, cerr = convertSegments(op, fromSchema, toSchema, from, to)
			}
			if cerr == nil && op.NumRegions() > 0 {
				u.ops = append(u.ops, terminators(ctx, op, fromSchema, toSchema, from)...)
			}
		}
		u.renamed = op.Name() != name
		argsChanged := slices.ContainsFunc(u.args, blockArgs.changed)
		if cerr != nil {
			u.undo()
			err = &wire.OpError{Op: name.String(), Offset: -1, Err: cerr}
			return false
		}
		if !argsChanged {
			u.args = nil
		}
		if changed || u.renamed || argsChanged || len(u.ops) > 0 || !slices.Equal(u.segments, op.OperandSegments()) || !slices.Equal(u.resultSegments, op.ResultSegments()) || u.segmentsRelease != op.SegmentsRelease() || u.operands != nil {
			undo = append(undo, u)
			op.SetAttrs(attrs)
			op.SetDictionary(nil)
		}
		return true
	})
	if err != nil {
		restore()
		return func() {}, err
	}
	return restore, nil
}

// converted is an op as it was before a release conversion changed it.
type converted struct {
	downgraded
	segments, resultSegments []int32
	segmentsRelease          int
	// operands are the op's operands where a conversion moved them
	// (groups the releases order otherwise), nil otherwise.
	operands []*ir.Value
	renamed  bool
	args     []blockArgs
	ops      []blockOps
}

// undo puts the op back as it was.
func (u converted) undo() {
	u.op.SetAttrs(u.attrs)
	u.op.SetDictionary(u.dict)
	u.op.SetOperandSegments(u.segments)
	u.op.SetResultSegments(u.resultSegments)
	u.op.SetSegmentsRelease(u.segmentsRelease)
	if u.operands != nil {
		u.op.SetOperands(u.operands)
	}
	if u.renamed {
		u.op.SetName(u.name) // only then: the op keeps its shared name
	}
	for _, a := range u.args {
		a.block.SetArgs(a.args)
	}
	// Latest first: a block may have changed twice. Each op is given back
	// its block and its regions, which a hook may have moved to an op it
	// made.
	for i := len(u.ops) - 1; i >= 0; i-- {
		b := u.ops[i]
		b.block.SetOps(b.ops)
		for _, o := range b.ops {
			o.SetParent(b.block)
			for _, r := range o.Regions() {
				if r != nil {
					r.SetParent(o)
				}
			}
		}
	}
}

// sameList reports whether a and b are one list: the same elements in the
// same array. A hook that changes a block's ops gives it a new list.
func sameList(a, b []*ir.Operation) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// blockOps is a block's op list as it was before a conversion.
type blockOps struct {
	block *ir.Block
	ops   []*ir.Operation
}

// terminators adds or drops the terminators op's single-block regions
// end with where the releases differ, for the length of the write; the
// blocks it changed are returned with their ops as they were.
//   - The op that parsers end them with (SingleBlockImplicitTerminator)
//     in one release and nothing in the other: LLVM 22's gpu.module holds
//     no gpu.module_end, which 19's ends with. An added one has op's
//     location, as a parser gives it.
//   - A terminator of no values where the target's op takes none
//     (NoTerminator) and the source's needed one: LLVM 19's omp.wsloop,
//     omp.simd and the other loop wrappers end with omp.terminator, 22's
//     hold their loop nest alone. It carries nothing, so dropping it
//     loses nothing; the other way, which terminator to add is not
//     known, and the writer's check refuses the op.
func terminators(ctx *ir.Context, op *ir.Operation, from, to *bytecode.OpSchema, release int) []blockOps {
	if from == nil || to == nil || from.Implicit == to.Implicit && (from.NoTerminator || !to.NoTerminator) {
		return nil
	}
	var changed []blockOps
	dialect := op.Name().Dialect
	var added *ir.OpName
	for _, r := range op.Regions() {
		if r == nil || r.NumBlocks() != 1 {
			continue
		}
		b := r.Block(0)
		ops := b.Ops()
		var end *ir.Operation
		if len(ops) > 0 {
			end = ops[len(ops)-1]
		}
		named := func(name string) bool {
			return name != "" && end != nil && end.Name() == ir.OpName{Dialect: dialect, Op: name, Registered: true}
		}
		bare := func() bool {
			if end == nil || end.NumOperands() > 0 || end.NumResults() > 0 || end.NumRegions() > 0 || end.NumSuccessors() > 0 {
				return false
			}
			s := lookupSchema(ctx, end.Name(), release, nil)
			return s != nil && s.Terminator
		}
		switch {
		case to.Implicit == "" && to.NoTerminator && (named(from.Implicit) || !from.NoTerminator && from.Implicit == "" && bare()):
			changed = append(changed, blockOps{b, ops})
			b.SetOps(ops[: len(ops)-1 : len(ops)-1])
		case from.Implicit == "" && to.Implicit != "" && !named(to.Implicit):
			if added == nil {
				added = &ir.OpName{Dialect: dialect, Op: to.Implicit, Registered: true}
			}
			t := ir.NewNamedOperation(added, op.Loc(), nil)
			t.SetParent(b)
			changed = append(changed, blockOps{b, ops})
			b.SetOps(append(slices.Clip(ops), t))
		}
	}
	return changed
}

// blockArgs is a block's argument list as it was before a conversion.
type blockArgs struct {
	block *ir.Block
	args  []*ir.Value
}

// changed reports whether the block's arguments are no longer a.args.
func (a blockArgs) changed() bool {
	now := a.block.Args()
	return len(now) != len(a.args) || len(now) > 0 && &now[0] != &a.args[0]
}

// argsOf returns the argument lists of the blocks of op's regions.
func argsOf(op *ir.Operation) []blockArgs {
	var out []blockArgs
	for _, r := range op.Regions() {
		if r == nil {
			continue
		}
		for _, b := range r.Blocks() {
			if b != nil {
				out = append(out, blockArgs{b, b.Args()})
			}
		}
	}
	return out
}

// convertSegments lays op's segment sizes out as release to does, by the
// places of its groups (bytecode.SegmentsFor), where the releases' groups
// differ: 22 added nvvm.cp.async.bulk.tensor.global.shared.cta's
// l2CacheHint before its predicate, which kept its size in 19's place
// and became the cache hint. Where the releases order the groups
// otherwise (19's omp.parallel), the operands move with their groups, and
// the operands as they were are returned for the undo. Sizes a release
// hook has laid out already (their count is to's) are left as they are.
func convertSegments(op *ir.Operation, from, to *bytecode.OpSchema, fromRelease, release int) (moved []*ir.Value, err error) {
	if from == nil || to == nil {
		return nil, nil
	}
	if from.UnknownGroups || to.UnknownGroups {
		unknown := release
		if from.UnknownGroups {
			unknown = fromRelease
		}
		return nil, fmt.Errorf("%s splits the op's values into segment groups otherwise than the definitions describe (the op was regrouped after it), so its segment sizes are not converted to or from it", bytecode.ReleaseName(unknown))
	}
	convert := func(what string, sizes []int32, fromSeg, toSeg bool, fromIDs []int, fromN int, toIDs []int, toN int, set func([]int32)) ([]int, error) {
		if !fromSeg || !toSeg || sizes == nil || len(sizes) != fromN || fromN == toN && slices.Equal(fromIDs, toIDs) {
			return nil, nil
		}
		out, order, err := bytecode.SegmentsFor(sizes, fromIDs, fromN, toIDs, toN)
		if err != nil {
			var missing *bytecode.MissingGroupError
			if errors.As(err, &missing) {
				return nil, fmt.Errorf("%s group %d of its definition (counting from 0) holds %s, and %s has no such group", what, missing.Group, plural(missing.Values, "value"), bytecode.ReleaseName(release))
			}
			return nil, err
		}
		set(out)
		return order, nil
	}
	order, err := convert("operand", op.OperandSegments(), from.OperandSegments, to.OperandSegments, from.OperandIDs, from.OperandGroups, to.OperandIDs, to.OperandGroups, op.SetOperandSegments)
	if err != nil {
		return nil, err
	}
	if order != nil {
		moved = op.Operands()
		operands := make([]*ir.Value, len(order))
		for i, j := range order {
			operands[i] = moved[j]
		}
		op.SetOperands(operands)
	}
	order, err = convert("result", op.ResultSegments(), from.ResultSegments, to.ResultSegments, from.ResultIDs, from.ResultGroups, to.ResultIDs, to.ResultGroups, op.SetResultSegments)
	if err == nil && order != nil {
		// Results are numbered by their place: moving them would change
		// what every use refers to. No op of the definitions does it.
		err = fmt.Errorf("%s orders the op's result groups otherwise, and this writer does not move results", bytecode.ReleaseName(release))
	}
	return moved, err
}

// plural is "1 value" or "n values".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
