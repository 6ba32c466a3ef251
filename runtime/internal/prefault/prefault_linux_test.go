package prefault

import (
	"bytes"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// resident counts the pages of b the kernel has mapped (mincore).
func resident(t *testing.T, b []byte) int {
	t.Helper()
	vec := make([]byte, (len(b)+pageSize-1)/pageSize)
	_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), uintptr(unsafe.Pointer(&vec[0])))
	if errno != 0 {
		t.Skipf("mincore: %v", errno)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

func freshMapping(t *testing.T, size int) []byte {
	t.Helper()
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Munmap(b) })
	return b
}

// TestMapRangeMaps: the pages of a fresh mapping are all mapped after
// mapRange, and only those inside the range.
func TestMapRangeMaps(t *testing.T) {
	b := freshMapping(t, 64*pageSize)
	if n := resident(t, b); n != 0 {
		t.Fatalf("%d pages resident before anything touched them", n)
	}
	base := uintptr(unsafe.Pointer(&b[0]))
	// From the middle of page 2 to the middle of page 40: pages 3..39.
	mapRange(base+2*pageSize+100, base+40*pageSize+100)
	if !supported() {
		t.Skip("the kernel does not support MADV_POPULATE_WRITE")
	}
	if n := resident(t, b[3*pageSize:40*pageSize]); n != 37 {
		t.Errorf("%d of the 37 whole pages in the range are resident", n)
	}
	if n := resident(t, b[:3*pageSize]) + resident(t, b[40*pageSize:]); n != 0 {
		t.Errorf("%d pages outside the range are resident", n)
	}
}

// TestSliceKeepsWrites: mapping a slice while its owner writes to it
// loses no write and changes no byte.
func TestSliceKeepsWrites(t *testing.T) {
	b := freshMapping(t, 8<<20)
	copy(b[len(b)/2:], bytes.Repeat([]byte("written before"), 1000))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mapRange(uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(&b[0]))+uintptr(len(b)))
	}()
	for i := 0; i < len(b)/2; i += 64 {
		b[i] = byte(i/64) | 1
	}
	wg.Wait()
	for i := 0; i < len(b)/2; i++ {
		want := byte(0)
		if i%64 == 0 {
			want = byte(i/64) | 1
		}
		if b[i] != want {
			t.Fatalf("byte %d is 0x%02x, want 0x%02x", i, b[i], want)
		}
	}
	if !bytes.HasPrefix(b[len(b)/2:], bytes.Repeat([]byte("written before"), 1000)) {
		t.Error("bytes written before the mapping changed")
	}
}

// TestTouch: Touch writes to every page of a slice, whatever its element
// size, so that each page is mapped by a write rather than read first.
func TestTouch(t *testing.T) {
	b := freshMapping(t, 16*pageSize)
	words := unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8)
	Touch(words[:5*pageSize/8+1]) // 5 pages and a word of the 6th
	if n := resident(t, b[:6*pageSize]); n != 6 {
		t.Errorf("%d of the 6 pages the slice spans are resident", n)
	}
	if n := resident(t, b[6*pageSize:]); n != 0 {
		t.Errorf("%d pages past the slice are resident", n)
	}
	type big struct{ x [5000]byte } // larger than a page
	bigs := unsafe.Slice((*big)(unsafe.Pointer(&b[8*pageSize])), 6)
	Touch(bigs[:2]) // 10,000 bytes: pages 8, 9 and 10
	if n := resident(t, b[8*pageSize:]); n != 3 {
		t.Errorf("elements larger than a page: %d pages resident, want the 3 they span", n)
	}
}

// TestSliceMapsAhead: Slice maps a large slice's pages on another
// goroutine, and leaves a small one to the caller.
func TestSliceMapsAhead(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("Slice needs a second core")
	}
	small := freshMapping(t, MinBytes/2)
	Slice(small)
	big := freshMapping(t, 2*MinBytes)
	Slice(big)
	waitMapped(t, big)
	time.Sleep(10 * time.Millisecond)
	if n := resident(t, small); n != 0 {
		t.Errorf("%d pages of a %d-byte slice mapped; below MinBytes it is left alone", n, len(small))
	}
}

// TestAheadMapsSmall: Ahead maps a slice of any size, for a caller that
// will get to it only later.
func TestAheadMapsSmall(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("Ahead needs a second core")
	}
	small := freshMapping(t, MinBytes/4)
	Ahead(small)
	waitMapped(t, small)
}

// waitMapped waits up to 5 s for every page of s to be mapped by another
// goroutine; it skips the test where the kernel cannot map ahead.
func waitMapped(t *testing.T, s []byte) {
	t.Helper()
	want := len(s) / pageSize
	deadline := time.Now().Add(5 * time.Second)
	for resident(t, s) < want {
		if !supported() {
			t.Skip("the kernel does not support MADV_POPULATE_WRITE")
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of the %d pages of a %d-byte slice mapped after 5 s", resident(t, s), want, len(s))
		}
		time.Sleep(time.Millisecond)
	}
}

// TestTouchObjectMaps: an object of three pages placed on a fresh
// mapping has all its pages mapped after TouchObject, and stays zero.
func TestTouchObjectMaps(t *testing.T) {
	type obj struct {
		p    *int
		rest [3*pageSize - 16]byte
		q    *int
	}
	b := freshMapping(t, 4*pageSize)
	o := (*obj)(unsafe.Pointer(&b[0]))
	if n := resident(t, b); n != 0 {
		t.Fatalf("%d pages mapped before", n)
	}
	if TouchObject(o) != o {
		t.Fatal("TouchObject returned another object")
	}
	if n := resident(t, b[:unsafe.Sizeof(*o)]); n != 3 {
		t.Fatalf("%d of 3 pages mapped", n)
	}
	if o.p != nil || o.q != nil || bytes.Count(o.rest[:], []byte{0}) != len(o.rest) {
		t.Fatal("the object is not zero")
	}
}
