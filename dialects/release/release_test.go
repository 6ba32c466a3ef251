package release

import (
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// kind numbers its cases differently in 19 and 22, and 22 added "xor".
var kind = &Enum{Name: "Kind", Cases: []Case{
	{Name: "add", Value: 0},
	{Name: "max", Value: 1, Older: []Older{{Until: 19, Value: 2}}},
	{Name: "min", Value: 2, Older: []Older{{Until: 19, Value: 1}}},
	{Name: "xor", Value: 3, Since: 22},
}}

var flags = &Enum{Name: "Flags", Bit: true, Cases: []Case{
	{Name: "none", Value: 0},
	{Name: "a", Value: 1, Older: []Older{{Until: 19, Value: 4}}},
	{Name: "b", Value: 2},
}}

func i64(ctx *ir.Context, vals ...int64) ir.Attribute {
	return build(ctx, vals, ArrayI64)
}

func testRules(hook Hook) *Rules {
	return &Rules{Dialect: "t", Ops: map[string]*Op{
		"op": {Hook: hook, Attrs: []Attr{
			{Name: "kinds", Enum: kind},
			{Name: "flags", Enum: flags},
			{Name: "mask", Storage: []Storage{{Until: 19, Form: ArrayI64}, {Form: DenseI64}}},
			{Name: "mode", Since: 22, Populated: true, DefaultText: "Mode::A",
				Default: func(ctx *ir.Context) ir.Attribute { return builtin.GetBoolAttr(ctx, false) }},
			{Name: "opaque", Since: 22, Populated: true, DefaultText: "computeIt()"},
		}},
	}}
}

func newOp(attrs ...ir.NamedAttr) *ir.Operation {
	op := ir.NewOperation(ir.OpName{Dialect: "t", Op: "op", Registered: true}, nil, nil)
	op.SetAttrs(attrs)
	return op
}

func TestConvert(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := testRules(nil)
	i32 := func(v uint64) ir.Attribute {
		return builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, 32), ir.APIntFromUint64(32, v))
	}
	// An op as 19 writes it, and as 22 writes the same op.
	at19 := []ir.NamedAttr{
		{Name: "flags", Value: i32(4 | 2)},
		{Name: "kinds", Value: i64(ctx, 2, 1, 0)},
		{Name: "mask", Value: i64(ctx, 0, 1)},
	}
	at22 := []ir.NamedAttr{
		{Name: "flags", Value: i32(1 | 2)},
		{Name: "kinds", Value: i64(ctx, 1, 2, 0)},
		{Name: "mask", Value: DenseI64Array(ctx, []int64{0, 1})},
		{Name: "mode", Value: builtin.GetBoolAttr(ctx, false)},
	}
	// The "opaque" default cannot be built: 19 to 22 refuses what 22
	// populates, so leave it out of this op's rules.
	r.Ops["op"].Attrs = r.Ops["op"].Attrs[:4]
	for _, c := range []struct {
		from, to int
		in, want []ir.NamedAttr
	}{{19, 22, at19, at22}, {22, 19, at22, at19}, {19, 0, at19, at22}, {0, 19, at22, at19}} {
		op := newOp(slices.Clone(c.in)...)
		got, changed, err := r.ConvertOp(ctx, op, c.from, c.to)
		if err != nil || !changed || !slices.Equal(got, c.want) {
			t.Errorf("%d to %d: got %v (changed %v, %v), want %v", c.from, c.to, got, changed, err, c.want)
		}
		if !slices.Equal(op.Attrs(), c.in) {
			t.Errorf("%d to %d: the op changed", c.from, c.to)
		}
	}
	op := newOp(at19...)
	if got, changed, err := r.ConvertOp(ctx, op, 19, 19); err != nil || changed || !slices.Equal(got, at19) {
		t.Errorf("19 to 19 changed the op: %v %v", got, err)
	}
}

func TestConvertErrors(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := testRules(nil)
	for _, c := range []struct {
		from, to int
		attrs    []ir.NamedAttr
		want     string
	}{
		// 19 has no xor.
		{22, 19, []ir.NamedAttr{{Name: "kinds", Value: i64(ctx, 3)}, {Name: "mode", Value: builtin.GetBoolAttr(ctx, false)}, {Name: "opaque", Value: builtin.GetBoolAttr(ctx, true)}},
			"op t.op, attribute kinds: element 0: LLVM 19 has no case xor of Kind"},
		{19, 22, []ir.NamedAttr{{Name: "kinds", Value: i64(ctx, 7)}}, "op t.op, attribute kinds: element 0: 7 is no case of Kind in LLVM 19"},
		// A value other than the default of an attribute 19 lacks.
		{22, 19, []ir.NamedAttr{{Name: "mode", Value: builtin.GetBoolAttr(ctx, true)}}, "op t.op, attribute mode: LLVM 19 has no such attribute (LLVM 22 or newer have it), so it cannot hold true (only its default Mode::A)"},
		// A default that cannot be built here.
		{19, 22, nil, "op t.op, attribute opaque: LLVM 22 populates its default computeIt(), which cannot be built here"},
		{19, 22, []ir.NamedAttr{{Name: "mask", Value: builtin.GetBoolAttr(ctx, true)}}, "op t.op, attribute mask: true is not a I64ArrayAttr"},
	} {
		op := newOp(c.attrs...)
		_, _, err := r.ConvertOp(ctx, op, c.from, c.to)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%d to %d %v: error %v, want %q", c.from, c.to, c.attrs, err, c.want)
		}
	}
}

// TestHook: the hook runs first, and the rules see what it made.
func TestHook(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := testRules(func(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
		return Set(Remove(attrs, "old"), "kinds", i64(ctx, 2)), nil
	})
	r.Ops["op"].Attrs = r.Ops["op"].Attrs[:4]
	op := newOp(ir.NamedAttr{Name: "old", Value: builtin.GetBoolAttr(ctx, true)})
	got, changed, err := r.ConvertOp(ctx, op, 19, 22)
	want := []ir.NamedAttr{{Name: "kinds", Value: i64(ctx, 1)}, {Name: "mode", Value: builtin.GetBoolAttr(ctx, false)}}
	if err != nil || !changed || !slices.Equal(got, want) {
		t.Errorf("got %v (%v), want %v", got, err, want)
	}
}

func TestStorage(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	for _, c := range []struct {
		from, to Form
		vals     []int64
		err      bool
	}{
		{ArrayI64, DenseI64, []int64{-9223372036854775808, 3}, false},
		{DenseI64, ArrayI32, []int64{1, -2}, false},
		{DenseI32, ArrayI64, nil, false},
		{DenseI64, DenseI32, []int64{1 << 40}, true},
		{IntI32, IntI64, []int64{-5}, false},
		{IntI64, IntI32, []int64{1 << 33}, true},
	} {
		a := build(ctx, c.vals, c.from)
		b, err := convertStorage(ctx, a, c.from, c.to)
		if c.err {
			if err == nil {
				t.Errorf("%s to %s of %v: no error", c.from, c.to, c.vals)
			}
			continue
		}
		got, ok := ints(b, c.to)
		if err != nil || !ok || !slices.Equal(got, c.vals) {
			t.Errorf("%s to %s of %v: %v (%v)", c.from, c.to, c.vals, got, err)
		}
	}
}

// undescribed16 is testRules describing 19 and 22 only, with an
// attribute "always" populated at every release at dflt.
func undescribed16(dflt bool) *Rules {
	r := testRules(nil)
	r.Ops["op"].Attrs = append(r.Ops["op"].Attrs, Attr{Name: "always", Populated: true,
		Default: func(ctx *ir.Context) ir.Attribute { return builtin.GetBoolAttr(ctx, dflt) }})
	r.Oldest = 19
	return r
}

// TestPopulate sets the defaults a release populates where they are
// absent, and nothing else: not an attribute set otherwise, not one the
// release does not populate, not one whose default cannot be built, and
// nothing below the oldest release the rules describe.
func TestPopulate(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := undescribed16(true)
	mode, always := builtin.GetBoolAttr(ctx, false), builtin.GetBoolAttr(ctx, true)
	set := ir.NamedAttr{Name: "always", Value: mode}
	for _, c := range []struct {
		name    string
		release int
		in      []ir.NamedAttr
		want    []ir.NamedAttr
	}{
		{"newest", 0, nil, []ir.NamedAttr{{Name: "always", Value: always}, {Name: "mode", Value: mode}}},
		{"22", 22, nil, []ir.NamedAttr{{Name: "always", Value: always}, {Name: "mode", Value: mode}}},
		{"19 lacks mode", 19, nil, []ir.NamedAttr{{Name: "always", Value: always}}},
		{"set is kept", 22, []ir.NamedAttr{set}, []ir.NamedAttr{set, {Name: "mode", Value: mode}}},
		{"16 is not described", 16, nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, added := r.Populate(ctx, "op", c.release, slices.Clone(c.in))
			if !slices.Equal(got, c.want) || added != (len(c.want) > len(c.in)) {
				t.Errorf("Populate = %v, %v; want %v", got, added, c.want)
			}
		})
	}
	if got, added := r.Populate(ctx, "other", 0, nil); got != nil || added {
		t.Errorf("an op without rules got %v", got)
	}
}

// TestConvertUndescribed: writing for a release older than the rules
// describe leaves out an attribute populated at its default, which that
// release may lack, and keeps any other value.
func TestConvertUndescribed(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := undescribed16(false)
	off, on := builtin.GetBoolAttr(ctx, false), builtin.GetBoolAttr(ctx, true)
	op := newOp(ir.NamedAttr{Name: "always", Value: off})
	if got, changed, err := r.ConvertOp(ctx, op, 22, 16); err != nil || !changed || len(got) != 0 {
		t.Errorf("the default for 16: %v, %v, %v; want it left out", got, changed, err)
	}
	if got, changed, err := r.ConvertOp(ctx, op, 22, 19); err != nil || changed || len(got) != 1 {
		t.Errorf("the default for 19, which the rules describe: %v, %v, %v; want it kept", got, changed, err)
	}
	op = newOp(ir.NamedAttr{Name: "always", Value: on})
	if got, _, err := r.ConvertOp(ctx, op, 22, 16); err != nil || len(got) != 1 || got[0].Value != on {
		t.Errorf("another value for 16: %v, %v; want it kept", got, err)
	}
}

// TestDefaultInReleaseStorage: a default is populated, and recognised,
// in the storage of the release at hand, whichever release's storage
// Default builds it in (LLVM 19 stores structured.tile_reduction_using_
// for's tile_sizes as array<i64>, 22 as []).
func TestDefaultInReleaseStorage(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := testRules(nil)
	r.Ops["op"].Attrs = append(r.Ops["op"].Attrs, Attr{Name: "sizes", Populated: true,
		Default: func(ctx *ir.Context) ir.Attribute { return builtin.GetArrayAttr(ctx, nil) },
		Storage: []Storage{{Until: 19, Form: DenseI64}, {Form: ArrayI64}}})
	dense, array := DenseI64Array(ctx, nil), builtin.GetArrayAttr(ctx, nil)
	for _, c := range []struct {
		release int
		want    ir.Attribute
	}{{19, dense}, {22, array}, {0, array}} {
		got, _ := r.Populate(ctx, "op", c.release, nil)
		if v := find(got, "sizes"); v != c.want {
			t.Errorf("Populate at %d: sizes = %v, want %v", c.release, v, c.want)
		}
	}
	// Written for 16, which the rules do not describe, 19's default is
	// left out as 22's is.
	r.Oldest = 19
	for from, v := range map[int]ir.Attribute{19: dense, 22: array} {
		if got, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "sizes", Value: v}), from, 16); err != nil || find(got, "sizes") != nil {
			t.Errorf("%d's default written for 16: %v, %v; want it left out", from, got, err)
		}
	}
}

// TestConstraintChange: across a change of constraint the package cannot
// convert, a default crosses as the default and any other value is
// refused, naming both constraints.
func TestConstraintChange(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := &Rules{Dialect: "t", Ops: map[string]*Op{"op": {Attrs: []Attr{{Name: "kinds", Populated: true,
		Default: func(ctx *ir.Context) ir.Attribute { return builtin.GetArrayAttr(ctx, nil) },
		Storage: []Storage{{Until: 19, Constraint: "OldKindsAttr"}, {Constraint: "KindsAttr"}}}}}}}
	empty := builtin.GetArrayAttr(ctx, nil)
	if got, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "kinds", Value: empty}), 19, 22); err != nil || find(got, "kinds") != empty {
		t.Errorf("the default from 19 to 22: %v, %v", got, err)
	}
	other := builtin.GetBoolAttr(ctx, true)
	_, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "kinds", Value: other}), 19, 22)
	if want := "LLVM 19 holds it as OldKindsAttr and LLVM 22 as KindsAttr, and no conversion of true is known"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("another value from 19 to 22: %v, want %q", err, want)
	}
	if got, changed, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "kinds", Value: other}), 22, 22); err != nil || changed || find(got, "kinds") != other {
		t.Errorf("within one release: %v, %v, %v", got, changed, err)
	}
}

// Across a change of constraint, a value the target's constraint is known
// to hold crosses as it is (tosa.clamp's min_fp, F32Attr in LLVM 16 and
// Tosa_FloatAttr after); another is refused.
func TestConstraintHolds(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := &Rules{Dialect: "t", Ops: map[string]*Op{"op": {Attrs: []Attr{{Name: "min_fp",
		Storage: []Storage{{Until: 16, Constraint: "F32Attr"}, {Constraint: "Tosa_FloatAttr"}}}}}}}
	f32 := builtin.GetFloatAttr(ctx, builtin.GetFloat32Type(ctx), ir.APIntFromInt64(32, 0))
	if got, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "min_fp", Value: f32}), 19, 16); err != nil || find(got, "min_fp") != f32 {
		t.Errorf("an f32 from 19 to 16: %v, %v", got, err)
	}
	f16 := builtin.GetFloatAttr(ctx, builtin.GetFloat16Type(ctx), ir.APIntFromInt64(16, 0))
	if _, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "min_fp", Value: f16}), 19, 16); err == nil || !strings.Contains(err.Error(), "LLVM 16 as F32Attr") {
		t.Errorf("an f16 from 19 to 16: %v", err)
	}
	// llvm.switch's case_values: ElementsAttr in 16, AnyIntElementsAttr
	// after.
	ints := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetVectorType(ctx, []int64{2}, builtin.GetIntType(ctx, 32), nil), make([]byte, 8))
	floats := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetVectorType(ctx, []int64{2}, builtin.GetFloat32Type(ctx), nil), make([]byte, 8))
	for _, c := range []struct {
		constraint string
		value      ir.Attribute
		want       bool
	}{
		{"F32Attr", f32, true}, {"F32Attr", f16, false}, {"F64Attr", f32, false},
		{"ElementsAttr", f32, false}, {"AnyIntElementsAttr", f32, false}, {"SomeAttr", f32, false},
		{"ElementsAttr", ints, true}, {"AnyIntElementsAttr", ints, true},
		{"ElementsAttr", floats, true}, {"AnyIntElementsAttr", floats, false},
	} {
		if got := holds(c.constraint, c.value); got != c.want {
			t.Errorf("holds(%s, %v) = %v", c.constraint, c.value, got)
		}
	}
}

// A release older than those the rules describe populates an attribute
// where its populated bounds reach back to it (PopulatedSince 16): its
// default is kept for it and added by Populate; an attribute whose bounds
// do not say so is left out there, as before.
func TestPopulatedOlder(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	dflt := func(ctx *ir.Context) ir.Attribute { return builtin.GetBoolAttr(ctx, false) }
	r := &Rules{Dialect: "t", Oldest: 19, Ops: map[string]*Op{"op": {Attrs: []Attr{
		{Name: "known", Populated: true, PopulatedSince: 16, Default: dflt},
		{Name: "unknown", Populated: true, Default: dflt},
	}}}}
	off := builtin.GetBoolAttr(ctx, false)
	got, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "known", Value: off}, ir.NamedAttr{Name: "unknown", Value: off}), 19, 16)
	if err != nil || find(got, "known") != off || find(got, "unknown") != nil {
		t.Errorf("19 to 16: %v, %v; want known kept and unknown left out", got, err)
	}
	added, ok := r.Populate(ctx, "op", 16, nil)
	if !ok || find(added, "known") != off || find(added, "unknown") != nil {
		t.Errorf("Populate at 16: %v, %v; want known only", added, ok)
	}
}

// An attribute bounded by releases, inherent where the op was read and
// undeclared in the target, is refused with its value; one the op does
// not hold converts.
func TestUndeclaredAttribute(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := &Rules{Dialect: "t", Ops: map[string]*Op{"op": {Attrs: []Attr{{Name: "hint", Until: 19}}}}}
	v := builtin.GetBoolAttr(ctx, true)
	if _, _, err := r.ConvertOp(ctx, newOp(ir.NamedAttr{Name: "hint", Value: v}), 19, 22); err == nil || !strings.Contains(err.Error(), "attribute hint: LLVM 22 has no such attribute (LLVM 19 or older have it), so it cannot hold true") {
		t.Errorf("hint from 19 to 22: %v", err)
	}
	if _, _, err := r.ConvertOp(ctx, newOp(), 19, 22); err != nil {
		t.Errorf("without hint, from 19 to 22: %v", err)
	}
}

// An attribute renamed across releases takes the target's name, both
// ways, with its value; within a side of the rename it stays as it is.
func TestConvertRenamedFrom(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect)
	r := &Rules{Dialect: "t", Ops: map[string]*Op{"op": {Attrs: []Attr{
		{Name: "hint", Since: 22, RenamedFrom: "hint_val"},
		{Name: "hint_val", Until: 19},
	}}}}
	v := builtin.GetBoolAttr(ctx, true)
	at19, at22 := []ir.NamedAttr{{Name: "hint_val", Value: v}}, []ir.NamedAttr{{Name: "hint", Value: v}}
	for _, c := range []struct {
		from, to int
		in, want []ir.NamedAttr
	}{{19, 22, at19, at22}, {22, 19, at22, at19}, {16, 19, at19, at19}, {22, 0, at22, at22}} {
		got, _, err := r.ConvertOp(ctx, newOp(c.in...), c.from, c.to)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%d to %d: got %v (%v), want %v", c.from, c.to, got, err, c.want)
		}
	}
}
