// Package safefile writes output files so that a failure, or an output
// that is also the input, never loses data.
//
// WriteFile writes to a temporary file in the directory of the target
// and renames it over the target. Until the rename the target is
// untouched; after it, readers of the old file (a memory mapping of it,
// in particular) keep the old inode, which is why writing a file onto
// itself is safe without comparing identities:
//
//   - a symbolic link is followed (to any depth), and the file it points
//     to is replaced; the link stays;
//   - a hard link is not followed: the name written gets a new file, the
//     other names keep the old contents;
//   - the new file gets the permission bits of the file it replaces, or,
//     for a new file, 0666 minus the umask, as os.Create gives; owner,
//     group and extended attributes are not copied;
//   - a target that exists but is not a regular file (a device such as
//     /dev/null, a FIFO, or what /dev/stdout leads to when it is not a
//     file) is opened and written directly, never replaced.
//
// The rename is atomic, so whatever happens to the process (an error, a
// panic, a kill), the target's name holds either the old file or the
// complete new one. That is the promise without a sync, and the one
// mlir-opt does not make (it truncates its output in place). Surviving
// a crash of the system is another matter: until the kernel has written
// the new file back, the rename may reach the disk first and the target
// be found empty after a reboot on some file systems (ext4 orders the
// data first for a rename over a file, XFS does not). Options.Sync closes
// that gap by flushing the file before the rename and the directory
// after it, at a cost in proportion to the file (tens of milliseconds a
// 64 MiB file): it is the caller's choice, off by default, as for most
// compilers.
package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/filemap"
)

// maxLinks bounds symbolic-link resolution, as the kernel does (ELOOP).
const maxLinks = 40

// Options are the choices of Write.
type Options struct {
	// Sync flushes the new file to stable storage before it replaces the
	// target, and the directory after, so that the replacement survives
	// a crash of the system; without it, only the process's failures are
	// covered (see the package comment).
	Sync bool
	// From is a mapped file that the output repeats parts of (the input
	// of a conversion). A write of a part of From.Data at least
	// minKernelCopy bytes long is copied from the file by the kernel
	// rather than through memory: a 64 MiB resource is never paged in.
	From *filemap.File
}

// minKernelCopy is the shortest write worth a copy_file_range call.
const minKernelCopy = 64 << 10

// WriteFile is Write without options: no sync.
func WriteFile(path string, write func(w io.Writer) error) error {
	return Write(path, Options{}, write)
}

// Write creates or replaces the file at path with what write writes to
// w (buffered). When write or anything else fails, the temporary file is
// removed, an existing file is left as it was and the error returned.
func Write(path string, o Options, write func(w io.Writer) error) error {
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	if fi != nil && fi.IsDir() {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	}
	if fi != nil && !fi.Mode().IsRegular() {
		return writeDirect(target, o, write)
	}
	dir := filepath.Dir(target)
	f, err := createTemp(dir, filepath.Base(target))
	if err != nil {
		return err
	}
	tmp, renamed := f.Name(), false
	defer func() {
		if !renamed { // an error, or a panic in write
			f.Close()
			os.Remove(tmp)
		}
	}()
	if fi != nil {
		if err := f.Chmod(fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return err
		}
	}
	w := newWriter(f, true, o.From)
	if err := write(w); err != nil {
		return err
	}
	if err := w.buf.Flush(); err != nil {
		return err
	}
	if o.Sync {
		if err := f.Sync(); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	renamed = true
	if o.Sync {
		syncDir(dir)
	}
	return nil
}

// writer buffers small writes, passes large ones on as they are (the
// mlirbc writer hands over whole sections it has built: copying them into
// a buffer first only touched more memory), and hands parts of the mapped
// source file to the kernel.
type writer struct {
	f       *os.File
	regular bool // f is the temporary file, not a device or FIFO
	buf     *bufio.Writer
	from    *filemap.File
}

func newWriter(f *os.File, regular bool, from *filemap.File) *writer {
	return &writer{f: f, regular: regular, buf: bufio.NewWriterSize(f, directWrite), from: from}
}

func (w *writer) Write(p []byte) (int, error) {
	if len(p) >= minKernelCopy {
		if r := w.from.Reader(p); r != nil {
			if err := w.buf.Flush(); err != nil {
				return 0, err
			}
			if w.regular {
				reserve(w.f, int64(len(p)))
			}
			n, err := w.f.ReadFrom(r)
			if err == nil && n < int64(len(p)) {
				// The source file shrank under us.
				err = fmt.Errorf("copying %d bytes of the mapped input: %w", len(p), io.ErrUnexpectedEOF)
			}
			return int(n), err
		}
	}
	if len(p) >= directWrite {
		if err := w.buf.Flush(); err != nil {
			return 0, err
		}
		return w.f.Write(p)
	}
	return w.buf.Write(p)
}

// directWrite is the size of the buffer, and of writes passed on as they
// are.
const directWrite = 64 << 10

// resolve follows symbolic links from path to the file they name and
// returns its path with the directories resolved, and its FileInfo (nil
// when it does not exist yet).
func resolve(path string) (string, fs.FileInfo, error) {
	p := path
	for range maxLinks {
		// Resolve the directory first: a relative link target is relative
		// to the real directory, and ".." in it must not be cleaned away
		// across a linked directory.
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return "", nil, err
		}
		p = filepath.Join(dir, filepath.Base(p))
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, fi, nil
		}
		// A link that leads to something other than a file or directory
		// is written through, as that thing: /dev/stdout and
		// /proc/self/fd/N lead to a pipe, a terminal or a socket, and
		// what they read as ("pipe:[1234]") is no path to follow.
		if to, err := os.Stat(p); err == nil && !to.Mode().IsRegular() && !to.IsDir() {
			return p, to, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return "", nil, &fs.PathError{Op: "write", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// createTemp creates a new file next to the target. Unlike os.CreateTemp
// it asks for mode 0666, so that the umask applies as for os.Create.
func createTemp(dir, base string) (*os.File, error) {
	for {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			if err != nil {
				return nil, fmt.Errorf("creating a temporary file for %s: %w", base, err)
			}
			return f, nil
		}
	}
}

func writeDirect(path string, o Options, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := newWriter(f, false, o.From)
	err = write(w)
	if err == nil {
		err = w.buf.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes the rename durable where the file system allows; some do
// not support syncing a directory, so errors are ignored.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
