package mlirbc

import (
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
	for _, name := range ctx.Dialects() {
		if c, ok := ctx.Dialect(name).(bytecode.ReleaseConverter); ok {
			converters[name] = c
		}
	}
	if len(converters) == 0 {
		return restore, nil
	}
	root.Walk(func(op *ir.Operation) bool {
		name := op.Name()
		c := converters[name.Dialect]
		if c == nil || !name.Registered {
			return true
		}
		// A converter may change the op's operand segments (a group the
		// target release added); they are put back with the attributes.
		// It may also rename it: a terminator the target release names
		// otherwise (scf.parallel's, LLVM 16's scf.yield).
		// Or the arguments of its regions' blocks (linalg.map's mapper
		// takes the init's element in LLVM 22).
		u := converted{downgraded{op: op, name: name, attrs: op.Attrs(), dict: op.Dictionary()}, op.OperandSegments(), false, argsOf(op)}
		attrs, changed, cerr := c.ConvertOp(ctx, op, from, to)
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
		if changed || u.renamed || argsChanged || !slices.Equal(u.segments, op.OperandSegments()) {
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
	segments []int32
	renamed  bool
	args     []blockArgs
}

// undo puts the op back as it was.
func (u converted) undo() {
	u.op.SetAttrs(u.attrs)
	u.op.SetDictionary(u.dict)
	u.op.SetOperandSegments(u.segments)
	if u.renamed {
		u.op.SetName(u.name) // only then: the op keeps its shared name
	}
	for _, a := range u.args {
		a.block.SetArgs(a.args)
	}
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
