package dlti_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/dlti"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Each pair is how mlir-opt 19 and mlir-opt 22 print the same value (22's
// printed by mlir-opt-22 from the 19 text, measured).
var releaseForms = []struct{ v19, v22 string }{
	{`#dlti.dl_entry<"test.identifier", 42 : i64>`, `#dlti.dl_entry<"test.identifier", 42 : i64>`},
	{`#dlti.dl_entry<i32, 32 : index>`, `#dlti.dl_entry<i32, 32 : index>`},
	{`#dlti.dl_spec<>`, `#dlti.dl_spec<>`},
	{`#dlti.dl_spec<#dlti.dl_entry<"test.id", 42 : i32>>`, `#dlti.dl_spec<"test.id" = 42 : i32>`},
	{`#dlti.dl_spec<#dlti.dl_entry<"test.id1", 43 : index>, #dlti.dl_entry<i32, 44 : index>, #dlti.dl_entry<memref<?x?xf32>, ["string", 10]>>`,
		`#dlti.dl_spec<"test.id1" = 43 : index, i32 = 44 : index, memref<?x?xf32> = ["string", 10]>`},
	{`#dlti.target_system_spec<"CPU" : #dlti.target_device_spec<#dlti.dl_entry<"dlti.L1_cache_size_in_bytes", 4096 : ui32>>, "GPU" : #dlti.target_device_spec<#dlti.dl_entry<"dlti.max_vector_op_width", 128 : ui32>>>`,
		`#dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"dlti.L1_cache_size_in_bytes" = 4096 : ui32>, "GPU" = #dlti.target_device_spec<"dlti.max_vector_op_width" = 128 : ui32>>`},
}

// TestReleaseForms: each release's text reads into the same typed value,
// which prints in either release's syntax.
func TestReleaseForms(t *testing.T) {
	ctx := all.NewContext()
	for _, c := range releaseForms {
		a19, err := dlti.Dialect.ParseAttribute(ctx, c.v19, 19)
		if err != nil || a19 == nil {
			t.Fatalf("%s at 19: not read (%v)", c.v19, err)
		}
		a22, err := dlti.Dialect.ParseAttribute(ctx, c.v22, 22)
		if err != nil || a22 == nil {
			t.Fatalf("%s at 22: not read (%v)", c.v22, err)
		}
		if a19 != a22 {
			t.Errorf("%s and %s read into different values", c.v19, c.v22)
		}
		if s, _ := dlti.Dialect.PrintAttributeFor(a19, 22); s != c.v22 {
			t.Errorf("%s at 22 = %s, want %s", c.v19, s, c.v22)
		}
		if s, _ := dlti.Dialect.PrintAttributeFor(a22, 19); s != c.v19 {
			t.Errorf("%s at 19 = %s, want %s", c.v22, s, c.v19)
		}
	}
}

// TestTypedFields: a spec's entries are typed dl_entry attributes with a
// string or type key.
func TestTypedFields(t *testing.T) {
	ctx := all.NewContext()
	a, _ := dlti.Dialect.ParseAttribute(ctx, `#dlti.dl_spec<"test.id1" = 43 : index, i32 = 44 : index>`, 22)
	spec, ok := a.(*dlti.DataLayoutSpecAttr)
	if !ok {
		t.Fatalf("got %T", a)
	}
	entries := spec.Entries().(*builtin.ArrayAttr).Value()
	if len(entries) != 2 {
		t.Fatalf("%d entries", len(entries))
	}
	e0 := entries[0].(*dlti.DataLayoutEntryAttr)
	if k, ok := e0.Key().(*builtin.StringAttr); !ok || k.Value() != "test.id1" {
		t.Errorf("first key %v", e0.Key())
	}
	if v, ok := e0.Value().(*builtin.IntegerAttr); !ok || v.Value().Uint64() != 43 {
		t.Errorf("first value %v", e0.Value())
	}
	e1 := entries[1].(*dlti.DataLayoutEntryAttr)
	if k, ok := e1.Key().(*builtin.TypeAttr); !ok || k.Value() != builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless) {
		t.Errorf("second key %v", e1.Key())
	}
	// What neither release can read stays text (nil, no error).
	for _, bad := range []string{`#dlti.dl_spec<42 = 1>`, `#dlti.dl_entry<"a">`, `#dlti.dl_spec<"a" = >`} {
		if a, err := dlti.Dialect.ParseAttribute(ctx, bad, 22); a != nil || err != nil {
			t.Errorf("%s: got %v, %v", bad, a, err)
		}
	}
}

// TestPrintNestedElements: builtin elements nested in an entry, as
// LLVM-imported modules hold them, print in each release's syntax (as
// mlir-opt 19 and 22 print them, measured). Builtin's text syntax printed
// no dense or sparse elements, so the bytecode writer refused such specs
// ("no text form for LLVM 22").
func TestPrintNestedElements(t *testing.T) {
	ctx := all.NewContext()
	i32, i64 := builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless), builtin.GetIntegerType(ctx, 64, builtin.SignednessSignless)
	vec := builtin.GetVectorType(ctx, []int64{2}, i64, nil)
	splat := builtin.GetDenseIntOrFPElementsAttr(ctx, vec, []byte{64, 0, 0, 0, 0, 0, 0, 0})
	spec := dlti.GetDataLayoutSpecAttr(ctx, builtin.GetArrayAttr(ctx, []ir.Attribute{
		dlti.GetDataLayoutEntryAttr(ctx, builtin.GetTypeAttr(ctx, i64), splat),
		dlti.GetDataLayoutEntryAttr(ctx, builtin.GetStringAttr(ctx, "dlti.endianness", builtin.GetNoneType(ctx)), builtin.GetStringAttr(ctx, "little", builtin.GetNoneType(ctx))),
	}))
	tensor := func(shape ...int64) ir.Type { return builtin.GetRankedTensorType(ctx, shape, i32, nil) }
	list := builtin.GetDenseIntOrFPElementsAttr(ctx, tensor(2), []byte{1, 0, 0, 0, 2, 0, 0, 0})
	sparse := builtin.GetSparseElementsAttr(ctx, tensor(2),
		builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, []int64{1, 1}, i64, nil), make([]byte, 8)),
		builtin.GetDenseIntOrFPElementsAttr(ctx, tensor(1), []byte{1, 0, 0, 0}))
	key := builtin.GetStringAttr(ctx, "k", builtin.GetNoneType(ctx))
	for _, c := range []struct {
		a        ir.Attribute
		v19, v22 string
	}{
		{spec, `#dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<"dlti.endianness", "little">>`,
			`#dlti.dl_spec<i64 = dense<64> : vector<2xi64>, "dlti.endianness" = "little">`},
		{dlti.GetDataLayoutEntryAttr(ctx, key, list), `#dlti.dl_entry<"k", dense<[1, 2]> : tensor<2xi32>>`, `#dlti.dl_entry<"k", dense<[1, 2]> : tensor<2xi32>>`},
		{dlti.GetDataLayoutEntryAttr(ctx, key, sparse), `#dlti.dl_entry<"k", sparse<0, 1> : tensor<2xi32>>`, `#dlti.dl_entry<"k", sparse<0, 1> : tensor<2xi32>>`},
	} {
		for rel, want := range map[int]string{19: c.v19, 22: c.v22} {
			if s, ok := dlti.Dialect.PrintAttributeFor(c.a, rel); !ok || s != want {
				t.Errorf("at %d: %q (%v), want %q", rel, s, ok, want)
			}
		}
	}
}
