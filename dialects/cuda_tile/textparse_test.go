package cudatile_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestAssembleCxxLit parses every source of shared/tileir/cxx-lit (the
// text NVIDIA's C++ writer wrote each file from) and writes it at each
// version results.tsv lists: the bytes must be the C++ writer's.
func TestAssembleCxxLit(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	f, err := os.Open(filepath.Join(dir, "results.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	total, failed := 0, 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 || cols[0] == "file" {
			continue
		}
		file, version := cols[0], cols[3]
		total++
		name := strings.TrimSuffix(file, "."+version+".tileirbc")
		src, err := os.ReadFile(filepath.Join(dir, "src", name+".mlir"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		v, err := tileir.ParseVersion(version)
		if err != nil {
			t.Fatal(err)
		}
		m, err := cudatile.Parse("src/"+name+".mlir", src)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			failed++
			continue
		}
		if !v.AtLeast(13, 3) {
			m.Producer, m.HasProducer = "", false
		}
		got, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
		if err != nil {
			t.Errorf("%s: write: %v", file, err)
			failed++
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the bytes differ from the C++ writer's (%d vs %d)", file, len(got), len(want))
			failed++
		}
	}
	t.Logf("%d of %d sources assemble to the C++ writer's bytes", total-failed, total)
}
