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

// Converting bytecode or MLIR text evicts the mapped input once it is
// read, before the output is written, and the output is what it is
// without the eviction (strings are read again through the mapping).
func TestConvertEvictsInput(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "in.mlir")
	var printed bytes.Buffer
	if err := Run([]string{"print", shipped}, &printed); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(text, printed.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(f func(*filemap.File)) { evictInput = f }(evictInput)
	for _, in := range []string{shipped, text} {
		orig, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		kept := filepath.Join(dir, "kept.mlirbc")
		evictInput = func(*filemap.File) {}
		if err := Run([]string{"convert", in, "-o", kept}, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(kept)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out.mlirbc")
		var evicted []int
		evictInput = func(fm *filemap.File) {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s: the input was evicted after the output was written", in)
			}
			evicted = append(evicted, len(fm.Data))
			fm.Evict()
		}
		if err := Run([]string{"convert", in, "-o", out}, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if len(evicted) != 1 || evicted[0] != len(orig) {
			t.Errorf("%s: evicted mappings of %v bytes, want one of the input's %d", in, evicted, len(orig))
		}
		if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: wrote %d bytes (%v), want the %d written without evicting", in, len(got), err, len(want))
		}
		if in == shipped && !bytes.Equal(want, orig) {
			t.Errorf("converting %s wrote %d bytes, want its own %d", in, len(want), len(orig))
		}
		os.Remove(out)
	}
}
