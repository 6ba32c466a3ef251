package mlirbc

import (
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// convertRelease gives every op whose dialect converts between LLVM
// releases (bytecode.ReleaseConverter) the attributes it has at release
// to, for the length of the write; restore puts the module back as it
// was. The IR holds each op as release from wrote it.
func convertRelease(ctx *ir.Context, root *ir.Operation, from, to int) (restore func(), err error) {
	var undo []downgraded
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			u := undo[i]
			u.op.Attrs = u.attrs
			u.op.SetDictionary(u.dict)
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
		c := converters[op.Name.Dialect]
		if c == nil || !op.Name.Registered {
			return true
		}
		attrs, changed, cerr := c.ConvertOp(ctx, op, from, to)
		if cerr != nil {
			err = &wire.OpError{Op: op.Name.String(), Offset: -1, Err: cerr}
			return false
		}
		if changed {
			undo = append(undo, downgraded{op: op, name: op.Name, attrs: op.Attrs, dict: op.Dictionary()})
			op.Attrs = attrs
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
