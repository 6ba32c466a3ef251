package omp

import (
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// clauseNamesSince is the release whose omp ops name their clause
// attributes as the clause-based rewrite did (omp.yaml: since: llvm 22).
const clauseNamesSince = 22

// clauseNames gives, per op, the attributes the clause-based rewrite
// renamed without changing what they hold: 22's name, then 19's
// (mlir-opt-19 and -22 give the same value under each).
var clauseNames = map[string][][2]string{
	"atomic.read":        {{"hint", "hint_val"}, {"memory_order", "memory_order_val"}},
	"atomic.write":       {{"hint", "hint_val"}, {"memory_order", "memory_order_val"}},
	"atomic.capture":     {{"hint", "hint_val"}, {"memory_order", "memory_order_val"}},
	"critical.declare":   {{"hint", "hint_val"}},
	"cancel":             {{"cancel_directive", "cancellation_construct_type_val"}},
	"cancellation_point": {{"cancel_directive", "cancellation_construct_type_val"}},
	"single":             {{"copyprivate_syms", "copyprivate_funcs"}},
}

// clauseNamesRelease is the release_hook of the ops in clauseNames: each
// renamed attribute gets the target's name.
func clauseNamesRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, clauseNamesSince) }
	if has(from) == has(to) {
		return attrs, nil
	}
	for _, names := range clauseNames[op.Name().Op] {
		now, old := names[0], names[1]
		if !has(to) {
			now, old = old, now
		}
		if v := release.Find(attrs, old); v != nil {
			attrs = release.Set(release.Remove(attrs, old), now, v)
		}
	}
	return attrs, nil
}
