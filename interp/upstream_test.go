package interp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
)

// TestShippedDialects interprets every shipped definition New accepts
// (with the hand-written Go of the dialect packages linked into this test
// through their hook tables) and reads every upstream file that names the
// dialect with it and with the generated code: the same values, the same
// bytes written back, the same generic text.
func TestShippedDialects(t *testing.T) {
	dir := shared.Dir(t, "upstream/out")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.mlirbc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no upstream files in %s: %v", dir, err)
	}
	local, _ := filepath.Glob("../testdata/bytecode/*.mlirbc")
	files = append(files, local...)
	data := make([][]byte, len(files))
	for i, f := range files {
		if data[i], err = os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	yamls, _ := filepath.Glob("../dialects/*/*.yaml")
	// What is not interpreted, and why, TestRefusesHooks checks.
	refused := map[string]bool{"builtin.yaml": true, "cuda_tile.yaml": true}
	interpreted, compared, converted, pairs := 0, 0, 0, 0
	for _, y := range yamls {
		in, err := interp.Load(y)
		if refused[filepath.Base(y)] {
			if err == nil {
				t.Errorf("%s: interpreted; TestRefusesHooks expects it refused", y)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", y, err)
			continue
		}
		interpreted++
		// Dialect names are in the string section; most files do not name
		// this one.
		name := []byte(in.Name())
		values := 0
		for i, d := range data {
			if !bytes.Contains(d, name) {
				continue
			}
			n, err := interptest.Compare(d, slices.Clip(all.Dialects), in)
			pairs++
			if err != nil {
				t.Errorf("%s with %s: %v", files[i], filepath.Base(y), err)
			}
			values += n
			if v := in.Definition().Versions; v != nil && len(v.Releases) > 1 {
				if err := interptest.CompareReleases(d, slices.Clip(all.Dialects), in, v.Releases); err != nil {
					t.Errorf("%s with %s: %v", files[i], filepath.Base(y), err)
				}
				converted++
			}
		}
		compared += values
		t.Logf("%s: %d values compared", in.Name(), values)
	}
	if interpreted < 51 {
		t.Errorf("only %d shipped dialects interpreted, want every one but builtin and cuda_tile (at least 51)", interpreted)
	}
	if compared == 0 {
		t.Error("no values compared")
	}
	t.Logf("%d dialects interpreted, %d files compared (a file once per dialect it names), %d values compared, %d files written for their other releases", interpreted, pairs, compared, converted)
}

// TestRefusesHooks loads definitions whose hand-written Go the
// interpreter cannot reach: each is an error at the key that names it,
// saying why. (interp's TestUnbridgedHooks covers a table without a hook.)
func TestRefusesHooks(t *testing.T) {
	for file, want := range map[string]string{
		// examples/toy is its own module: its package is not linked in.
		"../examples/toy/toy.yaml":             "toy.yaml:71:22: dialect toy: custom TileRange names hand-written Go (readTileRange, writeTileRange), which definitions loaded at run time cannot call: no package linked in registers toy's hooks (runtime/hooks)",
		"../dialects/builtin/builtin.yaml":     "builtin.yaml:4:1: dialect builtin: not interpreted: MLIR bytecode and text are built on the compiled builtin dialect",
		"../dialects/cuda_tile/cuda_tile.yaml": "format tileir is not interpreted",
	} {
		_, err := interp.Load(file)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error with %q", file, err, want)
		}
	}
}
