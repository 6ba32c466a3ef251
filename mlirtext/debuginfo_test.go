package mlirtext_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestDebugInfo converts the generic text mlir-opt prints for debug info,
// with aliases and in local scope, to bytecode at every version, and
// prints mlir-opt's bytecode of it both ways: the bytes and the text must
// be mlir-opt's. They are only if a dialect value
// reads its nested values by alias as the values the aliases define, its
// distinct ids as the file's (an id names one attribute across a file, and
// across one text entry of a bytecode file), and prints its aliases where
// mlir-opt does.
func TestDebugInfo(t *testing.T) {
	for _, tc := range []struct {
		file     string
		releases []oracle.Release
	}{
		{"testdata/debuginfo.mlir", []oracle.Release{oracle.LLVM19, oracle.LLVM22}},
		{"testdata/debuginfo_22.mlir", []oracle.Release{oracle.LLVM22}},
	} {
		in := corpus.Input{Path: tc.file, Name: tc.file}
		for _, rel := range tc.releases {
			oracle.Require(t, rel)
			for _, v := range rel.Versions() {
				for _, local := range []bool{false, true} {
					t.Run(fmt.Sprintf("%s/%s/v%d/local=%v", tc.file, rel, v, local), func(t *testing.T) {
						t.Parallel()
						var scope []string
						if local {
							scope = []string{"--mlir-print-local-scope"}
						}
						if msg := parseVsOracle(in, rel, v, true, scope...); msg != "" {
							t.Errorf("text to bytecode: %s", msg)
						}
						data, err := oracle.EmitBytecode(rel, v, tc.file, "--allow-unregistered-dialect")
						if err != nil {
							t.Fatal(err)
						}
						want, err := oracle.RunInput(rel, data, ".mlirbc", append([]string{"--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"}, scope...)...)
						if err != nil {
							t.Fatal(err)
						}
						m, err := mlirbc.Read(all.NewContext(), data, mlirbc.ReadOptions{})
						if err != nil {
							t.Fatal(err)
						}
						got, err := mlirtext.Append(nil, m, mlirtext.Options{LocalScope: local})
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(got, want) {
							t.Errorf("bytecode to text: %s", lineDiff(want, got))
						}
					})
				}
			}
		}
	}
}
