package mlirtext

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestPrintWritesNothingOnError prints a module whose last op holds an
// attribute no codec here reads, after more than a chunk of text: Print
// must fail without writing any of it.
func TestPrintWritesNothingOnError(t *testing.T) {
	var b strings.Builder
	b.WriteString("\"builtin.module\"() ({\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "  \"test.op\"() {n = %d : i64, s = \"a string to fill the text\"} : () -> ()\n", i)
	}
	b.WriteString("}) : () -> ()\n")
	ctx := all.NewContext()
	m, err := ParseString(ctx, b.String(), ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Print(&out, m, Options{}); err != nil || out.Len() <= 1<<20 {
		t.Fatalf("the module prints in %d bytes (%v), want more than a chunk", out.Len(), err)
	}
	body := m.Op.Regions()[0].Blocks()[0]
	bad := ir.NewOperation(ir.OpName{Dialect: "test", Op: "bad"}, body.Ops()[0].Loc(), nil)
	bad.SetAttr("x", ir.GetEncodedAttr(ctx, "nodialect", []byte{1, 2, 3}))
	body.Append(bad)
	out.Reset()
	err = Print(&out, m, Options{})
	if err == nil || !strings.Contains(err.Error(), "custom-encoded") || out.Len() != 0 {
		t.Errorf("Print wrote %d bytes and returned %v; want nothing written and the error", out.Len(), err)
	}
}
