package builtin

import "testing"

// TestParseIntegerTypeName: the integer type keywords MLIR's lexer takes
// (i0 included, as mlir-opt parses it), and those it does not.
func TestParseIntegerTypeName(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    uint32
		sig  Signedness
		isOK bool
	}{
		{"i0", 0, SignednessSignless, true},
		{"i1", 1, SignednessSignless, true},
		{"si8", 8, SignednessSigned, true},
		{"ui64", 64, SignednessUnsigned, true},
		{"i16777216", 1 << 24, SignednessSignless, true},
		{"i16777217", 0, 0, false},
		{"i01", 0, 0, false},
		{"i", 0, 0, false},
		{"i-1", 0, 0, false},
		{"f32", 0, 0, false},
		{"ix", 0, 0, false},
	} {
		w, sig, ok := ParseIntegerTypeName(c.s)
		if ok != c.isOK || ok && (w != c.w || sig != c.sig) {
			t.Errorf("%s: got %d %v %v", c.s, w, sig, ok)
		}
	}
}
