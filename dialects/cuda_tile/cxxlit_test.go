package cudatile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestCxxLit reads every file NVIDIA's C++ writer wrote from cuda-tile's
// lit tests (shared/tileir/cxx-lit, 13.1 to 13.3) and writes it again at
// its own version: the bytes must be the C++ writer's.
func TestCxxLit(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	paths, err := filepath.Glob(filepath.Join(dir, "*.tileirbc"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no .tileirbc files in %s: %v", dir, err)
	}
	failed := 0
	for _, p := range paths {
		name := filepath.Base(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			failed++
			continue
		}
		if want := strings.TrimSuffix(name, ".tileirbc"); !strings.HasSuffix(want, "."+m.Version.String()) {
			t.Errorf("%s: read as version %s", name, m.Version)
		}
		out, err := cudatile.Append(nil, m, m.Options())
		if err != nil {
			t.Errorf("%s: write at %s: %v", name, m.Version, err)
			failed++
			continue
		}
		if !bytes.Equal(out, data) {
			t.Errorf("%s: written again at %s, the bytes differ (%d vs %d)", name, m.Version, len(out), len(data))
			failed++
		}
	}
	t.Logf("%d of %d files written by NVIDIA's C++ writer re-encode byte for byte", len(paths)-failed, len(paths))
}
