package mlirbc_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// upstreamFiles lists the bytecode that mlir-opt 19 and 22 wrote from
// LLVM's own dialect tests (shared/upstream/out).
func upstreamFiles(t *testing.T) []string {
	dir := shared.Dir(t, "upstream/out")
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.mlirbc"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no .mlirbc files under %s: %v", dir, err)
	}
	return paths
}

// TestUpstreamReads: every file of the upstream corpus reads, whatever
// dialects it uses: what no dialect here describes stays opaque.
func TestUpstreamReads(t *testing.T) {
	paths := upstreamFiles(t)
	opaque := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(p), err)
			continue
		}
		m.Op.Walk(func(op *ir.Operation) bool {
			if op.OpaqueProperties() != nil {
				opaque++
			}
			return true
		})
	}
	t.Logf("%d files read; %d ops keep properties no dialect here describes", len(paths), opaque)
}
