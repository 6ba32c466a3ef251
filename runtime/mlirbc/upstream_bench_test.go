package mlirbc_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// upstreamV6 is the v6 bytecode mlir-opt-22 wrote from LLVM's dialect
// tests (shared/upstream/out): small files of some 40 dialects, real ops
// rather than the generated chains of the other benchmarks.
func upstreamV6(b *testing.B) (files [][]byte, ops int) {
	dir := shared.Dir(b, "upstream/out")
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.v6.llvm22.mlirbc"))
	if err != nil || len(paths) == 0 {
		b.Fatalf("no v6 files under %s: %v", dir, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{})
		if err != nil {
			b.Fatalf("%s: %v", filepath.Base(p), err)
		}
		m.Op.Walk(func(*ir.Operation) bool { ops++; return true })
		files = append(files, data)
	}
	return files, ops
}

// BenchmarkUpstream reads (and, for Convert, writes again) every v6 file
// of the upstream corpus, each in a context of its own as a tool run on
// one file would: ops/s over the whole corpus.
func BenchmarkUpstream(b *testing.B) {
	files, ops := upstreamV6(b)
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.Run("Read", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range files {
				if _, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportOps(b, ops)
	})
	b.Run("Convert", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			for _, data := range files {
				ctx := newContext()
				m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				// Files with properties no dialect here describes are
				// refused; the time until the refusal still counts.
				out, _ = mlirbc.Append(out[:0], ctx, m, m.Options())
			}
		}
		reportOps(b, ops)
	})
}
