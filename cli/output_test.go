package cli

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

// --sync writes the same files (it only flushes them before the rename).
func TestConvertSync(t *testing.T) {
	dir := t.TempDir()
	for name, orig := range inputs(t, dir) {
		out := filepath.Join(dir, "synced."+name)
		if err := Run([]string{"convert", "--sync", filepath.Join(dir, name), "-o", out}, nil); err != nil {
			t.Fatal(err)
		}
		wantFile(t, out, orig)
	}
}

// A resource blob large enough to be copied file to file by the kernel
// comes out as mlir-opt writes it, also when the output is the input.
func TestConvertLargeBlob(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	blob := make([]byte, 300<<10)
	for i := range blob {
		blob[i] = byte(i * 31 >> 3)
	}
	text := fmt.Sprintf("func.func @f() -> tensor<%dxi8> {\n"+
		"  %%0 = arith.constant dense_resource<blob> : tensor<%dxi8>\n"+
		"  return %%0 : tensor<%dxi8>\n}\n"+
		"{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x01000000%s\"\n    }\n  }\n#-}\n",
		len(blob), len(blob), len(blob), hex.EncodeToString(blob))
	want, err := oracle.RunInput(oracle.LLVM22, []byte(text), ".mlir", oracle.BytecodeFlags(oracle.LLVM22, 6)...)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, blob) {
		t.Fatal("mlir-opt's bytecode does not hold the blob as is")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "blob.mlirbc")
	if err := os.WriteFile(in, want, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.mlirbc")
	if err := Run([]string{"convert", in, "-o", out}, nil); err != nil {
		t.Fatal(err)
	}
	wantFile(t, out, want)
	if err := Run([]string{"convert", in, in}, nil); err != nil {
		t.Fatal(err)
	}
	wantFile(t, in, want)
}
