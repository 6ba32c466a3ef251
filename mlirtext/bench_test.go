package mlirtext_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

var (
	benchOnce       sync.Once
	benchBC, benchT []byte
	benchErr        error
)

// benchInputs are mlir-opt-22's bytecode of one function of 20,000 arith
// ops, with locations, and the generic text it prints for it (about
// 3.5 MB).
func benchInputs(b *testing.B) (bc, text []byte) {
	oracle.Require(b, 22)
	benchOnce.Do(func() {
		var sb strings.Builder
		sb.WriteString("func.func @f(%a: i32, %b: i32) -> i32 {\n  %v0 = arith.addi %a, %b : i32\n")
		const n = 20000
		for i := 1; i < n; i++ {
			op := []string{"addi", "muli", "xori", "subi"}[i%4]
			fmt.Fprintf(&sb, "  %%v%d = arith.%s %%v%d, %%a : i32\n", i, op, i-1)
		}
		fmt.Fprintf(&sb, "  return %%v%d : i32\n}\n", n-1)
		src := filepath.Join(b.TempDir(), "bench.mlir")
		if benchErr = os.WriteFile(src, []byte(sb.String()), 0o644); benchErr != nil {
			return
		}
		if benchBC, benchErr = oracle.EmitBytecode(22, 6, src); benchErr != nil {
			return
		}
		benchT, benchErr = oracle.RunInput(22, benchBC, ".mlirbc", "--mlir-print-op-generic", "--mlir-print-debuginfo")
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchBC, benchT
}

// BenchmarkPrint prints a module already read.
func BenchmarkPrint(b *testing.B) {
	bc, text := benchInputs(b)
	m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		if out, err = mlirtext.Append(out[:0], m, mlirtext.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadPrint is what `mlirbc print` does: read the bytecode, print.
func BenchmarkReadPrint(b *testing.B) {
	bc, text := benchInputs(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mlirtext.Append(nil, m, mlirtext.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParse parses the generic text.
func BenchmarkParse(b *testing.B) {
	_, text := benchInputs(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mlirtext.ParseBytes(all.NewContext(), text, mlirtext.ParseOptions{File: "bench.mlir", Release: 22}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseWrite is what `mlirbc convert IN.mlir` does: parse, write
// bytecode v6.
func BenchmarkParseWrite(b *testing.B) {
	_, text := benchInputs(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		ctx := all.NewContext()
		m, err := mlirtext.ParseBytes(ctx, text, mlirtext.ParseOptions{File: "bench.mlir", Release: 22})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest, Producer: "MLIR22.1.8", Release: 22}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMlirOptPrint and BenchmarkMlirOptParseWrite run mlir-opt-22 on
// the same inputs (process start included, about 10 ms), for comparison.
func BenchmarkMlirOptPrint(b *testing.B) {
	bc, text := benchInputs(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := oracle.Run(22, bc, "--mlir-print-op-generic", "--mlir-print-debuginfo", "-"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMlirOptParseWrite(b *testing.B) {
	_, text := benchInputs(b)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := oracle.Run(22, text, "--emit-bytecode", "-"); err != nil {
			b.Fatal(err)
		}
	}
}
