package interp

import (
	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/gen/tables"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Ops whose attributes differ between LLVM releases (an enum renumbered,
// a default one release populates, storage that changed, a release_hook)
// are converted, and the defaults each release populates set, by the
// rules the generated release.dg.go holds, built here from the same
// description (tables.ReleaseRules); release hooks come from the hook
// table.

var (
	_ bytecode.ReleaseConverter = (*Dialect)(nil)
	_ bytecode.DefaultPopulator = (*Dialect)(nil)
	_ bytecode.EnumAttrs        = (*Dialect)(nil)
)

// ConvertOp gives an op read at LLVM release from the attributes it has at
// release to (0: the newest), as the generated ConvertOp does.
func (in *Dialect) ConvertOp(ctx *ir.Context, op *ir.Operation, from, to int) ([]ir.NamedAttr, bool, error) {
	if in.release == nil {
		return op.Attrs(), false, nil
	}
	return in.release.ConvertOp(ctx, op, from, to)
}

// PopulateDefaults gives an op's attributes the defaults release
// populates where they are absent, as the generated PopulateDefaults does.
func (in *Dialect) PopulateDefaults(ctx *ir.Context, op string, release int, attrs []ir.NamedAttr) ([]ir.NamedAttr, bool) {
	return in.release.Populate(ctx, op, release, attrs)
}

// storageForms are the release.Forms by the names gen gives them.
var storageForms = map[string]release.Form{
	"ArrayI64": release.ArrayI64, "ArrayI32": release.ArrayI32,
	"DenseI64": release.DenseI64, "DenseI32": release.DenseI32,
	"IntI64": release.IntI64, "IntI32": release.IntI32,
}

// buildRelease makes the release rules of the definition's ops (nil
// without any); unsupported checked that the table has their hooks.
func (in *Dialect) buildRelease() {
	rules := tables.ReleaseRules(in.d)
	if len(rules) == 0 {
		return
	}
	in.release = &release.Rules{Dialect: in.d.Name, Ops: map[string]*release.Op{}}
	if v := in.d.Versions; v != nil && len(v.Releases) > 0 {
		in.release.Oldest = v.Releases[0]
	}
	enums := map[*defs.Enum]*release.Enum{}
	for _, ro := range rules {
		op := &release.Op{}
		if ro.Hook != "" {
			op.Hook = in.releaseHook(in.hooks.Release[ro.Hook])
		}
		for _, a := range ro.Attrs {
			ra := release.Attr{Name: a.Name, Since: a.Since, Until: a.Until, Populated: a.Populated,
				PopulatedSince: a.PopulatedSince, PopulatedUntil: a.PopulatedUntil, DefaultText: a.DefaultText, RenamedFrom: a.RenamedFrom}
			if a.Default != nil {
				ra.Default = in.releaseDefault(a.Default)
			}
			if e := a.Enum; e != nil {
				if enums[e] == nil {
					enums[e] = releaseEnum(e)
				}
				ra.Enum = enums[e]
			}
			for _, st := range a.Storage {
				rs := release.Storage{Until: st.Until, Form: storageForms[st.Form], Constraint: st.Constraint}
				if st.Default != nil {
					rs.Default = in.releaseDefault(st.Default)
				}
				ra.Storage = append(ra.Storage, rs)
			}
			op.Attrs = append(op.Attrs, ra)
		}
		in.release.Ops[ro.Op] = op
	}
}

// releaseDefault builds a default as the generated rules do; an enum
// case is this dialect's interpreted value.
func (in *Dialect) releaseDefault(d *tables.ReleaseDefault) func(ctx *ir.Context) ir.Attribute {
	switch d.Kind {
	case "bool":
		return func(ctx *ir.Context) ir.Attribute { return builtin.GetBoolAttr(ctx, d.Bool) }
	case "int":
		return func(ctx *ir.Context) ir.Attribute {
			return builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, uint32(d.Width)), ir.APIntFromInt64(uint32(d.Width), d.Int))
		}
	case "dense":
		return func(ctx *ir.Context) ir.Attribute {
			return builtin.GetDenseArrayAttr(ctx, builtin.GetIntType(ctx, uint32(d.Width)), 0, nil)
		}
	case "array":
		return func(ctx *ir.Context) ir.Attribute { return builtin.GetArrayAttr(ctx, nil) }
	case "dict":
		return func(ctx *ir.Context) ir.Attribute { return builtin.GetDictionaryAttr(ctx, nil) }
	case "string":
		return func(ctx *ir.Context) ir.Attribute { return builtin.GetStringAttr(ctx, d.Str, builtin.GetNoneType(ctx)) }
	case "foreign":
		return func(ctx *ir.Context) ir.Attribute { return release.EnumAttr(ctx, d.Dialect, d.EnumName, d.CaseName) }
	case "attr":
		return func(ctx *ir.Context) ir.Attribute {
			a, _ := in.get(ctx, d.Def, nil).(ir.Attribute)
			return a
		}
	}
	return func(ctx *ir.Context) ir.Attribute {
		a, _ := in.get(ctx, d.Def, []any{d.Case.Value}).(ir.Attribute)
		return a
	}
}

// EnumAttr returns the dialect's attribute holding the case named value
// of the enum named enum, nil if it has none, as the generated EnumAttr
// does (tables.EnumAttrs chooses the attribute for both).
func (in *Dialect) EnumAttr(ctx *ir.Context, enum, value string) ir.Attribute {
	def := in.enumAttrs[enum]
	if def == nil {
		return nil
	}
	for _, v := range def.Params[0].Type.Enum.Values {
		if v.Name == value {
			a, _ := in.get(ctx, def, []any{v.Value}).(ir.Attribute)
			return a
		}
	}
	return nil
}

// buildEnumAttrs finds the attribute EnumAttr builds for each enum.
func (in *Dialect) buildEnumAttrs() {
	in.enumAttrs = map[string]*defs.Def{}
	for _, ea := range tables.EnumAttrs(in.d) {
		in.enumAttrs[ea.Enum.Name] = ea.Def
	}
}

// releaseEnum is an enum with each release's numbering.
func releaseEnum(e *defs.Enum) *release.Enum {
	out := &release.Enum{Name: e.Name, Bit: e.BitEnum}
	for _, v := range tables.ReleaseCases(e) {
		c := release.Case{Name: v.Name, Value: v.Value, Since: v.Since, Until: v.Until}
		for _, o := range v.Older {
			c.Older = append(c.Older, release.Older{Until: o.Until, Value: o.Value})
		}
		out.Cases = append(out.Cases, c)
	}
	return out
}

// releaseHook calls a compiled release hook with this dialect's values
// in the attributes compiled, and makes what it returns interpreted.
func (in *Dialect) releaseHook(h func(*ir.Context, *ir.Operation, []ir.NamedAttr, int, int) ([]ir.NamedAttr, error)) release.Hook {
	return func(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
		conv := make([]ir.NamedAttr, len(attrs))
		for i, a := range attrs {
			conv[i] = a
			if c, ok := in.toCompiled(&defs.TypeRef{Kind: defs.RefAttr}, a.Value).(ir.Attribute); ok {
				conv[i].Value = c
			}
		}
		out, err := h(ctx, op, conv, from, to)
		if err != nil {
			return nil, err
		}
		for i, a := range out {
			if v, ok := in.interpreted(ctx, a.Value).(ir.Attribute); ok {
				out[i].Value = v
			}
		}
		return out, nil
	}
}
