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
	type converted struct {
		downgraded
		segments []int32
		renamed  bool
	}
	var undo []converted
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			u := undo[i]
			u.op.SetAttrs(u.attrs)
			u.op.SetDictionary(u.dict)
			u.op.SetOperandSegments(u.segments)
			if u.renamed {
				u.op.SetName(u.name)
			}
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
		segments := op.OperandSegments()
		attrs, changed, cerr := c.ConvertOp(ctx, op, from, to)
		renamed := op.Name() != name
		if cerr != nil {
			op.SetOperandSegments(segments)
			if renamed {
				op.SetName(name)
			}
			err = &wire.OpError{Op: name.String(), Offset: -1, Err: cerr}
			return false
		}
		if changed || renamed || !slices.Equal(segments, op.OperandSegments()) {
			undo = append(undo, converted{downgraded{op: op, name: name, attrs: op.Attrs(), dict: op.Dictionary()}, segments, renamed})
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
