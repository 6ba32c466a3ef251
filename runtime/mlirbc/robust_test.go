package mlirbc_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// shippedFiles returns the bytecode files committed under testdata/bytecode.
func shippedFiles(t testing.TB) map[string][]byte {
	root, err := corpus.Root()
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "bytecode", "*.mlirbc"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no shipped bytecode files: %v", err)
	}
	files := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	return files
}

// oracleFiles adds what mlir-opt writes for every corpus input at every
// version (or, when all is false, at its newest version only), when the
// oracle is installed.
func oracleFiles(t *testing.T, files map[string][]byte, all bool) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range inputs {
		for _, rel := range in.Releases {
			if _, ok := oracle.Path(rel); !ok {
				continue
			}
			versions := rel.Versions()
			if !all {
				versions = versions[len(versions)-1:]
			}
			for _, v := range versions {
				bc, err := oracle.EmitBytecode(rel, v, in.Path, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				files[fmt.Sprintf("%s/%s/v%d", in.Name, rel, v)] = bc
			}
		}
	}
}

// TestTruncated cuts every test file at every length: each prefix must
// fail with a *wire.Error at an offset inside the prefix, never panic.
func TestTruncated(t *testing.T) {
	files := shippedFiles(t)
	oracleFiles(t, files, true)
	total := 0
	for name, data := range files {
		for n := range len(data) {
			_, err := mlirbc.Read(newContext(), data[:n], mlirbc.ReadOptions{})
			if err == nil {
				t.Fatalf("%s cut at %d: read succeeded", name, n)
			}
			var we *wire.Error
			if !errors.As(err, &we) {
				t.Fatalf("%s cut at %d: %v is not a *wire.Error", name, n, err)
			}
			if we.Offset > int64(n) {
				t.Fatalf("%s cut at %d: error offset %d is past the end: %v", name, n, we.Offset, err)
			}
			total++
		}
	}
	t.Logf("%d files, %d truncations rejected", len(files), total)
}

// TestCorrupted changes every byte of the shipped files: reading must not
// panic, and a file that still reads must write and read back stably.
// (FuzzRead goes further.)
func TestCorrupted(t *testing.T) {
	lessGC(t)
	for name, data := range shippedFiles(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for i := range data {
				for _, x := range []byte{data[i] ^ 0xFF} {
					c := bytes.Clone(data)
					c[i] = x
					checkIdempotent(t, fmt.Sprintf("%s[%d]=%#x", name, i, x), c)
				}
			}
		})
	}
}

// lessGC lets the heap grow to five times its live size before collecting
// (GOGC=400) until t and its subtests end: reading and writing thousands
// of small modules allocates much and keeps little, and collecting at the
// default pace costs a third of the CPU.
func lessGC(t *testing.T) {
	old := debug.SetGCPercent(400)
	t.Cleanup(func() { debug.SetGCPercent(old) })
}

// checkIdempotent reads data; if that works and the module writes, the
// written file must read back and write, and from then on the bytes must
// not change. (The first write may merge entries: LLVM's location writer
// gives some distinct locations the same bytes, and so does ours.)
func checkIdempotent(t *testing.T, name string, data []byte) {
	t.Helper()
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		return
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		return
	}
	var prev []byte
	for round := range 2 {
		m2, err := mlirbc.Read(ctx, out, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: our own output does not read back (round %d): %v", name, round, err)
		}
		prev = out
		if out, err = mlirbc.Append(nil, ctx, m2, m2.Options()); err != nil {
			t.Fatalf("%s: re-read module does not write (round %d): %v", name, round, err)
		}
	}
	if !bytes.Equal(prev, out) {
		t.Fatalf("%s: writing is not stable: %s", name, firstDiff(prev, out))
	}
}

// FuzzRead checks that no input makes the reader panic, and that what it
// accepts writes back stably.
func FuzzRead(f *testing.F) {
	for _, data := range shippedFiles(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkIdempotent(t, "fuzz input", data)
		checkOtherReleases(t, data)
	})
}

// checkOtherReleases writes what data reads into for each release the
// writer knows: the release conversions (hooks that rename ops and change
// blocks' arguments) must not panic, and what they write must read back.
func checkOtherReleases(t *testing.T, data []byte) {
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		return
	}
	before, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		return // checkIdempotent's business
	}
	for _, rel := range []int{16, 19, 22} {
		opts := m.Options()
		opts.Release, opts.Producer = rel, fmt.Sprintf("MLIR%d", rel)
		if rel == 16 {
			opts.Version = mlirbc.V(0)
		}
		out, err := mlirbc.Append(nil, ctx, m, opts)
		if err != nil {
			continue
		}
		if _, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{}); err != nil {
			t.Errorf("written for LLVM %d, it does not read back: %v", rel, err)
		}
	}
	// The writes leave the module as read.
	if again, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil || !bytes.Equal(again, before) {
		t.Errorf("the module changed across writes for other releases: %v", err)
	}
}
