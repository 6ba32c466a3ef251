// Package stripdefaults leaves out of an op the attributes at the default
// its dialect populates, as a writer other than MLIR's may: the tests
// that check those defaults come back (from text, from bytecode) make
// their inputs with it.
package stripdefaults

import (
	"slices"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Strip removes from op each attribute its dialect would populate at
// release (bytecode.DefaultPopulator) with the value it holds, and
// returns their names.
func Strip(ctx *ir.Context, op *ir.Operation, release int) []string {
	p, ok := ctx.Dialect(op.Name().Dialect).(bytecode.DefaultPopulator)
	if !ok || !op.Name().Registered {
		return nil
	}
	var left []string
	attrs := slices.Clone(op.Attrs())
	for i := 0; i < len(attrs); {
		rest := slices.Delete(slices.Clone(attrs), i, i+1)
		if back, added := p.PopulateDefaults(ctx, op.Name().Op, release, rest); added && slices.Equal(back, attrs) {
			left = append(left, attrs[i].Name)
			attrs = slices.Delete(attrs, i, i+1)
			continue
		}
		i++
	}
	if len(left) > 0 {
		op.SetAttrs(attrs)
	}
	return left
}
