package cli

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/dialectgen/dialectgen/internal/heapwarm"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
)

// One file in, one file out: everything `mlirbc convert` reads stays live
// until it has been written, and the process then exits. Collecting
// during that time finds almost nothing to free (converting a million ops
// peaks 3 % higher with the collector off) but scans the whole growing IR
// again and again, a fifth of the run. So Main turns the collector off for
// a single conversion of bytecode (and for stat, which reads a file to
// count it), with a memory limit at three quarters of the memory the
// process may use: near it the collector comes back on. Batch conversion
// frees each file's IR after writing it, so it keeps the collector, but
// lets the heap grow to three times what is live instead of twice:
// collecting more often mostly rescans IR still being read or written (40
// small files: 0.55 s instead of 0.68 s, 100 MiB peak instead of 79).
// Whoever sets GOGC or GOMEMLIMIT keeps their setting.
//
// Only Main does this: Run is a library call, and its callers' heaps are
// not ours to tune.

// oneShotGC turns the collector off up to the memory limit, where the
// environment leaves the choice to us and the limit is known. Then the
// heap only grows, onto new pages. Where it cannot be reserved in huge
// pages (see expectHeap), a goroutine has the kernel map them ahead of
// the allocator on the other core (internal/heapwarm: converting 1M ops
// took 0.92 of the time and 1,000 functions 0.91 to 0.96, peaking 3 to
// 9 MiB higher); the returned func stops it. Beside a reserve, the
// warmer only mapped more than was used: 3 to 6 MiB more at the peak,
// for no time saved.
func oneShotGC() (stop func()) {
	if !tuneGC(-1) || canReserve() {
		return func() {}
	}
	return startWarmer(warmLead)
}

// oneFile says that Main runs a command reading one file, until done is
// called: expectHeap then reserves the heap the file will take. A library
// call (Run) reserves nothing, as it tunes no collector.
func oneFile() (done func()) {
	reserving.Store(true)
	return func() { reserving.Store(false) }
}

var reserving atomic.Bool

// startWarmer starts the page warmer, reserveHeap reserves heap in huge
// pages, canReserve says whether it can, machineMemory is
// availableMemory (variables for tests).
var (
	startWarmer   = heapwarm.Start
	reserveHeap   = heapwarm.Reserve
	canReserve    = heapwarm.CanReserve
	machineMemory = availableMemory
)

// expectHeap has Main reserve, before it reads a file, the n bytes of
// heap that reading it and writing it again will take, in huge pages
// (heapwarm.Reserve): converting 100,000 ops took 0.66 of the time, a
// million 0.55, 1,000 functions 0.73, and printing 100,000 ops 0.54,
// peaking within 8 MiB of before (docs/performance.md, the twentieth
// round). A file that needs less than minReserve is left alone: the
// reserve's fixed cost, about 2 ms, is more than its pages would save.
func expectHeap(n uint64) {
	if reserving.Load() {
		reserveUpTo(n)
	}
}

// reserveUpTo reserves n bytes of heap, within the limits below, if that
// is worth it.
func reserveUpTo(n uint64) {
	// The reserve is counted as heap until it is freed, and so must stay
	// well below a memory limit (oneShotGC's, or the environment's); and
	// it is mapped at once, which a kernel refuses beyond its memory
	// (where that cannot be read, 0: no reserve).
	n = min(n, maxReserve, uint64(debug.SetMemoryLimit(-1)/4), machineMemory()/4)
	if n < minReserve {
		return
	}
	reserveHeap(int(n))
}

const (
	minReserve = 8 << 20
	maxReserve = 1 << 30
)

// textHeapFor is about how much parsing MLIR text of n bytes and writing
// it as bytecode grows the heap, the collector on: 16 bytes a byte
// (converting 100,000 ops of text: 0.67 of the time, one location an op:
// 0.65, for no more memory at the peak).
func textHeapFor(n int) uint64 { return 16 * uint64(n) }

// heapFor is about how much reading and writing f grows the heap: 64
// bytes for each byte of its IR, strings and properties, and of its
// attributes and types up to 32 bytes an entry (larger ones, dense
// constants, are read where they lie in the file). On the inputs of
// make bench-convert and the shapes of docs/performance.md's nineteenth
// round, that is 0.9 to 3 times what the heap grew: an overestimate
// costs only the runtime's tables for address space never touched.
func heapFor(f *bytecode.File) uint64 {
	var n uint64
	for _, id := range []byte{bytecode.SectionIR, bytecode.SectionString, bytecode.SectionProperties} {
		if s := f.Sections[id]; s != nil {
			n += uint64(len(s.Data))
		}
	}
	if s := f.Sections[bytecode.SectionAttrType]; s != nil {
		n += min(uint64(len(s.Data)), 32*uint64(f.Attrs.Len()+f.Types.Len()))
	}
	return heapPerByte * n
}

// heapPerByte is how many bytes of heap heapFor, and a batch, expect for
// a byte of a file.
const heapPerByte = 64

// warmLead is how far above the heap's top its pages are mapped ahead.
const warmLead = 4 << 20

// batchGC collects at three times the live heap, up to the same limit.
func batchGC() { tuneGC(200) }

// tuneGC sets the collector's target and reports whether it did.
func tuneGC(percent int) bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	avail := availableMemory()
	if avail == 0 {
		return false
	}
	debug.SetMemoryLimit(int64(avail / 4 * 3))
	debug.SetGCPercent(percent)
	return true
}

// availableMemory is the smaller of the machine's memory and the limit of
// the process's cgroup (v2, or v1's memory controller), or 0 where
// neither can be read.
func availableMemory() uint64 {
	total := memTotal()
	for _, limit := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(limit)
		if err != nil {
			continue
		}
		// "max" (v2) or a huge number (v1) mean no limit; either way the
		// machine's memory is the smaller.
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
}
