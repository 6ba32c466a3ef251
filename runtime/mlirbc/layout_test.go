package mlirbc

import (
	"reflect"
	"testing"
)

// The writer keeps a record per op, an entry per attribute and a recorded
// reference per location (a million of each converting a million ops):
// their sizes are part of its peak memory, and the tables of those that
// hold no pointer are neither scanned by the collector nor written
// through its barriers.
func TestWriterLayoutSizes(t *testing.T) {
	for _, c := range []struct {
		what     string
		typ      reflect.Type
		most     uintptr
		pointers bool
	}{
		{"opNum", reflect.TypeFor[opNum](), 16, false},
		{"entry", reflect.TypeFor[entry](), 32, false},
		{"tmplRef", reflect.TypeFor[tmplRef](), 12, false},
	} {
		if got := c.typ.Size(); got > c.most {
			t.Errorf("%s is %d bytes, want at most %d", c.what, got, c.most)
		}
		if got := hasPointers(c.typ); got != c.pointers {
			t.Errorf("%s holds pointers: %v, want %v", c.what, got, c.pointers)
		}
	}
}

// hasPointers reports whether a value of type t holds a pointer the
// collector follows.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}
