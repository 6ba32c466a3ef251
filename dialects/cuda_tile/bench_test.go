package cudatile

import (
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

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

func BenchmarkWrite(b *testing.B) {
	m := chain(20000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	data, err := Append(nil, chain(20000), tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(data, tileir.ReadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
