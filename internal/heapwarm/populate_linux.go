package heapwarm

import (
	"sync/atomic"
	"syscall"
)

// madvPopulateWrite is MADV_POPULATE_WRITE, Linux 5.14 and later.
const madvPopulateWrite = 23

// refusedOnce is set when the kernel refuses the advice before ever
// taking it (older kernels); workedOnce once it has taken it.
var refusedOnce, workedOnce atomic.Bool

func supported() bool { return !refusedOnce.Load() }

// populate has the kernel map [p, p+n) for writing.
func populate(p, n uintptr) outcome {
	switch _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, p, n, madvPopulateWrite); {
	case errno == 0:
		workedOnce.Store(true)
		return mapped
	case errno == syscall.EINVAL && !workedOnce.Load():
		// EINVAL is also the answer for memory reserved but not yet
		// writable, which the heap's top can be: only a kernel that
		// never took the advice is taken to refuse it.
		refusedOnce.Store(true)
		return refused
	default: // ENOMEM: nothing mapped; EINVAL, EFAULT: not writable yet
		return unmapped
	}
}
