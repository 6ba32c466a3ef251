package interp

import (
	"slices"
	"sort"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/hooks"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// A dialect that versions itself (versions.dialect) gets the version
// table the generated versions.dg.go holds (gen/internal/mlirgen's
// versions.go), made from the same definition.

// Versioned is an interpreted dialect that versions itself: a Dialect
// that also implements bytecode.VersionedDialect. Register Registered(),
// which is one when the definition has versions.dialect.
type Versioned struct {
	*Dialect
}

var _ bytecode.VersionedDialect = Versioned{}

// ProducerVersioned is a Versioned dialect whose files keep its version
// in their producer string (bytecode.ProducerVersioned).
type ProducerVersioned struct {
	Versioned
}

var _ bytecode.ProducerVersioned = ProducerVersioned{}

// Registered is what to register in a context: the dialect, or the
// Versioned (ProducerVersioned) dialect when the definition versions
// itself (in its files' producer string).
func (in *Dialect) Registered() ir.Dialect {
	switch {
	case in.ver != nil && in.ver.Producer != "":
		return ProducerVersioned{Versioned{in}}
	case in.ver != nil:
		return Versioned{in}
	}
	return in
}

// ProducerVersion reads the version a producer string names.
func (v ProducerVersioned) ProducerVersion(producer string) (bytecode.DialectVersion, bool, error) {
	return v.ver.ProducerVersion(producer)
}

// FileFor is the producer string and bytecode version of a file of
// version dv.
func (v ProducerVersioned) FileFor(dv bytecode.DialectVersion) (string, int, error) {
	return v.ver.FileFor(dv)
}

// dialectVersion is a version on the dialect axis as the runtime has it.
func dialectVersion(v *defs.Version) bytecode.DialectVersion {
	if v == nil {
		return nil
	}
	out := make(bytecode.DialectVersion, len(v.Parts))
	for i, p := range v.Parts {
		out[i] = uint64(p)
	}
	return out
}

func dialectBound(v *defs.Version) bytecode.DialectVersion {
	if v != nil && v.Axis == "dialect" {
		return dialectVersion(v)
	}
	return nil
}

// buildVersioning makes the version table of a dialect with
// versions.dialect (the loader checked it; New refused hooks and
// producer versions).
func (in *Dialect) buildVersioning() {
	dv := in.d.Versions.Dialect
	v := &bytecode.Versioning{Dialect: in.d.Name, Current: dialectVersion(&dv.Current), Parts: len(dv.Encoding),
		Minimum: dialectVersion(dv.Minimum)}
	if dv.Producer != "" {
		// The version is the producer string's (VHLO: StableHLO_v1.20.0).
		v.Parts, v.Producer = len(dv.Current.Parts), dv.Producer
		for _, b := range dv.Bytecode {
			v.Bytecode = append(v.Bytecode, bytecode.VersionBytecode{Until: dialectVersion(b.Until), Version: b.Version})
		}
	}
	in.versionHooks(v)
	if len(in.d.Ops) > 0 {
		v.Schemas = in
	}
	for _, o := range in.d.Ops {
		if since, until := dialectBound(o.Since), dialectBound(o.Until); since != nil || until != nil {
			v.Ops = append(v.Ops, bytecode.VersionedOp{Op: o.Name, Since: since, Until: until})
		}
		for _, a := range o.Attributes {
			for _, fl := range defs.StructFields(a) {
				since, until := dialectBound(fl.Since), dialectBound(fl.Until)
				if since == nil && until == nil {
					continue
				}
				lit := defs.AttrLiteral{Int: int64(fl.Default), Width: fl.Bits, Signedness: "signless"}
				v.Attrs = append(v.Attrs, bytecode.VersionedAttr{Op: o.Name, Attr: a.Name, Field: fl.Name,
					Since: since, Until: until, Default: literal(lit)})
			}
			since, until := dialectBound(a.Since), dialectBound(a.Until)
			if since == nil && until == nil {
				continue
			}
			va := bytecode.VersionedAttr{Op: o.Name, Attr: a.Name, Since: since, Until: until}
			if a.Default != "" {
				lit, _ := defs.ParseAttrLiteral(a.Default) // checked by the loader
				if lit.Hook != "" {
					va.Default, va.IsDefault = in.defaultHook(in.hooks.Defaults[lit.Hook]) // New checked the table
				} else {
					va.Default = literal(lit)
				}
			}
			v.Attrs = append(v.Attrs, va)
		}
	}
	for _, st := range dv.History {
		olds := make([]string, 0, len(st.Renames))
		for old := range st.Renames {
			olds = append(olds, old)
		}
		sort.Strings(olds)
		for _, old := range olds {
			r := bytecode.VersionRename{Version: dialectVersion(&st.Version)}
			cur := st.Renames[old]
			if op, attr, ok := strings.Cut(cur, "."); ok {
				_, oldAttr, _ := strings.Cut(old, ".")
				r.Op, r.Attr, r.Old = op, attr, oldAttr
			} else {
				r.Op, r.Old = cur, old
			}
			v.Renames = append(v.Renames, r)
		}
	}
	in.ver = v
}

// literal makes the attribute of a default value.
func literal(lit defs.AttrLiteral) func(*ir.Context) ir.Attribute {
	return func(ctx *ir.Context) ir.Attribute {
		if lit.IsBool {
			return builtin.GetBoolAttr(ctx, lit.Bool)
		}
		sign := map[string]builtin.Signedness{"signless": builtin.SignednessSignless, "signed": builtin.SignednessSigned,
			"unsigned": builtin.SignednessUnsigned}[lit.Signedness]
		w := uint32(lit.Width)
		return builtin.GetIntegerAttr(ctx, builtin.GetIntegerType(ctx, w, sign), ir.APIntFromInt64(w, lit.Int))
	}
}

// CurrentVersion is the newest version of the dialect.
func (v Versioned) CurrentVersion() bytecode.DialectVersion { return v.ver.CurrentVersion() }

// OldestVersion is the oldest version of the dialect known, nil for any.
func (v Versioned) OldestVersion() bytecode.DialectVersion { return v.ver.OldestVersion() }

// ReadVersion decodes the dialect's DialectVersions payload.
func (v Versioned) ReadVersion(r *wire.Reader) (bytecode.DialectVersion, error) {
	return v.ver.ReadVersion(r)
}

// AppendVersion appends the DialectVersions payload of dv.
func (v Versioned) AppendVersion(b []byte, dv bytecode.DialectVersion) []byte {
	return v.ver.AppendVersion(b, dv)
}

// OpSchemaAt is OpSchema for files of version dv of the dialect.
func (v Versioned) OpSchemaAt(op string, release int, dv bytecode.DialectVersion) *bytecode.OpSchema {
	return v.ver.OpSchemaAt(op, release, dv)
}

// UpgradeOp brings an op read from a file of version from to the current
// version.
func (v Versioned) UpgradeOp(ctx *ir.Context, op *ir.Operation, from bytecode.DialectVersion) error {
	return v.ver.UpgradeOp(ctx, op, from)
}

// DowngradeOp returns the name and attributes op has at version to, or why
// it cannot be written there.
func (v Versioned) DowngradeOp(ctx *ir.Context, op *ir.Operation, to bytecode.DialectVersion) (ir.OpName, []ir.NamedAttr, bool, error) {
	return v.ver.DowngradeOp(ctx, op, to)
}

// Is reports whether a registered dialect is an interpreted one.
func Is(d ir.Dialect) bool {
	switch d.(type) {
	case *Dialect, Versioned, ProducerVersioned:
		return true
	}
	return false
}

// versionHooks sets the hand-written upgrade and downgrade steps from the
// hook table, with this dialect's values in the op's attributes compiled
// for them and made interpreted again after.
func (in *Dialect) versionHooks(v *bytecode.Versioning) {
	if in.hooks == nil {
		return
	}
	if up := in.hooks.Upgrade; up != nil {
		v.Upgrade = func(ctx *ir.Context, op *ir.Operation, from bytecode.DialectVersion) (err error) {
			in.withCompiled(ctx, op, func() { err = up(ctx, op, from) })
			return err
		}
	}
	if down := in.hooks.Downgrade; down != nil {
		v.Downgrade = func(ctx *ir.Context, op *ir.Operation, to bytecode.DialectVersion, name ir.OpName, attrs []ir.NamedAttr) (ir.OpName, []ir.NamedAttr, error) {
			var err error
			in.withCompiled(ctx, op, func() { name, attrs, err = down(ctx, op, to, name, in.attrsCompiled(attrs)) })
			return name, in.attrsInterpreted(ctx, attrs), err
		}
	}
}

// withCompiled runs a hook on op with this dialect's values in its
// attributes and in its operands' and results' types compiled, as the
// hook expects them, and makes them interpreted again after: what the
// hook left as it was gets its original back.
func (in *Dialect) withCompiled(ctx *ir.Context, op *ir.Operation, hook func()) {
	type saved struct {
		v        *ir.Value
		was, set ir.Type
	}
	var types []saved
	for _, vs := range [][]*ir.Value{op.Operands(), op.Results()} {
		for _, v := range vs {
			if c, changed := in.deepCompiled(v.Type(), 0); changed {
				t, _ := c.(ir.Type)
				types = append(types, saved{v, v.Type(), t})
				v.SetType(t)
			}
		}
	}
	op.SetAttrs(in.attrsCompiled(op.Attrs()))
	hook()
	op.SetAttrs(in.attrsInterpreted(ctx, op.Attrs()))
	for _, s := range types {
		if s.v.Type() == s.set {
			s.v.SetType(s.was)
		}
	}
	for _, v := range op.Results() {
		if t, ok := in.interpreted(ctx, v.Type()).(ir.Type); ok {
			v.SetType(t)
		}
	}
}

// defaultHook is a versioned attribute's default from the hook table.
func (in *Dialect) defaultHook(h *hooks.Default) (func(*ir.Context) ir.Attribute, func(ir.Attribute) bool) {
	mk := func(ctx *ir.Context) ir.Attribute {
		a, _ := in.interpreted(ctx, h.Default(ctx)).(ir.Attribute)
		return a
	}
	is := func(a ir.Attribute) bool {
		c, _ := in.toCompiled(&defs.TypeRef{Kind: defs.RefAttr}, a).(ir.Attribute)
		return h.IsDefault(c)
	}
	return mk, is
}

// attrsCompiled is attrs with this dialect's values compiled (a copy
// when any is).
func (in *Dialect) attrsCompiled(attrs []ir.NamedAttr) []ir.NamedAttr {
	out := attrs
	for i, a := range attrs {
		c, changed := in.deepCompiled(a.Value, 0)
		if !changed {
			continue
		}
		if &out[0] == &attrs[0] {
			out = slices.Clone(attrs)
		}
		out[i].Value, _ = c.(ir.Attribute)
	}
	return out
}

// attrsInterpreted is attrs with compiled values of this dialect made
// interpreted (a copy when any is).
func (in *Dialect) attrsInterpreted(ctx *ir.Context, attrs []ir.NamedAttr) []ir.NamedAttr {
	out := attrs
	for i, a := range attrs {
		c, changed, err := in.deepInterpreted(ctx, a.Value, 0)
		if !changed || err != nil {
			continue
		}
		if &out[0] == &attrs[0] {
			out = slices.Clone(attrs)
		}
		out[i].Value, _ = c.(ir.Attribute)
	}
	return out
}
