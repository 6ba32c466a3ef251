package bytecode

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Versioning is the version history of a dialect that versions itself, as
// its definitions declare it: generated dialects fill one in and implement
// VersionedDialect with its methods. The rules are MLIR's for dialect
// versions: an element added in version V does not exist in files before
// V, so readers give it its default, and writers to an older version drop
// it when it is at its default and refuse it otherwise; an element renamed
// in V has its old name before V.
type Versioning struct {
	Dialect string
	Current DialectVersion
	// Minimum, when set, is the oldest version readers and writers
	// accept.
	Minimum DialectVersion
	// Parts is the number of varints of the DialectVersions payload,
	// most significant first (MLIR's test dialect: major, minor), or of
	// numbers in the producer's version.
	Parts int
	// Producer, when set, says that files keep the version in their
	// producer string after this prefix (VHLO: StableHLO_v1.20.0) instead
	// of a DialectVersions payload, and Bytecode gives the bytecode
	// version of each dialect version: the first entry whose Until holds
	// (nil: any).
	Producer string
	Bytecode []VersionBytecode
	// Ops and Attrs are the ops and op attributes that exist only in some
	// versions; Renames the names that changed.
	Ops     []VersionedOp
	Attrs   []VersionedAttr
	Renames []VersionRename
	// Schemas gives the op schemas at the current version.
	Schemas OpSchemas
	// Upgrade and Downgrade, when set, are the dialect's hand-written
	// steps for what the tables cannot say; they run after the generic
	// ones (Downgrade on the op's name and attributes at the target).
	Upgrade   func(ctx *ir.Context, op *ir.Operation, from DialectVersion) error
	Downgrade func(ctx *ir.Context, op *ir.Operation, to DialectVersion, name ir.OpName, attrs []ir.NamedAttr) (ir.OpName, []ir.NamedAttr, error)

	schemas sync.Map // schemaKey → *OpSchema
}

// VersionBytecode is the bytecode version files of dialect versions up
// to Until (compared on its own numbers; nil: any) are written in.
type VersionBytecode struct {
	Until   DialectVersion
	Version int
}

// ProducerVersioned is implemented by dialects whose files keep their
// version in the producer string (see Versioning.Producer).
type ProducerVersioned interface {
	VersionedDialect
	// ProducerVersion reads the version a producer string names; ok is
	// false when it names none.
	ProducerVersion(producer string) (v DialectVersion, ok bool, err error)
	// FileFor is the producer string and bytecode version of a file of
	// version v.
	FileFor(v DialectVersion) (producer string, bytecodeVersion int, err error)
}

// ProducerVersion implements ProducerVersioned: the numbers after the
// first occurrence of the prefix, exactly Parts of them.
func (d *Versioning) ProducerVersion(producer string) (DialectVersion, bool, error) {
	i := strings.Index(producer, d.Producer)
	if d.Producer == "" || i < 0 {
		return nil, false, nil
	}
	s := producer[i+len(d.Producer):]
	v, err := ParseDialectVersion(s)
	if err == nil && len(v) != d.Parts {
		err = fmt.Errorf("want %d numbers", d.Parts)
	}
	if err != nil {
		return nil, true, fmt.Errorf("producer %q: the %s version %q: %v", producer, d.Dialect, s, err)
	}
	return v, true, nil
}

// FileFor implements ProducerVersioned.
func (d *Versioning) FileFor(v DialectVersion) (string, int, error) {
	if v == nil {
		v = d.Current
	}
	if err := d.Known(v); err != nil {
		return "", 0, err
	}
	for _, b := range d.Bytecode {
		if b.Until == nil || v.AtMost(b.Until...) {
			return d.Producer + v.String(), b.Version, nil
		}
	}
	return "", 0, fmt.Errorf("%s %s: no bytecode version is known for it", d.Dialect, v)
}

// Known refuses versions older than Minimum or newer than Current.
func (d *Versioning) Known(v DialectVersion) error {
	switch {
	case v.Compare(d.Current) > 0:
		return fmt.Errorf("%s %s is newer than %s, the newest version known here", d.Dialect, v, d.Current)
	case d.Minimum != nil && v.Compare(d.Minimum) < 0:
		return fmt.Errorf("%s %s is older than %s, the oldest version known here", d.Dialect, v, d.Minimum)
	}
	return nil
}

// VersionedOp is an op that exists from Since (nil: always) to Until (nil:
// still), both inclusive (Until compared on its own numbers only).
type VersionedOp struct {
	Op           string
	Since, Until DialectVersion
}

// VersionedAttr is an inherent attribute of an op, or a field of one (a
// native property whose form implements FieldedProp), that exists only in
// some versions. Default makes the value it stands for where it does not
// exist; nil means there is none, and ops that carry the attribute cannot
// be written there.
type VersionedAttr struct {
	Op, Attr     string
	Field        string
	Since, Until DialectVersion
	Default      func(ctx *ir.Context) ir.Attribute
	// IsDefault, when set, decides whether a value stands for the default
	// (VHLO: any empty tensor), instead of equality with Default's.
	IsDefault func(ir.Attribute) bool
}

// isDefault reports whether v may be dropped for a.
func (a VersionedAttr) isDefault(ctx *ir.Context, v ir.Attribute) bool {
	if a.IsDefault != nil {
		return a.IsDefault(v)
	}
	return v == a.Default(ctx)
}

// FieldedProp is a native property form made of named fields (a
// DictionaryAttr in memory), some of which older dialect versions lack.
type FieldedProp interface {
	NativeProp
	// WithoutFields is the form of a version without the named fields:
	// it neither reads nor writes them, and they read as their defaults.
	WithoutFields(names ...string) NativeProp
}

// VersionRename says that an op (Attr empty) or an op attribute was named
// Old before version Version; Op is the current op name.
type VersionRename struct {
	Version DialectVersion
	Op      string
	Attr    string
	Old     string
}

func (a VersionedAttr) at(v DialectVersion) bool { return exists(a.Since, a.Until, v) }
func (o VersionedOp) at(v DialectVersion) bool   { return exists(o.Since, o.Until, v) }

func exists(since, until, v DialectVersion) bool {
	return (since == nil || v.AtLeast(since...)) && (until == nil || v.AtMost(until...))
}

// CurrentVersion implements VersionedDialect.
func (d *Versioning) CurrentVersion() DialectVersion { return d.Current }

// OldestVersion implements VersionedDialect: Minimum, nil when any is.
func (d *Versioning) OldestVersion() DialectVersion { return d.Minimum }

// ReadVersion reads the payload's varints. Bytes after them are ignored,
// as MLIR's readers ignore them.
func (d *Versioning) ReadVersion(r *wire.Reader) (DialectVersion, error) {
	v := make(DialectVersion, d.Parts)
	for i := range v {
		n, err := r.VarInt()
		if err != nil {
			return nil, fmt.Errorf("%s version number %d of %d: %w", d.Dialect, i+1, d.Parts, err)
		}
		v[i] = n
	}
	return v, nil
}

// AppendVersion writes v's numbers as varints, missing ones as 0.
func (d *Versioning) AppendVersion(b []byte, v DialectVersion) []byte {
	for i := 0; i < d.Parts; i++ {
		var n uint64
		if i < len(v) {
			n = v[i]
		}
		b = wire.AppendVarInt(b, n)
	}
	return b
}

// currentName is the current name of an op that files of version v name
// op (before a rename, its old name).
func (d *Versioning) currentName(op string, v DialectVersion) string {
	for _, r := range d.Renames {
		if r.Attr == "" && r.Old == op && v.Compare(r.Version) < 0 {
			return r.Op
		}
	}
	return op
}

// oldName is what an element named name (attr "" for the op itself) of op
// is called at version v.
func (d *Versioning) oldName(op, attr string, v DialectVersion) string {
	name := op
	if attr != "" {
		name = attr
	}
	// Renames apply newest first: walking back from the current version.
	best := DialectVersion(nil)
	for _, r := range d.Renames {
		if r.Op == op && r.Attr == attr && v.Compare(r.Version) < 0 && (best == nil || r.Version.Compare(best) < 0) {
			best, name = r.Version, r.Old
		}
	}
	return name
}

// schemaKey caches a schema by what decides it: the op, the release and
// which of the table's bounds hold at the version (not the version
// itself, which files choose freely).
type schemaKey struct {
	op      string
	release int
	holds   string
}

// holds lists, one byte per table entry, whether it applies at v.
func (d *Versioning) holds(v DialectVersion) string {
	b := make([]byte, 0, len(d.Ops)+len(d.Attrs)+len(d.Renames))
	bit := func(ok bool) {
		if ok {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
	}
	for _, o := range d.Ops {
		bit(o.at(v))
	}
	for _, a := range d.Attrs {
		bit(a.at(v))
	}
	for _, r := range d.Renames {
		bit(v.Compare(r.Version) < 0)
	}
	return string(b)
}

// OpSchemaAt implements VersionedDialect: the current schema without the
// properties that do not exist at v, with renamed ones under their old
// names.
func (d *Versioning) OpSchemaAt(op string, release int, v DialectVersion) *OpSchema {
	if d.Schemas == nil {
		return nil
	}
	if v == nil {
		return d.Schemas.OpSchema(op, release)
	}
	key := schemaKey{op, release, d.holds(v)}
	if s, ok := d.schemas.Load(key); ok {
		return s.(*OpSchema)
	}
	cur := d.currentName(op, v)
	for _, o := range d.Ops {
		// A renamed op existed under its old name.
		if o.Op == cur && cur == op && !o.at(v) {
			return nil
		}
	}
	s := d.Schemas.OpSchema(cur, release)
	if s == nil {
		return nil
	}
	var drop []string
	fields := map[string][]string{}
	for _, a := range d.Attrs {
		switch {
		case a.Op != cur || a.at(v):
		case a.Field != "":
			fields[a.Attr] = append(fields[a.Attr], a.Field)
		default:
			drop = append(drop, a.Attr)
		}
	}
	s = s.Without(drop...)
	if len(fields) > 0 {
		c := *s
		c.Properties = slices.Clone(s.Properties)
		for i, p := range c.Properties {
			if fp, ok := p.Native.(FieldedProp); ok && len(fields[p.Name]) > 0 {
				c.Properties[i].Native = fp.WithoutFields(fields[p.Name]...)
			}
		}
		s = &c
	}
	renamed := false
	for i, p := range s.Properties {
		if n := d.oldName(cur, p.Name, v); n != p.Name {
			if !renamed {
				c := *s
				c.Properties = slices.Clone(s.Properties)
				s, renamed = &c, true
			}
			s.Properties[i].Name = n
		}
	}
	if renamed {
		// Attributes travel sorted by name, the names of that version.
		n := slices.IndexFunc(s.Properties, func(p PropField) bool { return p.Kind == PropNative })
		if n < 0 {
			n = len(s.Properties)
		}
		slices.SortStableFunc(s.Properties[:n], func(a, b PropField) int { return strings.Compare(a.Name, b.Name) })
	}
	if cur != op {
		c := *s
		c.Name = d.Dialect + "." + op
		s = &c
	}
	// Only ops the dialect has get here, so the cache stays small; the
	// name may point into a file's bytes.
	key.op = strings.Clone(op)
	actual, _ := d.schemas.LoadOrStore(key, s)
	return actual.(*OpSchema)
}

// UpgradeOp implements VersionedDialect: old names become current ones,
// and attributes added after from take their defaults.
func (d *Versioning) UpgradeOp(ctx *ir.Context, op *ir.Operation, from DialectVersion) error {
	name := op.Name()
	name.Op = d.currentName(name.Op, from)
	op.SetName(name)
	for _, r := range d.Renames {
		if r.Attr == "" || r.Op != name.Op {
			continue
		}
		if old := d.oldName(r.Op, r.Attr, from); old != r.Attr {
			if a := op.Attr(old); a != nil && op.Attr(r.Attr) == nil {
				op.SetAttrs(withoutAttr(op.Attrs(), old))
				op.SetAttr(r.Attr, a)
			}
		}
	}
	// An attribute the file's version did not have takes its default,
	// whatever the file holds under its name (a bytecode v4 dictionary
	// may hold anything), as MLIR's upgradeFromVersion sets it. Fields
	// took theirs when the property was read (FieldedProp).
	for _, a := range d.Attrs {
		if a.Op != name.Op || a.at(from) || a.Default == nil || a.Field != "" {
			continue
		}
		op.SetAttr(a.Attr, a.Default(ctx))
	}
	if d.Upgrade != nil {
		return d.Upgrade(ctx, op, from)
	}
	return nil
}

// DowngradeOp implements VersionedDialect.
func (d *Versioning) DowngradeOp(ctx *ir.Context, op *ir.Operation, to DialectVersion) (ir.OpName, []ir.NamedAttr, bool, error) {
	current := op.Name()
	name := current // the name at to
	attrs := op.Attrs()
	changed := false
	for _, a := range d.Attrs {
		if a.Op != current.Op || a.at(to) {
			continue
		}
		v := op.Attr(a.Attr)
		what := fmt.Sprintf("attribute %s of %s", a.Attr, current)
		if a.Field != "" {
			what = fmt.Sprintf("field %s of property %s of %s", a.Field, a.Attr, current)
			if v = fieldOf(ctx, v, a.Field); v == nil {
				continue
			}
			if a.Default == nil {
				return name, nil, false, &DialectVersionError{Dialect: d.Dialect, What: what, Since: a.Since, Until: a.Until, Target: to, Reason: "it has no default to drop it at"}
			}
			// The older form does not write the field; it must only be at
			// its default.
			if !a.isDefault(ctx, v) {
				return name, nil, false, &DialectVersionError{Dialect: d.Dialect, What: what, Since: a.Since, Until: a.Until, Target: to,
					Reason: fmt.Sprintf("it is %s, not its default %s", v, a.Default(ctx))}
			}
			continue
		}
		if v == nil {
			continue
		}
		if a.Default == nil {
			return name, nil, false, &DialectVersionError{Dialect: d.Dialect, What: what, Since: a.Since, Until: a.Until, Target: to, Reason: "it has no default to drop it at"}
		}
		if !a.isDefault(ctx, v) {
			return name, nil, false, &DialectVersionError{Dialect: d.Dialect, What: what, Since: a.Since, Until: a.Until, Target: to,
				Reason: fmt.Sprintf("it is %s, not its default %s", v, a.Default(ctx))}
		}
		attrs = withoutAttr(attrs, a.Attr)
		changed = true
	}
	for _, r := range d.Renames {
		if r.Op != current.Op || to.Compare(r.Version) >= 0 {
			continue
		}
		if r.Attr == "" {
			name.Op = d.oldName(r.Op, "", to)
			changed = true
			continue
		}
		if v := attrValue(attrs, r.Attr); v != nil {
			attrs = withAttr(withoutAttr(attrs, r.Attr), d.oldName(r.Op, r.Attr, to), v)
			changed = true
		}
	}
	if d.Downgrade != nil {
		n, a, err := d.Downgrade(ctx, op, to, name, attrs)
		if err != nil {
			return name, nil, false, err
		}
		changed = changed || n != name || !slices.Equal(a, attrs)
		name, attrs = n, a
	}
	// The op the target gets, under its name there, must exist there.
	for _, o := range d.Ops {
		if o.Op == name.Op && !o.at(to) {
			what := "op " + current.String()
			if name != current {
				what += " (" + name.String() + " there)"
			}
			return name, nil, false, &DialectVersionError{Dialect: d.Dialect, What: what, Since: o.Since, Until: o.Until, Target: to}
		}
	}
	return name, attrs, changed, nil
}

// fieldOf is the named entry of a dictionary attribute, nil when absent.
func fieldOf(ctx *ir.Context, dict ir.Attribute, field string) ir.Attribute {
	b, err := BuiltinOf(ctx)
	if dict == nil || err != nil {
		return nil
	}
	n, ok := b.DictionaryLen(dict)
	for i := 0; ok && i < n; i++ {
		if e := b.DictionaryEntry(dict, i); e.Name == field {
			return e.Value
		}
	}
	return nil
}

func attrValue(attrs []ir.NamedAttr, name string) ir.Attribute {
	for _, a := range attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// withoutAttr returns attrs without the named entry, as a new slice when
// it had one.
func withoutAttr(attrs []ir.NamedAttr, name string) []ir.NamedAttr {
	i := slices.IndexFunc(attrs, func(a ir.NamedAttr) bool { return a.Name == name })
	if i < 0 {
		return attrs
	}
	return slices.Concat(attrs[:i], attrs[i+1:])
}

// withAttr returns a new slice with the entry added in name order.
func withAttr(attrs []ir.NamedAttr, name string, v ir.Attribute) []ir.NamedAttr {
	i, _ := slices.BinarySearchFunc(attrs, name, func(a ir.NamedAttr, n string) int {
		switch {
		case a.Name < n:
			return -1
		case a.Name > n:
			return 1
		}
		return 0
	})
	return slices.Insert(slices.Clone(attrs), i, ir.NamedAttr{Name: name, Value: v})
}
