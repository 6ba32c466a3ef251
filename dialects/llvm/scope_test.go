package llvm_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
)

// TestParseInScope: within a file, a nested value named by alias is the
// alias's value and a distinct id is the file's; a value that does not
// print back as written is not kept, nor are the distinct ids it defined.
func TestParseInScope(t *testing.T) {
	ctx := all.NewContext()
	forms := ctx.Dialect("llvm").(asmformat.AsmFormsOf).AsmForms()
	file := forms.ParseInScope(ctx, `#llvm.di_file<"k.c" in "/src">`, 22, &asmformat.Scope{})
	if file == nil {
		t.Fatal("di_file not read")
	}
	scope := &asmformat.Scope{
		Alias: func(name string) (any, bool) { return file, name == "#di_file" },
		AliasOf: func(v any) (string, bool) {
			return "#di_file", v == file
		},
	}
	const cu = `#llvm.di_compile_unit<id = distinct[7]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>`

	// Written in full where mlir-opt prints the file stripped or by alias:
	// not kept, and distinct[7] forgotten.
	if v := forms.ParseInScope(ctx, `#llvm.di_compile_unit<id = distinct[7]<>, sourceLanguage = DW_LANG_C, file = #llvm.di_file<"k.c" in "/src">, producer = "clang", isOptimized = true, emissionKind = Full>`, 22, scope); v != nil {
		t.Errorf("a value that prints otherwise was kept: %v", v)
	}
	if d := scope.Distinct(7); d != nil {
		t.Errorf("distinct[7] kept from a value not kept: %v", d)
	}

	v := forms.ParseInScope(ctx, cu, 22, scope)
	if v == nil {
		t.Fatal("di_compile_unit by alias not read")
	}
	id := scope.Distinct(7)
	if id == nil {
		t.Fatal("distinct[7] not recorded")
	}
	// The same id later in the file is the same attribute.
	again := forms.ParseInScope(ctx, cu, 22, scope)
	if again != v {
		t.Errorf("distinct[7] read twice made two values: %v, %v", v, again)
	}
	if forms.ParseInScope(ctx, `#llvm.di_compile_unit<id = distinct[7]<>, sourceLanguage = DW_LANG_C, file = #nofile, producer = "clang", isOptimized = true, emissionKind = Full>`, 22, scope) != nil {
		t.Error("an undefined alias was read")
	}
	if scope.Distinct(7) != id {
		t.Error("a value not kept forgot a distinct id defined before it")
	}
}
