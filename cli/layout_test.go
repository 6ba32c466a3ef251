package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

const layoutInput = `module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<[64, 128]> : vector<2xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i64
    %1 = "test.data_layout_query"() : () -> !llvm.struct<(i8, i64)>
    return
  }
}
`

func TestLayoutMatchesMLIROpt(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	bc, err := oracle.RunInput(oracle.LLVM22, []byte(layoutInput), ".mlir", oracle.BytecodeFlags(oracle.LLVM22, 6)...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := oracle.RunInput(oracle.LLVM22, []byte(layoutInput), ".mlir", "--test-data-layout-query")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "q.mlirbc")
	if err := os.WriteFile(path, bc, 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"layout", path}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		if !strings.Contains(string(want), `"test.data_layout_query"() `+l+" : () -> ") {
			t.Errorf("mlir-opt-22 prints no query op with %s:\n%s", l, want)
		}
	}
}

func TestLayoutRefusesWhatMLIROptAbortsOn(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	src := []byte("func.func @q() {\n  %0 = \"test.data_layout_query\"() : () -> memref<2xf32>\n  return\n}\n")
	bc, err := oracle.RunInput(oracle.LLVM19, src, ".mlir", oracle.BytecodeFlags(oracle.LLVM19, 6)...)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "q.mlirbc")
	if err := os.WriteFile(path, bc, 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = Run([]string{"layout", path}, &out)
	if err == nil || !strings.Contains(err.Error(), "data layout information for memref<2xf32>") || out.Len() != 0 {
		t.Fatalf("error %v, output %q", err, out.String())
	}
	if err := Run([]string{"layout"}, &out); err == nil {
		t.Error("layout without a file is accepted")
	}
}
