package grid_test

import (
	"slices"
	"testing"

	"example.com/grid"
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/interp/interptest"
)

// FuzzInterpreted reads any file with grid interpreted from grid.yaml and
// generated: never a panic, and the same outcome (both refuse it, or the
// same values and the same bytes written).
func FuzzInterpreted(f *testing.F) {
	in := load(f)
	for _, data := range files(f) {
		f.Add(data)
	}
	compiled := append(slices.Clip(all.Dialects), grid.Dialect)
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := interptest.Compare(data, compiled, in); err != nil {
			t.Fatal(err)
		}
	})
}
