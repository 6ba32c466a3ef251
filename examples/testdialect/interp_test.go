package testdialect_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/examples/testdialect"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
)

// TestInterpreted reads every file mlir-opt wrote of the test dialect's
// versions with test.yaml interpreted and with the generated code: the
// same values after upgrading, and the same bytes written back at the
// version read (downgraded where older).
func TestInterpreted(t *testing.T) {
	in, err := interp.Load("test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(shared.Dir(t, "versioning/out"), "llvm*", "*.mlirbc"))
	compiled := append(slices.Clip(all.Dialects), testdialect.Dialect)
	values := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, err := interptest.Compare(data, compiled, in)
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
		values += n
	}
	if len(files) == 0 || values == 0 {
		t.Errorf("%d files, %d test dialect values compared", len(files), values)
	}
}

// FuzzInterpreted reads any file with test.yaml interpreted and generated:
// never a panic, and the same outcome (both refuse it, or the same values,
// text and bytes).
func FuzzInterpreted(f *testing.F) {
	in, err := interp.Load("test.yaml")
	if err != nil {
		f.Fatal(err)
	}
	if files, _ := filepath.Glob("../../../shared/versioning/out/llvm22/*.mlirbc"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("ML\xefR\x06MLIR22.1.8\x00"))
	compiled := append(slices.Clip(all.Dialects), testdialect.Dialect)
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := interptest.Compare(data, compiled, in); err != nil {
			t.Fatal(err)
		}
	})
}
