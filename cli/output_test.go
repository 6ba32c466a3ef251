package cli

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/filemap"
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

// TestConvertToStdout: OUT "-" is standard output, as mlir-opt takes
// "-o -", for either format and as a second argument too; no file named
// "-" is made, and several inputs to it are refused.
func TestConvertToStdout(t *testing.T) {
	dir := t.TempDir()
	ins := inputs(t, dir)
	t.Chdir(dir)
	for name, orig := range ins {
		for _, args := range [][]string{{"convert", name, "-o", "-"}, {"convert", name, "-"}} {
			var stdout bytes.Buffer
			if err := Run(args, &stdout); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if !bytes.Equal(stdout.Bytes(), orig) {
				t.Errorf("%v wrote %d bytes to stdout, want the %d of the input", args, stdout.Len(), len(orig))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error(`a file named "-" was written`)
	}
	err := Run([]string{"convert", "F.mlirbc", "F.tileirbc", "-o", "-"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "standard output") {
		t.Errorf("two inputs to stdout: %v", err)
	}
}

// Converting bytecode evicts the mapped input once it is read, before the
// output is written, and the output still holds the input's bytes (its
// strings are read again through the mapping).
func TestConvertEvictsInput(t *testing.T) {
	orig, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.mlirbc")
	defer func(f func(*filemap.File)) { evictInput = f }(evictInput)
	var evicted []int
	evictInput = func(fm *filemap.File) {
		if _, err := os.Stat(out); err == nil {
			t.Error("the input was evicted after the output was written")
		}
		evicted = append(evicted, len(fm.Data))
		fm.Evict()
	}
	if err := Run([]string{"convert", shipped, "-o", out}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if len(evicted) != 1 || evicted[0] != len(orig) {
		t.Fatalf("evicted mappings of %v bytes, want one of the input's %d", evicted, len(orig))
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, orig) {
		t.Errorf("wrote %d bytes (%v), want the input's %d", len(got), err, len(orig))
	}
}
