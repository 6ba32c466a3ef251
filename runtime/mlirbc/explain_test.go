package mlirbc_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
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

func TestExplainCoversEveryByte(t *testing.T) {
	files := shippedFiles(t)
	for name, data := range files {
		var s spanList
		if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkExplained(t, name, data, &s)
		ops := 0
		for _, w := range s.whats {
			if strings.HasPrefix(w, "op #") {
				ops++
			}
		}
		if ops == 0 {
			t.Errorf("%s: no op explained", name)
		}
	}
}

func TestExplainUpstream(t *testing.T) {
	for _, p := range upstreamFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s spanList
		if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		checkExplained(t, filepath.Base(p), data, &s)
	}
}

// TestExplainBadByte: a wrong byte gives the error Read gives, and the
// ranges before it are explained.
func TestExplainBadByte(t *testing.T) {
	data := shippedFiles(t)["locs_all.llvm22.v6.mlirbc"]
	var s spanList
	if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
		t.Fatal(err)
	}
	mask := int64(-1) // the last op's
	for i, w := range s.whats {
		if strings.HasPrefix(w, "mask ") {
			mask = max(mask, s.starts[i])
		}
	}
	if mask < 0 {
		t.Fatal("no op mask found")
	}
	bad := append([]byte(nil), data...)
	bad[mask] = 0x80
	var after spanList
	err := mlirbc.Explain(newContext(), bad, mlirbc.ReadOptions{}, &after)
	_, readErr := mlirbc.Read(newContext(), bad, mlirbc.ReadOptions{})
	var we *wire.Error
	if err == nil || !errors.As(err, &we) || we.Offset != mask || fmt.Sprint(err) != fmt.Sprint(readErr) {
		t.Fatalf("got %v, want Read's error at the mask %#x (%v)", err, mask, readErr)
	}
	for i, w := range after.whats {
		if w == "location loc(\"op2.cc\":2:3)" && after.ends[i] <= mask {
			return
		}
	}
	t.Error("the ops before the bad byte are not explained")
}
