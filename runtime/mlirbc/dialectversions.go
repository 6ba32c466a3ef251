package mlirbc

import (
	"fmt"
	"maps"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Dialect versioning (MLIR's readVersion, upgradeFromVersion and
// writeVersion): IR in memory is at each dialect's current version. A
// file's DialectVersions payload of a dialect that versions itself
// (bytecode.VersionedDialect) is decoded, its entries and properties are
// read at that version and its ops upgraded; a write to an older version
// asks the dialect what each op is there. Payloads of other dialects are
// kept as bytes and written back as they were.

// versionedDialect returns the registered dialect of that name when it
// versions itself.
func versionedDialect(ctx *ir.Context, name string) (bytecode.VersionedDialect, bool) {
	d, ok := ctx.Dialect(name).(bytecode.VersionedDialect)
	return d, ok
}

// readDialectVersions decodes the payloads of the dialects that version
// themselves. A dialect at its current version is left out.
func readDialectVersions(ctx *ir.Context, f *bytecode.File) (bytecode.DialectVersions, error) {
	var out bytecode.DialectVersions
	for _, d := range f.Dialects {
		vd, ok := versionedDialect(ctx, d.Name)
		if !ok {
			continue
		}
		var v bytecode.DialectVersion
		if pv, ok := vd.(bytecode.ProducerVersioned); ok {
			// The producer names the version (VHLO), or the file is
			// at the current one.
			var named bool
			var err error
			if v, named, err = pv.ProducerVersion(f.Producer); err != nil {
				return nil, fmt.Errorf("the version of dialect %s: %w", d.Name, err)
			} else if !named {
				continue
			}
		} else {
			if len(d.Version) == 0 {
				// MLIR's reader takes an empty payload as no version:
				// the dialect's current one.
				continue
			}
			s := wire.Section{ID: bytecode.SectionDialectVersions, Offset: d.VersionOffset, Data: d.Version}
			var err error
			if v, err = vd.ReadVersion(s.Reader("DialectVersions")); err != nil {
				return nil, fmt.Errorf("the version of dialect %s: %w", d.Name, err)
			}
		}
		cur := vd.CurrentVersion()
		if old := vd.OldestVersion(); old != nil && v.Compare(old) < 0 {
			return nil, fmt.Errorf("%w: the file has dialect %s at version %s; the oldest version of %s known here is %s", wire.ErrUnsupportedVersion, d.Name, v, d.Name, old)
		}
		switch c := v.Compare(cur); {
		case c > 0:
			return nil, fmt.Errorf("%w: the file has dialect %s at version %s; the newest version of %s known here is %s", wire.ErrUnsupportedVersion, d.Name, v, d.Name, cur)
		case c < 0:
			if out == nil {
				out = bytecode.DialectVersions{}
			}
			out[d.Name] = v
		}
	}
	return out, nil
}

// lookupSchema finds the op's schema among the context's dialects, as
// files of the given dialect versions lay it out.
func lookupSchema(ctx *ir.Context, name ir.OpName, release int, versions bytecode.DialectVersions) *bytecode.OpSchema {
	if v := versions[name.Dialect]; v != nil {
		if d, ok := versionedDialect(ctx, name.Dialect); ok {
			return d.OpSchemaAt(name.Op, release, v)
		}
	}
	d, ok := ctx.Dialect(name.Dialect).(bytecode.OpSchemas)
	if !ok {
		return nil
	}
	return d.OpSchema(name.Op, release)
}

// upgrade brings an op read from an older version of its dialect to the
// current one.
func (rd *reader) upgrade(op *ir.Operation) error {
	dialect := op.Name().Dialect
	v := rd.versions[dialect]
	if v == nil {
		return nil
	}
	d, ok := versionedDialect(rd.ctx, dialect)
	if !ok {
		return nil
	}
	if err := d.UpgradeOp(rd.ctx, op, v); err != nil {
		return fmt.Errorf("upgrading from %s %s: %w", dialect, v, err)
	}
	// The dictionary kept for writing back is the file's, not the
	// upgraded op's.
	op.SetDictionary(nil)
	return nil
}

// writeTargets checks the dialect versions a write asks for and leaves out
// those at their dialect's current version. A dialect whose version the
// producer string carries is written at the version the producer names.
func writeTargets(ctx *ir.Context, opts WriteOptions) (bytecode.DialectVersions, error) {
	dialects := opts.Dialects
	for _, name := range ctx.Dialects() {
		pv, ok := ctx.Dialect(name).(bytecode.ProducerVersioned)
		if !ok || dialects[name] != nil {
			continue
		}
		if v, named, err := pv.ProducerVersion(opts.Producer); err != nil {
			return nil, err
		} else if named {
			dialects = maps.Clone(dialects)
			if dialects == nil {
				dialects = bytecode.DialectVersions{}
			}
			dialects[name] = v
		}
	}
	var out bytecode.DialectVersions
	for name, v := range dialects {
		if v == nil {
			continue
		}
		d, ok := versionedDialect(ctx, name)
		if !ok {
			return nil, fmt.Errorf("target %s %s: no registered dialect %s versions itself", name, v, name)
		}
		cur := d.CurrentVersion()
		pv, inProducer := d.(bytecode.ProducerVersioned)
		if inProducer {
			// The producer string carries the version: it must name it.
			named, ok, err := pv.ProducerVersion(opts.Producer)
			if err != nil || !ok || named.Compare(v) != 0 {
				return nil, fmt.Errorf("target %s %s: the producer %q must name it (%s)", name, v, opts.Producer, producerFor(pv, v))
			}
		}
		if old := d.OldestVersion(); old != nil && v.Compare(old) < 0 {
			return nil, fmt.Errorf("target %s %s: the oldest version of %s known here is %s", name, v, name, old)
		}
		switch c := v.Compare(cur); {
		case c > 0:
			return nil, fmt.Errorf("target %s %s: the newest version of %s known here is %s", name, v, name, cur)
		case c < 0:
			if opts.Version.Number() < 1 && !inProducer {
				return nil, fmt.Errorf("target %s %s: bytecode version 0 has no DialectVersions section, so its readers take %s at its newest version; write version 1 or newer", name, v, name)
			}
			if out == nil {
				out = bytecode.DialectVersions{}
			}
			out[name] = v
		}
	}
	return out, nil
}

// producerFor describes the producer a file of version v has.
func producerFor(pv bytecode.ProducerVersioned, v bytecode.DialectVersion) string {
	p, bc, err := pv.FileFor(v)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%q, in bytecode version %d", p, bc)
}

// AsProduced gives the ops of each dialect that keeps its version in the
// producer string (StableHLO's VHLO) the names and attributes they have
// at the version m was read at, until restore is called. Such a dialect's
// own tools show a file at its version (stablehlo-opt prints
// all_gather_v1 where the reader here made all_gather_v2): they upgrade
// in a pass, not as they read. Ops that version cannot hold are an error
// naming them.
func AsProduced(ctx *ir.Context, m *Module) (restore func(), err error) {
	targets, err := writeTargets(ctx, m.Options())
	if err != nil {
		return func() {}, err
	}
	for name := range targets {
		if _, inProducer := ctx.Dialect(name).(bytecode.ProducerVersioned); !inProducer {
			delete(targets, name)
		}
	}
	return downgrade(ctx, m.Op, targets)
}

// downgraded is an op's own name and attributes, put back after a write.
type downgraded struct {
	op    *ir.Operation
	name  ir.OpName
	attrs []ir.NamedAttr
	dict  ir.Attribute
}

// downgrade gives every op of a dialect written at an older version the
// name and attributes it has there, for the length of the write; restore
// puts the module back as it was.
func downgrade(ctx *ir.Context, root *ir.Operation, targets bytecode.DialectVersions) (restore func(), err error) {
	var undo []downgraded
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			u := undo[i]
			u.op.SetName(u.name)
			u.op.SetAttrs(u.attrs)
			u.op.SetDictionary(u.dict)
		}
	}
	if len(targets) == 0 {
		return restore, nil
	}
	root.Walk(func(op *ir.Operation) bool {
		if err != nil {
			return false
		}
		current := op.Name()
		to := targets[current.Dialect]
		if to == nil {
			return true
		}
		d, ok := versionedDialect(ctx, current.Dialect)
		if !ok {
			return true
		}
		name, attrs, changed, derr := d.DowngradeOp(ctx, op, to)
		if derr != nil {
			err = &wire.OpError{Op: current.String(), Offset: -1, Err: derr}
			return false
		}
		if changed {
			undo = append(undo, downgraded{op, current, op.Attrs(), op.Dictionary()})
			op.SetName(name)
			op.SetAttrs(attrs)
			op.SetDictionary(nil)
		}
		return true
	})
	if err != nil {
		restore()
		return func() {}, err
	}
	return restore, nil
}

// versionPayload is the DialectVersions payload written for a dialect:
// the target's, or the current version, of a dialect that versions
// itself; the payload read for any other.
func (n *numbering) versionPayload(name string) ([]byte, bool) {
	d, ok := versionedDialect(n.ctx, name)
	if _, inProducer := d.(bytecode.ProducerVersioned); ok && inProducer {
		return nil, false
	}
	if ok {
		v := n.target.Dialect(name)
		if v == nil {
			v = d.CurrentVersion()
		}
		return d.AppendVersion(nil, v), true
	}
	payload, ok := n.m.DialectVersions[name]
	return payload, ok
}
