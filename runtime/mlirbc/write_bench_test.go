package mlirbc_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// BenchmarkWriteScaling writes modules of 10k, 100k and 1M ops: ops/s
// staying flat across the sizes shows that writing time grows linearly.
func BenchmarkWriteScaling(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			data, ops := emitInput(b, fmt.Sprintf("chain%d", n), chainOps(n))
			ctx := newContext()
			m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			// One write before timing: at 1M ops the loop runs only a few
			// times, and the first would grow the pooled tables and the
			// output buffer, measuring the kernel's page faults rather than
			// the encoder (the convert table at the top of
			// docs/performance.md measures cold runs).
			out, err := mlirbc.Append(nil, ctx, m, m.Options())
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := startCPU(b)
			for b.Loop() {
				if out, err = mlirbc.Append(out[:0], ctx, m, m.Options()); err != nil {
					b.Fatal(err)
				}
			}
			cpu.report()
			reportOps(b, ops)
			if !bytes.Equal(out, data) {
				b.Fatalf("the %d-op module wrote %d bytes, not mlir-opt-22's %d", n, len(out), len(data))
			}
		})
	}
}

// BenchmarkWriteFuncs writes the 1,000 small functions of
// BenchmarkReadFuncs: per function, a symbol name, a callee and
// properties of their own, where the chain shares them.
func BenchmarkWriteFuncs(b *testing.B) {
	data, ops := emitInput(b, "funcs1000", manyFuncs(1000))
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if out, err = mlirbc.Append(out[:0], ctx, m, m.Options()); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
	reportOps(b, ops)
	if !bytes.Equal(out, data) {
		b.Fatalf("the 1,000 functions wrote %d bytes, not mlir-opt-22's %d", len(out), len(data))
	}
}
