package mlirbc_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// benchInput is mlir-opt-22's bytecode of one function of 20,000 arith ops.
func benchInput(b *testing.B) []byte {
	data, _ := emitInput(b, "chain20000", chainOps(20000))
	return data
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
	benchConvert(b, benchInput(b), func(ctx *ir.Context, m *mlirbc.Module) error {
		_, err := mlirbc.Append(nil, ctx, m, m.Options())
		return err
	})
}

// benchConvert reads data into a new context and writes it with write,
// as a convert does.
func benchConvert(b *testing.B, data []byte, write func(*ir.Context, *mlirbc.Module) error) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := write(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
}
