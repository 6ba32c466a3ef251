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
	} {
		if got := isMLIRText([]byte(c.text)); got != c.want {
			t.Errorf("isMLIRText(%q) = %v", c.text, got)
		}
	}
}
