// Package oracle drives Debian's mlir-opt binaries (LLVM 16, 19 and 22) so that
// tests can compare the Go MLIR bytecode codecs against the real tools.
//
// The binaries come from the Debian packages mlir-16-tools, mlir-19-tools and
// mlir-22-tools. Tests call Require to get a release's tool or skip (or fail,
// when DIALECTGEN_ORACLE=required) if it is not installed. The results of
// RunFile, RunInput and EmitBytecode are cached in memory and on disk (see
// CacheEnvVar), so that tests and test packages share one run of mlir-opt per
// distinct command and input, and a second `go test` starts none.
package oracle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Release is an LLVM major release whose mlir-opt is used as an oracle.
type Release int

// The releases Debian ships mlir-opt for that can write bytecode.
const (
	LLVM16 Release = 16
	LLVM19 Release = 19
	LLVM22 Release = 22
)

// Releases lists every supported release, oldest first.
var Releases = []Release{LLVM16, LLVM19, LLVM22}

// InstallCommand is the command (run as root on Debian bookworm) that installs
// every oracle binary.
const InstallCommand = "apt-get install -y --no-install-recommends mlir-16-tools mlir-19-tools mlir-22-tools"

// EnvVar names the environment variable that makes a missing oracle a test
// failure instead of a skip when it is set to "required" (CI sets it).
const EnvVar = "DIALECTGEN_ORACLE"

// Timeout bounds a single mlir-opt run.
var Timeout = 2 * time.Minute

// ErrNotFound is returned (wrapped) when a release's mlir-opt is not installed.
var ErrNotFound = errors.New("mlir-opt not found")

// String returns e.g. "llvm22".
func (r Release) String() string { return "llvm" + strconv.Itoa(int(r)) }

// Known reports whether r is one of Releases.
func (r Release) Known() bool {
	for _, k := range Releases {
		if r == k {
			return true
		}
	}
	return false
}

// Versions returns the bytecode versions the release's mlir-opt writes:
// 16 writes only version 0; 19 and 22 write versions 0 through 6.
func (r Release) Versions() []int {
	switch r {
	case LLVM16:
		return []int{0}
	case LLVM19, LLVM22:
		return []int{0, 1, 2, 3, 4, 5, 6}
	}
	return nil
}

// WritesVersion reports whether version is one of r.Versions().
func (r Release) WritesVersion(version int) bool {
	for _, v := range r.Versions() {
		if v == version {
			return true
		}
	}
	return false
}

// Producer returns the producer string the release writes into the bytecode
// header, e.g. "MLIR22.1.8".
func (r Release) Producer() string {
	switch r {
	case LLVM16:
		return "MLIR16.0.6"
	case LLVM19:
		return "MLIR19.1.7"
	case LLVM22:
		return "MLIR22.1.8"
	}
	return ""
}

// Path returns the path of the release's mlir-opt. It looks for mlir-opt-NN on
// PATH, then /usr/bin/mlir-opt-NN, then /usr/lib/llvm-NN/bin/mlir-opt.
func Path(r Release) (string, bool) {
	if !r.Known() {
		return "", false
	}
	name := "mlir-opt-" + strconv.Itoa(int(r))
	if p, err := exec.LookPath(name); err == nil {
		return p, true
	}
	for _, p := range []string{
		usrPrefix + "/bin/" + name,
		usrPrefix + "/lib/llvm-" + strconv.Itoa(int(r)) + "/bin/mlir-opt",
	} {
		if isExecutable(p) {
			return p, true
		}
	}
	return "", false
}

// usrPrefix is where Path looks after PATH; tests change it.
var usrPrefix = "/usr"

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// Require returns the path of the release's mlir-opt. If it is not installed
// it skips the test with a message saying how to install it, or fails the
// test when the environment variable DIALECTGEN_ORACLE is "required".
func Require(t testing.TB, r Release) string {
	t.Helper()
	p, ok := Path(r)
	if ok {
		return p
	}
	msg := fmt.Sprintf("mlir-opt-%d (oracle %v) not found on PATH, in /usr/bin or /usr/lib/llvm-%d/bin; install with: %s",
		int(r), r, int(r), InstallCommand)
	if os.Getenv(EnvVar) == "required" {
		t.Fatalf("%s (%s=required)", msg, EnvVar)
	}
	t.Skip(msg)
	return ""
}

// Error describes a failed mlir-opt run.
type Error struct {
	Release  Release
	Args     []string
	ExitCode int    // process exit code; -1 if it did not start or died from a signal
	Stderr   string // the tool's standard error
	// Err is the underlying error: an *exec.ExitError, a context error, ...
	// or, for a result the cache gave, one that says the exit status.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mlir-opt-%d %s: %v", int(e.Release), strings.Join(e.Args, " "), e.Err)
	if s := strings.TrimSpace(e.Stderr); s != "" {
		b.WriteString("\nstderr:\n")
		b.WriteString(s)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Run runs the release's mlir-opt with args. If stdin is non-nil it is fed to
// the process's standard input (pass "-" as the input file to read it). It
// returns standard output, or an *Error carrying standard error and the exit
// status. Run always starts the tool; RunFile, RunInput and EmitBytecode
// answer from the cache (see CacheEnvVar) when they can.
//
// Do not feed bytecode through stdin when it may hold resources with an
// alignment above 16: mlir-opt reads stdin into a heap buffer that is only
// 16-byte aligned, so a blob with alignment 32 or 64 fails in 22 ("expected
// section alignment 64 but bytecode buffer ... is not aligned") and is
// misread in 16 and 19 (e.g. "attempting to parse 14685055082996777088
// bytes"). Use RunInput; see its caveat.
func Run(r Release, stdin []byte, args ...string) ([]byte, error) {
	out, _, err := run(r, "", stdin, args)
	return out, err
}

// RunFile runs the release's mlir-opt in dir (the current directory when
// dir is "") with args followed by file, an input file named relative to
// dir or absolute. The result is cached by the tool, the arguments, file
// as given (locations in the output name it) and the file's content: a run
// the cache holds is not repeated, in this process or in another one. It
// returns standard output, or an *Error carrying standard error and the
// exit status.
func RunFile(r Release, dir, file string, args ...string) ([]byte, error) {
	args = append(slices.Clip(args), file)
	path := file
	if !filepath.IsAbs(file) {
		path = filepath.Join(dir, file)
	}
	input, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	return cached(spec{release: r, dir: dir, args: args, input: input})
}

// RunInput writes input to a file named "input"+ext (e.g. ".mlirbc") in a
// fresh temporary directory and runs the release's mlir-opt there with args
// followed by that relative file name, so the command line does not depend on
// the temporary directory's name. Use it to read bytecode back. Results are
// cached as RunFile's are.
//
// Caveat: mlir-opt maps files of 16 KiB or more (page-aligned), but reads
// smaller files into a heap buffer whose alignment beyond 16 bytes depends on
// the heap state and the length of the file name. Small bytecode files with
// resources aligned to 32 or 64 therefore load or fail by luck in 16, 19 and
// 22; the fixed file name makes the outcome repeatable, not correct.
func RunInput(r Release, input []byte, ext string, args ...string) ([]byte, error) {
	args = append(slices.Clip(args), "input"+ext)
	return cached(spec{release: r, args: args, input: input, write: true})
}

func notFound(r Release, args []string) error {
	return &Error{Release: r, Args: args, ExitCode: -1,
		Err: fmt.Errorf("%w (install with: %s)", ErrNotFound, InstallCommand)}
}

// run starts the release's mlir-opt once.
func run(r Release, dir string, stdin []byte, args []string) (stdout, stderr []byte, err error) {
	p, ok := Path(r)
	if !ok {
		return nil, nil, notFound(r, args)
	}
	stdout, stderr, err = runPath(p, dir, stdin, args)
	if err != nil {
		code := -1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		return nil, stderr, &Error{Release: r, Args: args, ExitCode: code, Stderr: string(stderr), Err: err}
	}
	return stdout, stderr, nil
}

// runPath runs the tool at p, bounded by Timeout.
func runPath(p, dir string, stdin []byte, args []string) (stdout, stderr []byte, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p, args...)
	cmd.Dir = dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errb
	runs.Add(1)
	err = cmd.Run()
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("%w (after %v)", ctx.Err(), Timeout)
	}
	return out.Bytes(), errb.Bytes(), err
}

// BytecodeFlags returns the mlir-opt flags that write bytecode version V:
// --emit-bytecode, then --emit-bytecode-version=V (omitted for 16, which only
// writes version 0 and rejects the flag), then extraArgs.
func BytecodeFlags(r Release, version int, extraArgs ...string) []string {
	args := []string{"--emit-bytecode"}
	if r != LLVM16 {
		args = append(args, "--emit-bytecode-version="+strconv.Itoa(version))
	}
	return append(args, extraArgs...)
}

// BytecodeArgs returns the mlir-opt arguments EmitBytecode uses:
// BytecodeFlags followed by inputPath.
func BytecodeArgs(r Release, version int, inputPath string, extraArgs ...string) []string {
	return append(BytecodeFlags(r, version, extraArgs...), inputPath)
}

// EmitBytecode runs `mlir-opt-NN --emit-bytecode [--emit-bytecode-version=V]
// [extraArgs] inputPath` and returns the bytecode written to stdout. Errors
// carry stderr (see Error). Pass "--allow-unregistered-dialect" in extraArgs
// when the input needs it.
//
// It is RunFile with BytecodeFlags: results are cached by release, version,
// input path (the output's locations name the input file), input content
// and extra arguments, in memory and on disk, and concurrent callers with
// the same key share one run. The returned slice is the caller's own copy.
func EmitBytecode(r Release, version int, inputPath string, extraArgs ...string) ([]byte, error) {
	if !r.WritesVersion(version) {
		return nil, fmt.Errorf("oracle: mlir-opt-%d does not write bytecode version %d (it writes %v)", int(r), version, r.Versions())
	}
	return RunFile(r, "", inputPath, BytecodeFlags(r, version, extraArgs...)...)
}

// Header is the fixed start of a bytecode file.
type Header struct {
	Version  uint64
	Producer string
	Size     int // bytes taken by magic, version and producer (with its NUL)
}

// Magic is the bytecode file magic, "MLïR".
var Magic = []byte{0x4D, 0x4C, 0xEF, 0x52}

// ParseHeader decodes the magic, the version (a PrefixVarInt) and the
// NUL-terminated producer string at the start of a bytecode file.
func ParseHeader(b []byte) (Header, error) {
	if !bytes.HasPrefix(b, Magic) {
		return Header{}, errors.New("oracle: missing bytecode magic 4D 4C EF 52")
	}
	rest := b[len(Magic):]
	if len(rest) == 0 {
		return Header{}, errors.New("oracle: truncated bytecode header (no version)")
	}
	// PrefixVarInt: the number of trailing zero bits of the first byte gives
	// the count of extra bytes; 0x00 means 8 extra bytes.
	first := rest[0]
	n := 8
	if first != 0 {
		n = 0
		for first&(1<<n) == 0 {
			n++
		}
	}
	if len(rest) < n+1 {
		return Header{}, errors.New("oracle: truncated bytecode version")
	}
	var v uint64
	if n == 8 {
		for i := 8; i >= 1; i-- {
			v = v<<8 | uint64(rest[i])
		}
	} else {
		for i := n; i >= 0; i-- {
			v = v<<8 | uint64(rest[i])
		}
		v >>= uint(n + 1)
	}
	rest = rest[n+1:]
	end := bytes.IndexByte(rest, 0)
	if end < 0 {
		return Header{}, errors.New("oracle: unterminated producer string")
	}
	return Header{
		Version:  v,
		Producer: string(rest[:end]),
		Size:     len(Magic) + n + 1 + end + 1,
	}, nil
}
