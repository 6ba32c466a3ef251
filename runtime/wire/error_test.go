package wire

import (
	"errors"
	"testing"
)

// An op error names the op once: where the cause starts by naming it,
// the cause is the message.
func TestOpErrorNamesOpOnce(t *testing.T) {
	for _, c := range []struct {
		err  OpError
		want string
	}{
		{OpError{Op: "llvm.atomicrmw", Offset: -1, Err: errors.New("op llvm.atomicrmw, attribute bin_op: no case")}, "op llvm.atomicrmw, attribute bin_op: no case"},
		{OpError{Op: "llvm.gep", Offset: -1, Err: errors.New("op llvm.gep: attribute x")}, "op llvm.gep: attribute x"},
		{OpError{Op: "llvm.gep", Offset: -1, Err: errors.New("op llvm.gepx: other")}, "llvm.gep: op llvm.gepx: other"},
		{OpError{Op: "a.b", Offset: -1, Err: errors.New("a value")}, "a.b: a value"},
		{OpError{Op: "a.b", Offset: 7, Err: errors.New("bad")}, "op a.b (at offset 7): bad"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
