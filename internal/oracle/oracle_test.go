package oracle

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestReleaseTables(t *testing.T) {
	if got := LLVM16.Versions(); len(got) != 1 || got[0] != 0 {
		t.Errorf("16.Versions() = %v, want [0]", got)
	}
	for _, r := range []Release{LLVM19, LLVM22} {
		got := r.Versions()
		if len(got) != 7 || got[0] != 0 || got[6] != 6 {
			t.Errorf("%v.Versions() = %v, want 0..6", r, got)
		}
	}
	want := map[Release]string{16: "MLIR16.0.6", 19: "MLIR19.1.7", 22: "MLIR22.1.8"}
	for r, p := range want {
		if got := r.Producer(); got != p {
			t.Errorf("%v.Producer() = %q, want %q", r, got, p)
		}
	}
	if Release(15).Known() || Release(15).Versions() != nil || Release(15).Producer() != "" {
		t.Errorf("release 15 must be unknown")
	}
	if _, ok := Path(15); ok {
		t.Errorf("Path(15) must not find a tool")
	}
}

func TestParseHeader(t *testing.T) {
	for _, tc := range []struct {
		in      []byte
		version uint64
		prod    string
		size    int
	}{
		{append([]byte{0x4D, 0x4C, 0xEF, 0x52, 0x0D}, "MLIR22.1.8\x00rest"...), 6, "MLIR22.1.8", 16},
		{append([]byte{0x4D, 0x4C, 0xEF, 0x52, 0x01}, "p\x00"...), 0, "p", 7},
		// two-byte PrefixVarInt: 300 = 0b100101100 -> (300<<2)|2 = 0x04B2
		{append([]byte{0x4D, 0x4C, 0xEF, 0x52, 0xB2, 0x04}, "\x00"...), 300, "", 7},
		// nine-byte PrefixVarInt
		{append([]byte{0x4D, 0x4C, 0xEF, 0x52, 0x00, 1, 0, 0, 0, 0, 0, 0, 0}, "x\x00"...), 1, "x", 15},
	} {
		h, err := ParseHeader(tc.in)
		if err != nil {
			t.Errorf("ParseHeader(% x): %v", tc.in, err)
			continue
		}
		if h.Version != tc.version || h.Producer != tc.prod || h.Size != tc.size {
			t.Errorf("ParseHeader(% x) = %+v, want version %d producer %q size %d", tc.in, h, tc.version, tc.prod, tc.size)
		}
	}
	for _, bad := range [][]byte{nil, {0x4D, 0x4C, 0xEF}, {0x4D, 0x4C, 0xEF, 0x52}, {0x4D, 0x4C, 0xEF, 0x52, 0x01, 'a'}, {0x4D, 0x4C, 0xEF, 0x52, 0x02}} {
		if _, err := ParseHeader(bad); err == nil {
			t.Errorf("ParseHeader(% x) succeeded, want error", bad)
		}
	}
}

func TestBytecodeArgs(t *testing.T) {
	got := strings.Join(BytecodeArgs(LLVM16, 0, "in.mlir", "--allow-unregistered-dialect"), " ")
	if want := "--emit-bytecode --allow-unregistered-dialect in.mlir"; got != want {
		t.Errorf("16: %q, want %q", got, want)
	}
	got = strings.Join(BytecodeArgs(LLVM22, 3, "in.mlir"), " ")
	if want := "--emit-bytecode --emit-bytecode-version=3 in.mlir"; got != want {
		t.Errorf("22: %q, want %q", got, want)
	}
}

// TestEmptyModuleHeader checks, for every release and version, the header of
// the bytecode mlir-opt writes for an empty module: magic 4D 4C EF 52, the
// version as a one-byte PrefixVarInt (2N+1) and the producer string.
func TestEmptyModuleHeader(t *testing.T) {
	for _, r := range Releases {
		t.Run(r.String(), func(t *testing.T) {
			t.Parallel()
			Require(t, r)
			for _, v := range r.Versions() {
				bc, err := RunInput(r, nil, ".mlir", BytecodeFlags(r, v)...)
				if err != nil {
					t.Fatalf("v%d: %v", v, err)
				}
				want := append(append([]byte{}, Magic...), byte(2*v+1))
				want = append(append(want, r.Producer()...), 0)
				if !bytes.HasPrefix(bc, want) {
					n := min(len(bc), len(want))
					t.Errorf("v%d: header % x, want % x", v, bc[:n], want)
				}
				h, err := ParseHeader(bc)
				if err != nil || h.Version != uint64(v) || h.Producer != r.Producer() || h.Size != len(want) {
					t.Errorf("v%d: ParseHeader = %+v, %v", v, h, err)
				}
				// Reading it back must work.
				if _, err := RunInput(r, bc, ".mlirbc", "--mlir-print-op-generic"); err != nil {
					t.Errorf("v%d: reading back: %v", v, err)
				}
			}
		})
	}
}

func TestEmitBytecodeCache(t *testing.T) {
	r := LLVM22
	Require(t, r)
	t.Setenv(CacheEnvVar, t.TempDir()) // the input's name is new each time
	dir := t.TempDir()
	in := filepath.Join(dir, "c.mlir")
	if err := os.WriteFile(in, []byte(`"u.op"() {a = 1 : i32} : () -> ()`), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := EmitBytecode(r, 6, in, "--allow-unregistered-dialect")
	if err != nil {
		t.Fatal(err)
	}
	a[0] = 0 // the caller owns its copy
	b, err := EmitBytecode(r, 6, in, "--allow-unregistered-dialect")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, Magic) {
		t.Fatalf("cached result was modified by a caller: % x", b[:4])
	}
	// Changing the content must not return the stale result.
	if err := os.WriteFile(in, []byte(`"u.op"() {a = 2 : i32} : () -> ()`), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := EmitBytecode(r, 6, in, "--allow-unregistered-dialect")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(b, c) {
		t.Errorf("changed input gave identical bytecode")
	}
}

func TestErrors(t *testing.T) {
	if _, err := EmitBytecode(LLVM16, 1, "x.mlir"); err == nil {
		t.Errorf("EmitBytecode(16, v1) succeeded, want error")
	}
	if _, err := EmitBytecode(LLVM22, 7, "x.mlir"); err == nil {
		t.Errorf("EmitBytecode(22, v7) succeeded, want error")
	}
	if _, err := Run(15, nil, "--version"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Run(15) error = %v, want ErrNotFound", err)
	}

	r := LLVM22
	Require(t, r)
	t.Setenv(CacheEnvVar, t.TempDir()) // the input's name is new each time
	in := filepath.Join(t.TempDir(), "bad.mlir")
	if err := os.WriteFile(in, []byte("\"u.op\"() : () -> (\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Without --allow-unregistered-dialect the unregistered op is rejected;
	// the flag is never implicit.
	_, err := EmitBytecode(r, 6, in)
	var oe *Error
	if !errors.As(err, &oe) {
		t.Fatalf("EmitBytecode(bad) error = %v, want *Error", err)
	}
	if oe.ExitCode != 1 || !strings.Contains(oe.Stderr, "error") || !strings.Contains(err.Error(), "stderr") {
		t.Errorf("error lacks exit status or stderr: %+v", oe)
	}
	// An unsupported version flag reaches the tool through Run.
	if _, err := Run(r, nil, "--emit-bytecode", "--emit-bytecode-version=7", in); err == nil {
		t.Errorf("version 7 accepted")
	}
}

// fakeTB records how Require ends a test without ending the real one.
type fakeTB struct {
	testing.TB
	skipped, failed string
}

type stopTest struct{}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Skip(args ...any) {
	f.skipped = strings.TrimSuffix(fmt.Sprintln(args...), "\n")
	panic(stopTest{})
}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	panic(stopTest{})
}

func callRequire(f *fakeTB, r Release) (path string) {
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(stopTest); !ok {
				panic(v)
			}
		}
	}()
	return Require(f, r)
}

func TestRequireMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	old := usrPrefix
	usrPrefix = t.TempDir()
	defer func() { usrPrefix = old }()

	if _, ok := Path(LLVM22); ok {
		t.Fatal("Path found a tool with an empty PATH and prefix")
	}
	t.Setenv(EnvVar, "")
	f := &fakeTB{TB: t}
	callRequire(f, LLVM22)
	if f.skipped == "" || f.failed != "" || !strings.Contains(f.skipped, InstallCommand) {
		t.Errorf("without %s: skipped %q, failed %q", EnvVar, f.skipped, f.failed)
	}
	t.Setenv(EnvVar, "required")
	f = &fakeTB{TB: t}
	callRequire(f, LLVM22)
	if f.failed == "" || f.skipped != "" || !strings.Contains(f.failed, InstallCommand) {
		t.Errorf("with %s=required: skipped %q, failed %q", EnvVar, f.skipped, f.failed)
	}
	if _, err := Run(LLVM22, nil, "--version"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Run without a tool: %v, want ErrNotFound", err)
	}

	// A tool found through the fallback directory.
	bin := filepath.Join(usrPrefix, "lib", "llvm-19", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(bin, "mlir-opt")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, ok := Path(LLVM19); !ok || p != tool {
		t.Errorf("Path(19) = %q, %v; want %q", p, ok, tool)
	}
	if p := callRequire(&fakeTB{TB: t}, LLVM19); p != tool {
		t.Errorf("Require(19) = %q, want %q", p, tool)
	}
}

// TestDiskCache checks that results survive the process (the in-memory
// memo is cleared to stand for a new one): a second run of the same
// command and input starts no tool, a failure comes back with its status
// and standard error, a damaged entry is run again, and processes waiting
// for the same key run it once.
func TestDiskCache(t *testing.T) {
	r := LLVM22
	Require(t, r)
	t.Setenv(CacheEnvVar, t.TempDir())
	t.Cleanup(func() { memo.Clear() })
	good := []byte(`"u.op"() {a = 3 : i32} : () -> ()`)
	bad := []byte(`"u.op"() : () -> (`)
	args := BytecodeFlags(r, 6, "--allow-unregistered-dialect")
	p, _ := Path(r)
	toolID(p) // runs --version once per process: not a run to count below

	before := Runs()
	want, err := RunInput(r, good, ".mlir", args...)
	if err != nil {
		t.Fatal(err)
	}
	_, wantErr := RunInput(r, bad, ".mlir", args...)
	if Runs()-before != 2 {
		t.Fatalf("%d runs for two new commands, want 2", Runs()-before)
	}

	memo.Clear()
	before = Runs()
	got, err := RunInput(r, good, ".mlir", args...)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("from the disk cache: %v, equal %v", err, bytes.Equal(got, want))
	}
	_, gotErr := RunInput(r, bad, ".mlir", args...)
	var we, ge *Error
	if !errors.As(wantErr, &we) || !errors.As(gotErr, &ge) || ge.ExitCode != 1 || ge.Stderr != we.Stderr || gotErr.Error() != wantErr.Error() {
		t.Errorf("failure from the disk cache:\n%v\nwant\n%v", gotErr, wantErr)
	}
	if n := Runs() - before; n != 0 {
		t.Errorf("%d runs for commands in the disk cache", n)
	}

	// Another input, other arguments: other keys.
	if other, err := RunInput(r, good, ".mlir", BytecodeFlags(r, 5, "--allow-unregistered-dialect")...); err != nil || bytes.Equal(other, want) {
		t.Errorf("v5 from the cache of v6: %v", err)
	}

	// Damaged entries are run again and replaced.
	memo.Clear()
	entries := 0
	filepath.WalkDir(CacheDir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && len(d.Name()) == 64 && filepath.Base(filepath.Dir(p)) != "locks" {
			data, _ := os.ReadFile(p)
			data[len(data)/2] ^= 1
			os.WriteFile(p, data, 0o644)
			entries++
		}
		return nil
	})
	if entries != 3 {
		t.Errorf("%d entries on disk, want 3", entries)
	}
	before = Runs()
	if got, err := RunInput(r, good, ".mlir", args...); err != nil || !bytes.Equal(got, want) {
		t.Errorf("after damage: %v", err)
	}
	if n := Runs() - before; n != 1 {
		t.Errorf("%d runs for a damaged entry, want 1", n)
	}

	// Callers that miss the memo (as other processes do) wait for the
	// one that runs the command.
	memo.Clear()
	s := spec{release: r, args: append(slices.Clone(args), "input.mlir"), input: []byte(`"u.op"() {a = 4 : i32} : () -> ()`), write: true}
	key := s.key(p)
	before = Runs()
	var wg sync.WaitGroup
	outs := make([][]byte, 4)
	for i := range outs {
		wg.Go(func() {
			res, err := load(key, s)
			if err != nil {
				t.Error(err)
			}
			outs[i] = res.stdout
		})
	}
	wg.Wait()
	if n := Runs() - before; n != 1 {
		t.Errorf("%d runs for four concurrent callers of one key, want 1", n)
	}
	for _, o := range outs[1:] {
		if !bytes.Equal(o, outs[0]) {
			t.Errorf("concurrent callers got different results")
		}
	}
}

// TestCacheOff checks that DIALECTGEN_ORACLE_CACHE=off writes nothing.
func TestCacheOff(t *testing.T) {
	r := LLVM22
	Require(t, r)
	t.Setenv(CacheEnvVar, "off")
	t.Cleanup(func() { memo.Clear() })
	if CacheDir() != "" {
		t.Fatalf("CacheDir() = %q with %s=off", CacheDir(), CacheEnvVar)
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", home)
	if _, err := RunInput(r, []byte(`"u.op"() {a = 5 : i32} : () -> ()`), ".mlir", "--allow-unregistered-dialect"); err != nil {
		t.Fatal(err)
	}
	if des, _ := os.ReadDir(home); len(des) != 0 {
		t.Errorf("%s=off wrote %v", CacheEnvVar, des)
	}
}
