package heapwarm

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"time"
)

// threadFaults counts the page faults of the calling thread so far.
func threadFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		t.Skip(err)
	}
	return ru.Minflt
}

var kept [][]byte

// raceDetector is set in builds with the race detector (race_test.go).
var raceDetector bool

// grow has the heap grow by size bytes without collections, in pieces
// of 64 KiB written at once, pausing a millisecond every 256 KiB for the
// work a reader does between allocations; it returns the page faults the
// calling thread took.
func grow(t *testing.T, size int) int64 {
	before := threadFaults(t)
	for i := range size / (64 << 10) {
		b := make([]byte, 64<<10)
		for j := 0; j < len(b); j += pageSize {
			b[j] = 1
		}
		kept = append(kept, b)
		if i%4 == 3 {
			time.Sleep(time.Millisecond)
		}
	}
	return threadFaults(t) - before
}

// coldGrowth turns the collector off and keeps the test on its thread
// until it ends, grows the heap by size bytes, and returns the page
// faults that took; it skips the test where the heap reused memory
// instead.
func coldGrowth(t *testing.T, size int) int64 {
	old := debug.SetGCPercent(-1)
	runtime.LockOSThread()
	t.Cleanup(func() {
		runtime.UnlockOSThread()
		debug.SetGCPercent(old)
		kept = nil
	})
	cold := grow(t, size)
	if cold < int64(size/pageSize/2) {
		t.Skipf("only %d page faults growing the heap by %d bytes: it reused memory", cold, size)
	}
	return cold
}

// TestStartMapsAhead: a heap growing without collections takes a page
// fault a page on its own thread; with the warmer mapping ahead of it,
// far fewer.
func TestStartMapsAhead(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 || !supported() || raceDetector {
		t.Skip("needs two processors and MADV_POPULATE_WRITE, and counts pages the race detector would fault too")
	}
	const size = 16 << 20
	cold := coldGrowth(t, size)
	stop := Start(8 << 20)
	warm := grow(t, size)
	stop()
	t.Logf("page faults growing the heap by %d bytes: %d cold, %d warmed (mapped up to %#x)", size, cold, warm, warmedTo.Load())
	if warm > cold/2 {
		t.Fatalf("%d page faults with the warmer, %d without", warm, cold)
	}
}

// TestStartStop: warmers started and stopped while the heap grows leave
// it as it was (run it with -race too).
func TestStartStop(t *testing.T) {
	defer func() { kept = nil }()
	for range 3 {
		stop := Start(1 << 20)
		for i := range 64 {
			b := make([]byte, 64<<10)
			b[len(b)-1] = byte(i)
			kept = append(kept, b)
		}
		stop()
		stop() // twice is harmless
	}
	for i, b := range kept {
		if b[len(b)-1] != byte(i%64) {
			t.Fatalf("piece %d changed", i)
		}
	}
}
