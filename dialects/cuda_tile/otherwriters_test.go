package cudatile_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// otherWritersEnv names a directory of Tile IR files from writers other
// than NVIDIA's C++ one (whose files ../shared holds): cutile-python's, as
// internal/cutilepy makes them, or any other.
const otherWritersEnv = "DIALECTGEN_TILEIR_FILES"

// TestOtherWriters: each file reads, prints, and writes at its version
// into a file that reads back to the same text (the bytes may differ:
// writers number their tables in their own order); written at each older
// version, it reads back, or the refusal names what that version lacks.
func TestOtherWriters(t *testing.T) {
	dir := os.Getenv(otherWritersEnv)
	if dir == "" {
		t.Skipf("%s is not set: point it at a directory of .tileirbc files (internal/cutilepy makes some) to run this test", otherWritersEnv)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.tileirbc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no *.tileirbc in %s (%v)", dir, err)
	}
	print := func(m *tileir.Module) []byte {
		out, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, path := range files {
		name := filepath.Base(path)
		m, err := cudatile.ReadFile(path, tileir.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		text := print(m)
		again, err := cudatile.Append(nil, m, m.Options())
		if err != nil {
			t.Errorf("%s written at %s: %v", name, m.Version, err)
			continue
		}
		back, err := cudatile.Read(again, tileir.ReadOptions{})
		if err != nil || !bytes.Equal(print(back), text) {
			t.Errorf("%s written at %s and read back: %v, or it prints otherwise", name, m.Version, err)
		}
		for _, v := range tileir.Versions {
			if v.AtLeast(m.Version.Major, m.Version.Minor) {
				continue
			}
			older, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
			var tooNew *wire.VersionError
			if errors.As(err, &tooNew) {
				continue
			}
			if err != nil {
				t.Errorf("%s written at %s: %v", name, v, err)
				continue
			}
			if _, err := cudatile.Read(older, tileir.ReadOptions{}); err != nil {
				t.Errorf("%s written at %s, read back: %v", name, v, err)
			}
		}
	}
}
