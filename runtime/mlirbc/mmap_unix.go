//go:build unix

package mlirbc

import (
	"os"
	"syscall"
)

// MapFile maps a file read-only into memory, so that reading it copies
// nothing: resource blobs stay views of the mapping. Call the returned
// function when the data (and everything read from it) is no longer used.
func MapFile(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if size == 0 || !st.Mode().IsRegular() || int64(int(size)) != size {
		data, err := os.ReadFile(path)
		return data, func() error { return nil }, err
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		data, err := os.ReadFile(path)
		return data, func() error { return nil }, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
