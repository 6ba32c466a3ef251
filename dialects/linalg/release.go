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

// loopOrderSince is the oldest release the definitions describe that
// numbers the loops of the ops in loopOrders otherwise than 19.
const loopOrderSince = 22

// loopOrders gives, per named op whose loops LLVM 22 numbers otherwise
// than 19, the 22 number of each 19 loop: 19's d_i is 22's d_order[i].
// conv_3d_ncdhw_fcdhw ran n, od, oh, ow, f, kd, kh, kw, c in 19 and n, f,
// od, oh, ow, c, kd, kh, kw in 22 (mlir-opt's memoized maps of LLVM's
// named-ops test, both releases).
var loopOrders = map[string][]int{
	"conv_3d_ncdhw_fcdhw": {0, 2, 3, 4, 1, 6, 7, 8, 5},
}

// loopOrderRelease is the release_hook of the ops in loopOrders. They
// cache their indexing maps in linalg.memoized_indexing_maps, which a
// release reads in place of computing them: carried unchanged, 19's maps
// would give 22 the loops in 19's order, against 22's iterator types.
// Written for the other release, the cached maps' loops are renumbered.
func loopOrderRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	newer := func(r int) bool { return release.AtLeast(r, loopOrderSince) }
	order := loopOrders[op.Name().Op]
	cached, _ := release.Find(attrs, memoizedMaps).(*builtin.ArrayAttr)
	if newer(from) == newer(to) || order == nil || cached == nil {
		return attrs, nil
	}
	rename := order
	if newer(from) {
		rename = make([]int, len(order))
		for i, j := range order {
			rename[j] = i
		}
	}
	maps := make([]ir.Attribute, len(cached.Value()))
	for i, a := range cached.Value() {
		m, ok := a.(*builtin.AffineMapAttr)
		if !ok || m.Value().NumDims != len(rename) {
			return nil, fmt.Errorf("attribute %s: %v is not maps over %d loops", memoizedMaps, cached, len(rename))
		}
		v := m.Value()
		renamed := affine.Map{NumDims: v.NumDims, NumSymbols: v.NumSymbols}
		for _, e := range v.Results {
			renamed.Results = append(renamed.Results, renameDims(e, rename))
		}
		maps[i] = builtin.GetAffineMapAttr(ctx, renamed)
	}
	return release.Set(attrs, memoizedMaps, builtin.GetArrayAttr(ctx, maps)), nil
}

// renameDims is e with each dimension d_i made d_rename[i], in place of
// its operands (no simplification: the shape stays).
func renameDims(e *affine.Expr, rename []int) *affine.Expr {
	if e == nil {
		return nil
	}
	c := *e
	if c.Kind == affine.KindDim && c.Pos < len(rename) {
		c.Pos = rename[c.Pos]
	}
	c.LHS, c.RHS = renameDims(e.LHS, rename), renameDims(e.RHS, rename)
	return &c
}
