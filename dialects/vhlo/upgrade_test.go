package vhlo_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhlotest"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// pairs are VHLO's op_v1 -> op_v2 upgrades, with the last version that
// has op_v1.
var pairs = []struct{ v1, last string }{
	{"dynamic_conv_v1", "0.19.0"},
	{"gather_v1", "1.0.0"}, {"dynamic_gather_v1", "1.0.0"}, {"scatter_v1", "1.0.0"},
	{"all_gather_v1", "1.4.0"}, {"all_reduce_v1", "1.4.0"}, {"all_to_all_v1", "1.4.0"},
	{"dot_general_v1", "1.5.0"},
	{"exponential_v1", "1.8.0"},
	{"cbrt_v1", "1.9.0"}, {"cosine_v1", "1.9.0"}, {"exponential_minus_one_v1", "1.9.0"}, {"log_v1", "1.9.0"},
	{"log_plus_one_v1", "1.9.0"}, {"logistic_v1", "1.9.0"}, {"rsqrt_v1", "1.9.0"}, {"sine_v1", "1.9.0"},
	{"sqrt_v1", "1.9.0"}, {"tan_v1", "1.9.0"}, {"tanh_v1", "1.9.0"},
	{"send_v1", "1.11.0"}, {"recv_v1", "1.11.0"},
	{"composite_v1", "1.13.0"},
	{"custom_call_v1", "1.17.0"},
	{"collective_broadcast_v1", "1.19.0"},
}

// withOp is vhlotest.WithOp.
var withOp = vhlotest.WithOp

func opNames(m *mlirbc.Module) string {
	var names []string
	m.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().Dialect == "vhlo" && op.Name().Op != "func_v1" && op.Name().Op != "return_v1" {
			names = append(names, op.Name().Op)
		}
		return true
	})
	return strings.Join(names, " ")
}

func write(ctx *ir.Context, m *mlirbc.Module, v bytecode.DialectVersion) ([]byte, error) {
	producer, bc, err := vhlo.Dialect.FileFor(v)
	if err != nil {
		return nil, err
	}
	return mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(bc), Producer: producer})
}

// TestUpgradeDowngrade: an artifact of the last version with each op_v1
// reads as op_v2 with its new attributes at their defaults, writes back
// as it was read byte for byte, and, written at 1.20.0 and read again,
// writes at the old version as the original file.
func TestUpgradeDowngrade(t *testing.T) {
	for _, p := range pairs {
		v2 := strings.TrimSuffix(p.v1, "_v1") + "_v2"
		last, _ := vhlo.ParseVersion(p.last)
		ctx := newContext()
		orig, err := write(ctx, withOp(ctx, p.v1), last)
		if err != nil {
			t.Fatalf("%s at %s: %v", p.v1, p.last, err)
		}
		ctx2 := newContext()
		m, err := mlirbc.Read(ctx2, orig, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Fatalf("%s at %s: %v", p.v1, p.last, err)
		}
		if got := opNames(m); got != v2 {
			t.Errorf("%s at %s read as %s", p.v1, p.last, got)
		}
		if again, err := mlirbc.Append(nil, ctx2, m, m.Options()); err != nil || !bytes.Equal(again, orig) {
			t.Errorf("%s at %s written as read: %v\n got % x\nwant % x", p.v1, p.last, err, again, orig)
		}
		current, err := write(ctx2, m, nil)
		if err != nil {
			t.Fatalf("%s at 1.20.0: %v", v2, err)
		}
		ctx3 := newContext()
		m3, err := mlirbc.Read(ctx3, current, mlirbc.ReadOptions{Verify: true})
		if err != nil || opNames(m3) != v2 {
			t.Fatalf("%s at 1.20.0 read back: %v %s", v2, err, opNames(m3))
		}
		back, err := write(ctx3, m3, last)
		if err != nil || !bytes.Equal(back, orig) {
			t.Errorf("%s downgraded to %s: %v\n got % x\nwant % x", v2, p.last, err, back, orig)
		}
		// At the last version with op_v1, files name it so, and have no
		// op_v2.
		if s := vhlo.Dialect.OpSchemaAt(p.v1, 0, last); s == nil || s.Name != "vhlo."+p.v1 {
			t.Errorf("%s's schema at %s: %+v", p.v1, p.last, s)
		}
		if s := vhlo.Dialect.OpSchemaAt(v2, 0, last); s != nil {
			t.Errorf("%s has a schema at %s: %+v", v2, p.last, s)
		}
	}
}

// TestDowngradeRefused: what the older op cannot hold is refused, naming
// the op, the version that added what it holds and the target.
func TestDowngradeRefused(t *testing.T) {
	ctx := newContext()
	at := func(s string) bytecode.DialectVersion { v, _ := vhlo.ParseVersion(s); return v }
	cases := []struct {
		build  func(m *mlirbc.Module, op *ir.Operation)
		op, to string
		want   string
	}{
		{func(m *mlirbc.Module, op *ir.Operation) {
			op.SetAttr("operand_batching_dims", vhlo.GetTensorV1Attr(ctx, vhlo.GetRankedTensorV1Type(ctx, []int64{1}, vhlo.GetIntegerSI64V1Type(ctx), nil), make([]byte, 8)))
		}, "gather_v1", "1.0.0", "attribute operand_batching_dims of vhlo.gather_v2 was added in vhlo 1.1.0; the target is vhlo 1.0.0"},
		{func(m *mlirbc.Module, op *ir.Operation) { op.SetOperands(append(op.Operands(), op.Operand(0))) }, "all_gather_v1", "1.4.0", "all_gather_v1, which the target has instead, takes one operand, not 2"},
		{func(m *mlirbc.Module, op *ir.Operation) {}, "tan_v1", "1.3.0", "op vhlo.tan_v2 (vhlo.tan_v1 there) was added in vhlo 1.4.0; the target is vhlo 1.3.0"},
		{func(m *mlirbc.Module, op *ir.Operation) {
			op.SetAttr("backend_config", vhlo.GetDictionaryV1Attr(ctx, nil))
		}, "custom_call_v1", "1.2.0", "a dictionary backend_config needs vhlo 1.3.0"},
		{func(m *mlirbc.Module, op *ir.Operation) {}, "collective_broadcast_v1", "0.15.0", "(vhlo.collective_broadcast_v1 there) was added in vhlo 0.16.0"},
	}
	last := map[string]string{}
	for _, p := range pairs {
		last[p.v1] = p.last
	}
	for _, c := range cases {
		m := withOp(ctx, c.op)
		ctx2 := newContext()
		// Written where the op is op_v1, read as op_v2.
		data, err := write(ctx, m, at(last[c.op]))
		if err == nil {
			var m2 *mlirbc.Module
			if m2, err = mlirbc.Read(ctx2, data, mlirbc.ReadOptions{}); err == nil {
				var target *ir.Operation
				m2.Op.Walk(func(op *ir.Operation) bool {
					if strings.HasSuffix(op.Name().Op, "_v2") {
						target = op
					}
					return true
				})
				c.build(m2, target)
				_, err = write(ctx2, m2, at(c.to))
			}
		}
		var verr *bytecode.DialectVersionError
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s to %s: %v\nwant …%s", c.op, c.to, err, c.want)
		} else if strings.Contains(c.want, "was added") && !errors.As(err, &verr) {
			t.Errorf("%s to %s: %T, want a *bytecode.DialectVersionError", c.op, c.to, err)
		}
	}
}
