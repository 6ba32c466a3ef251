package cudatile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/internal/spantest"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// countOps counts a module's ops, nested ones included.
func countOps(m *tileir.Module) int {
	n := 0
	var walk func(ops []tileir.Op)
	walk = func(ops []tileir.Op) {
		for _, op := range ops {
			n++
			for _, r := range op.Base().Regions {
				for _, b := range r.Blocks {
					walk(b.Ops)
				}
			}
		}
	}
	for _, f := range m.Funcs {
		walk(f.Body)
	}
	return n
}

// TestExplainCxxLit explains every file NVIDIA's C++ writer wrote: each
// byte belongs to a labelled range, and every op is explained once.
func TestExplainCxxLit(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	paths, err := filepath.Glob(filepath.Join(dir, "*.tileirbc"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no .tileirbc files in %s: %v", dir, err)
	}
	for _, p := range paths {
		name := filepath.Base(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s spantest.List
		if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		spantest.Check(t, name, data, &s)
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ops := 0
		for _, w := range s.Whats {
			if strings.HasPrefix(w, "op #") {
				ops++
			}
		}
		if want := countOps(m); ops != want {
			t.Errorf("%s: %d ops explained, the module has %d", name, ops, want)
		}
	}
}

// TestExplainBadByte: a wrong opcode gives the error Read gives, and what
// comes before it is explained.
func TestExplainBadByte(t *testing.T) {
	data, err := os.ReadFile("testdata/vectors/versioning-13.1/print-op-13.1.tileirbc")
	if err != nil {
		t.Fatal(err)
	}
	var s spantest.List
	if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
		t.Fatal(err)
	}
	opcode := int64(-1) // the last op's
	for i, w := range s.Whats {
		if strings.HasPrefix(w, "opcode ") {
			opcode = max(opcode, s.Starts[i])
		}
	}
	if opcode < 0 {
		t.Fatal("no opcode explained")
	}
	bad := append([]byte(nil), data...)
	bad[opcode] = 0x7f
	var after spantest.List
	err = tileir.Explain(cudatile.Dialect, bad, tileir.ReadOptions{}, &after)
	_, readErr := cudatile.Read(bad, tileir.ReadOptions{})
	var we *wire.Error
	if err == nil || !errors.As(err, &we) || we.Offset != opcode || fmt.Sprint(err) != fmt.Sprint(readErr) {
		t.Fatalf("got %v, want Read's error at the opcode %#x (%v)", err, opcode, readErr)
	}
	for i, w := range after.Whats {
		if strings.HasPrefix(w, "op #0 ") && after.Ends[i] <= opcode {
			return
		}
	}
	t.Error("the ops before the bad byte are not explained")
}

// FuzzExplain: explaining any input gives Read's error (or none), and
// every range it reports lies in the input.
// TestExplainPythonLayout explains files laid out as NVIDIA's Python
// writer writes them (pywriter_test.go): every byte is labelled, the
// padding of empty tables and the writer's tag-0 debug entry included.
func TestExplainPythonLayout(t *testing.T) {
	for i, data := range pythonSeeds(t) {
		var s spantest.List
		if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
			t.Fatalf("file %d: %v", i, err)
		}
		spantest.Check(t, fmt.Sprintf("python file %d", i), data, &s)
	}
}

func FuzzExplain(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/vectors/versioning-13.1/*.tileirbc")
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, data := range pythonSeeds(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s spantest.List
		err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s)
		_, readErr := cudatile.Read(data, tileir.ReadOptions{})
		if fmt.Sprint(err) != fmt.Sprint(readErr) {
			t.Fatalf("Explain: %v\nRead:    %v", err, readErr)
		}
		for i := range s.Starts {
			if s.Starts[i] < 0 || s.Ends[i] > int64(len(data)) || s.Starts[i] > s.Ends[i] {
				t.Fatalf("range [%d, %d) %q outside the %d bytes", s.Starts[i], s.Ends[i], s.Whats[i], len(data))
			}
		}
	})
}
