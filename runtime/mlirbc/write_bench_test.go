package mlirbc_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// BenchmarkWriteScaling writes modules of 10k, 100k and 1M ops: ops/s
// staying flat across the sizes shows that writing time grows linearly.
func BenchmarkWriteScaling(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			benchWrite(b, fmt.Sprintf("chain%d", n), chainOps(n))
		})
	}
}

// BenchmarkWriteFuncs writes the 1,000 small functions of
// BenchmarkReadFuncs: per function, a symbol name, a callee and
// properties of their own, where the chain shares them.
func BenchmarkWriteFuncs(b *testing.B) { benchWrite(b, "funcs1000", manyFuncs(1000)) }

// BenchmarkWriteUnlocated writes the 100,000 ops of ReadUnlocated, whose
// locations are all the one unknown location: against WriteScaling, what
// numbering and writing a location per op costs.
func BenchmarkWriteUnlocated(b *testing.B) {
	benchWrite(b, "chain100000-unlocated", chainOps(100_000), "--strip-debuginfo")
}

// BenchmarkWriteBlocks writes one function of 20,000 blocks in a chain,
// each using the entry block's argument: the writer's check of the IR
// proves each use dominated, which a walk up the dominator tree made
// quadratic (ops/s here fell as the chain grew).
func BenchmarkWriteBlocks(b *testing.B) { benchWrite(b, "blocks20000", blockChain(20_000)) }

// BenchmarkReadBlocks reads the module of BenchmarkWriteBlocks.
func BenchmarkReadBlocks(b *testing.B) { benchRead(b, "blocks20000", blockChain(20_000)) }

// blockChain writes one function of n blocks, each passing a value to the
// next (see BenchmarkWriteBlocks).
func blockChain(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		sb.WriteString("func.func @chain(%a: i32) -> i32 {\n  cf.br ^b0(%a : i32)\n")
		for i := range n {
			fmt.Fprintf(sb, "^b%d(%%x%d: i32):\n  %%y%d = arith.addi %%x%d, %%a : i32\n", i, i, i, i)
			if i+1 < n {
				fmt.Fprintf(sb, "  cf.br ^b%d(%%y%d : i32)\n", i+1, i)
			}
		}
		fmt.Fprintf(sb, "  return %%y%d : i32\n}\n", n-1)
		return 2*n + 3 // n adds, n-1 branches, the cf.br of the entry, func, return, module
	}
}

// benchWrite writes mlir-opt-22's bytecode of the module gen makes, read
// once, and checks that the bytes are mlir-opt's.
func benchWrite(b *testing.B, name string, gen func(*strings.Builder) int, flags ...string) {
	data, ops := emitInputFlags(b, name, gen, flags...)
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	// One write before timing: at 1M ops the loop runs only a few times,
	// and the first would grow the pooled tables and the output buffer,
	// measuring the kernel's page faults rather than the encoder (the
	// convert table at the top of docs/performance.md measures cold runs).
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
		b.Fatalf("%s wrote %d bytes, not mlir-opt-22's %d", name, len(out), len(data))
	}
}

// BenchmarkConvertShapes reads and writes again files where each op, or
// the one op, brings attributes of its own (make bench-convert's shapes
// of the same names): per new attribute, the reader's uniquing and the
// writer's numbering and string table.
func BenchmarkConvertShapes(b *testing.B) {
	for _, sh := range []struct {
		name string
		gen  func(*strings.Builder) int
	}{
		{"attrs20000", oneOpAttrs(20_000)},
		{"strings20000", opStrings(20_000)},
	} {
		b.Run(sh.name, func(b *testing.B) {
			data, ops := emitInputFlags(b, sh.name, sh.gen, "--allow-unregistered-dialect")
			benchConvert(b, data, func(ctx *ir.Context, m *mlirbc.Module) error {
				_, err := mlirbc.Append(nil, ctx, m, m.Options())
				return err
			})
			reportOps(b, ops)
		})
	}
}

// oneOpAttrs writes one unregistered op of n attributes.
func oneOpAttrs(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		sb.WriteString(`"x.holder"() {`)
		for i := range n {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(sb, "a%d = %d : i32", i, i)
		}
		sb.WriteString("} : () -> ()\n")
		return 2
	}
}

// opStrings writes n unregistered ops with a string of their own each.
func opStrings(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		sb.WriteString("func.func @f() {\n")
		for i := range n {
			fmt.Fprintf(sb, "  \"x.s\"() {s = \"string number %d with some text\"} : () -> ()\n", i)
		}
		sb.WriteString("  return\n}\n")
		return n + 3
	}
}
