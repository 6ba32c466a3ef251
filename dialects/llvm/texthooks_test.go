package llvm_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"

	"github.com/dialectgen/dialectgen/dialects/all"
)

// TestDebugInfoText: LLVM 19 writes a kernel's debug info as text; every
// llvm entry of the file reads into a typed value, and LLVM 22's file
// (where the same attributes have bytecode encodings) converts to 19's
// bytes, the typed values printed in 19's syntax.
func TestDebugInfoText(t *testing.T) {
	files := map[oracle.Release][]byte{}
	for _, r := range []oracle.Release{19, 22} {
		oracle.Require(t, r)
		data, err := oracle.EmitBytecode(r, 6, "testdata/di_kernel.mlir", "-mlir-print-debuginfo")
		if err != nil {
			t.Fatal(err)
		}
		files[r] = data
		reencode(t, fmt.Sprintf("di_kernel %s", r), data)
	}
	f, err := bytecode.ParseFile(files[19])
	if err != nil {
		t.Fatal(err)
	}
	dec := bytecode.NewDecoder(all.NewContext(), f, ir.Limits{})
	for i, e := range f.Attrs.All() {
		if f.Dialects[e.Dialect].Name != "llvm" {
			continue
		}
		a, err := dec.Attribute(uint64(i))
		if _, text := a.(*ir.TextAttr); err != nil || text {
			t.Errorf("attribute %d stays text: %v (%v)", i, a, err)
		}
	}
	out := write(t, files[22], func(o *mlirbc.WriteOptions) { o.Release, o.Producer = 19, oracle.Release(19).Producer() })
	if !bytes.Equal(out, files[19]) {
		t.Errorf("22 written for 19 is not mlir-opt 19's file")
	}
}
