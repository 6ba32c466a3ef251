package omp

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// groupOrderSince is the release whose order of operand groups the
// definitions keep: LLVM 19 orders those of parallel, task, target and
// their kin otherwise (omp.yaml notes which).
const groupOrderSince = 22

// reorderedGroupsRelease is the release_hook the importer gives ops whose
// operand groups LLVM 19 and 22 order differently. Operands travel in
// their groups' order, with the groups' sizes, so one written for the
// other release as read would hand its operands to other groups
// (omp.parallel's num_threads became an allocator): an op with operands is
// refused, one without converts as it is.
func reorderedGroupsRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	newer := func(r int) bool { return release.AtLeast(r, groupOrderSince) }
	if newer(from) == newer(to) || op.NumOperands() == 0 {
		return attrs, nil
	}
	return nil, fmt.Errorf("%s orders its operand groups otherwise than %s, and this writer does not reorder them (%d operands)", bytecode.ReleaseName(to), bytecode.ReleaseName(from), op.NumOperands())
}
