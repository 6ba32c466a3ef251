package mlirbc

import (
	"reflect"
	"testing"
	"unsafe"
)

// A write keeps an entry per distinct attribute and type, about one per op
// (locations): its size is paid a million times in a large module.
func TestEntrySize(t *testing.T) {
	if size := unsafe.Sizeof(entry{}); size > 56 {
		t.Fatalf("entry is %d bytes; keep it at 56 or less", size)
	}
	if size := unsafe.Sizeof(tmplRef{}); size > 20 {
		t.Fatalf("tmplRef is %d bytes; keep it at 20 or less", size)
	}
	// Recorded references are stored about once per op: without pointers
	// they cost no write barrier and no scanning by the collector.
	ref := reflect.TypeFor[tmplRef]()
	for i := range ref.NumField() {
		switch k := ref.Field(i).Type.Kind(); k {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.String, reflect.Map:
			t.Fatalf("tmplRef.%s is a %s; keep tmplRef free of pointers", ref.Field(i).Name, k)
		}
	}
}
