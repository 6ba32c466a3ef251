package bytecode

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// DialectVersion is a dialect's own version (MLIR dialect versioning, kept
// in the DialectVersions section): its numbers, most significant first, so
// 2.0 is {2, 0}. nil stands for the newest version the dialect knows.
type DialectVersion []uint64

// ParseDialectVersion parses "2.0" or "1.12.3".
func ParseDialectVersion(s string) (DialectVersion, error) {
	if s == "" {
		return nil, fmt.Errorf("an empty dialect version: want numbers separated by dots, e.g. 2.0")
	}
	var v DialectVersion
	for _, p := range strings.Split(s, ".") {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("dialect version %q: want numbers separated by dots, e.g. 2.0", s)
		}
		v = append(v, n)
	}
	return v, nil
}

func (v DialectVersion) String() string {
	if v == nil {
		return "current"
	}
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.FormatUint(n, 10)
	}
	return strings.Join(s, ".")
}

// Compare orders versions, missing numbers counting as 0 (2 == 2.0).
func (v DialectVersion) Compare(o DialectVersion) int {
	for i := 0; i < len(v) || i < len(o); i++ {
		var a, b uint64
		if i < len(v) {
			a = v[i]
		}
		if i < len(o) {
			b = o[i]
		}
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
	}
	return 0
}

// AtLeast reports whether v is the version given by parts or newer (a
// definition's `since: dialect …`); nil, the newest, always is.
func (v DialectVersion) AtLeast(parts ...uint64) bool {
	return v == nil || v.Compare(parts) >= 0
}

// AtMost reports whether v, compared on as many numbers as parts has, is
// at most parts (a definition's `until: dialect …`): `until: dialect 1`
// holds for every 1.x. nil, the newest, never is.
func (v DialectVersion) AtMost(parts ...uint64) bool {
	if v == nil {
		return false
	}
	if len(v) > len(parts) {
		v = v[:len(parts)]
	}
	return v.Compare(parts) <= 0
}

// DialectVersions maps dialect names to the versions a file is read at or
// written at; a dialect it does not name is at its newest version.
type DialectVersions map[string]DialectVersion

// String lists the versions sorted by dialect: "test 1.2, vhlo 0.9".
func (d DialectVersions) String() string {
	names := make([]string, 0, len(d))
	for n := range d {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		names[i] = n + " " + d[n].String()
	}
	return strings.Join(names, ", ")
}

// Dialect returns the version of the named dialect at the target, nil for
// its newest.
func (t Target) Dialect(name string) DialectVersion {
	if t.Dialects == nil {
		return nil
	}
	return (*t.Dialects)[name]
}

// VersionedDialect is implemented by dialects that version themselves
// through the DialectVersions section (MLIR's BytecodeDialectInterface
// readVersion, writeVersion and upgradeFromVersion). IR in memory is always
// at the dialect's current version: readers upgrade what they read, and
// writers ask for what an op is at an older target.
type VersionedDialect interface {
	// CurrentVersion is the newest version the dialect knows, which
	// writers write unless asked otherwise; OldestVersion the oldest
	// (nil: any).
	CurrentVersion() DialectVersion
	OldestVersion() DialectVersion
	// ReadVersion decodes a DialectVersions payload.
	ReadVersion(r *wire.Reader) (DialectVersion, error)
	// AppendVersion appends the payload of v.
	AppendVersion(b []byte, v DialectVersion) []byte
	// OpSchemaAt is OpSchema for an op named as files of version v name
	// it: the layout of its properties at that version.
	OpSchemaAt(op string, release int, v DialectVersion) *OpSchema
	// UpgradeOp brings one of the dialect's ops, read from a file of
	// version from, to the current version in place.
	UpgradeOp(ctx *ir.Context, op *ir.Operation, from DialectVersion) error
	// DowngradeOp returns the name and attributes op has at version to,
	// which is older than the current one; changed is false when they
	// are op's own. It fails, naming the element, the version that added
	// it and the target, when the op holds something the target cannot.
	DowngradeOp(ctx *ir.Context, op *ir.Operation, to DialectVersion) (name ir.OpName, attrs []ir.NamedAttr, changed bool, err error)
}

// DialectVersionError says that an element of a dialect does not exist at a
// dialect version: it was added later (or removed earlier), and is not at a
// value the version can do without.
type DialectVersionError struct {
	Dialect string
	What    string         // "attribute modifier of test.versionedA"
	Since   DialectVersion // the version that added it, nil if none did
	Until   DialectVersion // the last version that has it, nil if none removed it
	Target  DialectVersion
	Reason  string // why it cannot be dropped: "it is true, not its default false"
}

func (e *DialectVersionError) Error() string {
	var s string
	switch {
	case e.Since != nil:
		s = fmt.Sprintf("%s was added in %s %s; the target is %s %s", e.What, e.Dialect, e.Since, e.Dialect, e.Target)
	default:
		s = fmt.Sprintf("%s was removed after %s %s; the target is %s %s", e.What, e.Dialect, e.Until, e.Dialect, e.Target)
	}
	if e.Reason != "" {
		s += " (" + e.Reason + ")"
	}
	return s
}

// As lets errors.As find a DialectVersionError as the *wire.VersionError
// every version error is (what, the versions that have it, the target).
func (e *DialectVersionError) As(target any) bool {
	v, ok := target.(**wire.VersionError)
	if !ok {
		return false
	}
	needs := fmt.Sprintf("%s %s or newer", e.Dialect, e.Since)
	if e.Since == nil {
		needs = fmt.Sprintf("%s %s or older", e.Dialect, e.Until)
	}
	*v = &wire.VersionError{What: e.What, Needs: needs, Target: fmt.Sprintf("%s %s", e.Dialect, e.Target)}
	return true
}

// Without returns a copy of s without the named properties; s itself when
// it has none of them.
func (s *OpSchema) Without(names ...string) *OpSchema {
	drop := func(n string) bool {
		for _, x := range names {
			if x == n {
				return true
			}
		}
		return false
	}
	c := *s
	c.Properties = nil
	for _, p := range s.Properties {
		if !drop(p.Name) {
			c.Properties = append(c.Properties, p)
		}
	}
	if len(c.Properties) == len(s.Properties) {
		return s
	}
	return &c
}
