package cli

import (
	"fmt"
	"os"
	"runtime/trace"
)

// traceEnv names a file for Main to write a Go execution trace of the
// whole run to (`go tool trace FILE`). It shows what a profile cannot:
// when a goroutine waits, for what, and for how long before it runs again.
// That is how the reader was found parked on the context's lock, a fifth
// of converting 1,000 functions (docs/performance.md, tenth round).
const traceEnv = "MLIRBC_TRACE"

// startTrace starts the trace traceEnv asks for, if any; stop ends it.
// A trace that cannot be started is reported, and the run goes on.
func startTrace() (stop func()) {
	path := os.Getenv(traceEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		if err = trace.Start(f); err != nil {
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "mlirbc: %s: %v\n", traceEnv, err)
		return func() {}
	}
	return func() {
		trace.Stop()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "mlirbc: %s: %v\n", traceEnv, err)
		}
	}
}
