// Package heapwarm has the kernel map, on another core, the pages that a
// one-shot process's heap is about to grow into.
//
// mlirbc convert reads a file into memory it never frees before exiting,
// so its heap only grows, onto pages never used before, and the first
// write to each traps into the kernel, which finds, zeroes and maps a
// page: about 1.6 µs a page on our VMs, a sixth of the time of converting
// a million ops. A goroutine that asks the kernel to map the next few MiB
// above the heap's top (madvise MADV_POPULATE_WRITE) does that work on
// the second core, before the allocator gets there. The pages it maps
// are zero, as the allocator expects of new memory.
//
// Where the top is: with nothing freed, the allocator takes new pages
// from the lowest free address, which is the top. So a span allocated
// now lies at it, and as the heap grows by n bytes the top moves by about
// n. The probe is 128 KiB, as smaller spans come from a cache of pages
// each processor took from the heap earlier, below the top; it is never
// written, so the kernel never backs it. The goroutine probes again after
// every 4 MiB the heap grows, so that a wrong guess costs at most that
// many pages mapped in vain, besides the lead itself.
//
// How far ahead: the runtime makes its reserved address space writable
// 4 MiB at a time as the heap grows, and the kernel maps only writable
// memory, so the lead reaches at most the end of that step.
package heapwarm

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"
	"unsafe"
)

const (
	pageSize   = 4096
	step       = 256 << 10 // mapped per call, so that stop is seen soon
	probeSize  = 128 << 10 // large enough to bypass the processors' page caches
	probeEvery = 4 << 20
	minGrowth  = 1 << 20
	idle       = 50 * time.Microsecond
)

// sink keeps the last probe on the heap (a probe that does not escape
// would be made on the stack, which says nothing of the heap).
var sink atomic.Pointer[byte]

// Start keeps up to lead bytes above the heap's top mapped until stop is
// called, on a goroutine of its own, once the heap has grown by a MiB. It
// does nothing with one processor or where the kernel does not take the
// advice. Only a process whose heap grows without collections gains:
// with collections, the allocator reuses freed pages below the top.
func Start(lead int) (stop func()) {
	if runtime.GOMAXPROCS(0) < 2 || !supported() {
		return func() {}
	}
	var done atomic.Bool
	go warm(uintptr(lead), &done)
	return func() { done.Store(true) }
}

func warm(lead uintptr, done *atomic.Bool) {
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	inUse := func() uintptr {
		metrics.Read(samples)
		return uintptr(samples[0].Value.Uint64() + samples[1].Value.Uint64())
	}
	var top, atProbe, warmed uintptr
	start := inUse()
	for !done.Load() {
		used := inUse()
		if used < start || used < atProbe {
			// A collection freed memory (near the memory limit, the
			// collector comes back on): what was measured from is gone.
			start, top = min(start, used), 0
		}
		// A process that allocates little (copying a large blob from
		// file to file) would pay for pages it never uses: warm only a
		// heap that grows, and never further ahead than twice its growth.
		grown := used - start
		if grown < minGrowth {
			time.Sleep(4 * idle)
			continue
		}
		if top == 0 || used-atProbe >= probeEvery {
			probe := make([]byte, probeSize)
			sink.Store(&probe[0])
			at := uintptr(unsafe.Pointer(&probe[0]))
			if top == 0 && populate(at, pageSize) == refused {
				return // a page of the heap's own: the kernel does not know the advice
			}
			top, atProbe = at+probeSize, used
		}
		front := top + used - atProbe
		from := max(warmed, front+pageSize-1) &^ (pageSize - 1)
		to := (front + min(lead, 2*grown)) &^ (pageSize - 1)
		if from+step > to {
			time.Sleep(idle)
			continue
		}
		switch populate(from, step) {
		case mapped:
			warmed = from + step
			warmedTo.Store(warmed)
		case unmapped:
			// Past the memory the allocator has reserved so far: it maps
			// more as the heap grows.
			time.Sleep(4 * idle)
		case refused:
			return
		}
	}
}

// warmedTo is the end of the pages mapped last, for tests.
var warmedTo atomic.Uintptr

// What the kernel made of a request to map pages.
type outcome int

const (
	mapped outcome = iota
	unmapped
	refused // the kernel does not know the request
)
