package prefault

import (
	"sync/atomic"
	"syscall"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14).
const madvPopulateWrite = 23

// unsupported is set once the kernel refuses the advice (older kernels).
var unsupported atomic.Bool

func supported() bool { return !unsupported.Load() }

// populate maps [p, p+n) for writing; false stops the goroutine.
func populate(p, n uintptr) bool {
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, p, n, madvPopulateWrite)
	switch errno {
	case 0:
		return true
	case syscall.EINVAL:
		unsupported.Store(true)
	}
	return false
}
