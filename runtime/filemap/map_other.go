//go:build !unix

package filemap

import "os"

// Open reads the file at path into memory (no mapping on this platform).
func Open(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &File{Data: data}, nil
}
