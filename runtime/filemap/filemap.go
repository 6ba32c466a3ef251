// Package filemap gives a file's bytes without copying them: mapped into
// memory where the platform allows, read into memory elsewhere. Readers
// of both formats decode zero-copy from such bytes, so resource blobs and
// strings stay views of the file.
package filemap

import (
	"io"
	"os"
	"unsafe"
)

// File is a mapped (or read) file.
type File struct {
	// Data is the file's contents. It must not be written to, and no
	// part of it may be used after Close.
	Data []byte
	// file is the mapped file, kept open so that parts of Data can be
	// copied file to file (see Reader); nil when Data was read.
	file  *os.File
	unmap func() error
	evict func()
}

// Offset returns where p starts in the file when p is a part of Data
// (the same memory, not equal bytes).
func (f *File) Offset(p []byte) (int64, bool) {
	if f == nil || len(p) == 0 || len(f.Data) == 0 {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(f.Data)))
	start := uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	if start < base || start-base > uintptr(len(f.Data)) || uintptr(len(p)) > uintptr(len(f.Data))-(start-base) {
		return 0, false
	}
	return int64(start - base), true
}

// Reader returns a reader of the bytes of p from the file itself, when p
// is a part of Data and Data maps the file, and nil otherwise. It is an
// *io.LimitedReader of the *os.File, the form (*os.File).ReadFrom (and so
// io.Copy to a file) copies in the kernel, file to file (copy_file_range
// on Linux), without reading the bytes through the mapping: the output
// repeats the input without the process touching, or holding, its pages.
// The reader uses the file's offset: one at a time per File.
func (f *File) Reader(p []byte) io.Reader {
	if f == nil || f.file == nil {
		return nil
	}
	off, ok := f.Offset(p)
	if !ok {
		return nil
	}
	if _, err := f.file.Seek(off, io.SeekStart); err != nil {
		return nil
	}
	return &io.LimitedReader{R: f.file, N: int64(len(p))}
}

// Evict tells the system that the process does not need the mapped pages
// for now: they stop counting towards its resident memory, and are mapped
// again from the file (from the kernel's cache of it) when next read.
// Data stays valid. A reader that has built what it needs from the file
// calls it before the process needs memory for something else: mlirbc
// convert, before it writes what it read. It does nothing for a file
// read into memory.
func (f *File) Evict() {
	if f != nil && f.evict != nil {
		f.evict()
	}
}

// Close releases the mapping and the file.
func (f *File) Close() error {
	if f == nil || f.unmap == nil {
		return nil
	}
	unmap := f.unmap
	f.unmap, f.evict, f.Data = nil, nil, nil
	err := unmap()
	if f.file != nil {
		if cerr := f.file.Close(); err == nil {
			err = cerr
		}
		f.file = nil
	}
	return err
}
