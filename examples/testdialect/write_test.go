package testdialect_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

var olderVersions = []string{"0.0", "1.0", "1.12", "1.200"}

// module is a file read into its context.
type module struct {
	*mlirbc.Module
	ctx *ir.Context
}

// readFile reads one of the shared files with the test dialect registered.
func readFile(t *testing.T, path string) module {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return module{m, ctx}
}

// writeAt writes m as it was read, with the test dialect at version v.
func writeAt(t *testing.T, m module, v string) ([]byte, error) {
	t.Helper()
	tv, err := bytecode.ParseDialectVersion(v)
	if err != nil {
		t.Fatal(err)
	}
	opts := m.Options()
	opts.Dialects = bytecode.DialectVersions{"test": tv}
	return mlirbc.Append(nil, m.ctx, m.Module, opts)
}

// TestWriteMatchesMLIR writes each 2.0 module at every older version and
// compares with what mlir-opt wrote (its --test-bytecode-roundtrip
// test-kind=6 captures) where mlir-opt writes what its own reader reads
// back, and checks the refusals where it does not.
func TestWriteMatchesMLIR(t *testing.T) {
	dir := shared.Dir(t, "versioning/out")
	same, refused := 0, 0
	for _, rel := range []string{"19", "22"} {
		d := filepath.Join(dir, "llvm"+rel)
		for _, name := range []string{"versionedA", "versionedA_true", "versionedB", "versionedC", "versioned_props", "mixed"} {
			for _, v := range append(olderVersions, "2.0") {
				m := readFile(t, filepath.Join(d, name+".plain.mlirbc"))
				got, err := writeAt(t, m, v)
				want, rerr := os.ReadFile(filepath.Join(d, name+".tdv"+v+".mlirbc"))
				if rerr != nil {
					t.Fatal(rerr)
				}
				label := "llvm" + rel + " " + name + " at test " + v
				var verr *bytecode.DialectVersionError
				switch {
				case v != "2.0" && name == "versionedA_true":
					// mlir-opt reports the error and writes the file
					// anyway, without the attribute.
					if !errors.As(err, &verr) || !strings.Contains(err.Error(), "attribute modifier of test.versionedA was added in test 2.0; the target is test "+v+" (it is true, not its default false)") {
						t.Errorf("%s: want the modifier refused, got %v", label, err)
					}
					refused++
				case v != "2.0" && (name == "versioned_props" || name == "mixed"):
					// mlir-opt writes value2 where its own 1.x reader
					// does not read it: the value is lost.
					if !errors.As(err, &verr) || !strings.Contains(err.Error(), "field value2 of property prop of test.with_versioned_properties was added in test 2.0; the target is test "+v) {
						t.Errorf("%s: want value2 refused, got %v", label, err)
					}
					refused++
				case err != nil:
					t.Errorf("%s: %v", label, err)
				case v != "2.0" && (name == "versionedB" || name == "versionedC"):
					// mlir-opt writes #test.attr_params in the 2.0 order
					// at 1.x, which its own 1.x reader reads swapped. Ours
					// must differ from it exactly there, and read back
					// as the module it was written from (checked with
					// mlir-opt in TestMLIRReadsOurWrites).
					if bytes.Equal(got, want) {
						t.Errorf("%s: equal to mlir-opt's bytes, whose attr_params are in the 2.0 order", label)
					}
					if len(got) != len(want) {
						t.Errorf("%s: %d bytes, mlir-opt wrote %d", label, len(got), len(want))
					}
				case !bytes.Equal(got, want):
					t.Errorf("%s: differs from mlir-opt's bytes\n got % x\nwant % x", label, got, want)
				default:
					same++
				}
			}
		}
		// What a faithful 1.x writer writes (the README's hand_old files):
		// read and written again at 1.12, byte for byte.
		for _, name := range []string{"versionedB.hand_old_1.12", "versioned_props.hand_old_1.12"} {
			path := filepath.Join(d, name+".mlirbc")
			want, _ := os.ReadFile(path)
			got, err := writeAt(t, readFile(t, path), "1.12")
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("llvm%s %s written at 1.12: %v\n got % x\nwant % x", rel, name, err, got, want)
			} else {
				same++
			}
		}
	}
	t.Logf("%d files written as mlir-opt writes them, %d refused where mlir-opt loses a value", same, refused)
}

// TestRoundTripAtVersion reads every file mlir-opt wrote at an older version
// and writes it at that version again: the same bytes.
func TestRoundTripAtVersion(t *testing.T) {
	dir := shared.Dir(t, "versioning/out")
	n := 0
	for _, rel := range []string{"19", "22"} {
		for _, name := range []string{"versionedA", "versionedA_true", "versionedB", "versionedC"} {
			for _, v := range olderVersions {
				path := filepath.Join(dir, "llvm"+rel, name+".tdv"+v+".mlirbc")
				want, _ := os.ReadFile(path)
				m := readFile(t, path)
				if got := m.Versions["test"].String(); got != v {
					t.Errorf("%s: read at test %s", path, got)
				}
				got, err := mlirbc.Append(nil, m.ctx, m.Module, m.Options())
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s written as read: %v\n got % x\nwant % x", path, err, got, want)
				}
				n++
			}
		}
	}
	t.Logf("%d files written back at their test dialect version, byte for byte", n)
}

// TestMLIRReadsOurWrites has mlir-opt read what we write at every older
// version: it must upgrade it to the module we wrote from.
func TestMLIRReadsOurWrites(t *testing.T) {
	dir := shared.Dir(t, "versioning/out")
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
		rel := strings.TrimPrefix(r.String(), "llvm")
		for _, name := range []string{"versionedA", "versionedB", "versionedC"} {
			plain := filepath.Join(dir, r.String(), name+".plain")
			want := mlirOps(t, plain+".read-llvm"+rel+".mlir")
			for _, v := range olderVersions {
				got, err := writeAt(t, readFile(t, plain+".mlirbc"), v)
				if err != nil {
					t.Fatal(err)
				}
				out, err := oracle.RunInput(r, got, ".mlirbc", "--mlir-print-op-generic")
				if err != nil {
					t.Errorf("%s %s at %s: mlir-opt: %v", r, name, v, err)
					continue
				}
				if g := mlirTestOp.FindAllString(string(out), -1); strings.Join(g, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s %s at %s: mlir-opt reads\n%q\nwant %q", r, name, v, g, want)
				}
			}
		}
	}
}
