package filemap

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// resident is the process's resident memory in bytes (/proc/self/statm).
func resident(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip(err)
	}
	pages, err := strconv.ParseInt(strings.Fields(string(b))[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// Evict takes the mapped pages out of the process's resident memory, and
// Data still reads the file's bytes afterwards.
func TestEvict(t *testing.T) {
	const size = 16 << 20
	want := bytes.Repeat([]byte("evicted pages come back from the file. "), size/39+1)[:size]
	f := openMapped(t, want)
	before := resident(t)
	if !bytes.Equal(f.Data, want) { // reads every page
		t.Fatal("mapped bytes differ from the file's")
	}
	touched := resident(t)
	f.Evict()
	evicted := resident(t)
	if touched-before < size/2 || touched-evicted < size/2 {
		t.Errorf("resident memory %d MiB, %d after reading the mapping, %d after Evict: the mapping's %d MiB did not come and go", before>>20, touched>>20, evicted>>20, size>>20)
	}
	if !bytes.Equal(f.Data, want) {
		t.Fatal("after Evict, the mapped bytes differ from the file's")
	}
}
