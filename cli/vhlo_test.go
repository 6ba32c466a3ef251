package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/vhlo/vhloops"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// vhloArtifact writes a StableHLO 1.20.0 portable artifact: a func_v1
// whose tan_v2 (result_accuracy at its default) feeds add_v1.
func vhloArtifact(t *testing.T, path string) []byte {
	ctx := all.NewContext()
	loc := builtin.GetUnknownLoc(ctx)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	body := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	tensor := vhlo.GetRankedTensorV1Type(ctx, []int64{2}, vhlo.GetFloatF32V1Type(ctx), nil)
	fnType := vhlo.GetTypeV1Attr(ctx, vhlo.GetFunctionV1Type(ctx, []ir.Type{tensor}, []ir.Type{tensor}))
	empty := vhlo.GetArrayV1Attr(ctx, nil)
	fn := vhloops.BuildFuncV1Op(body, loc, vhlo.GetStringV1Attr(ctx, "main"), fnType, vhlo.GetStringV1Attr(ctx, ""), empty, empty)
	block := fn.Body().AddBlock()
	arg := block.AddArg(tensor, loc)
	b := ir.NewBuilder(ctx, block)
	accuracy := vhlo.GetResultAccuracyV1Attr(ctx, 0, 0, 0, vhlo.GetResultAccuracyModeV1Attr(ctx, vhlo.ResultAccuracyModeV1Default))
	tan := vhloops.BuildTanV2Op(b, loc, tensor, arg, accuracy)
	sum := vhloops.BuildAddV1Op(b, loc, tensor, tan.Result(), arg)
	vhloops.BuildReturnV1Op(b, loc, []*ir.Value{sum.Result()})
	data, err := mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "StableHLO_v1.20.0"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return data
}

func TestConvertVHLO(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.mlirbc")
	orig := vhloArtifact(t, a)
	b, c, d := filepath.Join(dir, "b.mlirbc"), filepath.Join(dir, "c.mlirbc"), filepath.Join(dir, "d.mlirbc")
	if err := Run([]string{"convert", "--target", "vhlo=1.9.0", a, "-o", b}, nil); err != nil {
		t.Fatal(err)
	}
	// The file names tan_v1; stat shows the ops as read, upgraded.
	var out bytes.Buffer
	if err := Run([]string{"stat", b}, &out); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "dialects at older versions: vhlo 1.9.0 (ops below upgraded)") || !strings.Contains(s, "vhlo.tan_v2") {
		t.Errorf("stat at 1.9.0:\n%s", s)
	}
	bb, _ := os.ReadFile(b)
	if !bytes.Contains(bb, []byte("StableHLO_v1.9.0\x00")) || !bytes.Contains(bb, []byte("tan_v1\x00")) || bytes.Contains(bb, []byte("tan_v2")) {
		t.Errorf("at 1.9.0: %q", bb)
	}
	if err := Run([]string{"convert", b, "-o", c}, nil); err != nil {
		t.Fatal(err)
	}
	if cc, _ := os.ReadFile(c); !bytes.Equal(bb, cc) {
		t.Error("the 1.9.0 artifact converted as read changed")
	}
	if err := Run([]string{"convert", "--target", "vhlo=1.20.0", b, "-o", d}, nil); err != nil {
		t.Fatal(err)
	}
	if dd, _ := os.ReadFile(d); !bytes.Equal(dd, orig) {
		t.Error("upgraded back to 1.20.0, the artifact is not the original")
	}
	err := Run([]string{"convert", "--target", "vhlo=1.3.0", a, "-o", filepath.Join(dir, "e.mlirbc")}, nil)
	if err == nil || !strings.Contains(err.Error(), "op vhlo.tan_v2 (vhlo.tan_v1 there) was added in vhlo 1.4.0; the target is vhlo 1.3.0") {
		t.Errorf("--target vhlo=1.3.0: %v", err)
	}
	err = Run([]string{"convert", "--target", "vhlo=1.21.0", a, "-o", filepath.Join(dir, "e.mlirbc")}, nil)
	if err == nil || !strings.Contains(err.Error(), "newer than 1.20.0") {
		t.Errorf("--target vhlo=1.21.0: %v", err)
	}
}
