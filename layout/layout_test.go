package layout

import (
	"errors"
	"strings"
	"testing"
)

func mustSpec(t *testing.T, s string) *Spec {
	t.Helper()
	sp, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func query(t *testing.T, release int, typ string, specs ...string) (Result, error) {
	t.Helper()
	var ss []*Spec
	for _, s := range specs {
		ss = append(ss, mustSpec(t, s))
	}
	dl, err := New(RulesFor(release), ss...)
	if err != nil {
		return Result{}, err
	}
	ty, err := ParseType(typ)
	if err != nil {
		t.Fatal(err)
	}
	return dl.Query(ty)
}

func TestBothSpellingsParseAlike(t *testing.T) {
	old := mustSpec(t, `#dlti.dl_spec<#dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi64>>, #dlti.dl_entry<"dlti.endianness", "big">, #dlti.dl_entry<!llvm.ptr<1>, dense<32> : vector<3xi64>>>`)
	neu := mustSpec(t, `#dlti.dl_spec<i32 = dense<[32, 64]> : vector<2xi64>, "dlti.endianness" = "big", !llvm.ptr<1> = dense<32> : vector<3xi64>>`)
	if len(old.Entries) != 3 || len(neu.Entries) != 3 {
		t.Fatalf("entries: %d and %d", len(old.Entries), len(neu.Entries))
	}
	for i := range old.Entries {
		o, n := old.Entries[i], neu.Entries[i]
		if o.KeyText() != n.KeyText() || o.Value.Text != n.Value.Text || len(o.Value.Ints) != len(n.Value.Ints) {
			t.Errorf("entry %d: %s = %s (%v) vs %s = %s (%v)", i, o.KeyText(), o.Value.Text, o.Value.Ints, n.KeyText(), n.Value.Text, n.Value.Ints)
		}
	}
	if got := neu.Entries[2].Value.Ints; len(got) != 3 || got[2] != 32 {
		t.Errorf("a splat of 3 elements expands to %v", got)
	}
}

func TestErrorsInsteadOfCrashes(t *testing.T) {
	for _, c := range []struct {
		typ   string
		specs []string
		want  string
	}{
		{"memref<4xf32>", nil, "provide data layout information for memref<4xf32>"},
		{"tensor<*xf32>", nil, "provide data layout information"},
		{"none", nil, "provide data layout information"},
		{"!llvm.func<void ()>", nil, "provide data layout information"},
		{"vector<f32>", nil, "vector<f32>: the innermost dimension of a 0-d shape"},
		{"complex<i0>", nil, "zero alignment"},
		{"!llvm.struct<(i8, vector<[4]xi8>)>", nil, "scalable element"},
		{"!llvm.array<2 x i0>", nil, "zero alignment"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<1xi64>>>`, `#dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<1xi64>>>`}, "builtin type class"},
		{"!llvm.ptr", []string{`#dlti.dl_spec<#dlti.dl_entry<!llvm.ptr, dense<[64, 64, 64]> : vector<3xi64>>>`, `#dlti.dl_spec<#dlti.dl_entry<!llvm.ptr, dense<[64, 32, 64]> : vector<3xi64>>>`}, "nested scopes"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "big">>`, `#dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "little">>`}, "does not combine"},
		{"!test.test_type_with_layout<1>", []string{`#dlti.dl_spec<#dlti.dl_entry<!test.test_type_with_layout<1>, ["alignment", 8]>>`, `#dlti.dl_spec<#dlti.dl_entry<!test.test_type_with_layout<2>, ["alignment", 16]>>`}, "does not combine"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<i32, dense<[64, 32]> : vector<2xi64>>>`}, "preferred alignment"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi32>>>`}, "dense i64"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<i32, dense<32> : vector<1xi64>>, #dlti.dl_entry<i32, dense<32> : vector<1xi64>>>`}, "repeated"},
		{"i32", []string{`#dlti.dl_spec<#dlti.dl_entry<memref<2xf32>, dense<32> : vector<1xi64>>>`}, "built-in type"},
		{"index", []string{`#dlti.dl_spec<#dlti.dl_entry<index, "x">>`}, "integer attribute"},
		{"!llvm.ptr", []string{`#dlti.dl_spec<#dlti.dl_entry<!llvm.ptr, dense<[64, 64]> : vector<2xi64>>>`}, "3 or 4 elements"},
	} {
		_, err := query(t, 22, c.typ, c.specs...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s under %v: error %v, want one saying %q", c.typ, c.specs, err, c.want)
		}
	}
	_, err := query(t, 22, "memref<4xf32>")
	var nl *NoLayoutError
	if !errors.As(err, &nl) || nl.Type != "memref<4xf32>" {
		t.Errorf("memref: %v is not a NoLayoutError naming the type", err)
	}
}

func TestReleaseRules(t *testing.T) {
	// A vector's element counts in whole bytes through 22 and in bits after.
	for _, c := range []struct {
		release   int
		bits, abi uint64
	}{{16, 32, 4}, {22, 32, 4}, {23, 4, 1}} {
		r, err := query(t, c.release, "vector<3xi1>")
		if err != nil {
			t.Fatal(err)
		}
		if r.Bits.Min != c.bits || r.ABI != c.abi {
			t.Errorf("%d: vector<3xi1> is %d bits, ABI %d; want %d, %d", c.release, r.Bits.Min, r.ABI, c.bits, c.abi)
		}
	}
	r16, _ := query(t, 16, "vector<[4]xf32>")
	r19, _ := query(t, 19, "vector<[4]xf32>")
	if r16.Bits.Scalable || !r19.Bits.Scalable || r16.Bits.Min != 128 || r19.Bits.Min != 128 {
		t.Errorf("scalable sizes: 16 %+v, 19 %+v", r16.Bits, r19.Bits)
	}
	if RulesFor(0).Release != Newest || RulesFor(17).EntryElement != "i32" || RulesFor(18).EntryElement != "i64" {
		t.Error("release rows")
	}
}

func TestCachedPerType(t *testing.T) {
	dl, err := New(RulesFor(22), mustSpec(t, `#dlti.dl_spec<#dlti.dl_entry<i32, dense<64> : vector<1xi64>>>`))
	if err != nil {
		t.Fatal(err)
	}
	ty, _ := ParseType("!llvm.struct<(i8, i32)>")
	a, err := dl.Query(ty)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := dl.cache[memoKey{qABI, "i32"}]; !ok {
		t.Error("the field's result is not cached")
	}
	if b, _ := dl.Query(ty); b != a || a.Bytes.Min != 16 || a.ABI != 8 {
		t.Errorf("struct: %+v then %+v", a, b)
	}
}

func TestParseErrorsNameOffsets(t *testing.T) {
	for _, s := range []string{
		`#dlti.dl_spec<`,
		`#dlti.dl_spec<i32 = dense<[32, 64> : vector<2xi64>>`,
		`#dlti.dl_spec<#dlti.dl_entry<i32 dense<32> : vector<1xi64>>>`,
		`#dlti.dl_spec<"unterminated = 1>`,
		`#dlti.dl_spec<vector<4x> = 1>`,
		`#dlti.dl_spec<i32 = dense<1> : vector<99999999x99999999xi64>>`,
		`#dlti.map<>`,
	} {
		_, err := ParseSpec(s)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v is not a SyntaxError", s, err)
			continue
		}
		if !strings.Contains(err.Error(), "offset ") || !strings.Contains(err.Error(), "expected ") {
			t.Errorf("%s: %v", s, err)
		}
	}
	deep := strings.Repeat("complex<", 10000) + "f32" + strings.Repeat(">", 10000)
	if _, err := ParseType(deep); err == nil {
		t.Error("10000 nested types parse")
	}
}

func TestGlobals(t *testing.T) {
	s := mustSpec(t, `#dlti.dl_spec<"dlti.endianness" = "big", "dlti.mangling_mode" = "e", "dlti.stack_alignment" = 128 : i64, "dlti.alloca_memory_space" = 5 : ui64, "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.function_pointer_alignment" = #dlti.function_pointer_alignment<32, function_dependent = true>>`)
	dl, err := New(RulesFor(22), s)
	if err != nil {
		t.Fatal(err)
	}
	sa, err := dl.StackAlignment()
	a, dep, ok, ferr := dl.FunctionPointerAlignment()
	if dl.Endianness() != "big" || dl.ManglingMode() != "e" || sa != 128 || err != nil ||
		dl.AllocaMemorySpace().Text != "5 : ui64" || dl.GlobalMemorySpace() != nil ||
		len(dl.LegalIntWidths()) != 4 || a != 32 || !dep || !ok || ferr != nil {
		t.Errorf("globals: %q %q %d %v %v %v %v %d %v %v %v", dl.Endianness(), dl.ManglingMode(), sa, err,
			dl.AllocaMemorySpace(), dl.GlobalMemorySpace(), dl.LegalIntWidths(), a, dep, ok, ferr)
	}
	empty, _ := New(RulesFor(22))
	if _, _, ok, _ := empty.FunctionPointerAlignment(); ok || empty.Endianness() != "" {
		t.Error("an empty layout has globals")
	}
}
