package interp_test

import (
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhloops"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// vhloModule is a func_v1 whose body applies one op (its attributes each
// a distinct string_v1, a region where the op has one) to its argument.
func vhloModule(ctx *ir.Context, name string) *mlirbc.Module {
	loc := builtin.GetUnknownLoc(ctx)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	tensor := vhlo.GetRankedTensorV1Type(ctx, []int64{1, 2, 3, 4}, vhlo.GetFloatF32V1Type(ctx), nil)
	fnType := vhlo.GetTypeV1Attr(ctx, vhlo.GetFunctionV1Type(ctx, []ir.Type{tensor}, []ir.Type{tensor}))
	empty := vhlo.GetArrayV1Attr(ctx, nil)
	fn := vhloops.BuildFuncV1Op(ir.NewBuilder(ctx, module.BodyRegion().Blocks[0]), loc, vhlo.GetStringV1Attr(ctx, "main"), fnType, vhlo.GetStringV1Attr(ctx, ""), empty, empty)
	block := fn.Body().AddBlock()
	arg := block.AddArg(tensor, loc)
	op := ir.NewOperation(ir.OpName{Dialect: "vhlo", Op: name, Registered: true}, loc, []ir.Type{tensor})
	op.Operands = []*ir.Value{arg}
	for _, p := range vhlo.Dialect.OpSchema(name, 0).Properties {
		v := ir.Attribute(vhlo.GetStringV1Attr(ctx, p.Name))
		if p.Name == "padding" {
			v = vhlo.GetTensorV1Attr(ctx, vhlo.GetRankedTensorV1Type(ctx, []int64{2, 2}, vhlo.GetIntegerSI64V1Type(ctx), nil), make([]byte, 32))
		}
		op.Attrs = append(op.Attrs, ir.NamedAttr{Name: p.Name, Value: v})
	}
	if name == "scatter_v1" || name == "all_reduce_v1" {
		vhloops.BuildReturnV1Op(ir.NewBuilder(ctx, op.AddRegion().AddBlock()), loc, nil)
	}
	ir.NewBuilder(ctx, block).Insert(op)
	vhloops.BuildReturnV1Op(ir.NewBuilder(ctx, block), loc, []*ir.Value{op.Results[0]})
	return &mlirbc.Module{Op: module.Op()}
}

// TestVHLO interprets vhlo.yaml, whose versions are in the producer
// string and whose upgrades, downgrades and some defaults are
// hand-written: files of older versions holding ops VHLO later replaced
// read (upgraded), write back as read (downgraded) and print as the
// generated dialect does them.
func TestVHLO(t *testing.T) {
	in, err := interp.Load("../dialects/vhlo/vhlo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := in.Registered().(bytecode.ProducerVersioned); !ok {
		t.Fatalf("vhlo registers as %T, not a ProducerVersioned dialect", in.Registered())
	}
	compiled := slices.Clip(all.Dialects)
	values := 0
	for _, c := range []struct{ op, last string }{
		{"add_v1", "0.9.0"}, {"add_v1", "1.20.0"},
		{"dynamic_conv_v1", "0.19.0"}, {"gather_v1", "1.0.0"}, {"all_reduce_v1", "1.4.0"},
		{"dot_general_v1", "1.5.0"}, {"send_v1", "1.11.0"}, {"custom_call_v1", "1.17.0"},
		{"collective_broadcast_v1", "1.19.0"},
	} {
		v, _ := vhlo.ParseVersion(c.last)
		ctx := ir.NewContext(compiled...)
		producer, bc, err := vhlo.Dialect.FileFor(v)
		if err != nil {
			t.Fatal(err)
		}
		data, err := mlirbc.Append(nil, ctx, vhloModule(ctx, c.op), mlirbc.WriteOptions{Version: mlirbc.V(bc), Producer: producer})
		if err != nil {
			t.Fatalf("%s at %s: %v", c.op, c.last, err)
		}
		n, err := interptest.Compare(data, compiled, in)
		if err != nil {
			t.Errorf("%s at %s: %v", c.op, c.last, err)
		}
		values += n
	}
	if values == 0 {
		t.Error("no vhlo values compared")
	}
}
