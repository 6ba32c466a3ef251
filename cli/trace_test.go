package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/trace"
	"testing"
)

// TestTrace: with MLIRBC_TRACE set, what runs between startTrace and its
// stop is written to that file as a Go execution trace; unset, no trace
// runs.
func TestTrace(t *testing.T) {
	t.Setenv(traceEnv, "")
	stop := startTrace()
	if trace.IsEnabled() {
		t.Fatal("a trace runs with MLIRBC_TRACE unset")
	}
	stop()

	path := filepath.Join(t.TempDir(), "run.trace")
	t.Setenv(traceEnv, path)
	stop = startTrace()
	if !trace.IsEnabled() {
		t.Fatal("no trace runs with MLIRBC_TRACE set")
	}
	stop()
	if trace.IsEnabled() {
		t.Fatal("the trace runs on after stop")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("go 1.")) {
		t.Fatalf("%s does not start as a Go execution trace: %q", path, b[:min(len(b), 16)])
	}
}
