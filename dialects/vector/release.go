package vector

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// staticPositionSince is the oldest release the definitions describe whose
// extract and insert hold static_position (a DenseI64ArrayAttr, kDynamic
// where an operand gives the index); LLVM 16 holds position, an
// I64ArrayAttr of constants.
const staticPositionSince = 19

// positionRelease is the release_hook of extract and insert: it moves the
// position between 16's position and 19's static_position. A position
// with dynamic indices, which 16 cannot say, is refused.
func positionRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	static := func(r int) bool { return release.AtLeast(r, staticPositionSince) }
	if static(from) == static(to) {
		return attrs, nil
	}
	if static(to) {
		a := release.Find(attrs, "position")
		v, ok := release.IntsOf(a, release.ArrayI64)
		if !ok {
			return nil, fmt.Errorf("attribute position: %v is not an I64ArrayAttr", a)
		}
		return release.Set(release.Remove(attrs, "position"), "static_position", release.DenseI64Array(ctx, v)), nil
	}
	a := release.Find(attrs, "static_position")
	v, ok := release.DenseI64Values(a)
	if !ok {
		return nil, fmt.Errorf("attribute static_position: %v is not a DenseI64ArrayAttr", a)
	}
	for _, x := range v {
		if x == builtin.Dynamic {
			return nil, fmt.Errorf("a dynamic position (%v), which %s cannot say (its positions are constants)", a, bytecode.ReleaseName(to))
		}
	}
	return release.Set(release.Remove(attrs, "static_position"), "position", release.I64Array(ctx, v)), nil
}
