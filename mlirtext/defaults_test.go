package mlirtext_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// withoutDefaults leaves out every attribute its ops carry at a default
// (ODS's DefaultValuedAttr): arith's fastmath (every release) and
// overflowFlags (19 on; trunci's 22 on), LLVM's fastmathFlags, whose
// default is an enum's empty value, math's and complex's fastmath,
// arith's attribute, LLVM's ordering, visibility_, linkage and CConv,
// enums held as integers and in attributes, and ub.poison's value, whose
// default is its builder's (#ub.poison). It uses no properties syntax,
// which 16 lacks.
const withoutDefaults = `"func.func"() ({
^bb0(%a: i32, %b: f32, %c: i64):
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %1 = "arith.addf"(%b, %b) : (f32, f32) -> f32
  %2 = "arith.cmpf"(%b, %b) {predicate = 1 : i64} : (f32, f32) -> i1
  %3 = "arith.trunci"(%c) : (i64) -> i32
  %4 = "arith.mulf"(%b, %b) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
  %5 = "llvm.fadd"(%b, %b) : (f32, f32) -> f32
  %6 = "math.sqrt"(%b) : (f32) -> f32
  %7 = "complex.create"(%b, %b) : (f32, f32) -> complex<f32>
  %8 = "complex.abs"(%7) : (complex<f32>) -> f32
  %9 = "ub.poison"() : () -> i32
  "func.return"(%0) : (i32) -> ()
}) {function_type = (i32, f32, i64) -> i32, sym_name = "f"} : () -> ()
"llvm.func"() ({
^bb0(%p: !llvm.ptr):
  %0 = "llvm.load"(%p) : (!llvm.ptr) -> i32
  "llvm.store"(%0, %p) : (i32, !llvm.ptr) -> ()
  "llvm.return"() : () -> ()
}) {function_type = !llvm.func<void (ptr)>, sym_name = "g"} : () -> ()
`

// transformWithoutDefaults leaves out apply_patterns' max_iterations and
// max_num_rewrites, whose default ODS spells static_cast<uint64_t>(-1),
// bufferize_to_allocation's memcpy_op and alloc_op, strings,
// structured.pad's copy_back_op, another op's name (getOperationName()),
// and transpose_paddings, an anonymous TypedArrayAttrBase, and
// tile_reduction_using_for's tile_sizes, which 19 stores as array<i64>
// and 22 as [], split_reduction's split_factor, an I64Attr whose
// default is "{}" (0), and apply_registered_pass's options, whose "{}"
// is a StrAttr's "" in 19 and a DictionaryAttr's {} in 22.
const transformWithoutDefaults = `"builtin.module"() ({
  "transform.named_sequence"() <{function_type = (!transform.any_op) -> (), sym_name = "s"}> ({
  ^bb0(%t: !transform.any_op):
    %0:2 = "transform.structured.bufferize_to_allocation"(%t) : (!transform.any_op) -> (!transform.any_value, !transform.any_op)
    %1:3 = "transform.structured.pad"(%t) : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %4 = "transform.apply_registered_pass"(%t) <{pass_name = "canonicalize"}> : (!transform.any_op) -> !transform.any_op
    %3:4 = "transform.structured.split_reduction"(%t) : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %2:4 = "transform.structured.tile_reduction_using_for"(%t) : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    "transform.apply_patterns"(%t) ({
    }) : (!transform.any_op) -> ()
    "transform.yield"() : () -> ()
  }) : () -> ()
}) {transform.with_named_sequence} : () -> ()
`

// TestParsePopulatesDefaults reads text that leaves out attributes at
// their defaults: mlir-opt gives each op created from it those defaults,
// so the bytes written must be those mlir-opt 19 and 22 write for the
// same text, defaults included (and an attribute the text sets kept).
// For LLVM 16 the definitions know what it populates where odsimport
// -older found the same default in its records (populated: {since: llvm
// 16}); the text is withoutDefaults without ub.poison, which 16 lacks.
func TestParsePopulatesDefaults(t *testing.T) {
	texts := map[oracle.Release][]string{
		oracle.LLVM16: {strings.Replace(withoutDefaults, "  %9 = \"ub.poison\"() : () -> i32\n", "", 1)},
		oracle.LLVM19: {withoutDefaults, transformWithoutDefaults},
		oracle.LLVM22: {withoutDefaults, transformWithoutDefaults},
	}
	for _, rel := range oracle.Releases {
		for i, text := range texts[rel] {
			t.Run(fmt.Sprintf("%s/%d", rel, i), func(t *testing.T) {
				oracle.Require(t, rel)
				parsesToOracleBytes(t, rel, text)
			})
		}
	}
}

// parsesToOracleBytes parses text as rel's and writes it at rel's newest
// bytecode version: the bytes must be those rel's mlir-opt writes for the
// same text. It returns the module read.
func parsesToOracleBytes(t *testing.T, rel oracle.Release, text string) *mlirbc.Module {
	t.Helper()
	v := rel.Versions()[len(rel.Versions())-1]
	want, err := oracle.RunInput(rel, []byte(text), ".mlir", oracle.BytecodeFlags(rel, v)...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	m, err := mlirtext.ParseString(ctx, text, mlirtext.ParseOptions{File: "input.mlir", Release: int(rel)})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: rel.Producer(), Release: int(rel)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("bytes differ from mlir-opt-%d's (%d, want %d)", int(rel), len(got), len(want))
		var printed bytes.Buffer
		if err := mlirtext.Print(&printed, m, mlirtext.Options{}); err == nil {
			t.Logf("read as\n%s", printed.String())
		}
	}
	return m
}
