package cudatile

import (
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestString checks that ops, types and attributes print through String
// and %v.
func TestString(t *testing.T) {
	fn := &tileir.Function{Name: "k", Type: &FunctionType{Inputs: []tileir.Type{tileI32}}, Params: tileir.NewBlock(tileI32).Args}
	b := tileir.NewFuncBuilder(fn)
	c := BuildConstantOp(b, tileI32, tileir.Dense{Data: []byte{1, 0, 0, 0}})
	add := BuildAddiOp(b, tileI32, fn.Params[0], c.Result(), IntegerOverflowNoSignedWrap)
	for _, tc := range []struct {
		v    any
		want string
	}{
		{tileI32, "tile<4xi32>"},
		{&DivByAttr{Divisor: 16}, "div_by<16>"},
		{add, "cuda_tile.addi(tile<4xi32>, tile<4xi32>) {overflow = no_signed_wrap} : tile<4xi32>"},
		{c, "cuda_tile.constant() {value = [1]} : tile<4xi32>"},
	} {
		if got := fmt.Sprint(tc.v); got != tc.want {
			t.Errorf("%T prints %s, want %s", tc.v, got, tc.want)
		}
	}
	if len(fn.Body) != 2 || fn.Body[1] != tileir.Op(add) {
		t.Errorf("the builder did not append at the end of the body: %v", fn.Body)
	}
}
