package oracle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// CacheEnvVar names the environment variable that says where the results
// of mlir-opt runs are kept between test processes: a directory, or "off"
// to keep them only in memory. By default they go to
// dialectgen/oracle in the user's cache directory (os.UserCacheDir).
//
// A result is keyed by the tool (its resolved path, size, modification
// time and --version output), the full command line (which ends with the
// input file's name as given) and the bytes of the input file; only runs
// that end with exit status 0 or 1 are kept. Test packages running at the
// same time share the results: a run that another process has started is
// waited for (a lock per key), not repeated. Entries unused for 5 days are
// removed.
const CacheEnvVar = "DIALECTGEN_ORACLE_CACHE"

const (
	cacheFormat   = "dialectgen-oracle-cache 1"
	cacheMagic    = "dgoc1\n"
	trimInterval  = 24 * time.Hour
	trimAge       = 5 * 24 * time.Hour
	touchInterval = time.Hour
)

// runs counts the mlir-opt processes started by this process.
var runs atomic.Int64

// Runs returns how many mlir-opt processes this process has started (runs
// answered from the cache do not count).
func Runs() int64 { return runs.Load() }

// CacheDir returns the directory that keeps results between processes, or
// "" when results are kept only in memory.
func CacheDir() string {
	switch v := os.Getenv(CacheEnvVar); v {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "dialectgen", "oracle")
	default:
		return v
	}
}

// spec is one cacheable run: the tool's arguments, the last of which names
// the input file, and the content of that file.
type spec struct {
	release Release
	dir     string // working directory; "" for the current one
	args    []string
	input   []byte // the content of the file named by the last argument
	// write, when set, writes input into a fresh directory under the last
	// argument's name and runs the tool there (RunInput).
	write bool
}

// result is what a run gave: its standard output and error and its exit
// status (0 or 1; other outcomes are never cached).
type result struct {
	stdout, stderr []byte
	code           int
}

type memoEntry struct {
	once sync.Once
	res  result
	err  error // a run that did not end with status 0 or 1, or no tool
}

var memo sync.Map // key string -> *memoEntry

// cached runs s through the in-memory and on-disk caches and returns the
// tool's standard output, or an *Error.
func cached(s spec) ([]byte, error) {
	p, ok := Path(s.release)
	if !ok {
		return nil, notFound(s.release, s.args)
	}
	key := s.key(p)
	v, _ := memo.LoadOrStore(key, &memoEntry{})
	e := v.(*memoEntry)
	e.once.Do(func() { e.res, e.err = load(key, s) })
	if e.err != nil {
		return nil, e.err
	}
	if e.res.code != 0 {
		return nil, &Error{Release: s.release, Args: s.args, ExitCode: e.res.code, Stderr: string(e.res.stderr),
			Err: fmt.Errorf("exit status %d", e.res.code)}
	}
	return bytes.Clone(e.res.stdout), nil
}

// load returns the result of s from the disk cache, or runs the tool and
// stores what it gives.
func load(key string, s spec) (result, error) {
	dir := CacheDir()
	if dir == "" {
		return execute(s)
	}
	dir = filepath.Join(dir, "v1")
	file := filepath.Join(dir, key[:2], key)
	if res, ok := readEntry(file); ok {
		return res, nil
	}
	unlock := lockKey(dir, key)
	defer unlock()
	// Another process may have run it while we waited for the lock.
	if res, ok := readEntry(file); ok {
		return res, nil
	}
	res, err := execute(s)
	if err == nil {
		writeEntry(file, res)
		maybeTrim(dir)
	}
	return res, err
}

// execute runs the tool once and returns a result for exit status 0 and 1,
// an *Error for anything else.
func execute(s spec) (result, error) {
	var out, stderr []byte
	var err error
	if s.write {
		out, stderr, err = runInDir(s.release, s.input, s.args)
	} else {
		out, stderr, err = run(s.release, s.dir, nil, s.args)
	}
	if err == nil {
		return result{stdout: out, stderr: stderr}, nil
	}
	var oe *Error
	if errors.As(err, &oe) && oe.ExitCode == 1 {
		return result{stderr: []byte(oe.Stderr), code: 1}, nil
	}
	return result{}, err
}

// runInDir writes input into a fresh temporary directory under the name
// the last argument gives and runs the tool there.
func runInDir(r Release, input []byte, args []string) (stdout, stderr []byte, err error) {
	dir, err := os.MkdirTemp("", "oracle-")
	if err != nil {
		return nil, nil, fmt.Errorf("oracle: %w", err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, args[len(args)-1]), input, 0o600); err != nil {
		return nil, nil, fmt.Errorf("oracle: %w", err)
	}
	return run(r, dir, nil, args)
}

// key hashes everything a run's result depends on.
func (s spec) key(tool string) string {
	h := sha256.New()
	field := func(b []byte) {
		h.Write(binary.AppendUvarint(nil, uint64(len(b))))
		h.Write(b)
	}
	field([]byte(cacheFormat))
	field([]byte(toolID(tool)))
	field([]byte(strconv.Itoa(len(s.args))))
	for _, a := range s.args {
		field([]byte(a))
	}
	// The tool reads the file the last argument names; its output depends
	// on that name (locations name the file) and its bytes, not on the
	// directory it is in.
	field(s.input)
	return hex.EncodeToString(h.Sum(nil))
}

var toolIDs sync.Map // path -> string

// toolID identifies the tool at path: its resolved path, size and
// modification time, and what it prints for --version. A reinstalled or
// upgraded tool gets a new identity.
func toolID(path string) string {
	if v, ok := toolIDs.Load(path); ok {
		return v.(string)
	}
	id := path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if fi, err := os.Stat(real); err == nil {
			id = fmt.Sprintf("%s %d %d", real, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	out, _, err := runPath(path, "", nil, []string{"--version"})
	if err != nil {
		// Without a version the identity is unique to this process, so
		// nothing is shared with other runs.
		id += fmt.Sprintf(" no version (pid %d, %d)", os.Getpid(), time.Now().UnixNano())
	}
	id += "\n" + string(out)
	v, _ := toolIDs.LoadOrStore(path, id)
	return v.(string)
}

// An entry on disk is cacheMagic, the exit code, the length of standard
// output, standard output, standard error, and the SHA-256 of all that.
func writeEntry(file string, res result) {
	b := []byte(cacheMagic)
	b = binary.AppendUvarint(b, uint64(res.code))
	b = binary.AppendUvarint(b, uint64(len(res.stdout)))
	b = append(b, res.stdout...)
	b = append(b, res.stderr...)
	sum := sha256.Sum256(b)
	b = append(b, sum[:]...)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
	}
}

// readEntry returns the entry stored in file, if there is a whole one.
func readEntry(file string) (result, bool) {
	b, err := os.ReadFile(file)
	if err != nil || len(b) < len(cacheMagic)+sha256.Size || !bytes.HasPrefix(b, []byte(cacheMagic)) {
		return result{}, false
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if s := sha256.Sum256(body); !bytes.Equal(s[:], sum) {
		return result{}, false
	}
	rest := body[len(cacheMagic):]
	code, n := binary.Uvarint(rest)
	if n <= 0 || code > 1 {
		return result{}, false
	}
	rest = rest[n:]
	size, n := binary.Uvarint(rest)
	if n <= 0 || size > uint64(len(rest)-n) {
		return result{}, false
	}
	rest = rest[n:]
	// Keep entries in use from being trimmed.
	if fi, err := os.Stat(file); err == nil && time.Since(fi.ModTime()) > touchInterval {
		now := time.Now()
		os.Chtimes(file, now, now)
	}
	return result{stdout: rest[:size:size], stderr: rest[size:], code: int(code)}, true
}

var trimOnce sync.Once

// maybeTrim removes entries unused for trimAge, at most once a day (the
// time of the last trim is kept in dir/trim.txt).
func maybeTrim(dir string) {
	trimOnce.Do(func() {
		stamp := filepath.Join(dir, "trim.txt")
		if b, err := os.ReadFile(stamp); err == nil {
			if t, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && time.Since(time.Unix(t, 0)) < trimInterval {
				return
			}
		}
		os.WriteFile(stamp, []byte(strconv.FormatInt(time.Now().Unix(), 10)+"\n"), 0o644)
		cutoff := time.Now().Add(-trimAge)
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || p == stamp || filepath.Base(filepath.Dir(p)) == "locks" {
				return nil
			}
			if fi, err := d.Info(); err == nil && fi.ModTime().Before(cutoff) {
				os.Remove(p)
			}
			return nil
		})
	})
}
