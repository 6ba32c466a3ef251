package filemap

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// openMapped opens a file of data, closed when the test ends, and skips
// the test where the file is read into memory instead of mapped.
func openMapped(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := Open(writeTemp(t, data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if f.file == nil {
		t.Skip("the file was read, not mapped")
	}
	return f
}

// Offset knows the parts of Data by their memory, not their bytes.
func TestOffset(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 100)
	f, err := Open(writeTemp(t, data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		p    []byte
		off  int64
		want bool
	}{
		{f.Data, 0, true},
		{f.Data[10:20], 10, true},
		{f.Data[999:], 999, true},
		{f.Data[1000:], 0, false}, // empty
		{bytes.Clone(f.Data[10:20]), 0, false},
		{data, 0, false},
		{nil, 0, false},
	} {
		off, ok := f.Offset(tc.p)
		if ok != tc.want || off != tc.off {
			t.Errorf("Offset of %d bytes = %d, %v; want %d, %v", len(tc.p), off, ok, tc.off, tc.want)
		}
	}
	var nilFile *File
	if _, ok := nilFile.Offset(data); ok {
		t.Error("a nil File has no parts")
	}
}

// Reader reads the part from the file; copied to a file, it gives the
// same bytes (by copy_file_range where the kernel has it).
func TestReader(t *testing.T) {
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = byte(i * 7)
	}
	f := openMapped(t, data)
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, part := range [][]byte{f.Data[4096 : 300<<10], f.Data[17:33], f.Data[900<<10:]} {
		r := f.Reader(part)
		if r == nil {
			t.Fatal("no reader for a part of Data")
		}
		if n, err := io.Copy(out, r); err != nil || n != int64(len(part)) {
			t.Fatalf("copied %d of %d bytes: %v", n, len(part), err)
		}
	}
	got, err := os.ReadFile(out.Name())
	if err != nil {
		t.Fatal(err)
	}
	want := append(append(bytes.Clone(data[4096:300<<10]), data[17:33]...), data[900<<10:]...)
	if !bytes.Equal(got, want) {
		t.Errorf("copied %d bytes that differ from the %d of the parts", len(got), len(want))
	}
	if f.Reader(bytes.Clone(data[:10])) != nil {
		t.Error("a reader for bytes that are not part of Data")
	}
}

func TestCloseTwice(t *testing.T) {
	f, err := Open(writeTemp(t, []byte("abc")))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if f.Reader([]byte("a")) != nil {
		t.Error("a reader after Close")
	}
}
