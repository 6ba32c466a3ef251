package mlirbc_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dialectgen/dialectgen/internal/benchtext"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// Decode benchmarks: inputs are written by mlir-opt-22 (bytecode v6) from
// generated text, once per run; the oracle caches them across runs.

var readInputs sync.Map // name → *readInput

type readInput struct {
	once sync.Once
	data []byte
	ops  int
	err  error
}

// emitInput returns mlir-opt-22's bytecode of the text gen writes, and the
// number of ops gen reports.
func emitInput(b *testing.B, name string, gen func(*strings.Builder) int) ([]byte, int) {
	b.Helper()
	return emitInputFlags(b, name, gen)
}

// emitInputFlags is emitInput with more flags for mlir-opt-22.
func emitInputFlags(b *testing.B, name string, gen func(*strings.Builder) int, flags ...string) ([]byte, int) {
	b.Helper()
	oracle.Require(b, 22)
	v, _ := readInputs.LoadOrStore(name, new(readInput))
	in := v.(*readInput)
	in.once.Do(func() {
		var sb strings.Builder
		in.ops = gen(&sb)
		in.data, in.err = oracle.RunInput(22, []byte(sb.String()), ".mlir", oracle.BytecodeFlags(22, 6, flags...)...)
	})
	if in.err != nil {
		b.Fatal(in.err)
	}
	return in.data, in.ops
}

// oracleInput is the v6 bytecode mlir-opt-22 writes, given flags, for the
// module gen writes; the test is skipped where mlir-opt-22 is not
// installed.
func oracleInput(t testing.TB, gen func(*strings.Builder) int, flags ...string) []byte {
	t.Helper()
	oracle.Require(t, 22)
	var sb strings.Builder
	gen(&sb)
	data, err := oracle.RunInput(22, []byte(sb.String()), ".mlir", oracle.BytecodeFlags(22, 6, flags...)...)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// chainOps writes one function of n arith ops, each using the one before,
// and returns the number of ops in the module (with func, return, module).
func chainOps(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		sb.WriteString("func.func @f(%a: i32, %b: i32) -> i32 {\n  %v0 = arith.addi %a, %b : i32\n")
		for i := 1; i < n; i++ {
			op := []string{"addi", "muli", "xori", "subi"}[i%4]
			fmt.Fprintf(sb, "  %%v%d = arith.%s %%v%d, %%a : i32\n", i, op, i-1)
		}
		fmt.Fprintf(sb, "  return %%v%d : i32\n}\n", n-1)
		return n + 3
	}
}

// manyFuncs writes n functions of 10 arith ops and a return each.
func manyFuncs(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		for f := range n {
			fmt.Fprintf(sb, "func.func @f%d(%%a: i32, %%b: i32) -> i32 {\n  %%v0 = arith.addi %%a, %%b : i32\n", f)
			for i := 1; i < 10; i++ {
				op := []string{"addi", "muli", "xori", "subi"}[(i+f)%4]
				fmt.Fprintf(sb, "  %%v%d = arith.%s %%v%d, %%a : i32\n", i, op, i-1)
			}
			sb.WriteString("  return %v9 : i32\n}\n")
		}
		return n*12 + 1
	}
}

func reportOps(b *testing.B, ops int) {
	b.ReportMetric(float64(ops)*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// cpuMeter reports the process CPU time per op beside the wall time: on
// a machine shared with other jobs, wall time mostly measures the
// neighbours, CPU time much less so.
type cpuMeter struct {
	b     *testing.B
	start time.Duration
	ok    bool
}

func startCPU(b *testing.B) cpuMeter {
	c, ok := processCPU()
	return cpuMeter{b, c, ok}
}

func (m cpuMeter) report() {
	if c, ok := processCPU(); ok && m.ok && m.b.N > 0 {
		m.b.ReportMetric(float64(c-m.start)/float64(m.b.N), "cpu-ns/op")
	}
}

// BenchmarkReadScaling decodes one function of 10k, 100k and 1M ops: time
// and memory per op should stay flat as the input grows.
func BenchmarkReadScaling(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) { benchRead(b, fmt.Sprintf("chain%d", n), chainOps(n)) })
	}
}

// BenchmarkReadFuncs decodes 1000 functions eagerly: the baseline that
// BenchmarkReadLazyOne is compared with.
func BenchmarkReadFuncs(b *testing.B) {
	data, ops := emitInput(b, "funcs1000", manyFuncs(1000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(m.Op.Region(0).Block(0).Ops()) != 1000 {
			b.Fatal("not 1000 functions")
		}
	}
	cpu.report()
	reportOps(b, ops)
}

// BenchmarkReadCallSites reads 20,000 ops whose locations are what
// frontends write (JAX's StableHLO, for one): a call site of a name fused
// with a file position, inside another call site. Each op brings three
// new attributes, and the reader and its goroutine meet at every op.
func BenchmarkReadCallSites(b *testing.B) { benchRead(b, "callsites20000", callSiteOps(20_000)) }

// BenchmarkReadUnlocated decodes ReadScaling's 100,000 ops with their
// locations stripped (mlir-opt --strip-debuginfo): each op refers to the
// one unknown location instead of a position of its own, as mlir-opt's
// text parser gives every op. Against ReadScaling, it measures what those
// locations cost: a new attribute per op, decoded and uniqued.
func BenchmarkReadUnlocated(b *testing.B) {
	benchRead(b, "chain100000-unlocated", chainOps(100_000), "--strip-debuginfo")
}

// BenchmarkReadStrings decodes ConvertShapes' 20,000 unregistered ops,
// each with a dictionary of its own (one string): what a reader pays to
// record each dictionary for a writer, when nothing writes it.
func BenchmarkReadStrings(b *testing.B) {
	benchRead(b, "strings20000", opStrings(20_000), "--allow-unregistered-dialect")
}

// benchRead decodes the module gen writes (mlir-opt-22 given flags) into
// a new context each time.
func benchRead(b *testing.B, name string, gen func(*strings.Builder) int, flags ...string) {
	data, ops := emitInputFlags(b, name, gen, flags...)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
	reportOps(b, ops)
}

// callSiteOps writes one function of n ops with JAX's call-site
// locations (see BenchmarkReadCallSites).
func callSiteOps(n int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		benchtext.CallSites(sb, n)
		return n + 3
	}
}

// BenchmarkReadLazyOne opens the file of BenchmarkReadFuncs lazily, finds
// one function in the middle by name and materializes it.
func BenchmarkReadLazyOne(b *testing.B) { benchLazy(b, "f500") }

// BenchmarkReadLazyLast is BenchmarkReadLazyOne for the last function,
// which a lookup skims the whole body for.
func BenchmarkReadLazyLast(b *testing.B) { benchLazy(b, "f999") }

func benchLazy(b *testing.B, name string) {
	data, _ := emitInput(b, "funcs1000", manyFuncs(1000))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{Lazy: true})
		if err != nil {
			b.Fatal(err)
		}
		fn, err := m.Symbol(name)
		if err != nil || fn == nil {
			b.Fatal(fn, err)
		}
		if err := fn.Materialize(); err != nil {
			b.Fatal(err)
		}
		if n := len(fn.Region(0).Block(0).Ops()); n != 11 {
			b.Fatalf("function has %d ops, want 11", n)
		}
	}
	cpu.report()
}

// BenchmarkReadSweep decodes from a fresh heap (an untimed collection
// before each decode) at eight sizes of two shapes, one long block
// (chain) and many small functions (funcs). Where the collector's cycles
// fall in a decode moves with the heap's size and can change the time of
// one benchmark by half; over a sweep of sizes it averages out, so a
// change to what the IR holds is judged here, not at one size. It is
// left out of make bench (slow: sixteen inputs from mlir-opt); run it
// with make bench BENCH=ReadSweep BENCH_SKIP=none.
func BenchmarkReadSweep(b *testing.B) {
	for _, shape := range []string{"chain", "funcs"} {
		for k := range 8 {
			n := 36_000 + k*24_000 // a multiple of 12, for funcs
			b.Run(fmt.Sprintf("%s/ops=%d", shape, n), func(b *testing.B) {
				var data []byte
				if shape == "chain" {
					data, _ = emitInput(b, fmt.Sprintf("chain%d", n), chainOps(n))
				} else {
					data, _ = emitInput(b, fmt.Sprintf("funcs%d", n/12), manyFuncs(n/12))
				}
				b.SetBytes(int64(len(data)))
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					runtime.GC()
					b.StartTimer()
					if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
						b.Fatal(err)
					}
				}
				reportOps(b, n)
			})
		}
	}
}

// BenchmarkParseFile parses the file of BenchmarkReadFuncs without
// decoding it: mostly the table of where each attribute and type entry
// ends, which every read, lazy or not, builds first.
func BenchmarkParseFile(b *testing.B) {
	data, _ := emitInput(b, "funcs1000", manyFuncs(1000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bytecode.ParseFile(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchInputOps: the op counts the benchmarks' inputs report, which
// their ops/s divide by, are the ops mlir-opt-22 wrote for them.
func TestBenchInputOps(t *testing.T) {
	for _, c := range []struct {
		name string
		gen  func(*strings.Builder) int
	}{
		{"chain", chainOps(40)},
		{"funcs", manyFuncs(3)},
		{"callsites", callSiteOps(5)},
		{"blocks", blockChain(4)},
		{"dense", denseConstants(4, 8)},
	} {
		var sb strings.Builder
		want := c.gen(&sb)
		m, err := mlirbc.Read(newContext(), oracleInput(t, c.gen), mlirbc.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		m.Op.Walk(func(*ir.Operation) bool { got++; return true })
		if got != want {
			t.Errorf("%s: %d ops read, the generator reports %d", c.name, got, want)
		}
	}
}
