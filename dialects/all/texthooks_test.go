package all_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestTextHooksOracle: values whose text hand-written hooks read and
// print (testdata/texthooks*.mlir), written by mlir-opt 19 and 22, print
// as that mlir-opt prints them, with aliases and in local scope
// (texthooks_local.mlir in local scope only); the printed text reads
// back into typed values
// (each attribute of a "q.typed" op) that write the bytes mlir-opt writes
// for that text.
func TestTextHooksOracle(t *testing.T) {
	for _, c := range []struct {
		release oracle.Release
		input   string
		local   bool
	}{
		{19, "testdata/texthooks.mlir", false},
		{22, "testdata/texthooks.mlir", false},
		{22, "testdata/texthooks_22.mlir", false},
		{19, "testdata/texthooks_19.mlir", false},
		{19, "testdata/texthooks_local.mlir", true},
		{22, "testdata/texthooks_local.mlir", true},
		{19, "testdata/texthooks.mlir", true},
		{22, "testdata/texthooks.mlir", true},
	} {
		oracle.Require(t, c.release)
		name := fmt.Sprintf("%s %s", c.input, c.release)
		args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"}
		if c.local {
			args = append(args, "--mlir-print-local-scope")
		}
		bc, err := oracle.EmitBytecode(c.release, 6, c.input, "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		want, err := oracle.RunInput(c.release, bc, ".mlirbc", args...)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := mlirtext.Append(nil, m, mlirtext.Options{Release: int(c.release), LocalScope: c.local})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: prints\n%s\nmlir-opt prints\n%s", name, got, want)
		}

		ctx := all.NewContext()
		parsed, err := mlirtext.ParseBytes(ctx, want, mlirtext.ParseOptions{File: "input.mlir", Release: int(c.release)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		typed := 0
		parsed.Op.Walk(func(op *ir.Operation) bool {
			for _, a := range op.Attrs {
				text := isText(a.Value)
				kind := op.Name.Dialect + "." + op.Name.Op
				switch {
				case kind == "q.typed" && text:
					t.Errorf("%s: %s stays text: %v", name, a.Name, a.Value)
				case kind == "q.typed":
					typed++
				}
			}
			return true
		})
		if typed == 0 {
			t.Errorf("%s: nothing typed", name)
		}
		wantBC, err := oracle.RunInput(c.release, want, ".mlir", oracle.BytecodeFlags(c.release, 6, "--allow-unregistered-dialect")...)
		if err != nil {
			t.Fatal(err)
		}
		gotBC, err := mlirbc.Append(nil, ctx, parsed, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: c.release.Producer(), Release: int(c.release)})
		if err != nil || !bytes.Equal(gotBC, wantBC) {
			t.Errorf("%s: the text does not write mlir-opt's bytes (%v)", name, err)
		}
	}
}

// isText reports whether an attribute, or the type a type attribute
// holds, stayed text.
func isText(a ir.Attribute) bool {
	if _, ok := a.(*ir.TextAttr); ok {
		return true
	}
	if ta, ok := a.(interface{ Value() ir.Type }); ok {
		_, text := ta.Value().(*ir.TextType)
		return text
	}
	return false
}
