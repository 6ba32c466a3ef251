package defs

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Dialect versioning (versions.dialect): the checks that let the generator
// emit the payload codec, the version tables and the upgrade and downgrade
// steps without reporting anything itself.
//
// Bounds on the dialect axis are generated on ops, op attributes,
// attributes and types (writers refuse them at other versions) and
// bytecode variants. A `since`/`until: dialect V` compares as many numbers
// as V has: `until: dialect 1` holds for every 1.x. History steps add to
// this: `adds` gives the elements it names `since` its version, and
// `renames` maps the names before it to the current ones.

// checkDialectVersions checks versions.dialect and every dialect-axis bound.
func checkDialectVersions(l *loader, d *Dialect) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
	}
	var dv *DialectVersion
	if d.Versions != nil {
		dv = d.Versions.Dialect
	}
	ops := map[string]*Op{}
	for _, o := range d.Ops {
		ops[o.Name] = o
	}
	// element resolves "op", "op.attr" or "op.attr.field" (of a struct
	// property) of a history step.
	element := func(p Pos, name string) *Availability {
		opName, attr, isAttr := strings.Cut(name, ".")
		attr, field, isField := strings.Cut(attr, ".")
		o := ops[opName]
		if o == nil {
			errf(p, "history: %q names no op of dialect %s (want op or op.attribute)", name, d.Name)
			return nil
		}
		if !isAttr {
			return &o.Availability
		}
		for _, a := range o.Attributes {
			if a.Name != attr {
				continue
			}
			if !isField {
				return &a.Availability
			}
			for _, f := range structFields(a) {
				if f.Name == field {
					return &f.Availability
				}
			}
			errf(p, "history: property %s of op %s has no field %q", attr, opName, field)
			return nil
		}
		errf(p, "history: op %s has no attribute %q", opName, attr)
		return nil
	}
	if dv != nil {
		switch {
		case d.Format != "mlir":
			errf(dv.Pos, "versions.dialect: dialect versions are MLIR's DialectVersions section; format %s has none", d.Format)
		case dv.Current.Axis != "dialect":
			errf(dv.Pos, "versions.dialect: current must be a dialect version (current: dialect 2.0)")
		case dv.Producer == "" && len(dv.Encoding) == 0:
			errf(dv.Pos, "versions.dialect: encoding lists the payload's varints, most significant first ([{param: major}, {param: minor}]), or producer the prefix of the version in the producer string")
		case dv.Producer != "" && len(dv.Encoding) > 0:
			errf(dv.Pos, "versions.dialect: producer and encoding exclude each other: the version is in the producer string or in a payload")
		case dv.Producer == "" && len(dv.Bytecode) > 0:
			errf(dv.Pos, "versions.dialect: bytecode (the bytecode version of each version) goes with producer")
		}
		if m := dv.Minimum; m != nil && (m.Axis != "dialect" || (dv.Current.Axis == "dialect" && m.Compare(dv.Current) > 0)) {
			errf(m.Pos, "versions.dialect: minimum must be a dialect version no newer than current")
		}
		for i, b := range dv.Bytecode {
			if b.Version < 0 || b.Version > 6 {
				errf(b.Pos, "versions.dialect bytecode: version %d is not a bytecode version (0 to 6)", b.Version)
			}
			if b.Until == nil && i != len(dv.Bytecode)-1 {
				errf(b.Pos, "versions.dialect bytecode: an entry without until must come last")
			}
			if b.Until != nil && b.Until.Axis != "dialect" {
				errf(b.Pos, "versions.dialect bytecode: until must be a dialect version")
			}
		}
		for _, f := range dv.Encoding {
			if f.Param == "" || (f.As != "" && f.As != "varint") || f.Custom != "" || f.Packed != nil {
				errf(f.Pos, "versions.dialect encoding: each field is {param: name} (a varint)")
			}
		}
		if dv.Producer == "" && len(dv.Current.Parts) > len(dv.Encoding) {
			errf(dv.Current.Pos, "versions.dialect: current %s has more numbers than the encoding's %d", dv.Current, len(dv.Encoding))
		}
		var prev *VersionStep
		for _, st := range dv.History {
			if st.Version.Axis != "dialect" {
				errf(st.Pos, "history: version must be a dialect version")
				continue
			}
			if prev != nil && st.Version.Compare(prev.Version) <= 0 {
				errf(st.Pos, "history: %s comes after %s; list versions oldest first", st.Version, prev.Version)
			}
			prev = st
			for _, name := range st.Adds {
				a := element(st.Pos, name)
				switch {
				case a == nil:
				case a.Since == nil:
					v := st.Version
					a.Since = &v
				case a.Since.Compare(st.Version) != 0 || a.Since.Axis != "dialect":
					errf(st.Pos, "history: %s adds %s, but it says since: %s", st.Version, name, a.Since)
				}
			}
			if len(st.Removes) > 0 {
				errf(st.Pos, "history: removes: an element removed from the dialect is not in its definitions, so no table can upgrade it; write the step as versions.dialect.upgrade and .downgrade hooks")
			}
			for _, old := range sortedKeys(st.Renames) {
				cur := st.Renames[old]
				oldOp, oldAttr, oldIsAttr := strings.Cut(old, ".")
				curOp, _, curIsAttr := strings.Cut(cur, ".")
				switch {
				case oldIsAttr != curIsAttr || (oldIsAttr && oldOp != curOp):
					errf(st.Pos, "history: renames %s: %s: rename an op (old: new) or an attribute of one op (op.old: op.new)", old, cur)
				case !oldIsAttr && ops[old] != nil && !retiredBefore(ops[old], st.Version):
					// A retired op may keep its definition (VHLO keeps
					// every op_vN); a live one cannot be another's past.
					errf(st.Pos, "history: renames %s: %s: %s is also the name of an op that exists at %s (bound it with until: a version before)", old, cur, old, st.Version)
				case oldIsAttr && oldAttr == "":
					errf(st.Pos, "history: renames %s: an empty attribute name", old)
				default:
					element(st.Pos, cur)
				}
			}
		}
	}
	// Every dialect-axis bound: where it may be, and that it is known.
	check := func(what string, a Availability, allowed bool) {
		for _, v := range []*Version{a.Since, a.Until} {
			if v == nil || v.Axis != "dialect" {
				continue
			}
			switch {
			case dv == nil:
				errf(v.Pos, "%s: a dialect version bound needs versions.dialect (the current version and the payload's encoding)", what)
			case !allowed:
				errf(v.Pos, "%s: dialect version bounds are generated on ops, op attributes, attributes, types and bytecode variants only", what)
			case dv.Current.Axis == "dialect" && v == a.Since && v.Compare(dv.Current) > 0:
				errf(v.Pos, "%s: since %s is newer than the current version %s", what, v, dv.Current)
			case len(v.Parts) > versionParts(dv):
				errf(v.Pos, "%s: %s has more numbers than the version's %d", what, v, versionParts(dv))
			}
		}
	}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		check(def.Name, def.Availability, true)
		for _, p := range def.Params {
			check(def.Name+" param "+p.Name, p.Availability, false)
		}
		for _, e := range def.Bytecode {
			check(fmt.Sprintf("%s code %d", def.Name, e.Code), e.Availability, true)
		}
	}
	for _, e := range d.Enums {
		for _, v := range e.Values {
			check(e.Name+" value "+v.Name, v.Availability, false)
		}
	}
	for _, o := range d.Ops {
		check("op "+o.Name, o.Availability, true)
		for _, a := range o.Attributes {
			check("op "+o.Name+" attribute "+a.Name, a.Availability, true)
			for _, p := range a.Property {
				check("op "+o.Name+" property "+a.Name, p.Availability, false)
			}
			for _, f := range structFields(a) {
				what := "op " + o.Name + " property " + a.Name + " field " + f.Name
				check(what, f.Availability, true)
				if versionedOnDialect(f.Availability) && !f.HasDefault {
					errf(f.Pos, "%s: a field that exists only in some dialect versions needs a default, the value readers of other versions give it", what)
				}
			}
			if !versionedOnDialect(a.Availability) {
				continue
			}
			if len(a.Property) > 0 {
				errf(a.Pos, "op %s attribute %s: dialect version bounds on native properties are not generated (bound the fields of a struct property instead)", o.Name, a.Name)
			}
			if a.Default == "" && !a.Optional {
				errf(a.Pos, "op %s attribute %s: a required attribute that exists only in some dialect versions needs a default, the value readers of other versions give it (default: false, default: \"0 : i32\")", o.Name, a.Name)
			}
			if a.Default != "" {
				if _, err := ParseAttrLiteral(a.Default); err != nil {
					errf(a.Pos, "op %s attribute %s: default: %v", o.Name, a.Name, err)
				}
			}
		}
		for _, g := range append(append([]*Operand{}, o.Operands...), o.Results...) {
			check("op "+o.Name+" "+g.Name, g.Availability, false)
		}
		for _, r := range o.Regions {
			check("op "+o.Name+" region "+r.Name, r.Availability, false)
		}
		for _, s := range o.Successors {
			check("op "+o.Name+" successor "+s.Name, s.Availability, false)
		}
	}
}

// structFields lists the fields of an op attribute's struct property forms,
// each name once.
func structFields(a *OpAttr) []*PropertyField {
	var out []*PropertyField
	seen := map[string]bool{}
	for _, p := range a.Property {
		for _, f := range p.Fields {
			if !seen[f.Name] {
				seen[f.Name] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// StructFields lists the fields of an op attribute's struct property forms,
// each name once (the first form's, where several releases declare one).
func StructFields(a *OpAttr) []*PropertyField { return structFields(a) }

// retiredBefore reports whether op exists only before version v.
func retiredBefore(op *Op, v Version) bool {
	u := op.Until
	return u != nil && u.Axis == "dialect" && u.Compare(v) < 0
}

// versionParts is how many numbers the dialect's versions have.
func versionParts(dv *DialectVersion) int {
	if dv.Producer != "" {
		return len(dv.Current.Parts)
	}
	return len(dv.Encoding)
}

// versionedOnDialect reports whether a bounds an element on the dialect axis.
func versionedOnDialect(a Availability) bool {
	return (a.Since != nil && a.Since.Axis == "dialect") || (a.Until != nil && a.Until.Axis == "dialect")
}

// AttrLiteral is a builtin attribute written as MLIR prints it, as the
// defaults of versioned op attributes take them: true, false, or an
// integer with its type (`0 : i32`, `-1 : si8`); or "go:Name", hand-written
// functions defaultName(ctx *ir.Context) ir.Attribute that makes the
// default and isDefaultName(a ir.Attribute) bool that says whether a value
// stands for it (attributes of the dialect itself).
type AttrLiteral struct {
	Hook       string
	Bool       bool
	IsBool     bool
	Int        int64
	Width      int
	Signedness string // "signless", "signed", "unsigned"
}

// intLiteral is compiled on first use, not when a program linking this
// package starts.
var intLiteral = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(-?[0-9]+) : (i|si|ui)([0-9]+)$`) })

// ParseAttrLiteral parses a default value.
func ParseAttrLiteral(s string) (AttrLiteral, error) {
	if h, ok := strings.CutPrefix(s, "go:"); ok {
		if !isIdent(h) {
			return AttrLiteral{}, fmt.Errorf("%q: go:Name names hand-written functions defaultName and isDefaultName", s)
		}
		return AttrLiteral{Hook: h}, nil
	}
	switch s {
	case "true", "false":
		return AttrLiteral{IsBool: true, Bool: s == "true"}, nil
	}
	m := intLiteral().FindStringSubmatch(s)
	if m == nil {
		return AttrLiteral{}, fmt.Errorf("%q is not true, false, an integer with its type (0 : i32) or go:Name", s)
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	w, werr := strconv.Atoi(m[3])
	if err != nil || werr != nil || w < 1 || w > 64 {
		return AttrLiteral{}, fmt.Errorf("%q: want a 64-bit value and a width of 1 to 64", s)
	}
	sign := map[string]string{"i": "signless", "si": "signed", "ui": "unsigned"}[m[2]]
	return AttrLiteral{Int: n, Width: w, Signedness: sign}, nil
}
