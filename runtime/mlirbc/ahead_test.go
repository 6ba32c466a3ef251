package mlirbc_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestConcurrentReadAhead: files with enough entries have them decoded on
// a second goroutine while their ops are read (bytecode.Decoder.Ahead):
// a chain, whose ops meet entries in table order, and many functions,
// which meet theirs last to first. Each reads back to mlir-opt's bytes.
// CI runs it under the race detector.
func TestConcurrentReadAhead(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Read decodes the entries itself")
	}
	for _, in := range []struct {
		name string
		data []byte
	}{
		{"chain", oracleInput(t, chainOps(3000))},
		{"funcs", oracleInput(t, manyFuncs(200))},
	} {
		for range 4 {
			ctx := newContext()
			m, err := mlirbc.Read(ctx, in.data, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", in.name, err)
			}
			out, err := mlirbc.Append(nil, ctx, m, m.Options())
			if err != nil {
				t.Fatalf("%s: %v", in.name, err)
			}
			if !bytes.Equal(out, in.data) {
				t.Fatalf("%s: wrote %d bytes, not the %d read", in.name, len(out), len(in.data))
			}
		}
	}
}
