// Package vhlotest builds VHLO modules for tests: the dialect's own and
// the interpreter's, which check the same upgrades and downgrades.
package vhlotest

import (
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhloops"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// WithOp builds a func_v1 holding one op of that name with one operand, a
// result of rank 4 and a distinct string_v1 for each attribute (the
// padding of dynamic_conv_v1 as StableHLO recomputes it for v1: zeros of
// shape [2, 2] kept as one element, a splat), and a region
// ending in return_v1 for each region it has.
func WithOp(ctx *ir.Context, name string) *mlirbc.Module {
	loc := builtin.GetUnknownLoc(ctx)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	body := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	tensor := vhlo.GetRankedTensorV1Type(ctx, []int64{1, 2, 3, 4}, vhlo.GetFloatF32V1Type(ctx), nil)
	fnType := vhlo.GetTypeV1Attr(ctx, vhlo.GetFunctionV1Type(ctx, []ir.Type{tensor}, []ir.Type{tensor}))
	empty := vhlo.GetArrayV1Attr(ctx, nil)
	fn := vhloops.BuildFuncV1Op(body, loc, vhlo.GetStringV1Attr(ctx, "main"), fnType, vhlo.GetStringV1Attr(ctx, ""), empty, empty)
	block := fn.Body().AddBlock()
	arg := block.AddArg(tensor, loc)
	// As many operands, results and regions as the op takes (one where
	// it takes any number).
	schema := vhlo.Dialect.OpSchema(name, 0)
	some := func(c ir.Count) int {
		if c.Max != c.Min {
			return max(c.Min, 1)
		}
		return c.Min
	}
	results := make([]ir.Type, some(schema.Counts.Results))
	for i := range results {
		results[i] = tensor
	}
	op := ir.NewOperation(ir.OpName{Dialect: "vhlo", Op: name, Registered: true}, loc, results)
	for range some(schema.Counts.Operands) {
		op.SetOperands(append(op.Operands(), arg))
	}
	for _, p := range schema.Properties {
		v := ir.Attribute(vhlo.GetStringV1Attr(ctx, p.Name))
		if p.Name == "padding" {
			v = vhlo.GetTensorV1Attr(ctx, vhlo.GetRankedTensorV1Type(ctx, []int64{2, 2}, vhlo.GetIntegerSI64V1Type(ctx), nil), make([]byte, 8))
		}
		op.SetAttrs(append(op.Attrs(), ir.NamedAttr{Name: p.Name, Value: v}))
	}
	for range some(schema.Counts.Regions) {
		r := op.AddRegion()
		b := r.AddBlock()
		vhloops.BuildReturnV1Op(ir.NewBuilder(ctx, b), loc, nil)
	}
	ir.NewBuilder(ctx, block).Insert(op)
	ret := arg
	if op.NumResults() > 0 {
		ret = op.Result(0)
	}
	vhloops.BuildReturnV1Op(ir.NewBuilder(ctx, block), loc, []*ir.Value{ret})
	return &mlirbc.Module{Op: module.Op()}
}
