package toy_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"example.com/toy"
	"github.com/dialectgen/dialectgen/cli"
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
)

// TestInterpretedWithHooks: with this package linked in, toy.yaml runs at
// run time too: its custom TileRange codec is reached through the hook
// table hooktable.dg.go registers, and the interpreted dialect reads and
// writes what the generated one does.
func TestInterpretedWithHooks(t *testing.T) {
	in, err := interp.Load("toy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, data := toyFile(t)
	n, err := interptest.Compare(data, append(slices.Clip(all.Dialects), toy.Dialect), in)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no toy values compared")
	}
}

// TestDefsWithHooks: mlirbc-toy (cli.Run with toy compiled in) takes
// --defs toy.yaml and converts a file to the bytes it writes without.
func TestDefsWithHooks(t *testing.T) {
	path, _ := toyFile(t)
	for _, args := range [][]string{
		{"--defs", "toy.yaml", "convert", "--version", "4", path, path + ".defs"},
		{"convert", "--version", "4", path, path + ".compiled"},
	} {
		if err := cli.Run(args, &bytes.Buffer{}, toy.Dialect); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	a, errA := os.ReadFile(path + ".defs")
	b, errB := os.ReadFile(path + ".compiled")
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("--defs wrote %d bytes (%v), compiled %d (%v)", len(a), errA, len(b), errB)
	}
}
