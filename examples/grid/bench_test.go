package grid_test

import (
	"slices"
	"testing"

	"example.com/grid"
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// BenchmarkReadWrite reads and writes back grid's v6 file with the
// generated codecs and with the interpreted ones.
func BenchmarkReadWrite(b *testing.B) {
	data := files(b)["v6"]
	for _, c := range []struct {
		name string
		d    ir.Dialect
	}{{"generated", grid.Dialect}, {"interpreted", load(b)}} {
		b.Run(c.name, func(b *testing.B) {
			dialects := append(slices.Clip(all.Dialects), c.d)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				ctx := ir.NewContext(dialects...)
				m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
