package defs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Checks of mistakes an author makes that would otherwise give generated
// code that does not compile, or compiles and reads or writes the wrong
// bytes. Each names the element and, where a near name exists, suggests it.

// The patterns are compiled on first use, not when a program that links
// this package (mlirbc does) starts.
var (
	// A dialect namespace is an identifier: ops are named namespace.op.
	dialectNameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_$]*$`) })
	// An op name is what follows the namespace; MLIR prints it quoted, so
	// it may hold dots and dashes (llvm.mlir.global, arm_neon.2d.sdot,
	// vhlo.cross-replica-sum_v1), but no space, quote or backslash.
	opNameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[^\s"'\\.][^\s"'\\]*$`) })
)

func (l *loader) errAt(p Pos, format string, args ...any) {
	l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// checkMistakes runs the checks below on a resolved dialect.
func checkMistakes(l *loader, d *Dialect) {
	if !dialectNameRE().MatchString(d.Name) {
		l.errAt(d.Pos, "dialect name %q is not an identifier (letters, digits, _ and $, not starting with a digit): ops are named %s.<op>", d.Name, d.Name)
	}
	for _, a := range l.avails {
		checkRange(l, a)
	}
	for _, def := range append(slices.Clone(d.Attributes), d.Types...) {
		for _, e := range def.Bytecode {
			checkFieldsOnce(l, def.Name, e)
		}
	}
	for _, e := range d.Enums {
		checkEnumTexts(l, e)
	}
	known := definedNames(d)
	for _, o := range d.Ops {
		if !opNameRE().MatchString(o.Name) {
			l.errAt(o.Pos, "op name %q may not hold spaces, quotes or backslashes, nor start with a dot", o.Name)
		}
		checkOpNames(l, o)
		checkDeclaration(l, o)
		var releases []int
		if d.Versions != nil {
			releases = d.Versions.Releases
		}
		checkEndsWith(l, d, o)
		checkOlderNames(l, d, o)
		checkRenamedFrom(l, o)
		checkGroupOrders(l, o, o.Operands, o.OperandOrder, "operand_order", releases)
		checkGroupOrders(l, o, o.Results, o.ResultOrder, "result_order", releases)
		for _, g := range append(slices.Clone(o.Operands), o.Results...) {
			if near := nearName(g.Type, known); near != "" {
				l.errAt(g.Pos, "op %q: %s names no definition of dialect %s; did you mean %s?", o.Name, g.Type, d.Name, near)
			}
		}
	}
}

// checkOlderNames refuses older names out of order (each until before the
// next), one that another op of the dialect has, or the op's own name.
func checkOlderNames(l *loader, d *Dialect, o *Op) {
	for i, n := range o.OlderNames {
		switch {
		case !opNameRE().MatchString(n.Name):
			l.errAt(n.Pos, "op %q: older name %q may not hold spaces, quotes or backslashes, nor start with a dot", o.Name, n.Name)
		case n.Name == o.Name:
			l.errAt(n.Pos, "op %q: an older name is the op's own name", o.Name)
		case i > 0 && n.Until.Parts[0] <= o.OlderNames[i-1].Until.Parts[0]:
			l.errAt(n.Pos, "op %q: older name %q: until %s is not after the older name before it (%s): list them oldest first", o.Name, n.Name, n.Until, o.OlderNames[i-1].Until)
		}
		for _, other := range d.Ops {
			if other.Name == n.Name {
				l.errAt(n.Pos, "op %q: older name %q is the name of another op of the dialect (%s)", o.Name, n.Name, other.Pos)
			}
		}
	}
}

// checkRenamedFrom refuses a renamed_from that names no other attribute
// of the op, or one whose releases do not all come before the
// attribute's (an LLVM since on the newer, an until before it on the
// older).
func checkRenamedFrom(l *loader, o *Op) {
	for _, a := range o.Attributes {
		if a.RenamedFrom == "" {
			continue
		}
		i := slices.IndexFunc(o.Attributes, func(b *OpAttr) bool { return b.Name == a.RenamedFrom })
		switch {
		case a.RenamedFrom == a.Name:
			l.errAt(a.Pos, "op %q: attribute %q: renamed_from names the attribute itself", o.Name, a.Name)
		case i < 0:
			l.errAt(a.Pos, "op %q: attribute %q: renamed_from %q is no attribute of the op", o.Name, a.Name, a.RenamedFrom)
		case a.Since.LLVM() == 0 || o.Attributes[i].Until.LLVM() == 0 || o.Attributes[i].Until.LLVM() >= a.Since.LLVM():
			l.errAt(a.Pos, "op %q: attribute %q: renamed_from %q: the older attribute needs an LLVM until before this one's LLVM since", o.Name, a.Name, a.RenamedFrom)
		}
	}
}

// SymbolTraits are the traits that make an op define a symbol: Symbol,
// and FunctionOpInterface, which MLIR builds on it (ODS records do not
// repeat an interface's base interfaces on the op).
var SymbolTraits = []string{"Symbol", "FunctionOpInterface"}

// IsSymbol reports whether an op with these traits defines a symbol.
func IsSymbol(traits []string) bool {
	return slices.ContainsFunc(SymbolTraits, func(t string) bool { return HasTrait(traits, t) })
}

// checkDeclaration refuses a declaration rule on an op that is no symbol,
// or a rule about a body on an op without regions.
func checkDeclaration(l *loader, o *Op) {
	switch {
	case o.Declaration == "":
	case !IsSymbol(o.Traits):
		l.errAt(o.DeclarationPos, "op %q: declaration: the op defines no symbol (no Symbol or FunctionOpInterface trait)", o.Name)
	case o.Declaration == DeclaresWithoutBody && len(o.Regions) == 0:
		l.errAt(o.DeclarationPos, "op %q: declaration: %s, but the op has no region to hold a body", o.Name, DeclaresWithoutBody)
	}
}

// checkRange refuses a version range that holds nowhere.
func checkRange(l *loader, a *Availability) {
	s, u := a.Since, a.Until
	if s == nil || u == nil || s.Axis != u.Axis {
		return
	}
	if compareParts(s.Parts, u.Parts) > 0 {
		l.errAt(s.Pos, "empty version range: since %s is after until %s (until is the last version that has it)", s, u)
	}
}

func compareParts(a, b []int) int {
	for i := range max(len(a), len(b)) {
		var x, y int
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return x - y
		}
	}
	return 0
}

// overlap reports whether two ranges hold at some common version. Bounds
// on different axes are taken to overlap: nothing orders them.
func overlap(a, b Availability) bool {
	below := func(until, since *Version) bool { // until < since
		return until != nil && since != nil && until.Axis == since.Axis && compareParts(until.Parts, since.Parts) < 0
	}
	return !below(a.Until, b.Since) && !below(b.Until, a.Since)
}

// checkFieldsOnce refuses an encoding that writes a param twice: the
// second read would overwrite the first, and the bytes would not round
// trip.
func checkFieldsOnce(l *loader, def string, e *Encoding) {
	seen := map[string]Pos{}
	claim := func(name string, p Pos) {
		if name == "" {
			return
		}
		if prev, ok := seen[name]; ok {
			l.errAt(p, "%s code %d: param %q is written twice (first at %s)", def, e.Code, name, prev)
			return
		}
		seen[name] = p
	}
	for _, f := range e.Fields {
		claim(f.Param, f.Pos)
		for _, pp := range f.Packed {
			claim(pp.Param, pp.Pos)
		}
		for _, o := range f.Outputs {
			claim(o, f.Pos)
		}
	}
}

// checkEnumTexts refuses two values with one keyword: text could not tell
// them apart.
func checkEnumTexts(l *loader, e *Enum) {
	seen := map[string]*EnumValue{}
	for _, v := range e.Values {
		text := v.Text
		if text == "" {
			text = strings.ToLower(v.Name)
		}
		if prev, ok := seen[text]; ok && overlap(prev.Availability, v.Availability) {
			l.errAt(v.Pos, "enum %s: values %s and %s both have the keyword %q", e.Name, prev.Name, v.Name, text)
			continue
		}
		seen[text] = v
	}
}

// checkEndsWith refuses an ends_with that names no op of the dialect, or
// holds for an op without regions, or in no LLVM release.
func checkEndsWith(l *loader, d *Dialect, o *Op) {
	e := o.EndsWith
	switch {
	case e == nil:
	case !slices.ContainsFunc(d.Ops, func(x *Op) bool { return x.Name == e.Op }):
		l.errAt(e.Pos, "op %q: ends_with: %q is no op of dialect %s (name it without the dialect: terminator)", o.Name, e.Op, d.Name)
	case len(o.Regions) == 0:
		l.errAt(e.Pos, "op %q: ends_with: the op has no region", o.Name)
	case e.Since == nil && e.Until == nil || e.Since != nil && e.Since.Axis != "llvm" || e.Until != nil && e.Until.Axis != "llvm":
		l.errAt(e.Pos, "op %q: ends_with: say in which LLVM releases (since, until: \"llvm 19\"); where every release ends so, a terminator is no release matter", o.Name)
	}
}

// checkGroupOrders refuses an order of an op's groups (operand_order,
// result_order) that is not its releases' whole list: it names the groups
// its until release has, or an older one it covers (of those the
// definitions describe: releases), each once, and nothing else. Orders
// come oldest first, and the newest says something the definition's
// order does not.
func checkGroupOrders(l *loader, o *Op, parts []*Operand, orders []*GroupOrder, what string, releases []int) {
	prev := 0
	for k, g := range orders {
		if g.Until == nil {
			continue
		}
		r := g.Until.Parts[0]
		if r <= prev {
			l.errAt(g.Pos, "op %q: %s: until llvm %d after llvm %d; list the orders oldest first", o.Name, what, r, prev)
		}
		covered := []int{r}
		for _, x := range releases {
			if x > prev && x < r {
				covered = append(covered, x)
			}
		}
		prev = r
		var present []string
		for _, p := range parts {
			if slices.ContainsFunc(covered, p.AtLLVM) && !slices.Contains(present, p.Name) {
				present = append(present, p.Name)
			}
		}
		seen := map[string]bool{}
		for _, n := range g.Groups {
			switch {
			case seen[n]:
				l.errAt(g.Pos, "op %q: %s: group %q is listed twice", o.Name, what, n)
			case !slices.Contains(present, n):
				l.errAt(g.Pos, "op %q: %s: llvm %d has no group %q (it has %s)", o.Name, what, r, n, strings.Join(present, ", "))
			}
			seen[n] = true
		}
		for _, n := range present {
			if !seen[n] {
				l.errAt(g.Pos, "op %q: %s: llvm %d's group %q has no place in the order", o.Name, what, r, n)
			}
		}
		if k == len(orders)-1 && slices.Equal(g.Groups, present) {
			// An older one may be: it ends the reach of the one after it.
			l.errAt(g.Pos, "op %q: %s: llvm %d's order is the definition's; leave it out", o.Name, what, r)
		}
	}
}

// checkOpNames refuses two parts of an op with one name: two operands,
// attributes, results, regions or successors, or an operand and an
// attribute (ODS's arguments share one namespace), unless the releases
// that have them do not meet (a group renamed or reshaped). Parts of
// other kinds may share a name: their Go names get the kind appended.
func checkOpNames(l *loader, o *Op) {
	type part struct {
		kind string
		pos  Pos
		av   Availability
	}
	seen := map[string][]part{}
	add := func(kind, name string, p Pos, av Availability) {
		space := kind
		if kind == "operand" || kind == "attribute" {
			space = "argument"
		}
		key := space + " " + name
		for _, prev := range seen[key] {
			if overlap(prev.av, av) {
				l.errAt(p, "op %q: %s %q has the name of the %s at %s", o.Name, kind, name, prev.kind, prev.pos)
				return
			}
		}
		seen[key] = append(seen[key], part{kind, p, av})
	}
	for _, g := range o.Operands {
		add("operand", g.Name, g.Pos, g.Availability)
	}
	for _, a := range o.Attributes {
		add("attribute", a.Name, a.Pos, a.Availability)
	}
	for _, g := range o.Results {
		add("result", g.Name, g.Pos, g.Availability)
	}
	for _, r := range o.Regions {
		add("region", r.Name, r.Pos, r.Availability)
	}
	for _, s := range o.Successors {
		add("successor", s.Name, s.Pos, s.Availability)
	}
}

// definedNames are the attributes, types and enums of a dialect.
func definedNames(d *Dialect) []string {
	var names []string
	for _, def := range append(slices.Clone(d.Attributes), d.Types...) {
		names = append(names, def.Name)
	}
	for _, e := range d.Enums {
		names = append(names, e.Name)
	}
	return names
}

// nearName returns a definition name that name is probably a misspelling
// of: not equal to any, but one edit from one (two for names of ten
// letters or more). Operand and result types are otherwise free text
// (upstream constraints such as AnyTensor name nothing here), so short
// names that differ by a word (AnyType, IntType) are not suspects.
func nearName(name string, known []string) string {
	if len(name) < 5 || slices.Contains(known, name) {
		return ""
	}
	// ODS constraints spell a dialect's types with its prefix and an
	// underscore (LLVM_TokenType for LLVMTokenType): not a misspelling.
	if slices.Contains(known, strings.ReplaceAll(name, "_", "")) {
		return ""
	}
	best, bestD := "", 2
	if len(name) >= 10 {
		bestD = 3
	}
	for _, k := range known {
		if d := editDistance(name, k, bestD); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or limit when it
// is at least limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c = 1 + min(prev[j-1], prev[j], cur[j-1])
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}
