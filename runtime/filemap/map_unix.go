//go:build unix

package filemap

import (
	"os"
	"syscall"
)

// Open maps the file at path read-only. Empty and special files, and files
// the system will not map, are read into memory instead.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	size := st.Size()
	if size == 0 || !st.Mode().IsRegular() || int64(int(size)) != size {
		f.Close()
		return read(path)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		f.Close()
		return read(path)
	}
	return &File{Data: data, file: f, unmap: func() error { return syscall.Munmap(data) }, evict: func() { evict(data) }}, nil
}

func read(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &File{Data: data}, nil
}
