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
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

type spanList struct {
	starts, ends []int64
	whats        []string
}

func (s *spanList) Span(start, end int64, what string) {
	s.starts, s.ends, s.whats = append(s.starts, start), append(s.ends, end), append(s.whats, what)
}

// checkExplained: every byte lies in some reported range, ranges lie in
// the file, and two ranges either nest or do not meet.
func checkExplained(t *testing.T, name string, data []byte, s *spanList) {
	t.Helper()
	covered := make([]bool, len(data))
	for i := range s.starts {
		a, b := s.starts[i], s.ends[i]
		if a < 0 || b > int64(len(data)) || a > b {
			t.Fatalf("%s: range [%d, %d) %q outside the file of %d bytes", name, a, b, s.whats[i], len(data))
		}
		for k := a; k < b; k++ {
			covered[k] = true
		}
	}
	for k, c := range covered {
		if !c {
			t.Fatalf("%s: byte %#x is not explained", name, k)
		}
	}
	// A byte is explained by the smallest range that holds it, which must
	// hold no smaller range: otherwise the byte is a gap between fields.
	for k := range int64(len(data)) {
		in := -1
		for i := range s.starts {
			if s.starts[i] <= k && k < s.ends[i] && (in < 0 || s.ends[i]-s.starts[i] < s.ends[in]-s.starts[in]) {
				in = i
			}
		}
		for j := range s.starts {
			if s.starts[j] < s.ends[j] && s.starts[j] >= s.starts[in] && s.ends[j] <= s.ends[in] && s.ends[j]-s.starts[j] < s.ends[in]-s.starts[in] {
				t.Fatalf("%s: byte %#x lies in %q but in none of the fields it holds", name, k, s.whats[in])
			}
		}
	}
	for i := range s.starts {
		for j := range s.starts {
			a1, b1, a2, b2 := s.starts[i], s.ends[i], s.starts[j], s.ends[j]
			if a1 < a2 && a2 < b1 && b1 < b2 {
				t.Fatalf("%s: %q [%d, %d) and %q [%d, %d) overlap without nesting", name, s.whats[i], a1, b1, s.whats[j], a2, b2)
			}
		}
	}
}

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
		var s spanList
		if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkExplained(t, name, data, &s)
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ops := 0
		for _, w := range s.whats {
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
	var s spanList
	if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
		t.Fatal(err)
	}
	opcode := int64(-1) // the last op's
	for i, w := range s.whats {
		if strings.HasPrefix(w, "opcode ") {
			opcode = max(opcode, s.starts[i])
		}
	}
	if opcode < 0 {
		t.Fatal("no opcode explained")
	}
	bad := append([]byte(nil), data...)
	bad[opcode] = 0x7f
	var after spanList
	err = tileir.Explain(cudatile.Dialect, bad, tileir.ReadOptions{}, &after)
	_, readErr := cudatile.Read(bad, tileir.ReadOptions{})
	var we *wire.Error
	if err == nil || !errors.As(err, &we) || we.Offset != opcode || fmt.Sprint(err) != fmt.Sprint(readErr) {
		t.Fatalf("got %v, want Read's error at the opcode %#x (%v)", err, opcode, readErr)
	}
	for i, w := range after.whats {
		if strings.HasPrefix(w, "op #0 ") && after.ends[i] <= opcode {
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
		var s spanList
		if err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s); err != nil {
			t.Fatalf("file %d: %v", i, err)
		}
		checkExplained(t, fmt.Sprintf("python file %d", i), data, &s)
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
		var s spanList
		err := tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s)
		_, readErr := cudatile.Read(data, tileir.ReadOptions{})
		if fmt.Sprint(err) != fmt.Sprint(readErr) {
			t.Fatalf("Explain: %v\nRead:    %v", err, readErr)
		}
		for i := range s.starts {
			if s.starts[i] < 0 || s.ends[i] > int64(len(data)) || s.starts[i] > s.ends[i] {
				t.Fatalf("range [%d, %d) %q outside the %d bytes", s.starts[i], s.ends[i], s.whats[i], len(data))
			}
		}
	})
}
