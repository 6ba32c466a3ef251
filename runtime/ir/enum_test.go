package ir_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestEnumCaseNamed finds a case by the name the definitions give it: its
// Name where that differs from its keyword (LLVM's Visibility::Default
// prints as nothing), else its keyword; never by a keyword another name
// hides.
func TestEnumCaseNamed(t *testing.T) {
	cases := []ir.EnumCase{{Value: 0, Text: "", Name: "Default"}, {Value: 1, Text: "hidden"}, {Value: 2, Text: "protected", Name: "Protected"}}
	for _, c := range []struct {
		name string
		want uint64
		ok   bool
	}{
		{"Default", 0, true},
		{"hidden", 1, true},
		{"Protected", 2, true},
		{"protected", 0, false},
		{"", 0, false},
	} {
		if v, ok := ir.EnumCaseNamed(cases, c.name); v != c.want || ok != c.ok {
			t.Errorf("%q: %d, %v; want %d, %v", c.name, v, ok, c.want, c.ok)
		}
	}
}
