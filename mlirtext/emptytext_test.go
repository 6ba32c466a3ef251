package mlirtext_test

import (
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

// TestParseTextWithoutOps: text without an op (empty, comments, alias
// definitions alone) is an empty module, as mlir-opt reads it; it used to
// be refused ("expected an op"). The bytes are each mlir-opt's.
func TestParseTextWithoutOps(t *testing.T) {
	texts := []string{"", "// only a comment\n", "#a = 1 : i32\n!t = i64\n\n// c\n"}
	for _, rel := range oracle.Releases {
		for i, text := range texts {
			t.Run(fmt.Sprintf("%s/%d", rel, i), func(t *testing.T) {
				oracle.Require(t, rel)
				m := parsesToOracleBytes(t, rel, text)
				if m.Op.Name().String() != "builtin.module" || len(m.Op.Region(0).Blocks()) != 1 || len(m.Op.Region(0).Block(0).Ops()) != 0 {
					t.Fatalf("not an empty module: %s with %d regions", m.Op.Name(), len(m.Op.Regions()))
				}
			})
		}
	}
}
