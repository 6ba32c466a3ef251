package mlirtext_test

import (
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
)

// TestDialectValuesInFileScope converts the generic text mlir-opt prints
// for debug info to bytecode at every version: the bytes must be mlir-opt's.
// They are only if a dialect value reads its nested values by alias as the
// same values the aliases define, and its distinct ids as the file's (an
// id names one attribute across the file, not one per value).
func TestDialectValuesInFileScope(t *testing.T) {
	in := corpus.Input{Path: "testdata/debuginfo.mlir", Name: "debuginfo.mlir"}
	for _, rel := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, rel)
		for _, v := range rel.Versions() {
			t.Run(fmt.Sprintf("%s/v%d", rel, v), func(t *testing.T) {
				t.Parallel()
				if msg := parseVsOracle(in, rel, v, true); msg != "" {
					t.Error(msg)
				}
			})
		}
	}
}
