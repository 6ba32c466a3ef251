package defs

import (
	"fmt"
	"strings"
	"unicode"
)

// Go names are decided here and nowhere else: the generator and the
// importers take the names the loader fills in (Op.GoName, Operand.GoName,
// Param.GoName, EnumValue.GoName, …).

// GoName turns snake_case or dotted names into PascalCase.
func GoName(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if r == '_' || r == '.' || r == '-' {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// OpReserved are the Go names an op part may not take, per format: the
// MLIR wrapper's Op method; the Tile IR op struct's embedded OpBase, its
// fields and the methods every op has.
var OpReserved = map[string][]string{
	"mlir":   {"Op"},
	"tileir": {"OpBase", "Base", "Results", "Regions", "Loc", "Info", "Code", "String"},
}

// enumValueGoName is the constant of an enum value: the enum's name and the
// value's name in PascalCase, or its text when the name is all capitals
// (ODS's NEAREST_EVEN is RoundingModeNearestEven).
func enumValueGoName(e *Enum, v *EnumValue) string {
	if v.GoName != "" {
		return v.GoName
	}
	name := v.Name
	if strings.ToUpper(name) == name && v.Text != "" {
		name = v.Text
	}
	return e.Name + GoName(name)
}

// nameOp fills in the Go names of an op's parts. A part without go_name
// takes its name in PascalCase; when that is reserved or taken by an
// earlier part (operands, results, attributes, regions, successors, in this
// order), the kind is appended (OpOperand, ValueRegion) and then a number.
// A go_name that clashes is an error: it was asked for.
func nameOp(l *loader, o *Op, format string) {
	taken := map[string]string{}
	for _, r := range OpReserved[format] {
		taken[r] = "a name every op has"
	}
	claim := func(name string, goName *string, p Pos, kind, suffix string) {
		what := fmt.Sprintf("%s %q", kind, name)
		if *goName != "" {
			if prev, ok := taken[*goName]; ok {
				l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("op %q: %s: go_name %s is already %s", o.Name, what, *goName, prev)})
				return
			}
			taken[*goName] = what
			return
		}
		g := GoName(name)
		if _, ok := taken[g]; ok {
			g += suffix
			for i := 2; taken[g] != ""; i++ {
				g = fmt.Sprintf("%s%s%d", GoName(name), suffix, i)
			}
		}
		*goName = g
		taken[g] = what
	}
	for _, v := range o.Operands {
		claim(v.Name, &v.GoName, v.Pos, "operand", "Operand")
	}
	for _, v := range o.Results {
		claim(v.Name, &v.GoName, v.Pos, "result", "Result")
	}
	for _, a := range o.Attributes {
		claim(a.Name, &a.GoName, a.Pos, "attribute", "Attr")
	}
	for _, r := range o.Regions {
		claim(r.Name, &r.GoName, r.Pos, "region", "Region")
	}
	for _, s := range o.Successors {
		claim(s.Name, &s.GoName, s.Pos, "successor", "Successor")
	}
}

// packageNames are the package-level names every generated package
// declares for itself.
var packageNames = []string{"Dialect", "dialect", "Releases", "Ops"}

// nameDialect fills in the Go names of enum values and params and checks
// that every package-level name the generated code declares is an
// identifier and is declared once: definitions and their constructors,
// enums and their constants, structs, ops and the names derived from them.
func nameDialect(l *loader, d *Dialect) {
	taken := map[string]string{}
	for _, n := range packageNames {
		taken[n] = "declared by every generated package"
	}
	claim := func(name string, p Pos, what string) bool {
		if !isIdent(name) {
			l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("%s %q: the Go name %s is not an identifier", what, name, name)})
			return false
		}
		if prev, ok := taken[name]; ok {
			l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("%s %q: Go name already used %s", what, name, prev)})
			return false
		}
		taken[name] = "at " + p.String()
		return true
	}
	derived := func(name, of string, p Pos) {
		if prev, ok := taken[name]; ok && isIdent(name) {
			l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("%s: the generated %s is already used %s", of, name, prev)})
			return
		}
		taken[name] = "for " + of + " at " + p.String()
	}
	for _, e := range d.Enums {
		claim(e.Name, e.Pos, "enum")
		for _, v := range e.Values {
			v.GoName = enumValueGoName(e, v)
			derived(v.GoName, fmt.Sprintf("enum value %s.%s", e.Name, v.Name), v.Pos)
		}
	}
	for _, s := range d.Structs {
		claim(s.Name, s.Pos, "struct")
		nameParams(l, s.Params)
	}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		what := "attribute"
		if def.IsType {
			what = "type"
		}
		if claim(def.Name, def.Pos, what) && d.Format == "mlir" {
			derived(ConstructorName(def), def.Name, def.Pos)
		}
		nameParams(l, def.Params)
	}
	for _, o := range d.Ops {
		if o.GoName == "" {
			// forall.in_parallel and forall_in_parallel: the second is
			// ForallInParallelOp2.
			o.GoName = GoName(o.Name) + "Op"
			for i := 2; taken[o.GoName] != ""; i++ {
				o.GoName = fmt.Sprintf("%sOp%d", GoName(o.Name), i)
			}
		}
		if claim(o.GoName, o.Pos, "op") {
			derived("Build"+o.GoName, "op "+o.Name, o.Pos)
			if d.Format == "mlir" {
				derived("As"+o.GoName, "op "+o.Name, o.Pos)
				derived(o.GoName+"Name", "op "+o.Name, o.Pos)
			}
		}
		for _, n := range opPartNames(o) {
			if !isIdent(n.goName) {
				l.errs = append(l.errs, &Error{Pos: n.pos, Msg: fmt.Sprintf("op %q: %s %q: the Go name %s is not an identifier (set go_name)", o.Name, n.kind, n.name, n.goName)})
			}
		}
	}
}

// ConstructorName is Get<Def>, or New<Def> for distinct attributes.
func ConstructorName(def *Def) string {
	if def.Distinct {
		return "New" + def.Name
	}
	return "Get" + def.Name
}

// nameParams gives params their Go names, which must be identifiers.
func nameParams(l *loader, params []*Param) {
	for _, p := range params {
		p.GoName = GoName(p.Name)
		if !isIdent(p.GoName) {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: the Go name %s is not an identifier", p.Name, p.GoName)})
		}
	}
}

type partName struct {
	kind, name, goName string
	pos                Pos
}

func opPartNames(o *Op) []partName {
	var out []partName
	for _, v := range o.Operands {
		out = append(out, partName{"operand", v.Name, v.GoName, v.Pos})
	}
	for _, v := range o.Results {
		out = append(out, partName{"result", v.Name, v.GoName, v.Pos})
	}
	for _, a := range o.Attributes {
		out = append(out, partName{"attribute", a.Name, a.GoName, a.Pos})
	}
	for _, r := range o.Regions {
		out = append(out, partName{"region", r.Name, r.GoName, r.Pos})
	}
	for _, s := range o.Successors {
		out = append(out, partName{"successor", s.Name, s.GoName, s.Pos})
	}
	return out
}
