package toy_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.com/toy"
	"github.com/dialectgen/dialectgen/cli"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// toyFile writes a v6 module that uses toy (a constant whose attributes
// are properties, an add, a scope and its yield) to a file.
func toyFile(t *testing.T) (string, []byte) {
	t.Helper()
	ctx := ir.NewContext(builtin.Dialect, toy.Dialect)
	loc := builtin.GetFileLineColLoc(ctx, "toy.mlir", 1, 1)
	f32 := builtin.GetFloat32Type(ctx)
	matrix := toy.GetMatrixType(ctx, 2, 2, f32)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	scope := toy.BuildScopeOp(ir.NewBuilder(ctx, module.BodyRegion().Block(0)), loc, []ir.Type{matrix})
	b := ir.NewBuilder(ctx, scope.Body().Block(0))
	ones := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, []int64{2, 2}, f32, nil), []byte{0, 0, 0x80, 0x3f})
	c := toy.BuildConstantOp(b, loc, matrix, ones, toy.GetTileAttr(ctx, []int64{1, 2}, toy.OrderColMajor, 2, 0, 1, nil))
	toy.BuildYieldOp(b, loc, []*ir.Value{toy.BuildAddOp(b, loc, matrix, c.Result(), c.Result()).Result()})
	data, err := mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.Latest})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "toy.mlirbc")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestCLI runs mlirbc as cmd/mlirbc-toy does (cli.Main(toy.Dialect)):
// with toy added, stat decodes toy's attributes and types and convert
// writes the file back as it was; the stock mlirbc cannot re-encode it.
func TestCLI(t *testing.T) {
	path, data := toyFile(t)
	var out bytes.Buffer
	if err := cli.Run([]string{"stat", path}, &out, toy.Dialect); err != nil {
		t.Fatal(err)
	}
	lines := map[string][]string{} // by first field
	for _, line := range strings.Split(out.String(), "\n") {
		if f := strings.Fields(line); len(f) > 1 {
			lines[f[0]] = f[1:]
		}
	}
	for _, op := range []string{"toy.constant", "toy.add", "toy.scope", "toy.yield"} {
		if got := lines[op]; len(got) != 1 || got[0] != "1" {
			t.Errorf("stat counts %s %v times, want once:\n%s", op, got, out.String())
		}
	}
	f := lines["toy"] // typed, opaque text, opaque payload, undecodable
	typed := len(f) == 4 && f[0] != "0" && f[1] == "0" && f[2] == "0" && f[3] == "0"
	if !typed {
		t.Errorf("stat does not show toy's entries decoded, none opaque:\n%s", out.String())
	}
	conv := filepath.Join(t.TempDir(), "out.mlirbc")
	if err := cli.Run([]string{"convert", path, "-o", conv}, nil, toy.Dialect); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(conv); !bytes.Equal(got, data) {
		t.Errorf("convert with toy changed the file (%d bytes, was %d)", len(got), len(data))
	}
	err := cli.Run([]string{"convert", path, "-o", conv + ".stock"}, nil)
	if err == nil || !strings.Contains(err.Error(), "toy.") {
		t.Errorf("the stock mlirbc converted a file of a dialect it does not know: %v", err)
	}
	if code := cli.Exit(err, &out); code != 1 {
		t.Errorf("exit status %d for bad input, want 1", code)
	}
}
