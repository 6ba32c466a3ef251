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

// TestPrintCxxLit prints every file of shared/tileir/cxx-lit that NVIDIA's
// reader can read: the text must be what cuda-tile-translate
// -cudatilebc-to-mlir --mlir-print-debuginfo printed (printed/).
func TestPrintCxxLit(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	paths, err := filepath.Glob(filepath.Join(dir, "printed", "*.mlir"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no printed files in %s: %v", dir, err)
	}
	failed := 0
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".mlir")
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, name+".tileirbc"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			failed++
			continue
		}
		got, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			failed++
			continue
		}
		if !bytes.Equal(got, want) {
			failed++
			t.Errorf("%s: printed text differs:\n%s", name, firstDiff(want, got))
		}
	}
	t.Logf("%d of %d files print as cuda-tile-translate prints them", len(paths)-failed, len(paths))
}

// firstDiff shows the first line that differs.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(no line differs)"
}

func itoa(i int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
		if i == 0 {
			return string(b)
		}
	}
}

// TestPrintParseCxxLit parses every printed file and prints it again: the
// text must not change; and writing what was parsed at the file's version
// gives the original bytes, except for empty optimization hints, which
// the printer leaves out (Dialect_CudaTile_opt_hints).
func TestPrintParseCxxLit(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	paths, err := filepath.Glob(filepath.Join(dir, "printed", "*.mlir"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no printed files in %s: %v", dir, err)
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".mlir")
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := cudatile.Parse(name+".mlir", text)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		again, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !bytes.Equal(again, text) {
			t.Errorf("%s: print → parse → print changes the text:\n%s", name, firstDiff(text, again))
		}
		data, err := os.ReadFile(filepath.Join(dir, name+".tileirbc"))
		if err != nil {
			t.Fatal(err)
		}
		v, _ := tileir.ParseVersion(name[strings.LastIndexByte(name[:strings.LastIndexByte(name, '.')], '.')+1:])
		out, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
		if err != nil {
			t.Errorf("%s: write at %s: %v", name, v, err)
			continue
		}
		if !bytes.Equal(out, data) && !strings.HasPrefix(name, "Dialect_CudaTile_opt_hints.") {
			t.Errorf("%s: parsed and written at %s, the bytes differ from the file's", name, v)
		}
	}
}

// TestTextGoldens checks the goldens of testdata/text (written and printed
// by NVIDIA's tools, see its README): each source assembles to the C++
// writer's bytes, each file prints as cuda-tile-translate printed it, and
// the printed text parses and prints back unchanged.
func TestTextGoldens(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "text", "*.13.3.tileirbc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no goldens in testdata/text: %v", err)
	}
	for _, file := range files {
		base := strings.TrimSuffix(file, ".13.3.tileirbc")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		printed, err := os.ReadFile(base + ".13.3.printed.mlir")
		if err != nil {
			t.Fatal(err)
		}
		if src, err := os.ReadFile(base + ".mlir"); err == nil {
			m, err := cudatile.Parse(base+".mlir", src)
			if err != nil {
				t.Errorf("%v", err)
			} else if got, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: tileir.V13_3}); err != nil {
				t.Errorf("%s.mlir: write: %v", base, err)
			} else if !bytes.Equal(got, data) {
				t.Errorf("%s.mlir: assembled, the bytes differ from the C++ writer's", base)
			}
		}
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
		if err != nil {
			t.Errorf("%s: print: %v", file, err)
		} else if !bytes.Equal(out, printed) {
			t.Errorf("%s: printed text differs:\n%s", file, firstDiff(printed, out))
		}
		m, err = cudatile.Parse(base+".13.3.printed.mlir", printed)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		again, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
		if err != nil || !bytes.Equal(again, printed) {
			t.Errorf("%s: print → parse → print changes the text (%v):\n%s", file, err, firstDiff(printed, again))
		}
	}
}
