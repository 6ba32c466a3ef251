// Package release converts the attributes of MLIR ops between LLVM
// releases by the rules a dialect's definitions give: the releases an
// inherent attribute exists in, the default a release populates where the
// attribute is absent (ODS's DefaultValuedAttr), the enum whose cases it
// holds as integers (renumbered by case name), and the storage an older
// release gives it (an I64ArrayAttr that became a DenseI64ArrayAttr).
// Generated dialect packages fill in Rules from their definitions and
// implement bytecode.ReleaseConverter with them; what the data cannot say
// is a hand-written hook the definitions name.
package release

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Rules are a dialect's release differences, by op name without the
// dialect prefix.
type Rules struct {
	Dialect string
	Ops     map[string]*Op
	// Oldest is the oldest release the definitions describe (0: no
	// bound). Older releases are not described, so Populate adds nothing
	// there: arith's definitions, of 19 and 22, would give LLVM 16's ops
	// an overflowFlags it has no attribute for.
	Oldest int
}

// Op is one op's differences.
type Op struct {
	Attrs []Attr
	// Hook, when set, runs before the rules of Attrs, for what they
	// cannot say.
	Hook Hook
}

// Hook converts an op's attributes (attrs, sorted by name, the caller's
// copy) read at release from to release to, and returns them.
type Hook func(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error)

// Attr is one inherent attribute's differences. Releases are LLVM majors,
// 0 the newest; bounds are the definitions' since and until (0: none).
type Attr struct {
	Name         string
	Since, Until int
	// Populated says that ops carry the attribute wherever it exists,
	// at its default where not set, in the releases PopulatedSince and
	// PopulatedUntil bound; Default builds that default (nil, or a nil
	// result where the context lacks what it needs: it cannot be built
	// here, and DefaultText, the definition's, names it).
	Populated                      bool
	PopulatedSince, PopulatedUntil int
	Default                        func(ctx *ir.Context) ir.Attribute
	DefaultText                    string
	// Enum, when set, is the enum whose cases the attribute holds as
	// integers, alone or in an array.
	Enum *Enum
	// RenamedFrom, when set, is the attribute that releases before Since
	// call this one: written across Since, the value takes the target's
	// name.
	RenamedFrom string
	// Storage, when set, gives the attribute's constraint by release:
	// each entry holds up to its Until, the last (Until 0) for the newer
	// ones. Between two whose Forms are known, a value is converted;
	// across any other change only a default is (to the target's), and
	// any other value is refused.
	Storage []Storage
}

// Storage is how an attribute is stored up to a release: its ODS
// constraint, and the Form of the integers it holds (0: none this
// package converts).
type Storage struct {
	Until      int
	Form       Form
	Constraint string
	// Default, when set, builds the attribute's default under
	// Constraint, where Attr.Default's cannot be converted to it.
	Default func(ctx *ir.Context) ir.Attribute
}

// Form is a storage of integers: a list, or one.
type Form int

const (
	// ArrayI64 and ArrayI32 are ArrayAttrs of i64 (i32) IntegerAttrs:
	// [0, 1].
	ArrayI64 Form = iota + 1
	ArrayI32
	// DenseI64 and DenseI32 are DenseArrayAttrs: array<i64: 0, 1>.
	DenseI64
	DenseI32
	// IntI64 and IntI32 are one IntegerAttr: 1 : i64.
	IntI64
	IntI32
	// SymbolName is a symbol's name as a StringAttr ("f"), SymbolRef a
	// reference to it without nested references (@f).
	SymbolName
	SymbolRef
)

// Enum is an enum whose numbering may differ between releases.
type Enum struct {
	Name  string
	Bit   bool
	Cases []Case
}

// Case is an enum case: Value in the newest release, Older where older
// releases differ (each up to its Until, by increasing release).
type Case struct {
	Name  string
	Value uint64
	Older []Older
	// Since and Until bound the releases that have the case (0: none).
	Since, Until int
}

// Older is a case's value up to a release.
type Older struct {
	Until int
	Value uint64
}

// AtLeast reports whether release (0: the newest) is since or newer: what
// a release hook asks of each side of a conversion, when the form it
// converts appeared in release since.
func AtLeast(release, since int) bool { return at(release, since, 0) }

// at reports whether bounds since and until hold at a release, as the
// definitions' since/until do: since N holds at 0 and from N on, until N
// from 1 up to N.
func at(release, since, until int) bool {
	if since != 0 && release != 0 && release < since {
		return false
	}
	if until != 0 && (release == 0 || release > until) {
		return false
	}
	return true
}

func (a *Attr) exists(release int) bool { return at(release, a.Since, a.Until) }

func (a *Attr) populated(release int) bool {
	return a.Populated && a.exists(release) && at(release, a.PopulatedSince, a.PopulatedUntil)
}

func (a *Attr) storage(release int) Form {
	if s := a.storageAt(release); s != nil {
		return s.Form
	}
	return 0
}

// storageAt is the entry of Storage that holds at release, nil without
// any.
func (a *Attr) storageAt(release int) *Storage {
	for i := range a.Storage {
		if s := &a.Storage[i]; s.Until == 0 || release != 0 && release <= s.Until {
			return s
		}
	}
	return nil
}

// ConvertOp returns op's attributes at release to for an op read at
// release from: see bytecode.ReleaseConverter.
func (r *Rules) ConvertOp(ctx *ir.Context, op *ir.Operation, from, to int) ([]ir.NamedAttr, bool, error) {
	if from == to || r == nil {
		return op.Attrs(), false, nil
	}
	rules := r.Ops[op.Name().Op]
	if rules == nil {
		return op.Attrs(), false, nil
	}
	attrs := slices.Clone(op.Attrs())
	changed := false
	if rules.Hook != nil {
		// First, so that the rules see what the hook made of the op.
		out, err := rules.Hook(ctx, op, attrs, from, to)
		if err != nil {
			return nil, false, fmt.Errorf("op %s: %w", op.Name(), err)
		}
		attrs, changed = out, !slices.Equal(out, op.Attrs())
	}
	// Attributes renamed across the releases take the target's name
	// first, so that the rules below see each under the name it has there.
	for i := range rules.Attrs {
		a := &rules.Attrs[i]
		if a.RenamedFrom == "" || at(from, a.Since, a.Until) == at(to, a.Since, a.Until) {
			continue
		}
		old, now := a.RenamedFrom, a.Name
		if !at(to, a.Since, a.Until) {
			old, now = now, old
		}
		if v := find(attrs, old); v != nil {
			attrs = set(remove(attrs, old), now, v)
			changed = true
		}
	}
	fail := func(a *Attr, format string, args ...any) error {
		return fmt.Errorf("op %s, attribute %s: %s", op.Name(), a.Name, fmt.Sprintf(format, args...))
	}
	for i := range rules.Attrs {
		a := &rules.Attrs[i]
		v := find(attrs, a.Name)
		switch {
		case v == nil:
			if a.populated(to) && !a.populated(from) {
				d := a.defaultAt(ctx, to)
				if d == nil {
					return nil, false, fail(a, "%s populates its default %s, which cannot be built here", bytecode.ReleaseName(to), a.DefaultText)
				}
				attrs = set(attrs, a.Name, d)
				changed = true
			}
		case !a.exists(from):
			// Not inherent where the op was read: a discardable
			// attribute of the same name, left as it is.
		case !a.exists(to):
			if !a.populated(from) {
				// The target would keep it in the attribute dictionary
				// and ignore it (19's omp.parallel proc_bind_val, which
				// 22 names proc_bind_kind). The attributes it reads there
				// (19's affine.if condition) have no rule.
				return nil, false, fail(a, "%s has no such attribute (%s have it), so it cannot hold %v", bytecode.ReleaseName(to), bytecode.ReleasesText(a.Since, a.Until), v)
			}
			if a.defaultAt(ctx, from) == v {
				attrs = remove(attrs, a.Name)
				changed = true
				continue
			}
			return nil, false, fail(a, "%s has no such attribute (%s have it), so it cannot hold %v (only its default %s)", bytecode.ReleaseName(to), bytecode.ReleasesText(a.Since, a.Until), v, a.DefaultText)
		case !r.describes(to) && !a.populatedKnown(to) && a.populated(from) && a.defaultAt(ctx, from) == v:
			// The definitions do not describe that release beyond what
			// it lacks (LLVM 16: see odsimport -older), so not whether it
			// populates the attribute: its default is left out, which
			// every release that has it reads as the default.
			attrs = remove(attrs, a.Name)
			changed = true
		default:
			nv := v
			var err error
			if a.Enum != nil {
				if nv, err = a.Enum.convert(ctx, nv, from, to); err != nil {
					return nil, false, fail(a, "%v", err)
				}
			}
			if f, t := a.storageAt(from), a.storageAt(to); f != t && f.Form != 0 && t.Form != 0 {
				if f.Form != t.Form {
					if nv, err = convertStorage(ctx, nv, f.Form, t.Form); err != nil {
						return nil, false, fail(a, "%v", err)
					}
				}
			} else if f != t {
				// A change of constraint this package cannot convert
				// (xegpu.fence's memory_kind):
				// only a default crosses it, as the target's default, and
				// a value the target's constraint is known to hold.
				if d := a.defaultAt(ctx, to); d != nil && nv == a.defaultAt(ctx, from) {
					nv = d
				} else if !holds(t.Constraint, nv) {
					return nil, false, fail(a, "%s holds it as %s and %s as %s, and no conversion of %v is known", bytecode.ReleaseName(from), f.Constraint, bytecode.ReleaseName(to), t.Constraint, nv)
				}
			}
			if a.populated(from) && !a.populated(to) && nv != nil && a.defaultAt(ctx, to) == nv {
				// Only the target's parsers leave a default out.
				attrs = remove(attrs, a.Name)
				changed = true
				continue
			}
			if nv != v {
				attrs = set(attrs, a.Name, nv)
				changed = true
			}
		}
	}
	if !changed {
		return op.Attrs(), false, nil
	}
	return attrs, true, nil
}

// Populate returns attrs, an op's attributes sorted by name, with the
// default of each attribute the op carries at release where it is
// absent, as MLIR sets them when it creates the op (from text, from
// bytecode or in a builder); added reports whether it set any. It may
// insert into attrs' array. A default that cannot be built here
// (Default nil) is left out: the op then lacks what MLIR would give it,
// as it did before, and the writer's release conversion names it where
// a release needs it.
func (r *Rules) Populate(ctx *ir.Context, op string, release int, attrs []ir.NamedAttr) (_ []ir.NamedAttr, added bool) {
	if r == nil {
		return attrs, false
	}
	rules := r.Ops[op]
	if rules == nil {
		return attrs, false
	}
	for i := range rules.Attrs {
		a := &rules.Attrs[i]
		if !a.populated(release) || !r.describes(release) && !a.populatedKnown(release) || find(attrs, a.Name) != nil {
			continue
		}
		if d := a.defaultAt(ctx, release); d != nil {
			attrs = set(attrs, a.Name, d)
			added = true
		}
	}
	return attrs, added
}

// EnumAttr is the attribute of dialect that holds the case named value of
// its enum named enum (bytecode.EnumAttrs), nil where ctx lacks the
// dialect or the dialect such an attribute: a default of another
// dialect's attribute (math's fastmath is arith's).
func EnumAttr(ctx *ir.Context, dialect, enum, value string) ir.Attribute {
	if d, ok := ctx.Dialect(dialect).(bytecode.EnumAttrs); ok {
		return d.EnumAttr(ctx, enum, value)
	}
	return nil
}

// populatedKnown reports whether the definitions say that a release older
// than those they describe populates the attribute: its populated bounds
// reach back to it (populated: {since: llvm 16}, which odsimport -older
// reads from LLVM 16's records).
func (a *Attr) populatedKnown(release int) bool {
	return release != 0 && a.PopulatedSince != 0 && release >= a.PopulatedSince
}

// describes reports whether the definitions describe release (0, the
// newest, they always do).
func (r *Rules) describes(release int) bool { return release == 0 || release >= r.Oldest }

// defaultAt is a's default as release stores it, nil where it cannot be
// built (here or in ctx): the default of the release's constraint where
// it has one of its own (apply_registered_pass's options, "" in 19 and
// {} in 22), else Default's. That is built in one release's storage:
// where another release stores the attribute otherwise (LLVM 19's
// tile_sizes of structured.tile_reduction_using_for, array<i64>, where
// 22 has []), it is converted.
func (a *Attr) defaultAt(ctx *ir.Context, release int) ir.Attribute {
	s := a.storageAt(release)
	if s != nil && s.Default != nil {
		return s.Default(ctx)
	}
	if a.Default == nil {
		return nil
	}
	d := a.Default(ctx)
	var to Form
	if s != nil {
		to = s.Form
	}
	if d == nil || to == 0 {
		return d
	}
	if _, ok := ints(d, to); ok {
		return d
	}
	for _, s := range a.Storage {
		if _, ok := ints(d, s.Form); ok {
			if c, err := convertStorage(ctx, d, s.Form, to); err == nil {
				return c
			}
		}
	}
	return d
}

func find(attrs []ir.NamedAttr, name string) ir.Attribute {
	for _, a := range attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// Set returns attrs with name set to v, kept sorted by name.
func Set(attrs []ir.NamedAttr, name string, v ir.Attribute) []ir.NamedAttr {
	return set(attrs, name, v)
}

// Remove returns attrs without name.
func Remove(attrs []ir.NamedAttr, name string) []ir.NamedAttr { return remove(attrs, name) }

// Find returns the value of name in attrs, nil if absent.
func Find(attrs []ir.NamedAttr, name string) ir.Attribute { return find(attrs, name) }

func set(attrs []ir.NamedAttr, name string, v ir.Attribute) []ir.NamedAttr {
	i, found := slices.BinarySearchFunc(attrs, name, func(a ir.NamedAttr, n string) int {
		switch {
		case a.Name < n:
			return -1
		case a.Name > n:
			return 1
		}
		return 0
	})
	if found {
		attrs[i].Value = v
		return attrs
	}
	return slices.Insert(attrs, i, ir.NamedAttr{Name: name, Value: v})
}

func remove(attrs []ir.NamedAttr, name string) []ir.NamedAttr {
	return slices.DeleteFunc(attrs, func(a ir.NamedAttr) bool { return a.Name == name })
}
