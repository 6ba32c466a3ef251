package all_test

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/index"
	"github.com/dialectgen/dialectgen/dialects/llvm"
	"github.com/dialectgen/dialectgen/dialects/nvvm"
	"github.com/dialectgen/dialectgen/dialects/spirv"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// parseText reads an entry's text with the dialect its prefix names, as
// the bytecode reader does.
func parseText(t testing.TB, ctx *ir.Context, text string, release int) any {
	t.Helper()
	name := strings.TrimLeft(text, "#!")
	if i := strings.IndexAny(name, ".<"); i >= 0 {
		name = name[:i]
	}
	tc, ok := ctx.Dialect(name).(bytecode.TextCodec)
	if !ok {
		t.Fatalf("%s: no text codec for %s", text, name)
	}
	var v any
	var err error
	if text[0] == '!' {
		var ty ir.Type
		ty, err = tc.ParseType(ctx, text, release)
		if ty != nil {
			v = ty
		}
	} else {
		var a ir.Attribute
		a, err = tc.ParseAttribute(ctx, text, release)
		if a != nil {
			v = a
		}
	}
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

// TestTextFormsTyped: text entries parse into typed values whose fields
// hold what the text says, and print back to the same text.
func TestTextFormsTyped(t *testing.T) {
	ctx := all.NewContext()
	i32 := builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless)
	f32 := builtin.GetFloat32Type(ctx)
	for _, c := range []struct {
		text  string
		check func(v any) bool
	}{
		{"#arith.fastmath<nnan,ninf>", func(v any) bool {
			return v.(*arith.FastMathFlagsAttr).Value() == arith.FastMathFlagsNnan|arith.FastMathFlagsNinf
		}},
		{"#arith.fastmath<fast>", func(v any) bool { return v.(*arith.FastMathFlagsAttr).Value() == arith.FastMathFlagsFast }},
		{"#arith.fastmath<none>", func(v any) bool { return v.(*arith.FastMathFlagsAttr).Value() == 0 }},
		{"#arith.overflow<nsw, nuw>", func(v any) bool {
			return v.(*arith.IntegerOverflowFlagsAttr).Value() == arith.IntegerOverflowFlagsNsw|arith.IntegerOverflowFlagsNuw
		}},
		{"#index<cmp_predicate ult>", func(v any) bool {
			return v.(*index.IndexCmpPredicateAttr).Value() == index.IndexCmpPredicateUlt
		}},
		{"!llvm.ptr", func(v any) bool { return v.(*llvm.LLVMPointerType).AddressSpace() == 0 }},
		{"!llvm.ptr<3>", func(v any) bool { return v.(*llvm.LLVMPointerType).AddressSpace() == 3 }},
		{"!llvm.func<void (i32, ...)>", func(v any) bool {
			f := v.(*llvm.LLVMFunctionType)
			_, void := f.ReturnType().(*llvm.LLVMVoidType)
			return void && f.VarArg() && len(f.Params()) == 1 && f.Params()[0] == i32
		}},
		{"!llvm.struct<\"s\", (i32, ptr)>", func(v any) bool {
			s := v.(*llvm.LLVMStructType)
			_, ptr := s.Body()[1].(*llvm.LLVMPointerType)
			return s.Name() == "s" && s.Body()[0] == i32 && ptr
		}},
		{"!llvm.struct<packed (i32)>", func(v any) bool {
			s := v.(*llvm.LLVMStructType)
			return s.Packed() && !s.Opaque() && len(s.Body()) == 1 && s.Body()[0] == i32
		}},
		{"!llvm.struct<\"o\", opaque>", func(v any) bool {
			s := v.(*llvm.LLVMStructType)
			return s.Name() == "o" && s.Opaque() && !s.Packed() && len(s.Body()) == 0
		}},
		{"#nvvm.shape<m = 16, n = 8, k = 4>", func(v any) bool {
			s := v.(*nvvm.MMAShapeAttr)
			return s.M() == 16 && s.N() == 8 && s.K() == 4
		}},
		{"!spirv.array<4 x !spirv.array<4 x f32, stride=4>, stride=128>", func(v any) bool {
			a := v.(*spirv.ArrayType)
			in, ok := a.ElementType().(*spirv.ArrayType)
			return a.Count() == 4 && a.Stride() == 128 && ok && in.ElementType() == f32 && in.Stride() == 4
		}},
		{"!spirv.ptr<vector<4xi32>, PushConstant>", func(v any) bool {
			p := v.(*spirv.PointerType)
			vt, ok := p.PointeeType().(*builtin.VectorType)
			return p.StorageClass() == spirv.StorageClassPushConstant && ok && vt.Shape()[0] == 4
		}},
		{"!spirv.struct<a5, (i32, !spirv.ptr<!spirv.struct<a5>, Uniform>)>", func(v any) bool {
			s := v.(*spirv.StructType)
			ref := s.Members()[1].(*spirv.PointerType).PointeeType().(*spirv.StructType)
			return s.Name() == "a5" && !s.Reference() && ref.Name() == "a5" && ref.Reference()
		}},
		{"#llvm.access_group<id = distinct[0]<>>", func(v any) bool {
			d, ok := v.(*llvm.AccessGroupAttr).Id().(*builtin.DistinctAttr)
			_, unit := d.ReferencedAttr().(*builtin.UnitAttr)
			return ok && unit
		}},
		{"#nvvm.target<O = 3, chip = \"sm_90\">", func(v any) bool {
			a := v.(*nvvm.NVVMTargetAttr)
			return a.O() == 3 && a.Chip() == "sm_90" && a.Triple() == "nvptx64-nvidia-cuda" && a.Features() == "" && a.VerifyTarget()
		}},
	} {
		v := parseText(t, ctx, c.text, 22)
		if v == nil {
			t.Errorf("%s: not read", c.text)
			continue
		}
		if !c.check(v) {
			t.Errorf("%s: read as %v", c.text, v)
		}
		if s := v.(interface{ String() string }).String(); s != c.text {
			t.Errorf("%s: prints as %s", c.text, s)
		}
	}
}

// TestTextFormsRefused: text that is no value of the dialect stays text
// (nil, no error); nothing panics.
func TestTextFormsRefused(t *testing.T) {
	ctx := all.NewContext()
	for _, text := range []string{
		"#arith.fastmath<bogus>", "#arith.fastmath<nnan", "#arith.fastmath<nnan>>", "#arith.fastmath < nnan >",
		"!llvm.ptr<x>", "!llvm.ptr<4294967296>", "!llvm.struct<packed opaque>", "!llvm.func<void (..., i32)>",
		"#nvvm.shape<m = 16, m = 8>", "#nvvm.shape<m = 1>", "!spirv.array<4 x>", "!spirv.struct<(f32 [0], i32)>",
		"#index<cmp_predicate>", "#index.cmp_predicate<ult>", "!llvm." + strings.Repeat("struct<(", 200) + "i32",
	} {
		if v := parseText(t, ctx, text, 22); v != nil {
			t.Errorf("%s: read as %v", text, v)
		}
	}
}

// FuzzTextForms: whatever a dialect reads from text prints back to that
// text, at either release; nothing panics.
func FuzzTextForms(f *testing.F) {
	for _, s := range []string{"#arith.fastmath<nnan,ninf>", "!llvm.func<void (i32, ...)>", "!spirv.struct<a, (f32 [0, NonWritable])>",
		"#dlti.dl_spec<\"a\" = 1 : i32>", "#nvvm.shape<m = 16, n = 8, k = 4>", "!emitc.array<2x3xf32>", "!llvm.target<\"t\", i32, 1>"} {
		f.Add(s, 22)
	}
	f.Add(`#llvm.loop_annotation<mustProgress = true, startLoc = loc(fused[callsite("f" at "x\22y\0A.c":1:2), "n"("f.c":3:4)]), endLoc = loc(fused<"md">["n"("f.c":3:4 to 5:6), unknown]), parallelAccesses = <id = distinct[0]<>>>`, 19)
	f.Fuzz(func(t *testing.T, text string, release int) {
		if text == "" || text[0] != '#' && text[0] != '!' || release != 19 && release != 22 {
			return
		}
		ctx := all.NewContext()
		name := strings.TrimLeft(text, "#!")
		if i := strings.IndexAny(name, ".<"); i >= 0 {
			name = name[:i]
		}
		tc, ok := ctx.Dialect(name).(bytecode.TextCodec)
		if !ok {
			return
		}
		if text[0] == '!' {
			ty, _ := tc.ParseType(ctx, text, release)
			if ty != nil {
				if s, ok := ctx.Dialect(name).(bytecode.ReleaseTextCodec).PrintTypeFor(ty, release); !ok || s != text {
					t.Fatalf("%q read, prints %q", text, s)
				}
			}
			return
		}
		a, _ := tc.ParseAttribute(ctx, text, release)
		if a != nil {
			if s, ok := ctx.Dialect(name).(bytecode.ReleaseTextCodec).PrintAttributeFor(a, release); !ok || s != text {
				t.Fatalf("%q read, prints %q", text, s)
			}
		}
	})
}

// TestTextFormsAcrossReleases: a value read in one release's syntax prints
// in the other's, as that release's mlir-opt prints the same value
// (measured): LLVM 19's #nvvm.target has no verifyTarget parameter and
// defaults features to "+ptx60", 22 defaults it to "".
func TestTextFormsAcrossReleases(t *testing.T) {
	ctx := all.NewContext()
	for _, c := range []struct {
		from      string
		release   int
		to        string
		toRelease int
	}{
		{"#nvvm.target", 19, "#nvvm.target<features = \"+ptx60\">", 22},
		{"#nvvm.target<chip = \"sm_90\">", 22, "#nvvm.target<chip = \"sm_90\", features = \"\">", 19},
		{"#nvvm.target<O = 3, chip = \"sm_90\">", 19, "#nvvm.target<O = 3, chip = \"sm_90\", features = \"+ptx60\">", 22},
	} {
		a, ok := parseText(t, ctx, c.from, c.release).(ir.Attribute)
		if !ok {
			t.Fatalf("%s at %d: not read", c.from, c.release)
		}
		s, ok := nvvm.Dialect.PrintAttributeFor(a, c.toRelease)
		if !ok || s != c.to {
			t.Errorf("%s (%d) at %d = %q, want %q", c.from, c.release, c.toRelease, s, c.to)
		}
	}
}

// TestDebugInfo19: LLVM 19 stores debug-info attributes as text; their
// DWARF parameters read by name (DW_TAG_base_type is 0x24), a union of
// subprogram flags in quotes.
func TestDebugInfo19(t *testing.T) {
	ctx := all.NewContext()
	text := `#llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>`
	b, ok := parseText(t, ctx, text, 19).(*llvm.DIBasicTypeAttr)
	if !ok || b.Tag() != 0x24 || b.Encoding() != 0x5 || b.SizeInBits() != 32 {
		t.Fatalf("%s: read as %v", text, b)
	}
	text = `#llvm.di_subprogram<id = distinct[0]<>, compileUnit = <id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = <"k.c" in "/src">, producer = "clang", isOptimized = true, emissionKind = Full>, scope = #llvm.di_file<"k.c" in "/src">, name = "f", file = <"k.c" in "/src">, line = 1, scopeLine = 1, subprogramFlags = "Definition|Optimized", type = <types = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>, #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>>>`
	sp, ok := parseText(t, ctx, text, 19).(*llvm.DISubprogramAttr)
	if !ok {
		t.Fatalf("%s: not read", text)
	}
	if sp.SubprogramFlags() != llvm.DISubprogramFlagsDefinition|llvm.DISubprogramFlagsOptimized || sp.Line() != 1 {
		t.Errorf("flags %v, line %d", sp.SubprogramFlags(), sp.Line())
	}
	if cu := sp.CompileUnit(); cu == nil || cu.SourceLanguage() != 0x2 || !cu.IsOptimized() {
		t.Errorf("compile unit %v", sp.CompileUnit())
	}
	for _, bad := range []string{
		`#llvm.di_basic_type<tag = DW_TAG_nonsense, name = "int">`,
		`#llvm.di_subroutine_type<callingConvention = DW_CC_bogus>`,
	} {
		if v := parseText(t, ctx, bad, 19); v != nil {
			t.Errorf("%s: read as %v", bad, v)
		}
	}
}
