// Package safefile writes output files so that a failure, or an output
// that is also the input, never loses data.
//
// WriteFile writes to a temporary file in the directory of the target,
// syncs it and renames it over the target. Until the rename the target is
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
//     /dev/null, a FIFO) is opened and written directly, never replaced.
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
)

// maxLinks bounds symbolic-link resolution, as the kernel does (ELOOP).
const maxLinks = 40

// WriteFile creates or replaces the file at path with what write writes
// to w (buffered). When write or anything else fails, the temporary file
// is removed, an existing file is left as it was and the error returned.
func WriteFile(path string, write func(w io.Writer) error) error {
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	if fi != nil && fi.IsDir() {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	}
	if fi != nil && !fi.Mode().IsRegular() {
		return writeDirect(target, write)
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
	w := bufio.NewWriterSize(f, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	renamed = true
	syncDir(dir)
	return nil
}

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

func writeDirect(path string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	err = write(w)
	if err == nil {
		err = w.Flush()
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
