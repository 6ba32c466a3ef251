package mlirtext_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestParseTextWithoutOps: text without an op (empty, comments, alias
// definitions alone) is an empty module, as mlir-opt reads it; it used to
// be refused ("expected an op"). The bytes are each mlir-opt's.
func TestParseTextWithoutOps(t *testing.T) {
	texts := []string{"", "// only a comment\n", "#a = 1 : i32\n!t = i64\n\n// c\n"}
	for _, rel := range oracle.Releases {
		for i, text := range texts {
			t.Run(fmt.Sprintf("%s/%d", rel, i), func(t *testing.T) {
				ctx := all.NewContext()
				m, err := mlirtext.ParseString(ctx, text, mlirtext.ParseOptions{File: "input.mlir", Release: int(rel)})
				if err != nil {
					t.Fatal(err)
				}
				if m.Op.Name().String() != "builtin.module" || len(m.Op.Region(0).Blocks()) != 1 || len(m.Op.Region(0).Block(0).Ops()) != 0 {
					t.Fatalf("not an empty module: %s with %d regions", m.Op.Name(), len(m.Op.Regions()))
				}
				oracle.Require(t, rel)
				v := rel.Versions()[len(rel.Versions())-1]
				want, err := oracle.RunInput(rel, []byte(text), ".mlir", oracle.BytecodeFlags(rel, v)...)
				if err != nil {
					t.Fatal(err)
				}
				got, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: rel.Producer(), Release: int(rel)})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("bytes differ from mlir-opt-%d's:\n%x\nwant\n%x", int(rel), got, want)
				}
			})
		}
	}
}
