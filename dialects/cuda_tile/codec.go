package cudatile

import (
	"io"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// Read decodes a Tile IR file of versions 13.1–13.3 (see tileir.Read).
func Read(data []byte, opts tileir.ReadOptions) (*tileir.Module, error) {
	return tileir.Read(Dialect, data, opts)
}

// ReadFile reads the Tile IR file at path (see tileir.ReadFile).
func ReadFile(path string, opts tileir.ReadOptions) (*tileir.Module, error) {
	return tileir.ReadFile(Dialect, path, opts)
}

// Write writes m at opts.Version, which must be set (see tileir.Write).
func Write(w io.Writer, m *tileir.Module, opts tileir.WriteOptions) error {
	return tileir.Write(w, Dialect, m, opts)
}

// Append appends the file for m to b (see tileir.Append).
func Append(b []byte, m *tileir.Module, opts tileir.WriteOptions) ([]byte, error) {
	return tileir.Append(b, Dialect, m, opts)
}
