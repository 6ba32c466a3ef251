//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/dialectgen/dialectgen/internal/crafted"
)

// Peak memory must stay in proportion to the input, on files crafted to
// make a reader allocate much per byte as on real ones: at most
// maxBytesPerByte times the file's size above the peak for a small file.
// The worst case is a file of nothing but empty ops, three bytes each,
// where every op is an ir.Operation: about 100 bytes per byte converted
// (mlir-opt-22 needs 65); every table kind stays under 40.
const (
	craftedSize     = 4 << 20
	maxBytesPerByte = 128
)

func TestMain(m *testing.M) {
	// The test binary runs as mlirbc when asked, so that a command's peak
	// memory can be measured in a process of its own.
	if os.Getenv("MLIRBC_TEST_AS_MAIN") == "1" {
		Main()
		if strings.Contains(os.Getenv("GODEBUG"), "gctrace=1") {
			// A collection the run started may still be marking, and its
			// trace line is printed only when it ends: end it, so that
			// tests counting the lines see it. The collection this forces
			// is traced as "forced".
			runtime.GC()
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runMain runs mlirbc (this test binary as Main) with args and the
// environment variables env added, in a child process, and returns what
// it printed and its process state.
func runMain(t *testing.T, args []string, env ...string) (string, *os.ProcessState) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), append(env, "MLIRBC_TEST_AS_MAIN=1")...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mlirbc %v: %v\n%s", args, err, out)
	}
	return string(out), cmd.ProcessState
}

// peakRSS runs mlirbc with args in a child process and returns its peak
// resident memory in bytes.
func peakRSS(t *testing.T, args ...string) int64 {
	t.Helper()
	_, ps := runMain(t, args)
	return ps.SysUsage().(*syscall.Rusage).Maxrss << 10
}

func TestMemoryInProportion(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mlirbc on several megabytes of crafted input")
	}
	dir := t.TempDir()
	baseRSS := peakRSS(t, "convert", shipped, "-o", filepath.Join(dir, "base.mlirbc"))
	t.Logf("base: %.1f MB peak for a small file", float64(baseRSS)/1e6)
	for _, kind := range crafted.Kinds {
		data, err := crafted.File(kind, craftedSize)
		if err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(dir, kind+".mlirbc")
		if err := os.WriteFile(in, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"stat", in}, {"convert", in, "-o", filepath.Join(dir, "out.mlirbc")}} {
			rss := peakRSS(t, args...)
			ratio := float64(rss-baseRSS) / float64(len(data))
			t.Logf("%-12s %-7s %5.1f MB peak for %.1f MB: %5.1f bytes per byte above the base", kind, args[0], float64(rss)/1e6, float64(len(data))/1e6, ratio)
			if rss > baseRSS+maxBytesPerByte*int64(len(data)) {
				t.Errorf("%s %s: peak %d bytes for a file of %d bytes, more than %d per byte above %d", args[0], kind, rss, len(data), maxBytesPerByte, baseRSS)
			}
		}
	}
}
