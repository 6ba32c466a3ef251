package builtin

import (
	"bytes"
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// tf32 data converts between LLVM 19's four bytes a value and 22's three
// (each part of a complex value alike); a four-byte value with bits in
// its fourth byte is refused, not narrowed. Data of other types, or of a
// length neither width gives, is not touched.
func TestRewidenTF32(t *testing.T) {
	ctx := ir.NewContext()
	tf32 := GetFloatTF32Type(ctx)
	vec := func(n int64, elem ir.Type) ir.Type { return GetRankedTensorType(ctx, []int64{n}, elem, nil) }
	wide := []byte{0x00, 0xF8, 0x01, 0x00, 0x00, 0xFC, 0x01, 0x00}
	narrow := []byte{0x00, 0xF8, 0x01, 0x00, 0xFC, 0x01}
	if w := tf32Width(vec(2, tf32), len(wide)); w != 4 {
		t.Errorf("width of 19's list: %d", w)
	}
	if w := tf32Width(vec(2, tf32), len(narrow)); w != 3 {
		t.Errorf("width of 22's list: %d", w)
	}
	if w := tf32Width(vec(3, GetComplexType(ctx, tf32)), 8); w != 4 {
		t.Errorf("width of 19's complex splat: %d", w)
	}
	if w := tf32Width(vec(2, GetFloat32Type(ctx)), 8); w != 0 {
		t.Errorf("f32 data: width %d", w)
	}
	if w := tf32Width(vec(2, tf32), 5); w != 0 {
		t.Errorf("5 bytes of 2 tf32 values: width %d", w)
	}
	if got, err := rewidenTF32(wide, 4, 3); err != nil || !bytes.Equal(got, narrow) {
		t.Errorf("narrowed: %x, %v", got, err)
	}
	if got, err := rewidenTF32(narrow, 3, 4); err != nil || !bytes.Equal(got, wide) {
		t.Errorf("widened: %x, %v", got, err)
	}
	bad := append([]byte(nil), wide...)
	bad[7] = 1
	if _, err := rewidenTF32(bad, 4, 3); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("a value with bits in its fourth byte: %v", err)
	}
}
