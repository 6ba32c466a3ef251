package safefile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

var errWrite = errors.New("write failed")

func failing(w io.Writer) error {
	io.WriteString(w, "partial")
	return errWrite
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustWrite(t *testing.T, path, s string, perm fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // independent of the umask
		t.Fatal(err)
	}
}

// noTemp checks that no temporary file is left in dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

// A new file gets what os.Create gives (0666 minus the umask).
func TestNewFile(t *testing.T) {
	dir := t.TempDir()
	ref, err := os.Create(filepath.Join(dir, "ref"))
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	out := filepath.Join(dir, "out")
	if err := WriteFile(out, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, out); got != "new" {
		t.Errorf("content %q", got)
	}
	if got, want := mode(t, out), mode(t, filepath.Join(dir, "ref")); got != want {
		t.Errorf("mode %v, os.Create gives %v", got, want)
	}
	noTemp(t, dir)
}

// Replacing keeps the permission bits of the old file.
func TestReplaceKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, perm := range []fs.FileMode{0o640, 0o755, 0o600, 0o444} {
		out := filepath.Join(dir, "out"+perm.String())
		mustWrite(t, out, "old", perm)
		if err := WriteFile(out, writeString("new")); err != nil {
			t.Fatal(err)
		}
		if got := mustRead(t, out); got != "new" {
			t.Errorf("%v: content %q", perm, got)
		}
		if got := mode(t, out).Perm(); got != perm {
			t.Errorf("mode %v, want %v", got, perm)
		}
	}
	noTemp(t, dir)
}

// A failed write, or a panic in it, leaves the old file and no temporary.
func TestFailureKeepsTarget(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	mustWrite(t, out, "old", 0o644)
	if err := WriteFile(out, failing); !errors.Is(err, errWrite) {
		t.Fatalf("got %v, want the write's error", err)
	}
	if got := mustRead(t, out); got != "old" {
		t.Errorf("content %q after a failed write", got)
	}
	func() {
		defer func() { recover() }()
		WriteFile(out, func(w io.Writer) error { panic("boom") })
	}()
	if got := mustRead(t, out); got != "old" {
		t.Errorf("content %q after a panic", got)
	}
	// No target: none is created.
	none := filepath.Join(dir, "none")
	if err := WriteFile(none, failing); err == nil {
		t.Fatal("no error")
	}
	if _, err := os.Lstat(none); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a failed write created %s: %v", none, err)
	}
	noTemp(t, dir)
}

// A reader of the old file keeps reading the old contents: the file is
// replaced, never truncated.
func TestOpenReaderKeepsOldContents(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	old := strings.Repeat("old contents ", 1000)
	mustWrite(t, path, old, 0o644)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := WriteFile(path, writeString("new")); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != old {
		t.Errorf("the open file reads %d bytes (%v), want the %d old ones", len(got), err, len(old))
	}
	if got := mustRead(t, path); got != "new" {
		t.Errorf("content %q", got)
	}
}

// Symbolic links are followed, to any depth and relative to their own
// directory; the links stay.
func TestSymlinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target")
	mustWrite(t, target, "old", 0o640)
	// dir/link1 -> sub/link2 -> ../sub/target (relative to sub).
	link2 := filepath.Join(sub, "link2")
	link1 := filepath.Join(dir, "link1")
	if err := os.Symlink("../sub/target", link2); err != nil {
		t.Skip("no symlinks:", err)
	}
	if err := os.Symlink(link2, link1); err != nil {
		t.Fatal(err)
	}
	// and a linked directory: dir/lsub -> sub, written as lsub/link2.
	if err := os.Symlink("sub", filepath.Join(dir, "lsub")); err != nil {
		t.Fatal(err)
	}
	for i, path := range []string{link1, link2, filepath.Join(dir, "lsub", "link2")} {
		want := "new" + strings.Repeat("!", i)
		if err := WriteFile(path, writeString(want)); err != nil {
			t.Fatal(err)
		}
		if got := mustRead(t, target); got != want {
			t.Errorf("%s: target holds %q", path, got)
		}
		if got := mode(t, target).Perm(); got != 0o640 {
			t.Errorf("%s: target mode %v", path, got)
		}
	}
	for _, l := range []string{link1, link2} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", l, err)
		}
	}
	// A failure through a link keeps both.
	if err := WriteFile(link1, failing); err == nil {
		t.Fatal("no error")
	}
	if fi, err := os.Lstat(link1); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("failed write through %s removed the link: %v", link1, err)
	}
	if got := mustRead(t, target); got != "new!!" {
		t.Errorf("failed write through a link changed the target to %q", got)
	}
	// A dangling link creates its target.
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("sub/created", dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(dangling, writeString("c")); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, filepath.Join(sub, "created")); got != "c" {
		t.Errorf("created %q", got)
	}
	// A loop is an error.
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	if err := WriteFile(a, writeString("x")); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Errorf("link loop: %v", err)
	}
	noTemp(t, dir)
	noTemp(t, sub)
}

// A hard link is replaced by the new file; the other name keeps the old
// contents.
func TestHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	mustWrite(t, a, "old", 0o644)
	if err := os.Link(a, b); err != nil {
		t.Skip("no hard links:", err)
	}
	if err := WriteFile(b, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, a); got != "old" {
		t.Errorf("the other name holds %q", got)
	}
	if got := mustRead(t, b); got != "new" {
		t.Errorf("the name written holds %q", got)
	}
}

// A directory is refused; a device is written, not replaced.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(dir, writeString("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
	fi, err := os.Stat(os.DevNull)
	if err != nil || fi.Mode().IsRegular() {
		t.Skip("no device at", os.DevNull)
	}
	if err := WriteFile(os.DevNull, writeString("x")); err != nil {
		t.Fatal(err)
	}
	if after, err := os.Stat(os.DevNull); err != nil || after.Mode() != fi.Mode() {
		t.Errorf("%s changed: %v %v", os.DevNull, after.Mode(), err)
	}
}

// Writes small and large (passed on unbuffered) land in the order made.
func TestWriteOrder(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var want bytes.Buffer
	err := WriteFile(out, func(w io.Writer) error {
		for i, n := range []int{10, directWrite, 3, directWrite - 1, 5 * directWrite, 7} {
			p := bytes.Repeat([]byte{byte('a' + i)}, n)
			want.Write(p)
			if _, err := w.Write(p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, out); got != want.String() {
		t.Errorf("wrote %d bytes, not the %d written in order", len(got), want.Len())
	}
}

// TestLinkToPipe: a link to a pipe, as /dev/stdout is when output is
// piped (/dev/stdout → /proc/self/fd/1 → "pipe:[N]", which names no
// path), is written through to the pipe, directly and through a link of
// one's own to it.
func TestLinkToPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	fdPath := filepath.Join("/proc/self/fd", strconv.Itoa(int(w.Fd())))
	if fi, err := os.Lstat(fdPath); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Skipf("%s is no link to the pipe here (%v)", fdPath, err)
	}
	stdout := filepath.Join(t.TempDir(), "stdout")
	if err := os.Symlink(fdPath, stdout); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fdPath, stdout} {
		want := "through " + path
		if err := WriteFile(path, writeString(want)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		got := make([]byte, len(want))
		if _, err := io.ReadFull(r, got); err != nil || string(got) != want {
			t.Fatalf("the pipe got %q (%v), want %q", got, err, want)
		}
	}
	if fi, err := os.Lstat(stdout); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
}
