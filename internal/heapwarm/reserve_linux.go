package heapwarm

import (
	"bytes"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// madvHugepage is MADV_HUGEPAGE.
const madvHugepage = 14

// hugePage is the size of the huge pages MADV_HUGEPAGE asks for on the
// machines this runs on (x86-64 and arm64 with 4 KiB pages).
const hugePage = 2 << 20

// Reserve has the runtime map n bytes of address space for the heap at
// once, advised for huge pages, and hands them back to the allocator,
// which then grows into them before any other. It reports whether it
// did: only where the kernel backs memory with huge pages on advice
// (transparent_hugepage "madvise"; with "always" it already does, with
// "never" it will not).
//
// Why: a fault on a new 4 KiB page costs about 10 µs on our VMs, so a
// heap growing by 400 MiB spends a second in the kernel, half of
// converting a million ops. A fault on a huge page maps 2 MiB at once
// for about a tenth of a millisecond. The runtime maps its heap 4 MiB at
// a time, just before using it, each piece a new mapping without the
// advice, so the advice has to come from the mapping made here. What it
// costs: one collection, to free the block (about 2 ms in a new
// process), the runtime's tables for the range (about 4 ms a GiB), and
// the allocator zeroing what it takes from the range, as it zeroes any
// memory it had handed out before. Pages never touched stay unbacked: n
// may well exceed what the heap will use.
func Reserve(n int) bool {
	if n < hugePage || !CanReserve() {
		return false
	}
	block := make([]byte, n)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	from := (p + hugePage - 1) &^ (hugePage - 1)
	to := (p + uintptr(n)) &^ (hugePage - 1)
	if to <= from {
		return false
	}
	if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, from, to-from, madvHugepage); errno != 0 {
		return false
	}
	// block is dead from here: the collection frees it.
	runtime.GC()
	return true
}

// CanReserve reports whether Reserve would reserve: where the kernel
// backs memory with huge pages on advice, and does not count the address
// space a process maps against a strict limit (vm.overcommit_memory 2),
// where a reserve the heap will not fill could fail the process.
func CanReserve() bool { return hugePagesOnAdvice() && !strictCommit() }

// overcommit is the kernel's overcommit mode (a variable for tests).
var overcommit = "/proc/sys/vm/overcommit_memory"

// strictCommit reports whether the kernel refuses to map more than its
// commit limit, or its mode cannot be read.
func strictCommit() bool {
	b, err := os.ReadFile(overcommit)
	return err != nil || string(bytes.TrimSpace(b)) == "2"
}

// thpEnabled is the kernel's setting for transparent huge pages (a
// variable for tests).
var thpEnabled = "/sys/kernel/mm/transparent_hugepage/enabled"

// hugePagesOnAdvice reports whether the kernel backs memory with huge
// pages where advised and only there.
func hugePagesOnAdvice() bool {
	b, err := os.ReadFile(thpEnabled)
	return err == nil && bytes.Contains(b, []byte("[madvise]"))
}
