//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/crafted"
)

// A single conversion of bytecode, or a stat, run by Main collects no
// garbage, unless GOGC says otherwise; a conversion of text, which makes
// garbage as it parses, does, and so does a batch, which frees each
// file's IR once written.
func TestOneShotGC(t *testing.T) {
	if availableMemory() == 0 {
		t.Fatal("no memory size read from /proc/meminfo or the cgroup")
	}
	dir := t.TempDir()
	// Two million empty strings: a table of their ends, 16 MiB, which a
	// collection at the default target would visit.
	data, err := crafted.File("strings", 4<<20)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.mlirbc")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	collections := func(args []string, env ...string) int {
		// The trace goes to standard error, apart from what the command
		// prints: a collection ends while the command goes on printing.
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), append(env, "GODEBUG=gctrace=1", "MLIRBC_TEST_AS_MAIN=1")...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("mlirbc %v: %v\n%s", args, err, stderr.Bytes())
		}
		// A line ends with the processors it ran on ("2 P"), and " (forced)"
		// after that for runtime.GC's. The process may exit while the last
		// line is being printed: a line cut short says nothing.
		n := 0
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(line, "gc ") && strings.HasSuffix(line, " P") {
				n++
			}
		}
		return n
	}
	var text strings.Builder
	text.WriteString("\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n")
	for i := range 20000 {
		fmt.Fprintf(&text, "  %%%d = \"arith.constant\"() <{value = %d : i32}> : () -> i32\n", i, i)
	}
	text.WriteString("  \"func.return\"() : () -> ()\n}) : () -> ()\n")
	textIn := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(textIn, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := collections([]string{"convert", textIn, "-o", filepath.Join(dir, "text.mlirbc")}, "GOGC=", "GOMEMLIMIT="); n == 0 {
		t.Errorf("a conversion of %d bytes of text ran no collection", text.Len())
	}
	batchIn := filepath.Join(dir, "batch")
	if err := os.MkdirAll(batchIn, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := os.WriteFile(filepath.Join(batchIn, fmt.Sprintf("f%d.mlirbc", i)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n := collections([]string{"convert", batchIn, "-o", filepath.Join(dir, "batch-out")}, "GOGC=", "GOMEMLIMIT="); n == 0 {
		t.Errorf("a batch of 3 × %d bytes ran no collection", len(data))
	}
	for _, args := range [][]string{{"convert", in, "-o", filepath.Join(dir, "out.mlirbc")}, {"stat", in}} {
		if n := collections(args, "GOGC=", "GOMEMLIMIT="); n != 0 {
			t.Errorf("%s ran %d collections, want 0", args[0], n)
		}
		if n := collections(args, "GOGC=100"); n == 0 {
			t.Errorf("with GOGC=100, %s of %d bytes ran no collection: the test proves nothing", args[0], len(data))
		}
	}
}

// TestMemTotal: the machine's memory as sysinfo gives it is what
// /proc/meminfo says.
func TestMemTotal(t *testing.T) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip(err)
	}
	var kb uint64
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
		}
	}
	if got := memTotal(); got != kb<<10 {
		t.Errorf("memTotal() = %d, /proc/meminfo says %d kB (%d)", got, kb, kb<<10)
	}
}

// TestOneShotGCWarms: the one-shot setting starts the page warmer
// (internal/heapwarm, whose own test shows it taking the faults) when it
// turns the collector off, and not when the environment chose GOGC, nor
// where the heap can be reserved in huge pages instead.
func TestOneShotGCWarms(t *testing.T) {
	if availableMemory() == 0 {
		t.Skip("no memory size to set a limit from")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer func(f func(int) func()) { startWarmer = f }(startWarmer)
	defer func(f func() bool) { canReserve = f }(canReserve)
	var leads []int
	startWarmer = func(lead int) func() { leads = append(leads, lead); return func() {} }
	t.Setenv("GOMEMLIMIT", "")
	for _, c := range []struct {
		gogc    string
		reserve bool
		want    int
	}{{"", false, 1}, {"100", false, 0}, {"", true, 0}} {
		t.Setenv("GOGC", c.gogc)
		canReserve = func() bool { return c.reserve }
		leads = nil
		oneShotGC()()
		if len(leads) != c.want || (c.want == 1 && leads[0] != warmLead) {
			t.Errorf("GOGC=%q, reserve %v: warmer started with leads %v, want %d start(s) with %d", c.gogc, c.reserve, leads, c.want, warmLead)
		}
	}
}
