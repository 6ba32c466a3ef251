package interp

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Ops whose attributes differ between LLVM releases (an enum renumbered,
// a default one release populates, storage that changed, a release_hook)
// are converted by generated code (gen's release rules). The interpreter
// does not convert them: writing such an op for another release than the
// one it was read at is refused, naming the op, rather than written
// unconverted.

var _ bytecode.ReleaseConverter = (*Dialect)(nil)

// ConvertOp leaves ops as they are between releases that do not differ
// for them, and refuses the others.
func (in *Dialect) ConvertOp(_ *ir.Context, op *ir.Operation, from, to int) ([]ir.NamedAttr, bool, error) {
	if in.newest(from) == in.newest(to) || !in.releaseOps[op.Name.Op] {
		return op.Attrs, false, nil
	}
	name := func(r int) string {
		if r == 0 {
			return "the newest"
		}
		return fmt.Sprintf("LLVM %d", r)
	}
	return nil, false, fmt.Errorf("its attributes differ between %s and %s (release rules in %s's definition), which definitions loaded at run time do not convert; compile the dialect", name(from), name(to), in.d.Name)
}

// newest is release with 0 and releases from the newest the definition
// lists on read as that one.
func (in *Dialect) newest(release int) int {
	var rs []int
	if v := in.d.Versions; v != nil {
		rs = v.Releases
	}
	if len(rs) == 0 {
		return release
	}
	last := slices.Max(rs)
	if release == 0 || release >= last {
		return last
	}
	return release
}
