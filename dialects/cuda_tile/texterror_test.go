package cudatile_test

import (
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
)

// TestParseErrors checks parse errors against what cuda-tile-translate
// -mlir-to-cudatilebc reports for the same text (its "error: " left out):
// file:line:col: message.
func TestParseErrors(t *testing.T) {
	body := func(s string) string {
		return "cuda_tile.module @k {\n  entry @f(%a: tile<i32>) {\n" + s + "\n  }\n}\n"
	}
	for _, c := range []struct{ src, want string }{
		{body("    %0 = addf %a, %a rounding<approx> : tile<f32>"),
			"e.mlir:3:39: custom op 'cuda_tile.addf' expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'"},
		{body("    %0 = constant <i32: [1, 2]> : tile<4xi32>"),
			"e.mlir:3:35: custom op 'cuda_tile.constant' inferred shape of elements literal ([2]) does not match type ([4])"},
		{body("    %0 = constant <f32: 1.0> : tile<4xf16>"),
			"e.mlir:3:32: custom op 'cuda_tile.constant' mismatch between the element type: 'f32' and the tile element type 'f16'"},
		{body("    %0 = addi %a, %b : tile<i32>"), "e.mlir:3:19: use of undeclared SSA value name"},
		{body("    %0 = addi %a, %a : tile<i32>\n    %0 = addi %a, %a : tile<i32>"), "e.mlir:4:5: redefinition of SSA value '%0'"},
		{body("    %0, %1 = addi %a, %a : tile<i32>"), "e.mlir:3:5: operation defines 1 results but was provided 2 to bind"},
		{body("    %0 = cmpi less %a, %a, signed : tile<i32> -> tile<i1>"),
			"e.mlir:3:15: custom op 'cuda_tile.cmpi' expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}"},
		{body("    %0 = addi %a, %a : tile<i32> loc(#nope)"), "e.mlir:3:38: operation location alias was never defined"},
		{body("    %0 = constant <i8: 300> : tile<i8>"), "e.mlir:3:24: custom op 'cuda_tile.constant' integer constant out of range for type"},
		{body("    %0 = foo %a : tile<i32>"), "e.mlir:3:10: custom op 'foo' is unknown (tried 'cuda_tile.foo' as well)"},
		{"cuda_tile.module @k {\n  entry @f(%a: tile<i32>, %b: tile<f32>) {\n    %0 = addi %a, %b : tile<i32>\n  }\n}\n",
			"e.mlir:3:19: use of value '%b' expects different type than prior uses: '!cuda_tile.tile<i32>' vs '!cuda_tile.tile<f32>'"},
		{"cuda_tile.module @k {\n  entry @f(%a: tile<ptr<f32>>, %n: tile<i64>) {\n    %t = make_tensor_view %a, shape = [32, %n], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>\n  }\n}\n",
			"e.mlir:3:40: custom op 'cuda_tile.make_tensor_view' input shape dimension 0 does not match tensor_view type (expected dynamic, got 32)"},
	} {
		_, err := cudatile.Parse("e.mlir", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s\ngot  %v\nwant %s", c.src, err, c.want)
		}
	}
}

// TestParseDuplicateKeys: an op's attribute dictionary with a name twice
// is refused at the second, in the words of MLIR's parser (mlir-opt's
// for the same generic form; no cuda-tile-translate here to ask).
func TestParseDuplicateKeys(t *testing.T) {
	src := "cuda_tile.module @k {\n  entry @f(%a: tile<i32>) {\n" +
		`    %0 = "cuda_tile.addi"(%a, %a) {overflow = #cuda_tile.overflow<none>, overflow = #cuda_tile.overflow<none>} : (tile<i32>, tile<i32>) -> tile<i32>` +
		"\n  }\n}\n"
	want := "e.mlir:3:74: duplicate key 'overflow' in dictionary attribute"
	if _, err := cudatile.Parse("e.mlir", []byte(src)); err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
