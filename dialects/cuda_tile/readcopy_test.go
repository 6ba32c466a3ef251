package cudatile_test

import (
	"bytes"
	"os"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestReadKeepsNoViews: a module holds its own copies of what it read,
// constants included, as Read and ReadFile promise: overwriting the input
// after Read changes nothing, and ReadFile's mapping is gone when it
// returns (a view into it would fault).
func TestReadKeepsNoViews(t *testing.T) {
	const path = "testdata/text/cs.13.3.tileirbc"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(want, []byte("constant <")) {
		t.Fatalf("%s holds no constant to check:\n%s", path, want)
	}
	for i := range data {
		data[i] = 0xA5
	}
	if got, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true}); err != nil || !bytes.Equal(got, want) {
		t.Errorf("after the input was overwritten: %v\n%s\nwant\n%s", err, got, want)
	}
	fromFile, err := cudatile.ReadFile(path, tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := cudatile.Print(fromFile, tileir.PrintOptions{DebugInfo: true}); err != nil || !bytes.Equal(got, want) {
		t.Errorf("read with ReadFile: %v\n%s\nwant\n%s", err, got, want)
	}
}
