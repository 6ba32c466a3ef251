package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestPrintAndAssemble prints a Tile IR file as cuda-tile-translate does
// and assembles the text back (convert detects text by the absence of a
// bytecode magic): the bytes are the original's.
func TestPrintAndAssemble(t *testing.T) {
	golden := filepath.Join("..", "dialects", "cuda_tile", "testdata", "text")
	in := filepath.Join(golden, "cov1.13.3.tileirbc")
	want, err := os.ReadFile(filepath.Join(golden, "cov1.13.3.printed.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"print", in}, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("mlirbc print differs from cuda-tile-translate's text")
	}
	out.Reset()
	if err := Run([]string{"print", "--debuginfo=false", in}, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "loc(") {
		t.Errorf("--debuginfo=false printed locations")
	}

	dir := t.TempDir()
	text := filepath.Join(dir, "cov1.mlir")
	if err := os.WriteFile(text, want, 0o644); err != nil {
		t.Fatal(err)
	}
	bc := filepath.Join(dir, "cov1.tileirbc")
	if err := Run([]string{"convert", text, "-o", bc}, &out); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(bc)
	orig, _ := os.ReadFile(in)
	if !bytes.Equal(got, orig) {
		t.Errorf("print → convert does not give the original bytes (%d vs %d)", len(got), len(orig))
	}
	// An older version: cov1 uses ops of 13.2 and 13.3.
	err = Run([]string{"convert", text, "-o", bc, "--version", "13.1"}, &out)
	var ve *wire.VersionError
	if !errors.As(err, &ve) {
		t.Errorf("convert --version 13.1: %v, want a *wire.VersionError", err)
	}
	// A parse error names the file, line and column.
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("cuda_tile.module @k {\n  entry @f() {\n    %0 = nope\n  }\n}\n"), 0o644)
	err = Run([]string{"convert", bad, "-o", bc}, &out)
	if err == nil || !strings.HasPrefix(err.Error(), bad+":3:10: custom op 'nope' is unknown") {
		t.Errorf("convert of bad text: %v", err)
	}
}
