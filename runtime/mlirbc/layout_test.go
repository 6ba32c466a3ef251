package mlirbc

import (
	"testing"
	"unsafe"
)

// The writer keeps a record per op, an entry per attribute and a recorded
// reference per location (a million of each converting a million ops):
// their sizes are part of its peak memory.
func TestWriterLayoutSizes(t *testing.T) {
	for _, c := range []struct {
		what      string
		got, most uintptr
	}{
		{"opNum", unsafe.Sizeof(opNum{}), 16},
		{"entry", unsafe.Sizeof(entry{}), 48},
		{"tmplRef", unsafe.Sizeof(tmplRef{}), 12},
	} {
		if c.got > c.most {
			t.Errorf("%s is %d bytes, want at most %d", c.what, c.got, c.most)
		}
	}
}
