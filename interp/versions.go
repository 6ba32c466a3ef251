package interp

import (
	"sort"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
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

// Registered is what to register in a context: the dialect, or the
// Versioned dialect when the definition versions itself.
func (in *Dialect) Registered() ir.Dialect {
	if in.ver != nil {
		return Versioned{in}
	}
	return in
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
				lit, _ := defs.ParseAttrLiteral(a.Default) // checked by the loader; hooks refused
				va.Default = literal(lit)
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
	case *Dialect, Versioned:
		return true
	}
	return false
}
