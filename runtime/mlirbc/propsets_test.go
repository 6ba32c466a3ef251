package mlirbc_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestWriteSharedPropertySets: ops whose properties repeat, where the
// first of each brings a new attribute (a set numbered without a lookup)
// and later ones find it, or find the bytes of an earlier set, are
// written as mlir-opt-22 writes them: one properties entry each.
func TestWriteSharedPropertySets(t *testing.T) {
	data := oracleInput(t, func(sb *strings.Builder) int {
		sb.WriteString("func.func @f(%a: i32) -> i32 {\n")
		ops := 0
		for i := range 60 {
			// Values repeat in runs and come back later.
			fmt.Fprintf(sb, "  %%c%d = arith.constant %d : i32\n", i, (i/3)%7)
			fmt.Fprintf(sb, "  %%d%d = arith.addi %%a, %%c%d : i32\n", i, i)
			ops += 2
		}
		sb.WriteString("  %r = func.call @f(%a) : (i32) -> i32\n  %s = func.call @f(%r) : (i32) -> i32\n  return %s : i32\n}\n")
		return ops + 5
	})
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("wrote %d bytes, not mlir-opt-22's %d", len(out), len(data))
	}
}
