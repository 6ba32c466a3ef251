//go:build unix

package safefile

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/filemap"
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

// Parts of the From file are copied from the file, in order with what is
// buffered around them; writes of other bytes, small parts and copies of
// the parts go through the buffer. Sync changes nothing in the result.
func TestFromMapped(t *testing.T) {
	dir := t.TempDir()
	src := make([]byte, 3*minKernelCopy)
	for i := range src {
		src[i] = byte(i % 251)
	}
	srcPath := filepath.Join(dir, "src")
	mustWrite(t, srcPath, string(src), 0o644)
	from, err := filemap.Open(srcPath)
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	m := from.Data
	parts := [][]byte{
		[]byte("head"),
		m[minKernelCopy/2 : minKernelCopy/2+minKernelCopy], // copied by the kernel
		m[10:20],                       // too small to be worth it
		bytes.Clone(m[:minKernelCopy]), // same bytes, other memory
		[]byte("middle"),
		m[minKernelCopy:], // to the end of the file
		[]byte("tail"),
	}
	want := bytes.Join(parts, nil)
	for _, sync := range []bool{false, true} {
		out := filepath.Join(dir, "out")
		err := Write(out, Options{Sync: sync, From: from}, func(w io.Writer) error {
			for _, p := range parts {
				if n, err := w.Write(p); err != nil || n != len(p) {
					t.Fatalf("wrote %d of %d bytes: %v", n, len(p), err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := mustRead(t, out); got != string(want) {
			t.Errorf("sync=%v: %d bytes that differ from the %d written", sync, len(got), len(want))
		}
		noTemp(t, dir)
	}
	// Onto the source itself: the mapping keeps the old bytes.
	if err := Write(srcPath, Options{From: from}, func(w io.Writer) error {
		_, err := w.Write(m[minKernelCopy:])
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m, src) {
		t.Error("the mapping changed")
	}
	if got := mustRead(t, srcPath); got != string(src[minKernelCopy:]) {
		t.Errorf("source rewritten with %d bytes, want %d", len(got), len(src)-minKernelCopy)
	}
}
