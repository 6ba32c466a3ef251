package vhlo_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhloops"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// artifact builds a small portable artifact: a func_v1 adding its argument
// to a constant_v1 and returning the sum.
func artifact(ctx *ir.Context) *mlirbc.Module {
	loc := builtin.GetUnknownLoc(ctx)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	body := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	f32 := vhlo.GetFloatF32V1Type(ctx)
	tensor := vhlo.GetRankedTensorV1Type(ctx, []int64{2}, f32, nil)
	fnType := vhlo.GetTypeV1Attr(ctx, vhlo.GetFunctionV1Type(ctx, []ir.Type{tensor}, []ir.Type{tensor}))
	empty := vhlo.GetArrayV1Attr(ctx, nil)
	fn := vhloops.BuildFuncV1Op(body, loc, vhlo.GetStringV1Attr(ctx, "main"), fnType, vhlo.GetStringV1Attr(ctx, ""), empty, empty)
	block := fn.Body().AddBlock()
	arg := block.AddArg(tensor, loc)
	b := ir.NewBuilder(ctx, block)
	c := vhloops.BuildConstantV1Op(b, loc, tensor, vhlo.GetTensorV1Attr(ctx, tensor, []byte{0, 0, 128, 63, 0, 0, 0, 64}))
	sum := vhloops.BuildAddV1Op(b, loc, tensor, arg, c.Output())
	vhloops.BuildReturnV1Op(b, loc, []*ir.Value{sum.Result()})
	return &mlirbc.Module{Op: module.Op()}
}

func writeArtifact(t *testing.T, ctx *ir.Context, m *mlirbc.Module, v bytecode.DialectVersion) []byte {
	t.Helper()
	bc, err := vhlo.BytecodeVersion(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(bc), Producer: vhlo.Producer(v)})
	if err != nil {
		t.Fatalf("StableHLO %s: %v", v, err)
	}
	return out
}

// TestArtifactRoundTrip writes an artifact for a release of each bytecode
// version StableHLO uses, reads it and writes it as read: the same bytes.
func TestArtifactRoundTrip(t *testing.T) {
	for _, s := range []string{"0.9.0", "0.10.0", "0.12.0", "0.14.0", "0.15.0", "1.0.0", "1.20.0"} {
		v, _ := vhlo.ParseVersion(s)
		ctx := newContext()
		data := writeArtifact(t, ctx, artifact(ctx), v)
		ctx2 := newContext()
		m, err := mlirbc.Read(ctx2, data, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Fatalf("StableHLO %s: %v", s, err)
		}
		if m.Producer != "StableHLO_v"+s {
			t.Errorf("producer %q", m.Producer)
		}
		again, err := mlirbc.Append(nil, ctx2, m, m.Options())
		if err != nil || !bytes.Equal(again, data) {
			t.Errorf("StableHLO %s written as read: %v\n got % x\nwant % x", s, err, again, data)
		}
		var names []string
		m.Op.Walk(func(op *ir.Operation) bool {
			names = append(names, op.Name().String())
			return true
		})
		if got := strings.Join(names, " "); got != "builtin.module vhlo.func_v1 vhlo.constant_v1 vhlo.add_v1 vhlo.return_v1" {
			t.Errorf("StableHLO %s: ops %s", s, got)
		}
	}
}

// TestNewerRefused: an op VHLO does not have, flagged registered, and a
// producer newer than the current version are refused, naming them, and
// nothing is written for a newer version.
func TestNewerRefused(t *testing.T) {
	ctx := newContext()
	if _, err := mlirbc.Append(nil, ctx, artifact(ctx), mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.21.0"}); err == nil || !strings.Contains(err.Error(), "the newest version of vhlo known here is 1.20.0") {
		t.Errorf("written for 1.21.0: %v", err)
	}
	data := writeArtifact(t, ctx, artifact(ctx), vhlo.CurrentVersion)
	unknown := bytes.Replace(data, []byte("add_v1\x00"), []byte("add_v9\x00"), 1)
	if _, err := mlirbc.Read(newContext(), unknown, mlirbc.ReadOptions{}); err == nil || !strings.Contains(err.Error(), "vhlo.add_v9 is not one") {
		t.Errorf("vhlo.add_v9: %v", err)
	}
	for producer, want := range map[string]string{
		"StableHLO_v1.21.0": "the file has dialect vhlo at version 1.21.0; the newest version of vhlo known here is 1.20.0",
		"StableHLO_v2.0.0":  "the file has dialect vhlo at version 2.0.0",
		"StableHLO_v1.x":    `the vhlo version "1.x"`,
		"StableHLO_v0.8.0":  "the file has dialect vhlo at version 0.8.0; the oldest version of vhlo known here is 0.9.0",
	} {
		// Sections follow each other without offsets: the producer may
		// change length.
		out := bytes.Replace(data, []byte("StableHLO_v1.20.0\x00"), []byte(producer+"\x00"), 1)
		if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", producer, err)
		}
	}
}

// TestTypeTooNew: a type newer than the target is refused, naming it.
func TestTypeTooNew(t *testing.T) {
	ctx := newContext()
	m := artifact(ctx)
	m.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().Op == "func_v1" {
			op.Region(0).Block(0).Arg(0).SetType(vhlo.GetRankedTensorV1Type(ctx, []int64{2}, vhlo.GetFloatTF32V1Type(ctx), nil))
		}
		return true
	})
	_, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.5.0"})
	if err == nil || !strings.Contains(err.Error(), "vhlo FloatTF32V1Type needs vhlo 1.6.0 or newer, but the target is the newest LLVM release, bytecode version 6, vhlo 1.5.0") {
		t.Errorf("tf32 at 1.5.0: %v", err)
	}
	if _, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.6.0"}); err != nil {
		t.Errorf("tf32 at 1.6.0: %v", err)
	}
}
