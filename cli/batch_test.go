package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertMany: a directory and several files convert into an output
// directory, each as convert of that file alone writes it; a file that
// fails is named and the others are still written.
func TestConvertMany(t *testing.T) {
	src := t.TempDir()
	shippedDir := "../testdata/bytecode"
	entries, err := os.ReadDir(shippedDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".mlirbc") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(shippedDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sub := filepath.Join(src, "sub")
		if n%2 == 0 {
			sub = src
		}
		os.MkdirAll(sub, 0o755)
		if err := os.WriteFile(filepath.Join(sub, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	os.WriteFile(filepath.Join(src, "notes.txt"), []byte("not bytecode"), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	if err := Run([]string{"convert", "--version", "0", src, "-o", out}, nil); err != nil {
		t.Fatal(err)
	}
	got := 0
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		got++
		rel, _ := filepath.Rel(out, p)
		single := filepath.Join(t.TempDir(), "single")
		if err := Run([]string{"convert", "--version", "0", filepath.Join(src, rel), "-o", single}, nil); err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(p)
		b, _ := os.ReadFile(single)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the batch wrote other bytes than a single convert", rel)
		}
		return nil
	})
	if got != n {
		t.Errorf("%d files written for %d bytecode inputs (notes.txt is not one)", got, n)
	}

	bad := filepath.Join(t.TempDir(), "bad.mlirbc")
	good := filepath.Join(src, entries[0].Name())
	data, _ := os.ReadFile(good)
	os.WriteFile(bad, data[:len(data)/2], 0o644)
	out2 := filepath.Join(t.TempDir(), "out2")
	err = Run([]string{"convert", bad, good, "-o", out2}, nil)
	if err == nil || !strings.Contains(err.Error(), "1 of 2 files failed") {
		t.Errorf("a batch with a cut file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out2, filepath.Base(good))); err != nil {
		t.Errorf("the good file was not written: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out2, "bad.mlirbc")); !os.IsNotExist(err) {
		t.Errorf("the cut file left an output: %v", err)
	}
	if err := Run([]string{"convert", good, good, "-o", out2}, nil); err == nil || !strings.Contains(err.Error(), "both be written") {
		t.Errorf("two inputs of one name: %v", err)
	}
}
