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

// TestParseNestedElements: a DLTI spec holding dense elements, as
// LLVM-imported modules carry one, converts to mlir-opt's bytes. Writing
// it needs builtin's text of the elements nested in the spec; without
// one the writer refused the spec ("no text form for LLVM 22").
func TestParseNestedElements(t *testing.T) {
	texts := map[oracle.Release]string{
		oracle.LLVM19: `#dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<"k", dense<[1, 2]> : tensor<2xi32>>, #dlti.dl_entry<"s", sparse<0, 1> : tensor<2xi32>>`,
		oracle.LLVM22: `i64 = dense<64> : vector<2xi64>, "k" = dense<[1, 2]> : tensor<2xi32>, "s" = sparse<0, 1> : tensor<2xi32>`,
	}
	for rel, entries := range texts {
		t.Run(rel.String(), func(t *testing.T) {
			oracle.Require(t, rel)
			parsesToOracleBytes(t, rel, `"builtin.module"() ({
^bb0:
}) {dlti.dl_spec = #dlti.dl_spec<`+entries+`>} : () -> ()
`)
		})
	}
}
