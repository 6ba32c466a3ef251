package testdialect_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// FuzzRead reads files of any test dialect version: never a panic; what
// reads writes again as it was read (or is refused with an error), and
// what is written reads back as the same ops.
func FuzzRead(f *testing.F) {
	// Seeds: every file of ../shared/versioning when it is there.
	if files, _ := filepath.Glob("../../../shared/versioning/out/llvm22/*.mlirbc"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("ML\xefR\x06MLIR22.1.8\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			return
		}
		out, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil {
			return
		}
		back, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("what we wrote does not read: %v", err)
		}
		if a, b := strings.Join(testOps(m), "\n"), strings.Join(testOps(back), "\n"); a != b {
			t.Fatalf("written and read back:\n%s\nwas\n%s", b, a)
		}
	})
}
