package mlirtext_test

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// oracleVersions are the bytecode versions the oracle tests use: all
// (each release writes those it can).
var oracleVersions = []int{0, 1, 2, 3, 4, 5, 6}

// TestOraclePrint prints the bytecode mlir-opt 16, 19 and 22 write for
// every input of testdata/mlir, in both modes, and compares it with what
// the same mlir-opt prints for that bytecode (--mlir-print-op-generic
// --mlir-print-debuginfo, with --mlir-print-local-scope for the local
// mode). It counts the files printed byte for byte and fails on the
// others.
func TestOraclePrint(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
	}
	var mu sync.Mutex
	same, total := 0, 0
	var bad []string
	t.Run("files", func(t *testing.T) {
		for _, in := range inputs {
			if in.ReadbackError != "" {
				continue
			}
			for _, rel := range in.Releases {
				for _, v := range oracleVersions {
					if !rel.WritesVersion(v) {
						continue
					}
					for _, local := range []bool{false, true} {
						name := fmt.Sprintf("%s/%s/v%d/local=%v", in.Name, rel, v, local)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							msg := printVsOracle(in, rel, v, local)
							mu.Lock()
							defer mu.Unlock()
							total++
							if msg == "" {
								same++
								return
							}
							bad = append(bad, name+": "+msg)
						})
					}
				}
			}
		}
	})
	t.Logf("%d of %d (file, release, version, mode) print byte for byte as mlir-opt prints them", same, total)
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

func printVsOracle(in corpus.Input, rel oracle.Release, v int, local bool) string {
	bc, err := oracle.EmitBytecode(rel, v, in.Path, "--allow-unregistered-dialect")
	if err != nil {
		return err.Error()
	}
	args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"}
	if local {
		args = append(args, "--mlir-print-local-scope")
	}
	want, err := oracle.RunInput(rel, bc, ".mlirbc", args...)
	if err != nil {
		return "mlir-opt: " + strings.TrimSpace(err.Error())
	}
	m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
	if err != nil {
		return "read: " + err.Error()
	}
	got, err := mlirtext.Append(nil, m, mlirtext.Options{LocalScope: local, Release: int(rel)})
	if err != nil {
		return "print: " + err.Error()
	}
	return lineDiff(want, got)
}

// TestOraclePrintOtherRelease prints affine maps and sets written by one
// release as another prints them (mlir-opt re-reads them from text and
// simplifies them by its own rules): every file of affine_canonical.mlir,
// as every other release whose mlir-opt reads it.
func TestOraclePrintOtherRelease(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, in := range inputs {
		if in.Name != "affine_canonical.mlir" {
			continue
		}
		for _, w := range in.Releases {
			for _, v := range w.Versions() {
				bc, err := oracle.EmitBytecode(w, v, in.Path, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range in.Releases {
					if r == w {
						continue
					}
					want, err := oracle.RunInput(r, bc, ".mlirbc", "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo")
					if err != nil {
						continue // r cannot read what w wrote at v
					}
					m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					got, err := mlirtext.Append(nil, m, mlirtext.Options{Release: int(r)})
					if err != nil {
						t.Fatal(err)
					}
					if d := lineDiff(want, got); d != "" {
						t.Errorf("written by %s at v%d, printed as %s: %s", w, v, r, d)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
	t.Logf("%d (writer, version, printer) combinations print as mlir-opt prints them", checked)
}

// TestOraclePrintNoDebugInfo prints, without locations, the bytecode
// mlir-opt-22 writes for every input of testdata/mlir, and compares it
// with what mlir-opt-22 prints for it without --mlir-print-debuginfo.
func TestOraclePrintNoDebugInfo(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	rel := oracle.Release(22)
	oracle.Require(t, rel)
	files := 0
	for _, in := range inputs {
		if in.ReadbackError != "" || !slices.Contains(in.Releases, rel) {
			continue
		}
		bc, err := oracle.EmitBytecode(rel, 6, in.Path, "--allow-unregistered-dialect")
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
			continue
		}
		want, err := oracle.RunInput(rel, bc, ".mlirbc", "--allow-unregistered-dialect", "--mlir-print-op-generic")
		if err != nil {
			t.Errorf("%s: mlir-opt: %v", in.Name, err)
			continue
		}
		m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
			continue
		}
		got, err := mlirtext.Append(nil, m, mlirtext.Options{NoDebugInfo: true})
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
			continue
		}
		if msg := lineDiff(want, got); msg != "" {
			t.Errorf("%s: %s", in.Name, msg)
		}
		files++
	}
	t.Logf("%d files printed as mlir-opt-22 prints them without debug info", files)
}
