package mlirbc_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// scalingInputs caches mlir-opt-22's bytecode of one function of n arith
// ops, generated once per run for each size.
var scalingInputs sync.Map // int -> *scalingInput

type scalingInput struct {
	once sync.Once
	data []byte
	err  error
}

func scalingInputOf(b *testing.B, n int) []byte {
	oracle.Require(b, 22)
	v, _ := scalingInputs.LoadOrStore(n, &scalingInput{})
	in := v.(*scalingInput)
	in.once.Do(func() {
		var sb strings.Builder
		sb.Grow(n * 40)
		sb.WriteString("func.func @f(%a: i32, %b: i32) -> i32 {\n  %v0 = arith.addi %a, %b : i32\n")
		for i := 1; i < n; i++ {
			op := [...]string{"addi", "muli", "xori", "subi"}[i%4]
			fmt.Fprintf(&sb, "  %%v%d = arith.%s %%v%d, %%a : i32\n", i, op, i-1)
		}
		fmt.Fprintf(&sb, "  return %%v%d : i32\n}\n", n-1)
		src := filepath.Join(b.TempDir(), "scaling.mlir")
		if in.err = os.WriteFile(src, []byte(sb.String()), 0o644); in.err != nil {
			return
		}
		in.data, in.err = oracle.EmitBytecode(22, 6, src)
	})
	if in.err != nil {
		b.Fatal(in.err)
	}
	return in.data
}

// BenchmarkWriteScaling writes modules of 10k, 100k and 1M ops: ops/s
// staying flat across the sizes shows that writing time grows linearly.
func BenchmarkWriteScaling(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			data := scalingInputOf(b, n)
			ctx := newContext()
			m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			var out []byte
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				if out, err = mlirbc.Append(out[:0], ctx, m, m.Options()); err != nil {
					b.Fatal(err)
				}
			}
			cpu.report()
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
			if !bytes.Equal(out, data) {
				b.Fatalf("the %d-op module wrote %d bytes, not mlir-opt-22's %d", n, len(out), len(data))
			}
		})
	}
}
