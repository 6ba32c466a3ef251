//go:build !unix

package mlirbc

import "os"

// MapFile reads a file into memory (no memory mapping on this platform).
func MapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	return data, func() error { return nil }, err
}
