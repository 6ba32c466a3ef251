// Package filemap gives a file's bytes without copying them: mapped into
// memory where the platform allows, read into memory elsewhere. Readers
// of both formats decode zero-copy from such bytes, so resource blobs and
// strings stay views of the file.
package filemap

// File is a mapped (or read) file.
type File struct {
	// Data is the file's contents. It must not be written to, and no
	// part of it may be used after Close.
	Data  []byte
	unmap func() error
}

// Close releases the mapping.
func (f *File) Close() error {
	if f == nil || f.unmap == nil {
		return nil
	}
	unmap := f.unmap
	f.unmap, f.Data = nil, nil
	return unmap()
}
