package cudatile

import "github.com/dialectgen/dialectgen/runtime/tileir"

// Read decodes a Tile IR file of versions 13.1–13.3.
func Read(data []byte) (*tileir.Module, error) {
	return tileir.Read(data, Dialect, tileir.ReadOptions{})
}

// ReadWith is Read with options.
func ReadWith(data []byte, opts tileir.ReadOptions) (*tileir.Module, error) {
	return tileir.Read(data, Dialect, opts)
}

// Write encodes m for opts.Version (default: 13.3).
func Write(m *tileir.Module, opts tileir.WriteOptions) ([]byte, error) {
	return tileir.Write(m, Dialect, opts)
}
