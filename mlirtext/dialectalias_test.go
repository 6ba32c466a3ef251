package mlirtext_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
)

// Aliases follow the release printed for and the value's kind:
//   - a typed value gets its definition's alias whatever its own text
//     (an LLVM 22 loop annotation holding fused locations, whose String
//     is not its text form, printed inline where mlir-opt-22 gives
//     #loop_annotation);
//   - LLVM 19 writes that annotation as its text, which is read into the
//     same value: its locations and their metadata get their aliases as
//     mlir-opt-19 gives them (they were printed inline, as the text was);
//   - a release whose definition has none gives none (LLVM 16's sparse
//     tensor encodings, kept as text, printed as #sparse where
//     mlir-opt-16 prints them inline).
func TestDialectAliasesByKindAndRelease(t *testing.T) {
	loopAnnotation := `#di_file = #llvm.di_file<"a.c" in "/">
#di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, isOptimized = false, emissionKind = None>
#di_subprogram = #llvm.di_subprogram<compileUnit = #di_compile_unit, scope = #di_file, name = "f", file = #di_file, subprogramFlags = Definition>
#start = loc(fused<#di_subprogram>["a.c":1:1])
#end = loc(fused<#di_subprogram>["a.c":2:1])
#group = #llvm.access_group<id = distinct[0]<>>
#group1 = #llvm.access_group<id = distinct[1]<>>
#annotation = #llvm.loop_annotation<disableNonforced = false, mustProgress = true, startLoc = #start, endLoc = #end, parallelAccesses = #group, #group1>
llvm.func @f(%n: i1) {
  llvm.br ^bb1
^bb1:
  llvm.cond_br %n, ^bb1, ^bb2 {loop_annotation = #annotation}
^bb2:
  llvm.return
}
`
	dir := t.TempDir()
	cases := []struct {
		rel  oracle.Release
		text string
	}{
		{oracle.LLVM22, loopAnnotation},
		{oracle.LLVM19, loopAnnotation},
		{oracle.LLVM16, `func.func private @f(tensor<8x8xf64, #sparse_tensor.encoding<{ dimLevelType = [ "dense", "compressed" ] }>>)
`},
	}
	for i, c := range cases {
		oracle.Require(t, c.rel)
		path := filepath.Join(dir, "case"+string(rune('a'+i))+".mlir")
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		in := corpus.Input{Path: path, Name: filepath.Base(path), Releases: []oracle.Release{c.rel}}
		for _, local := range []bool{false, true} {
			if msg := printVsOracle(in, c.rel, c.rel.Versions()[len(c.rel.Versions())-1], local); msg != "" {
				t.Errorf("LLVM %d, local scope %v: %s", c.rel, local, msg)
			}
		}
	}
}
