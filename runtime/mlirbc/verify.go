package mlirbc

import (
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Verify checks m's IR as Write does before writing it (see ir.Verify),
// with the traits the context's dialects give for the release (0: the
// newest): which ops are isolated from above and which have graph regions.
// Regions a lazy reader deferred are loaded.
func Verify(ctx *ir.Context, op *ir.Operation, release int, limits ir.Limits) error {
	return ir.Verify(op, ir.VerifyOptions{Limits: limits, Traits: traitsOf(ctx, release), Materialize: true})
}

// traitsOf looks up ops' traits in their dialects' schemas, as the writer
// does. Ops without a schema (of dialects we have no definitions for) are
// what MLIR makes of an op it does not know: SSA regions, not isolated.
func traitsOf(ctx *ir.Context, release int) func(*ir.Operation) ir.OpTraits {
	cache := map[ir.OpName]ir.OpTraits{}
	var last ir.OpName
	var lastTraits ir.OpTraits
	haveLast := false
	return func(op *ir.Operation) ir.OpTraits {
		name := op.Name()
		if haveLast && name == last {
			return lastTraits
		}
		t, ok := cache[name]
		if !ok {
			if s := lookupSchema(ctx, name, release, nil); s != nil {
				t = ir.OpTraits{Known: true, Isolated: s.Isolated, Graph: s.GraphRegions, Terminator: s.Terminator, NoTerminator: s.NoTerminator,
					Symbol: s.Symbol, SymbolTable: s.SymbolTable, Declaration: s.Declaration,
					Counts: s.Counts, Parents: s.Parents}
			}
			cache[name] = t
		}
		last, lastTraits, haveLast = name, t, true
		return t
	}
}

// check verifies what the reader built, below the depth it sits at.
func (rd *reader) check(op *ir.Operation) error {
	limits := ir.Limits{MaxRegionDepth: max(rd.maxDepth-rd.depth, 1), MaxAttrDepth: 1}
	return ir.Verify(op, ir.VerifyOptions{Limits: limits, Traits: traitsOf(rd.ctx, rd.release)})
}
