// Package prefault has the kernel back a new allocation with memory on
// another core, while the caller fills it (Slice) or before the caller
// gets to it (Ahead).
//
// A program that builds a large data structure once (a reader decoding a
// million ops into one slab) spends a third of its time in page faults:
// the first write to each 4 KiB page traps into the kernel, which finds,
// zeroes and maps a page. Filling a slab front to back, the caller meets
// those faults one after another; a goroutine that asks the kernel to map
// the slab's pages ahead of it (madvise MADV_POPULATE_WRITE) takes them
// off the caller's path, onto a core that would otherwise be idle. It
// changes no byte of the slab: the kernel maps zero pages where nothing
// is mapped yet and leaves mapped pages alone, so the caller may write to
// the slab while it runs.
package prefault

import (
	"runtime"
	"unsafe"
)

// pageSize is the kernel's page on the machines this runs on (x86-64 and
// arm64 Linux: 4 KiB); where pages are larger, Touch writes more often
// than it needs to and mapRange maps whole 4 KiB steps of them.
const pageSize = 4096

// MinBytes is the smallest slab worth a goroutine: below it the faults
// cost less than starting one.
const MinBytes = 1 << 20

// step is how much one call maps: small enough that the caller, starting
// at the same end, is soon behind the goroutine rather than waiting on a
// page the goroutine is mapping.
const step = 256 << 10

// Slice has the kernel map the memory of s ahead of its use, on another
// goroutine, when s is large enough and there is a core to spare. It
// returns at once.
func Slice[T any](s []T) {
	if len(s) == 0 {
		return
	}
	if uintptr(len(s))*unsafe.Sizeof(s[0]) >= MinBytes {
		Ahead(s)
	}
}

// Ahead is Slice for a slice of any size that will be used only later:
// the kernel has time to map it before the caller gets there.
func Ahead[T any](s []T) {
	if len(s) == 0 {
		return
	}
	n := uintptr(len(s)) * unsafe.Sizeof(s[0])
	if runtime.GOMAXPROCS(0) < 2 || !supported() {
		return
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	go func() {
		// s stays alive until the last page is mapped.
		defer runtime.KeepAlive(s)
		mapRange(base, base+n)
	}()
}

// mapRange maps the whole pages inside [from, to), front to back: a page
// the range shares with its neighbours is mapped by whoever writes it
// first.
func mapRange(from, to uintptr) {
	start := (from + pageSize - 1) &^ (pageSize - 1)
	end := to &^ (pageSize - 1)
	for p := start; p < end; p += step {
		if !populate(p, min(step, end-p)) {
			return
		}
	}
}

// Touch writes the zero value to every 4 KiB page of s, new memory that
// is about to be read before it is written (a hash table's slots): such
// memory, read first, is mapped to the kernel's shared zero page, and its
// first write then faults a second time and flushes the TLBs of the other
// cores the process ran on. Written first, each page faults once. It
// returns s.
func Touch[T any](s []T) []T {
	if len(s) == 0 {
		return s
	}
	var zero T
	step := max(1, pageSize/int(unsafe.Sizeof(zero)))
	// A loop the compiler cannot drop as storing zeros over new zeros.
	for i := 0; i < len(s); i += step {
		s[i] = zero
	}
	s[len(s)-1] = zero
	return s
}

// TouchObject is Touch for one new object whose type holds pointers:
// storing its zero value would copy the whole object through the
// collector's write barrier, so it writes zero bytes over zero bytes
// instead, one a page. It returns p.
func TouchObject[T any](p *T) *T {
	b := unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))
	for i := 0; i < len(b); i += pageSize {
		b[i] = 0
	}
	b[len(b)-1] = 0
	return p
}
