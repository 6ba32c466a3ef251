package cudatile_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/internal/filecheck"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestPrintMatchesCheckLines prints the C++-written files whose sources
// check cuda-tile-opt's text with FileCheck, and matches our text against
// their CHECK lines. Most of these files hold testing$func functions, which
// NVIDIA's reader refuses, so they have no printed twin; their CHECK lines
// are the only record of how cuda-tile prints ops such as load_view_tko,
// reduce, scan, loop, mmaf or get_tile_block_id, which cutile-python
// kernels are made of. (FileCheck's rules: runs of spaces compare as one,
// so spacing is checked by the printed twins only.)
func TestPrintMatchesCheckLines(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	srcs, err := filepath.Glob(filepath.Join(dir, "src", "*.mlir"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no sources in %s: %v", dir, err)
	}
	files, checks := 0, 0
	for _, src := range srcs {
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		run, ok := plainFileCheckRun(string(text))
		if !ok {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(src), ".mlir")
		var data []byte
		for _, v := range []string{"13.3", "13.2", "13.1"} {
			if data, err = os.ReadFile(filepath.Join(dir, name+"."+v+".tileirbc")); err == nil {
				break
			}
		}
		if data == nil {
			continue
		}
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		out, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: strings.Contains(run, "print-debuginfo")})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// The module's name is not on the wire (the reader names it
		// kernels); give it the source's.
		printed := string(out)
		if m := moduleNameRE.FindStringSubmatch(string(text)); m != nil {
			printed = strings.Replace(printed, "cuda_tile.module @kernels", "cuda_tile.module @"+m[1], 1)
		}
		cs := filecheck.Lines(string(text))
		if err := filecheck.Match(cs, printed); err != nil {
			t.Errorf("%s: %v\nprinted:\n%s", name, err, out)
		}
		files++
		checks += len(cs)
	}
	if files == 0 {
		t.Fatal("no source checks printed text")
	}
	t.Logf("%d files, %d CHECK lines matched", files, checks)
}

// plainFileCheckRun returns the RUN lines of a source when they check
// printed text with FileCheck and run no pass or diagnostic check that
// would change what is printed.
func plainFileCheckRun(src string) (string, bool) {
	var run []string
	for _, l := range strings.Split(src, "\n") {
		if i := strings.Index(l, "RUN:"); i >= 0 && strings.HasPrefix(strings.TrimSpace(l), "//") {
			run = append(run, l[i+4:])
		}
	}
	all := strings.Join(run, "\n")
	if !strings.Contains(all, "FileCheck") {
		return "", false
	}
	for _, bad := range []string{"not ", "canonicalize", "verify-diagnostics", "symbol-name", "%round_trip_test"} {
		if strings.Contains(all, bad) {
			return "", false
		}
	}
	return all, true
}

var moduleNameRE = regexp.MustCompile(`(?m)^\s*cuda_tile\.module @(\w+)`)
