package linalg

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// indexingMapsSince is the release whose matmul, batch_matmul and
// batch_reduce_matmul have the indexing_maps attribute (linalg.yaml:
// since: llvm 22).
const indexingMapsSince = 22

// memoizedMaps is the discardable attribute in which older releases cache
// a named op's indexing maps once asked for them (the verifier does).
const memoizedMaps = "linalg.memoized_indexing_maps"

// defaultMaps are the results of each op's default indexing maps (C++'s
// getDefaultIndexingMaps), dimensions by position, over dims dimensions.
var defaultMaps = map[string]struct {
	dims    int
	results [][]int
}{
	"matmul":              {3, [][]int{{0, 2}, {2, 1}, {0, 1}}},
	"batch_matmul":        {4, [][]int{{0, 1, 3}, {0, 3, 2}, {0, 1, 2}}},
	"batch_reduce_matmul": {4, [][]int{{0, 1, 3}, {0, 3, 2}, {1, 2}}},
}

func defaultIndexingMaps(ctx *ir.Context, op string) (ir.Attribute, error) {
	d, ok := defaultMaps[op]
	if !ok {
		return nil, fmt.Errorf("no default indexing maps known for linalg.%s", op)
	}
	maps := make([]ir.Attribute, len(d.results))
	for i, res := range d.results {
		m := affine.Map{NumDims: d.dims}
		for _, r := range res {
			m.Results = append(m.Results, affine.Dim(r))
		}
		maps[i] = builtin.GetAffineMapAttr(ctx, m)
	}
	return builtin.GetArrayAttr(ctx, maps), nil
}

// indexingMapsRelease is the release_hook of matmul, batch_matmul and
// batch_reduce_matmul. LLVM 22 stores their indexing maps in the inherent
// indexing_maps (its parser fills in the default); 19 has only the
// default maps and caches them in linalg.memoized_indexing_maps. Maps
// other than the default cannot be written for 19.
func indexingMapsRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, indexingMapsSince) }
	if has(to) == has(from) {
		return attrs, nil
	}
	def, err := defaultIndexingMaps(ctx, op.Name().Op)
	if err != nil {
		return nil, err
	}
	if has(to) {
		maps := release.Find(attrs, memoizedMaps)
		if maps == nil {
			maps = def
		}
		return release.Set(release.Remove(attrs, memoizedMaps), "indexing_maps", maps), nil
	}
	if maps := release.Find(attrs, "indexing_maps"); maps != nil && maps != def {
		return nil, fmt.Errorf("attribute indexing_maps: %v is not the default, and LLVM %d has only the default maps", maps, to)
	}
	return release.Set(release.Remove(attrs, "indexing_maps"), memoizedMaps, def), nil
}

// mapInitArgSince is the release whose map passes the init's element to
// the mapper as its last argument (mlir-opt-22: "expects number of
// operands to match the arity of mapper").
const mapInitArgSince = 22

// mapArityRelease is the release_hook of map. Written for 22, a 19 map's
// mapper gets an argument for the init's element, which it does not use;
// written for 19, a 22 map's mapper loses it, and is refused where it
// reads it.
func mapArityRelease(_ *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, mapInitArgSince) }
	if has(from) == has(to) || op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 || op.NumOperands() == 0 {
		return attrs, nil
	}
	mapper := op.Region(0).Block(0)
	inputs := op.NumOperands() - 1
	switch {
	case has(to) && mapper.NumArgs() == inputs:
		shaped, ok := op.Operand(inputs).Type().(interface{ ElementType() ir.Type })
		if !ok {
			return nil, fmt.Errorf("the init is a %v, which has no element type for the mapper's argument %s adds", op.Operand(inputs).Type(), bytecode.ReleaseName(to))
		}
		mapper.AddArg(shaped.ElementType(), op.Loc())
	case !has(to) && mapper.NumArgs() == inputs+1:
		last := mapper.Arg(inputs)
		if reads(op, last) {
			return nil, fmt.Errorf("the mapper reads the init's element, which %s does not pass it", bytecode.ReleaseName(to))
		}
		mapper.SetArgs(mapper.Args()[:inputs:inputs])
	}
	return attrs, nil
}

// reads reports whether an op nested in op uses v (op's own operands are
// values from outside its regions).
func reads(op *ir.Operation, v *ir.Value) bool {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		found = found || slices.Contains(o.Operands(), v)
		return !found
	})
	return found
}
