//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package oracle

import (
	"os"
	"path/filepath"
	"syscall"
)

// lockKey takes an exclusive lock shared by every process that uses the
// cache directory dir, for key's stripe (the key's first byte), and
// returns the function that releases it. Without a lock file it returns at
// once: two processes may then run the same command, which is only slower.
func lockKey(dir, key string) (unlock func()) {
	locks := filepath.Join(dir, "locks")
	if err := os.MkdirAll(locks, 0o755); err != nil {
		return func() {}
	}
	f, err := os.OpenFile(filepath.Join(locks, key[:2]), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return func() {}
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return func() {}
	}
	return func() { f.Close() } // closing the file releases the lock
}
