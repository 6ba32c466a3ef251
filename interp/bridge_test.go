package interp

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/dialects/affine"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/math"
	"github.com/dialectgen/dialectgen/dialects/transform"
	"github.com/dialectgen/dialectgen/dialects/ub"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/hooks"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// A definition whose custom field, verifier and String are hand-written:
// the table registered below stands for its compiled package.
const hookedYAML = `
dialect: %s
attributes:
  - name: SpanAttr
    string: spanString
    verify: Span
    params:
      - {name: lo, type: uint32}
      - {name: hi, type: uint32}
    bytecode:
      - {code: 0, fields: [{custom: Span, outputs: [lo, hi]}]}
`

// span is the "compiled" SpanAttr value.
type span struct{ lo, hi uint32 }

func (s *span) String() string { return fmt.Sprintf("span %d..%d", s.lo, s.hi) }

func verifySpan(lo, hi uint32) error {
	if lo > hi {
		return errors.New("lo is above hi")
	}
	return nil
}

func spanTable(dialect string, field bool) *hooks.Table {
	t := &hooks.Table{Dialect: dialect, Defs: map[string]*hooks.Def{"SpanAttr": {
		Value: func(_ *ir.Context, p []any) any {
			p = hooks.Fields(p, 2)
			return &span{hooks.Uint[uint32](p[0]), hooks.Uint[uint32](p[1])}
		},
		Params: func(x any) ([]any, bool) {
			s, ok := x.(*span)
			if !ok {
				return nil, false
			}
			return []any{uint64(s.lo), uint64(s.hi)}, true
		},
		Verify: func(p []any) error {
			p = hooks.Fields(p, 2)
			return verifySpan(hooks.Uint[uint32](p[0]), hooks.Uint[uint32](p[1]))
		},
	}}}
	if field {
		// A start and a length on the wire.
		t.Fields = map[string]*hooks.Field{"Span": {
			Read: func(r *bytecode.EntryReader, _ []any) ([]any, error) {
				lo, err := r.VarInt()
				if err != nil {
					return nil, err
				}
				n, err := r.VarInt()
				if err != nil {
					return nil, err
				}
				return []any{lo, lo + n}, nil
			},
			Write: func(w *bytecode.EntryWriter, _, outs []any) {
				outs = hooks.Fields(outs, 2)
				lo, hi := hooks.As[uint64](outs[0]), hooks.As[uint64](outs[1])
				w.VarInt(lo)
				w.VarInt(hi - lo)
			},
		}}
	}
	return t
}

func loadHooked(t *testing.T, name string) (*Dialect, error) {
	d, err := defs.Load(name+".yaml", fmt.Appendf(nil, hookedYAML, name))
	if err != nil {
		t.Fatal(err)
	}
	return New(d)
}

// TestBridgedHooks reads, prints, verifies and writes through the hooks a
// registered table gives.
func TestBridgedHooks(t *testing.T) {
	hooks.Register("hooked", func() *hooks.Table { return spanTable("hooked", true) })
	in, err := loadHooked(t, "hooked")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(in)
	a, err := readEntry(in, ctx, varints(0, 3, 4), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.(*Attr).Params(); got[0] != uint64(3) || got[1] != uint64(7) {
		t.Errorf("params %v, want [3 7] (the custom field's outputs)", got)
	}
	if s := fmt.Sprint(a); s != "span 3..7" {
		t.Errorf("String() = %q, want the string hook's", s)
	}
	w := bytecode.NewEntryWriter(nil, nil, bytecode.Target{Version: 6})
	if ok, err := in.WriteAttribute(w, a); !ok || err != nil || string(w.Bytes()) != string(varints(0, 3, 4)) {
		t.Errorf("wrote % x (%v, %v), want % x", w.Bytes(), ok, err, varints(0, 3, 4))
	}
	// lo + n wraps: the verifier refuses it at the entry's start.
	if _, err := readEntry(in, ctx, varints(0, 5, 1<<64-2), 0); err == nil || !strings.Contains(err.Error(), "offset 0x65 (AttrType section): expected a valid SpanAttr: invalid encoding: lo is above hi") {
		t.Errorf("a span whose end is before its start: got %v", err)
	}
	bad := in.get(ctx, in.byName["SpanAttr"], []any{uint64(9), uint64(2)})
	w = bytecode.NewEntryWriter(nil, nil, bytecode.Target{Version: 6})
	if _, err := in.WriteAttribute(w, bad.(ir.Attribute)); err == nil || err.Error() != "SpanAttr: lo is above hi" {
		t.Errorf("writing an invalid span: got %v", err)
	}
}

// TestUnbridgedHooks: without a table, or with one that lacks a hook, the
// definition is refused at the key naming the hook, saying why.
func TestUnbridgedHooks(t *testing.T) {
	hooks.Register("partial", func() *hooks.Table { return spanTable("partial", false) })
	for name, want := range map[string]string{
		"unlinked": "unlinked.yaml:11:37: dialect unlinked: custom Span names hand-written Go (readSpan, writeSpan), which definitions loaded at run time cannot call: no package linked in registers unlinked's hooks (runtime/hooks)",
		"partial":  "partial.yaml:11:37: dialect partial: custom Span names hand-written Go (readSpan, writeSpan), which definitions loaded at run time cannot call: partial's hook table does not provide it",
	} {
		_, err := loadHooked(t, name)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", name, err, want)
		}
	}
}

// TestConvertOp: ops convert between releases as the generated rules
// convert them: affine.parallel's reductions are AtomicRMWKind cases,
// which LLVM 19 numbers differently (andi: 12 in 19, 2 in 22).
func TestConvertOp(t *testing.T) {
	in, err := Load("../dialects/affine/affine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	i64 := func(v int64) ir.Attribute {
		return builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, 64), ir.APIntFromInt64(64, v))
	}
	op := ir.NewOperation(ir.OpName{Dialect: "affine", Op: "parallel", Registered: true}, nil, nil)
	op.SetAttrs([]ir.NamedAttr{{Name: "reductions", Value: builtin.GetArrayAttr(ctx, []ir.Attribute{i64(12)})}})
	for _, c := range []struct{ from, to int }{{19, 22}, {22, 19}, {19, 19}, {19, 0}} {
		want, wantChanged, wantErr := affine.Dialect.ConvertOp(ctx, op, c.from, c.to)
		got, changed, err := in.ConvertOp(ctx, op, c.from, c.to)
		if fmt.Sprint(got) != fmt.Sprint(want) || changed != wantChanged || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("%d to %d: %v (%v, %v), generated %v (%v, %v)", c.from, c.to, got, changed, err, want, wantChanged, wantErr)
		}
	}
	if got, _, _ := in.ConvertOp(ctx, op, 19, 22); fmt.Sprint(got) != "[{reductions [2 : i64]}]" {
		t.Errorf("andi read at 19, for 22: %v, want it renumbered to 2", got)
	}
}

// TestPopulateDefaults: ops get the defaults the generated rules give
// them: arith.trunci's overflowFlags from LLVM 22 on, addf's fastmath in
// 16, 19 and 22 (16's records populate it too: populated: {since: llvm
// 16}), and no overflowFlags for 16, which has none.
func TestPopulateDefaults(t *testing.T) {
	in, err := Load("../dialects/arith/arith.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	for _, c := range []struct {
		op      string
		release int
		want    string
	}{
		{"trunci", 0, "[{overflowFlags #arith.overflow<none>}]"},
		{"trunci", 22, "[{overflowFlags #arith.overflow<none>}]"},
		{"trunci", 19, "[]"},
		{"addf", 19, "[{fastmath #arith.fastmath<none>}]"},
		{"addf", 16, "[{fastmath #arith.fastmath<none>}]"},
		{"addi", 16, "[]"},
		{"addi", 22, "[{overflowFlags #arith.overflow<none>}]"},
		{"cmpi", 22, "[]"},
	} {
		want, wantAdded := arith.Dialect.PopulateDefaults(ctx, c.op, c.release, nil)
		got, added := in.PopulateDefaults(ctx, c.op, c.release, nil)
		if fmt.Sprint(got) != fmt.Sprint(want) || added != wantAdded {
			t.Errorf("%s at %d: %v (%v), generated %v (%v)", c.op, c.release, got, added, want, wantAdded)
		}
		if fmt.Sprint(got) != c.want && !(c.want == "[]" && got == nil) {
			t.Errorf("%s at %d: %v, want %s", c.op, c.release, got, c.want)
		}
	}
}

// TestForeignDefaults: math's fastmath defaults to arith's attribute,
// found through the context, as the generated rules find it; and an
// interpreted dialect names its enum attributes as the generated one
// does.
func TestForeignDefaults(t *testing.T) {
	in, err := Load("../dialects/math/math.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in, arith.Dialect)
	want, _ := math.Dialect.PopulateDefaults(ctx, "sqrt", 0, nil)
	got, _ := in.PopulateDefaults(ctx, "sqrt", 0, nil)
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(got) != "[{fastmath #arith.fastmath<none>}]" {
		t.Errorf("math.sqrt: %v, generated %v", got, want)
	}
	if got, _ := in.PopulateDefaults(ir.NewContext(builtin.Dialect, in), "sqrt", 0, nil); got != nil {
		t.Errorf("without arith in the context: %v", got)
	}
	ia, err := Load("../dialects/arith/arith.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"FastMathFlags", "fast"}, {"IntegerOverflowFlags", "nsw"}, {"FastMathFlags", "nope"}, {"CmpIPredicate", "eq"}} {
		g, w := ia.EnumAttr(ctx, c[0], c[1]), arith.Dialect.EnumAttr(ctx, c[0], c[1])
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("%s::%s: %v, generated %v", c[0], c[1], g, w)
		}
	}
	if a := arith.Dialect.EnumAttr(ctx, "FastMathFlags", "fast"); fmt.Sprint(a) != "#arith.fastmath<fast>" {
		t.Errorf("FastMathFlags::fast: %v", a)
	}
}

// TestStringAndCastDefaults: strings and integers spelt
// static_cast<uint64_t>(-1) populate as the generated rules populate
// them (transform's bufferize_to_allocation and apply_patterns).
func TestStringAndCastDefaults(t *testing.T) {
	in, err := Load("../dialects/transform/transform.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	for op, want := range map[string]string{
		"structured.bufferize_to_allocation": `[{alloc_op "memref.alloc"} {memcpy_op "bufferization.materialize_in_destination"}]`,
		"apply_patterns":                     "[{max_iterations -1 : i64} {max_num_rewrites -1 : i64}]",
		"structured.split_reduction":         "[{insert_split_dimension 0 : i64} {split_factor 0 : i64}]",
	} {
		gen, _ := transform.Dialect.PopulateDefaults(ctx, op, 0, nil)
		got, _ := in.PopulateDefaults(ctx, op, 0, nil)
		if fmt.Sprint(got) != fmt.Sprint(gen) || fmt.Sprint(got) != want {
			t.Errorf("%s: %v, generated %v, want %s", op, got, gen, want)
		}
	}
}

// TestAttrDefault: a default that is a parameterless attribute of the
// dialect (ub.poison's #ub.poison) is built by the interpreter as the
// generated rules build it.
func TestAttrDefault(t *testing.T) {
	in, err := Load("../dialects/ub/ub.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	gen, _ := ub.Dialect.PopulateDefaults(ir.NewContext(builtin.Dialect, ub.Dialect), "poison", 0, nil)
	got, _ := in.PopulateDefaults(ctx, "poison", 0, nil)
	if fmt.Sprint(got) != fmt.Sprint(gen) || fmt.Sprint(got) != "[{value #ub.poison}]" {
		t.Errorf("ub.poison: %v, generated %v", got, gen)
	}
}
