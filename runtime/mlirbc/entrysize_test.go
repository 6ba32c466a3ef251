package mlirbc

import (
	"testing"
	"unsafe"
)

// A write keeps an entry per distinct attribute and type, about one per op
// (locations): its size is paid a million times in a large module.
func TestEntrySize(t *testing.T) {
	if size := unsafe.Sizeof(entry{}); size > 56 {
		t.Fatalf("entry is %d bytes; keep it at 56 or less", size)
	}
	if size := unsafe.Sizeof(tmplRef{}); size > 24 {
		t.Fatalf("tmplRef is %d bytes; keep it at 24 or less", size)
	}
}
