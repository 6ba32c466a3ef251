package mlirbc_test

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
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

// TestAheadPays: the files of TestConcurrentReadAhead, whose ops do more
// than make entries, take the second core; a file that is mostly
// call-site locations, an op and eight new entries each, does not.
func TestAheadPays(t *testing.T) {
	for _, in := range []struct {
		name string
		gen  func(*strings.Builder) int
		want bool
	}{
		{"chain", chainOps(3000), true},
		{"funcs", manyFuncs(200), true},
		{"call sites", callSiteOps(2000), false},
	} {
		f, err := bytecode.ParseFile(oracleInput(t, in.gen))
		if err != nil {
			t.Fatal(err)
		}
		if got := mlirbc.AheadPays(f); got != in.want {
			t.Errorf("%s (%d bytes of IR, %d entries): AheadPays = %v, want %v", in.name, len(f.Sections[bytecode.SectionIR].Data), f.Attrs.Len()+f.Types.Len(), got, in.want)
		}
	}
}
