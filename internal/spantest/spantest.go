// Package spantest checks what a reader reports to a wire.Tracer when it
// explains a file: that every byte is explained by a field, and that the
// ranges nest. The MLIR and Tile IR explain tests share it.
package spantest

import (
	"strings"
	"testing"
)

// List collects what a reader reports (a wire.Tracer).
type List struct {
	Starts, Ends []int64
	Whats        []string
}

// Span records one range.
func (s *List) Span(start, end int64, what string) {
	s.Starts, s.Ends, s.Whats = append(s.Starts, start), append(s.Ends, end), append(s.Whats, what)
}

// Count is how many ranges are described with prefix.
func (s *List) Count(prefix string) int {
	n := 0
	for _, w := range s.Whats {
		if strings.HasPrefix(w, prefix) {
			n++
		}
	}
	return n
}

// Check fails t unless every range lies in data, every byte lies in one,
// two ranges either nest or do not meet, and the smallest range holding a
// byte holds no smaller one (else the byte is a gap between fields).
func Check(t testing.TB, name string, data []byte, s *List) {
	t.Helper()
	covered := make([]bool, len(data))
	for i := range s.Starts {
		a, b := s.Starts[i], s.Ends[i]
		if a < 0 || b > int64(len(data)) || a > b {
			t.Fatalf("%s: range [%d, %d) %q outside the file of %d bytes", name, a, b, s.Whats[i], len(data))
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
	for k := range int64(len(data)) {
		in := -1
		for i := range s.Starts {
			if s.Starts[i] <= k && k < s.Ends[i] && (in < 0 || s.Ends[i]-s.Starts[i] < s.Ends[in]-s.Starts[in]) {
				in = i
			}
		}
		for j := range s.Starts {
			if s.Starts[j] < s.Ends[j] && s.Starts[j] >= s.Starts[in] && s.Ends[j] <= s.Ends[in] && s.Ends[j]-s.Starts[j] < s.Ends[in]-s.Starts[in] {
				t.Fatalf("%s: byte %#x lies in %q but in none of the fields it holds", name, k, s.Whats[in])
			}
		}
	}
	for i := range s.Starts {
		for j := range s.Starts {
			a1, b1, a2, b2 := s.Starts[i], s.Ends[i], s.Starts[j], s.Ends[j]
			if a1 < a2 && a2 < b1 && b1 < b2 {
				t.Fatalf("%s: %q [%d, %d) and %q [%d, %d) overlap without nesting", name, s.Whats[i], a1, b1, s.Whats[j], a2, b2)
			}
		}
	}
}
