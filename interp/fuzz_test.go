package interp_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
)

// FuzzInterpreted reads any file with shipped dialects interpreted from
// their definitions and with the generated ones: never a panic, and the
// same outcome: both refuse it, or both read the same values and write
// the same bytes.
func FuzzInterpreted(f *testing.F) {
	fuzzDialects(f, "transform", "arith", "nvvm", "tosa")
}

// FuzzBridged is FuzzInterpreted with dialects whose hand-written Go the
// interpreter calls through their hook tables: custom fields, property
// and assembly hooks (llvm), hooks nested in another dialect's values
// (dlti), name tables and custom directives (llvm, gpu), version
// upgrades in the producer string (vhlo).
func FuzzBridged(f *testing.F) {
	fuzzDialects(f, "llvm", "dlti", "quant", "gpu", "vhlo")
}

func fuzzDialects(f *testing.F, names ...string) {
	var dialects []*interp.Dialect
	for _, name := range names {
		in, err := interp.Load(filepath.Join("..", "dialects", name, name+".yaml"))
		if err != nil {
			f.Fatal(err)
		}
		dialects = append(dialects, in)
	}
	// Seeds: the upstream files of those dialects where ../shared is
	// there, and the repository's own files.
	seeds, _ := filepath.Glob("../../shared/upstream/out/*/*.mlirbc")
	local, _ := filepath.Glob("../testdata/bytecode/*.mlirbc")
	for _, p := range append(seeds, local...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 8<<10 {
			f.Add(b)
		}
	}
	f.Add([]byte("ML\xefR\x06MLIR22.1.8\x00"))
	compiled := slices.Clip(all.Dialects)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range dialects {
			if _, err := interptest.Compare(data, compiled, in); err != nil {
				t.Fatalf("%s: %v", in.Name(), err)
			}
		}
	})
}
