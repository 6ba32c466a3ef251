package interp_test

import (
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhlotest"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

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
		data, err := mlirbc.Append(nil, ctx, vhlotest.WithOp(ctx, c.op), mlirbc.WriteOptions{Version: mlirbc.V(bc), Producer: producer})
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
