package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintConvertMLIRText: print turns MLIR bytecode into generic text,
// convert turns that text into bytecode that prints as the same text
// (mlirtext's tests check the bytes against mlir-opt's), and a
// parse error has its place.
func TestPrintConvertMLIRText(t *testing.T) {
	// attrs_all is not a fixed point: MLIR reads f80 literals through a
	// double, so its smallest subnormal prints as one and reads as zero.
	const shipped = "../testdata/bytecode/locs_all.llvm22.v6.mlirbc"
	in, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := Run([]string{"print", shipped}, &text); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text.String(), "#") || !strings.Contains(text.String(), `"builtin.module"() ({`) {
		t.Fatalf("print:\n%.400s", text.String())
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "attrs.mlir")
	if err := os.WriteFile(src, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back := filepath.Join(dir, "back.mlirbc")
	if err := Run([]string{"convert", src, "-o", back}, nil); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := Run([]string{"print", back}, &again); err != nil {
		t.Fatal(err)
	}
	if again.String() != text.String() {
		t.Fatalf("printing the converted text gives other text:\n%.400s", again.String())
	}
	if got, _ := os.ReadFile(back); len(got) == 0 || len(in) == 0 {
		t.Fatal("empty bytecode")
	}
	var local bytes.Buffer
	if err := Run([]string{"print", "--local-scope", shipped}, &local); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(local.String(), "#loc") {
		t.Errorf("--local-scope printed aliases")
	}
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("\"builtin.module\"() ({\n  \"u.x\"(%9) : (i32) -> ()\n}) : () -> ()\n"), 0o644)
	err = Run([]string{"convert", bad, "-o", filepath.Join(dir, "bad.mlirbc")}, nil)
	if err == nil || !strings.Contains(err.Error(), "bad.mlir:2:9: use of undeclared SSA value %9") {
		t.Errorf("bad text: %v", err)
	}
}

func TestIsMLIRText(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"#loc = loc(\"f\":1:1)\n\"builtin.module\"() ({\n}) : () -> ()\n", true},
		{"// comment\n%0 = \"u.x\"() : () -> i32\n", true},
		{"cuda_tile.module @k {\n}\n", false},
		{"#file = #cuda_tile.di_file<\"a\" in \"b\">\n#cu = #cuda_tile.di_compile_unit<\n  file = #file>\ncuda_tile.module @k {\n}\n", false},
		{"\"cuda_tile.module\"() <{sym_name = \"k\"}> ({\n}) : () -> ()\n", false},
		{"ML\xefR\x06", false},
		// No op at all: mlir-opt reads an empty module, Tile IR needs one.
		{"", true},
		{"// only a comment\n\n", true},
		{"#a = 1 : i32\n", true},
	} {
		if got := isMLIRText([]byte(c.text)); got != c.want {
			t.Errorf("isMLIRText(%q) = %v", c.text, got)
		}
	}
}

// MLIR text as mlir-opt prints it by default is refused naming its first
// op and the forms mlirbc reads; it used to reach the Tile IR parser,
// which said "custom op 'func.func' is unknown" (or, given --release,
// that the flag applies to bytecode only). Tile IR text, bare or in a
// builtin module, is not refused so.
func TestCustomSyntaxRefused(t *testing.T) {
	for _, c := range []struct {
		text, op string
	}{
		{"func.func @f() {\n  return\n}\n", "func.func"},
		{"// c\nmodule {\n  func.func @f() {\n    return\n  }\n}\n", "func.func"},
		{"#map = affine_map<(d0) -> (d0)>\nmodule attributes {x.y = 1} {\n  gpu.module @g {\n  }\n}\n", "gpu.module"},
	} {
		if !isCustomMLIRText([]byte(c.text)) {
			t.Errorf("%q: not seen as custom syntax", c.text)
			continue
		}
		err := errCustomSyntax("in.mlir", []byte(c.text))
		if want := "in.mlir: the first op, " + c.op + ", is in its dialect's custom syntax: mlirbc reads MLIR text in the generic form"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", c.text, err, want)
		}
	}
	for _, text := range []string{
		"cuda_tile.module @k {\n}\n",
		"module {\n  cuda_tile.module @k {\n  }\n}\n",
		"\"cuda_tile.module\"() <{sym_name = \"k\"}> ({\n}) : () -> ()\n",
		"\"builtin.module\"() ({\n}) : () -> ()\n",
		"module {\n}\n",
	} {
		if isCustomMLIRText([]byte(text)) {
			t.Errorf("%q: seen as MLIR custom syntax", text)
		}
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "f.mlir")
	if err := os.WriteFile(in, []byte("func.func @f() {\n  return\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Run([]string{"convert", "--release", "19", in, "-o", filepath.Join(dir, "out.mlirbc")}, nil); err == nil || !strings.Contains(err.Error(), "f.mlir: the first op, func.func, is in its dialect's custom syntax") {
		t.Errorf("convert: %v", err)
	}
}
