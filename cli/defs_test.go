package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type namedDialect string

func (d namedDialect) Name() string { return string(d) }

// TestDefsRefusesHooks: --defs of a definition with a hand-written hook
// fails naming it at file:line:col, and says so when the dialect is
// compiled into this mlirbc.
func TestDefsRefusesHooks(t *testing.T) {
	toy := filepath.Join("..", "examples", "toy", "toy.yaml")
	in := filepath.Join("..", "testdata", "bytecode", "attrs_all.llvm22.v6.mlirbc")
	err := Run([]string{"--defs", toy, "stat", in}, &bytes.Buffer{})
	want := toy + ":71:22: dialect toy: custom TileRange names hand-written Go (readTileRange, writeTileRange)"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
	if strings.Contains(err.Error(), "compiled") {
		t.Errorf("toy is not compiled into mlirbc, but: %v", err)
	}
	var stderr bytes.Buffer
	if Exit(Run([]string{"--defs=" + toy, "stat", in}, &bytes.Buffer{}, namedDialect("toy")), &stderr) != 1 {
		t.Error("want exit status 1")
	}
	if line := stderr.String(); !strings.Contains(line, "custom TileRange") || !strings.Contains(line, "dialect toy is compiled into this mlirbc: run it without --defs") {
		t.Errorf("stderr %q does not name the hook and the compiled dialect", line)
	}
}

// TestDefs: --defs of a hook-free shipped definition replaces the
// compiled dialect and converts its files as the compiled one does;
// --defs without a file is a usage error.
func TestDefs(t *testing.T) {
	in := filepath.Join("..", "testdata", "bytecode", "attrs_all.llvm22.v6.mlirbc")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.mlirbc"), filepath.Join(dir, "b.mlirbc")
	if err := Run([]string{"convert", in, a}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := Run([]string{"--defs", "../dialects/nvvm/nvvm.yaml", "--defs", "../dialects/arith/arith.yaml", "convert", in, b}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	x, _ := os.ReadFile(a)
	y, _ := os.ReadFile(b)
	if len(x) == 0 || !bytes.Equal(x, y) {
		t.Errorf("convert with --defs wrote %d bytes, without %d, not the same", len(y), len(x))
	}
	var ue *UsageError
	if err := Run([]string{"--defs"}, &bytes.Buffer{}); !errors.As(err, &ue) {
		t.Errorf("--defs without a file: got %v, want a usage error", err)
	}
	if err := Run([]string{"--defs", filepath.Join(dir, "missing.yaml"), "stat", in}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("a missing definition file: got %v", err)
	}
}
