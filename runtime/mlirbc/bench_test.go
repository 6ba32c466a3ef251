package mlirbc_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

var (
	benchOnce sync.Once
	benchFile []byte
	benchErr  error
)

// benchInput is mlir-opt-22's bytecode of one function of 20,000 arith ops.
func benchInput(b *testing.B) []byte {
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
		dir := b.TempDir()
		src := filepath.Join(dir, "bench.mlir")
		if benchErr = os.WriteFile(src, []byte(sb.String()), 0o644); benchErr != nil {
			return
		}
		benchFile, benchErr = oracle.EmitBytecode(22, 6, src)
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchFile
}

func BenchmarkRead(b *testing.B) {
	data := benchInput(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	data := benchInput(b)
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

func BenchmarkConvert(b *testing.B) {
	data := benchInput(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil {
			b.Fatal(err)
		}
	}
}
