package mlirbc

import (
	"fmt"
	"testing"
)

// TestDistinctStrings: the writer's string table is sized for the strings
// references name, not capped below them when each names its own (20,000
// attribute names), and not sized for every reference when they repeat a
// few strings.
func TestDistinctStrings(t *testing.T) {
	own := make([]string, 20_000)
	few := make([]string, 20_000)
	for i := range own {
		own[i] = fmt.Sprintf("a%d", i)
		few[i] = fmt.Sprintf("file%d.py", i%3)
	}
	if n := distinctStrings(own); n != len(own) {
		t.Errorf("20,000 distinct strings: room for %d", n)
	}
	if n := distinctStrings(few); n > 100 {
		t.Errorf("3 strings named 20,000 times: room for %d", n)
	}
	if n := distinctStrings(own[:100]); n != 100 {
		t.Errorf("100 references: room for %d, want 100", n)
	}
}
