package mlirbc_test

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestOracleRoundTrip reads every file mlir-opt 16, 19 and 22 write for our
// inputs, at every version each writes, and writes it again with the same
// version, producer and release: the bytes must be identical.
func TestOracleRoundTrip(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	var files, ops atomic.Int64
	forEachOracleFile(t, inputs, func(t *testing.T, in corpus.Input, rel oracle.Release, v int, bc []byte) {
		if in.IsUnstable(rel) || in.HasDuplicates(rel) {
			var err error
			if bc, err = oracle.RunInput(rel, bc, ".mlirbc", oracle.BytecodeFlags(rel, v, "--allow-unregistered-dialect")...); err != nil {
				t.Fatal(err)
			}
		}
		ctx := newContext()
		m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
		if in.ReadbackError != "" {
			// mlir-opt cannot read this file back; neither may we.
			if err == nil {
				t.Fatalf("read succeeded; mlir-opt fails with %q", in.ReadbackError)
			}
			return
		}
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		out, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil {
			t.Fatalf("write: %v", err)
		}
		if d := firstDiff(bc, out); d != "" {
			if in.HasDuplicates(rel) {
				t.Skipf("known duplicate entries: %s", d)
			}
			t.Fatal(d)
		}
		files.Add(1)
		n := 0
		m.Op.Walk(func(op *ir.Operation) bool { n++; return true })
		ops.Add(int64(n))
	})
	t.Cleanup(func() { t.Logf("%d files (%d ops) written back byte for byte", files.Load(), ops.Load()) })
}

// forEachOracleFile runs fn, as a parallel subtest, on the bytecode each
// release writes for each input at every version it writes.
func forEachOracleFile(t *testing.T, inputs []corpus.Input, fn func(t *testing.T, in corpus.Input, rel oracle.Release, v int, bc []byte)) {
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
	}
	for _, in := range inputs {
		for _, rel := range in.Releases {
			for _, v := range rel.Versions() {
				t.Run(fmt.Sprintf("%s/%s/v%d", in.Name, rel, v), func(t *testing.T) {
					t.Parallel()
					bc, err := oracle.EmitBytecode(rel, v, in.Path, "--allow-unregistered-dialect")
					if err != nil {
						t.Fatal(err)
					}
					fn(t, in, rel, v, bc)
				})
			}
		}
	}
}

// firstDiff describes where got differs from want, naming the section.
func firstDiff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	where := "header"
	if f, err := bytecode.ParseFile(want); err == nil {
		for id, s := range f.Sections {
			if s != nil && int64(i) >= s.HeaderOffset && int64(i) <= s.Offset+int64(len(s.Data)) {
				where = fmt.Sprintf("%s section (data at %d)", bytecode.SectionName(byte(id)), s.Offset)
			}
		}
	}
	lo := max(0, i-8)
	return fmt.Sprintf("differs at offset %d in the %s; lengths want %d got %d\nwant % x\ngot  % x",
		i, where, len(want), len(got), want[lo:min(len(want), i+24)], got[lo:min(len(got), i+24)])
}
