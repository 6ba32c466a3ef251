package asm

import (
	"fmt"
	"testing"
)

// TestDictKeys: a name is refused the second time, whether the
// dictionary is short (scanned) or long (a set), and at the name.
func TestDictKeys(t *testing.T) {
	for _, n := range []int{3, dictKeysScanned, 3 * dictKeysScanned} {
		src := "{"
		for i := range n {
			src += fmt.Sprintf("k%d, ", i)
		}
		src += `"k1"}`
		p := NewParser("d.mlir", []byte(src))
		var keys DictKeys
		p.Expect("{")
		read := 0
		p.List("}", func() {
			if _, ok := p.DictKey(&keys, "expected a name"); ok {
				read++
			}
		})
		want := fmt.Sprintf("d.mlir:1:%d: duplicate key 'k1' in dictionary attribute", len(src)-4)
		if err := p.Err(); err == nil || err.Error() != want || read != n {
			t.Errorf("%d names: %d read, error %v, want %q", n, read, err, want)
		}
	}
	p := NewParser("d.mlir", []byte("{= 1}"))
	p.Expect("{")
	if _, ok := p.DictKey(&DictKeys{}, "expected a name"); ok || p.Err() == nil || p.Err().Error() != "d.mlir:1:2: expected a name" {
		t.Errorf("no name: %v", p.Err())
	}
}
