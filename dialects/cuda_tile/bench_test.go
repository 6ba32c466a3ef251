package cudatile

import (
	"runtime"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// benchOps is the size of the benchmark kernel: enough ops that per-op
// costs dominate the per-file ones.
const benchOps = 20000

// chain builds a kernel of n addi ops, each using the previous result.
func chain(n int) *tileir.Module {
	t := &TileType{Element: &Int32Type{}, Shape: []int64{128}}
	f := &tileir.Function{Name: "chain", Kernel: true, Type: &FunctionType{Inputs: []tileir.Type{t}}, Params: tileir.NewBlock(t).Args}
	x := f.Params[0]
	for range n {
		op := BuildAddiOp(detached, t, x, f.Params[0], IntegerOverflowNoSignedWrap)
		f.Body = append(f.Body, op)
		x = op.Result()
	}
	f.Body = append(f.Body, BuildReturnOp(detached, nil))
	return &tileir.Module{Funcs: []*tileir.Function{f}}
}

// reportPerOp adds ops/s and allocations per Tile IR op to b's results;
// run once measured b.N iterations of ops ops each.
func reportPerOp(b *testing.B, ops int, allocs func() uint64) {
	b.ReportMetric(float64(b.N)*float64(ops)/b.Elapsed().Seconds(), "ops/s")
	b.ReportMetric(float64(allocs())/float64(b.N)/float64(ops), "allocs/tile-op")
}

// countAllocs starts counting heap allocations; the function it returns
// gives the count so far.
func countAllocs(*testing.B) func() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	start := ms.Mallocs
	return func() uint64 {
		runtime.ReadMemStats(&ms)
		return ms.Mallocs - start
	}
}

func BenchmarkWrite(b *testing.B) {
	m := chain(benchOps)
	b.ReportAllocs()
	var buf []byte
	allocs := countAllocs(b)
	for b.Loop() {
		var err error
		// Steady state: the output buffer is reused, as Append allows.
		if buf, err = Append(buf[:0], m, tileir.WriteOptions{Version: tileir.Latest}); err != nil {
			b.Fatal(err)
		}
	}
	reportPerOp(b, benchOps+1, allocs)
}

func BenchmarkRead(b *testing.B) {
	data, err := Append(nil, chain(benchOps), tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	allocs := countAllocs(b)
	for b.Loop() {
		if _, err := Read(data, tileir.ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportPerOp(b, benchOps+1, allocs)
}
