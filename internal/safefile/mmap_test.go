//go:build unix

package safefile

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Writing onto a file that is memory-mapped leaves the mapping readable
// and intact (a truncation would make reading it fault with SIGBUS).
func TestMappedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	old := bytes.Repeat([]byte("mapped "), 3000)
	mustWrite(t, path, string(old), 0o644)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := syscall.Mmap(int(f.Fd()), 0, len(old), syscall.PROT_READ, syscall.MAP_SHARED)
	f.Close()
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(m)
	if err := WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(m[:len(m)/2]) // written from the mapping itself
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m, old) {
		t.Error("the mapping changed")
	}
	if got := mustRead(t, path); got != string(old[:len(old)/2]) {
		t.Errorf("content of %d bytes, want %d", len(got), len(old)/2)
	}
}
