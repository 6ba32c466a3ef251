package defs

import (
	"fmt"
	"go/token"
	"strconv"
)

// resolve links names to definitions and checks everything a generator
// relies on, reporting each problem at its position.
func resolve(d *Dialect, l *loader) {
	l.d = d
	byName := map[string]*Def{}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		byName[def.Name] = def
	}
	checkEnums(l, d)
	defer resolveText(l, d)
	defer resolveLayouts(l, d)
	if !isIdent(d.Go.Package) || token.IsKeyword(d.Go.Package) {
		l.errs = append(l.errs, &Error{Pos: d.Pos, Msg: fmt.Sprintf("Go package name %q is not an identifier or is a Go keyword (set go.package)", d.Go.Package)})
	}
	enums := map[string]*Enum{}
	for _, e := range d.Enums {
		enums[e.Name] = e
	}
	structs := map[string]*Struct{}
	for _, s := range d.Structs {
		structs[s.Name] = s
	}
	var ref func(t *TypeRef)
	ref = func(t *TypeRef) {
		if t == nil {
			return
		}
		if t.Kind == RefList {
			ref(t.Elem)
			return
		}
		if t.Kind != RefInvalid {
			return
		}
		switch {
		case byName[t.Name] != nil:
			t.Def = byName[t.Name]
			t.Kind = RefAttr
			if t.Def.IsType {
				t.Kind = RefType
			}
		case enums[t.Name] != nil:
			t.Kind, t.Enum = RefEnum, enums[t.Name]
		case structs[t.Name] != nil:
			t.Kind, t.Struct = RefStruct, structs[t.Name]
		default:
			l.errs = append(l.errs, &Error{Pos: t.Pos, Msg: fmt.Sprintf("unknown type %q (not a scalar kind, nor an attribute, type, enum or struct of dialect %s)", t.Name, d.Name)})
		}
	}
	for _, s := range d.Structs {
		for _, p := range s.Params {
			ref(p.Type)
		}
		checkParams(l, s.Params, byName)
	}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		for _, p := range def.Params {
			ref(p.Type)
		}
		checkParams(l, def.Params, byName)
		checkLocality(l, def)
		checkAccessors(l, def)
		if def.BitWidth != "" {
			if p := def.FindParam(def.BitWidth); p != nil {
				if p.Type == nil || !isIntKind(p.Type.Kind) || p.Type.Kind == RefBool || p.Type.Kind == RefEnum {
					l.errs = append(l.errs, &Error{Pos: def.Pos, Msg: fmt.Sprintf("%s: bit_width %q must name an integer param", def.Name, def.BitWidth)})
				}
			} else if n, err := strconv.ParseUint(def.BitWidth, 10, 32); err != nil || n == 0 {
				l.errs = append(l.errs, &Error{Pos: def.Pos, Msg: fmt.Sprintf("%s: bit_width %q is neither a positive number nor a param", def.Name, def.BitWidth)})
			}
		}
		checkEncodings(l, def, byName)
		checkText(l, def)
		if def.StringHook != "" && (d.Format == "tileir" || def.Text != nil) {
			l.errs = append(l.errs, &Error{Pos: def.StringHookPos, Msg: def.Name + ": string: is for MLIR definitions without a text form (String prints the text form)"})
		}
	}
	keywords := map[string]Pos{}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		if def.Text != nil && def.Text.Keyword != "" {
			k := fmt.Sprintf("%v/%s", def.IsType, def.Text.Keyword)
			if prev, ok := keywords[k]; ok {
				l.errs = append(l.errs, &Error{Pos: def.Text.Pos, Msg: fmt.Sprintf("%s: text keyword %q already used at %s", def.Name, def.Text.Keyword, prev)})
			}
			keywords[k] = def.Text.Pos
		}
	}
	codes := func(defs []*Def, what string) {
		type use struct {
			def *Def
			enc *Encoding
		}
		seen := map[uint64][]use{}
		for _, def := range defs {
			for _, e := range def.Bytecode {
				for _, prev := range seen[e.Code] {
					if overlaps(prev.enc.Availability, e.Availability) {
						l.errs = append(l.errs, &Error{Pos: e.Pos, Msg: fmt.Sprintf("%s code %d of %s is already used by %s at %s in an overlapping version range", what, e.Code, def.Name, prev.def.Name, prev.enc.Pos)})
					}
				}
				seen[e.Code] = append(seen[e.Code], use{def, e})
			}
		}
	}
	if d.Format != "tileir" { // a Tile IR tag belongs to one definition (checkTileIR)
		codes(d.Attributes, "attribute")
		codes(d.Types, "type")
	}
	opNames := map[string]Pos{}
	for _, o := range d.Ops {
		if prev, ok := opNames[o.Name]; ok {
			l.errs = append(l.errs, &Error{Pos: o.Pos, Msg: fmt.Sprintf("op %q already defined at %s", o.Name, prev)})
		}
		opNames[o.Name] = o.Pos
		for _, a := range o.Attributes {
			ref(a.Type)
			if a.Enum != "" {
				if a.EnumRef = enums[a.Enum]; a.EnumRef == nil {
					l.errs = append(l.errs, &Error{Pos: a.Pos, Msg: fmt.Sprintf("op %q: attribute %q: enum %q is not an enum of dialect %s", o.Name, a.Name, a.Enum, d.Name)})
				}
			}
			if a.Populated && a.Default == "" {
				l.errs = append(l.errs, &Error{Pos: a.Pos, Msg: fmt.Sprintf("op %q: attribute %q is populated but has no default", o.Name, a.Name)})
			}
			if d.Format == "tileir" {
				continue // Tile IR op attributes are inline values of any kind
			}
			if a.Type != nil && a.Type.Kind != RefInvalid && !isHandle(a.Type.Kind) || a.Type != nil && a.Type.Kind == RefType || a.Type != nil && a.Type.Kind == RefUnit {
				l.errs = append(l.errs, &Error{Pos: a.Pos, Msg: fmt.Sprintf("op %q: attribute %q must have an attribute type, not %s", o.Name, a.Name, a.Type.Text)})
			}
		}
		groups := func(list []*Operand, what, trait string) {
			n := 0
			for _, g := range list {
				if g.Variadic || g.Optional {
					n++
				}
			}
			// ODS's SameVariadicOperandSize (…ResultSize) gives every such
			// group the same size instead.
			same := map[string]string{"operand": "SameVariadicOperandSize", "result": "SameVariadicResultSize"}[what]
			if n > 1 && !HasTrait(o.Traits, trait) && !HasTrait(o.Traits, same) {
				l.errs = append(l.errs, &Error{Pos: o.Pos, Msg: fmt.Sprintf("op %q has %d variadic or optional %s groups; it needs the %s trait to tell them apart", o.Name, n, what, trait)})
			}
		}
		groups(o.Operands, "operand", "AttrSizedOperandSegments")
		groups(o.Results, "result", "AttrSizedResultSegments")
		nameOp(l, o, d.Format)
	}
	if d.Format == "tileir" {
		checkTileIR(l, d)
	} else if d.Dense != nil {
		l.errs = append(l.errs, &Error{Pos: d.Dense.Pos, Msg: "dense: is for tileir dialects (MLIR dense values are attributes)"})
	}
	nameDialect(l, d)
	checkDialectVersions(l, d)
}

// overlaps reports whether two availability ranges can both hold at once.
// Ranges on different axes are taken to overlap.
func overlaps(a, b Availability) bool {
	before := func(until, since *Version) bool {
		return until != nil && since != nil && until.Axis == since.Axis && until.Compare(*since) < 0
	}
	return !before(a.Until, b.Since) && !before(b.Until, a.Since)
}

func checkParams(l *loader, params []*Param, byName map[string]*Def) {
	seen := map[string]bool{}
	for i, p := range params {
		if seen[p.Name] {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q defined twice", p.Name)})
		}
		seen[p.Name] = true
		if p.Type == nil {
			continue
		}
		if p.Type.Kind == RefUnit {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: unit is for op attributes only", p.Name)})
		}
		if p.WidthOf != "" {
			if p.Type.Kind != RefAPInt && p.Type.Kind != RefAPFloat {
				l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: width_of applies to APInt and APFloat only", p.Name)})
			}
			ok := false
			for _, q := range params[:i] {
				ok = ok || (q.Name == p.WidthOf && q.Type != nil && q.Type.Kind == RefType)
			}
			if !ok {
				l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: width_of %q must name a type parameter listed before it", p.Name, p.WidthOf)})
			}
		} else if p.Type.Kind == RefAPInt || p.Type.Kind == RefAPFloat {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: %s needs width_of", p.Name, p.Type.Text)})
		}
		if p.Default != "" {
			if def := byName[p.Default]; def != nil {
				if len(def.Params) > 0 {
					l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: default %s must be a parameterless definition", p.Name, p.Default)})
				}
				wantType := p.Type.Kind == RefType
				if !isHandle(p.Type.Kind) || def.IsType != wantType || (p.Type.Def != nil && p.Type.Def != def) {
					l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q of type %s cannot default to %s", p.Name, p.Type.Text, p.Default)})
				}
			} else {
				l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: default %q is not a definition of this dialect", p.Name, p.Default)})
			}
		}
		if p.Type.Kind == RefList || p.Type.Kind == RefStruct {
			checkNested(l, p, p.Type)
		}
		if p.Canonical != "" && p.Type.Kind != RefList {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: canonical %s applies to lists only", p.Name, p.Canonical)})
		}
	}
}

func checkEncodings(l *loader, def *Def, byName map[string]*Def) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("%s: ", def.Name) + fmt.Sprintf(format, args...)})
	}
	for _, e := range def.Bytecode {
		read := map[string]bool{}
		for _, f := range e.Fields {
			switch {
			case f.Param != "":
				p := def.FindParam(f.Param)
				if p == nil {
					errf(f.Pos, "field names unknown param %q", f.Param)
					continue
				}
				if p.WidthOf != "" && !read[p.WidthOf] {
					errf(f.Pos, "field %q is sized by %q, which must be read before it", p.Name, p.WidthOf)
				}
				if p.Type != nil && p.Type.Kind == RefGo {
					errf(f.Pos, "param %q has a hand-written Go type; encode it with a custom field", p.Name)
				}
				if f.As == "optional" && p.Type != nil && p.Type.Kind != attrKind(p.Type.Kind) {
					errf(f.Pos, "as: optional applies to attribute params only")
				} else if f.As != "" && f.As != "optional" && p.Type != nil && !isIntKind(p.Type.Kind) {
					errf(f.Pos, "as: %s applies to integer, bool and enum params only", f.As)
				}
				read[p.Name] = true
			case f.Custom != "":
				if !isIdent(f.Custom) {
					errf(f.Pos, "custom codec name %q is not an identifier", f.Custom)
				}
				for _, a := range f.Args {
					if !read[a] {
						errf(f.Pos, "custom %s: arg %q must be a param read before it", f.Custom, a)
					}
				}
				if len(f.Outputs) == 0 {
					errf(f.Pos, "custom %s needs outputs (the params it reads)", f.Custom)
				}
				for _, o := range f.Outputs {
					if def.FindParam(o) == nil {
						errf(f.Pos, "custom %s: output %q is not a param", f.Custom, o)
					}
					read[o] = true
				}
			default:
				for i, pp := range f.Packed {
					p := def.FindParam(pp.Param)
					if p == nil || p.Type == nil || !isIntKind(p.Type.Kind) {
						errf(pp.Pos, "packed part %q must be an integer, bool or enum param", pp.Param)
						continue
					}
					if i > 0 && (pp.Bits <= 0 || pp.Bits > 63) {
						errf(pp.Pos, "packed part %q needs bits between 1 and 63", pp.Param)
					}
					if i > 0 && p.Type.Kind == RefEnum && p.Type.Enum != nil {
						for _, v := range p.Type.Enum.Values {
							if pp.Bits > 0 && pp.Bits < 64 && v.Value >= 1<<pp.Bits {
								errf(pp.Pos, "packed part %q: %d bits cannot hold %s value %s (%d)", pp.Param, pp.Bits, p.Type.Enum.Name, v.Name, v.Value)
							}
						}
					}
					if i > 0 && p.Type.Kind == RefBool && pp.Bits < 1 {
						errf(pp.Pos, "packed part %q needs at least 1 bit", pp.Param)
					}
					read[pp.Param] = true
				}
			}
		}
		for _, p := range def.Params {
			if !read[p.Name] && !p.Optional && p.Default == "" && p.Canonical == "" {
				errf(e.Pos, "code %d does not encode param %q, which has no default (mark it optional or give a default)", e.Code, p.Name)
			}
		}
		if e.When != "" {
			checkPredicate(l, def, e, byName)
		}
	}
	// The writer takes the first variant whose predicate holds and that
	// exists at the target, so everything after an unconditional variant
	// that exists everywhere is unreachable.
	for i, e := range def.Bytecode {
		if e.When != "" || e.Since != nil || e.Until != nil {
			continue
		}
		for _, later := range def.Bytecode[i+1:] {
			errf(later.Pos, "code %d can never be chosen: code %d at %s has no predicate and no version bound", later.Code, e.Code, e.Pos)
		}
		break
	}
	for _, e := range def.Bytecode {
		for _, v := range []*Version{e.Since, e.Until} {
			if v == nil {
				continue
			}
			if l.d.Format == "tileir" {
				if v.Axis != "tileir" {
					errf(v.Pos, "code %d: Tile IR variants are gated on tileir versions, not %s", e.Code, v.Axis)
				}
			} else if v.Axis == "dialect" {
				// checkDialectVersions checks these.
			} else if v.Axis != "llvm" && v.Axis != "bytecode" {
				errf(v.Pos, "code %d: MLIR bytecode variants are gated on llvm, bytecode or dialect versions, not %s", e.Code, v.Axis)
			} else if len(v.Parts) != 1 {
				errf(v.Pos, "code %d: %s versions are whole numbers (a major release or a bytecode version), not %s", e.Code, v.Axis, v)
			}
		}
	}
}

func isIntKind(k RefKind) bool {
	switch k {
	case RefBool, RefInt64, RefUint64, RefInt32, RefUint32, RefEnum:
		return true
	}
	return false
}

func checkText(l *loader, def *Def) {
	t := def.Text
	if t == nil {
		return
	}
	errf := func(msg string) {
		l.errs = append(l.errs, &Error{Pos: t.Pos, Msg: def.Name + ": text: " + msg})
	}
	switch {
	case t.Keyword != "":
		if len(def.Params) > 0 || t.Parse != "" || t.Print != "" || t.Prefix != "" {
			errf("keyword is for parameterless definitions and excludes prefix, parse and print")
		}
	case l.d.Format == "tileir" && t.Print != "" && t.Parse == "" && t.Prefix == "":
		// Tile IR text forms are printed only (dumps), never parsed.
	case t.Parse == "" || t.Print == "" || t.Prefix == "":
		errf("needs either keyword, or prefix with parse and print")
	}
}

// attrKind returns k when it is an attribute kind and RefAttr otherwise, so
// that comparing with it tests for attribute kinds.
func attrKind(k RefKind) RefKind {
	if k == RefAttr || k == RefLocation {
		return k
	}
	return RefAttr
}

// reservedMethods are methods every generated attribute or type has; a
// parameter accessor may not take their names.
var reservedMethods = map[string]bool{"Dialect": true, "Kind": true, "ID": true, "Context": true, "LocationAttr": true, "BitWidth": true, "String": true, "Base": true, "TypeBase": true}

func checkAccessors(l *loader, def *Def) {
	seen := map[string]string{}
	for _, p := range def.Params {
		g := GoName(p.Name)
		if reservedMethods[g] {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("%s: param %q would have accessor %s, which every %s already has; rename it", def.Name, p.Name, g, map[bool]string{true: "type", false: "attribute"}[def.IsType])})
		}
		if prev, ok := seen[g]; ok {
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("%s: params %q and %q would both have accessor %s", def.Name, prev, p.Name, g)})
		}
		seen[g] = p.Name
	}
}

// EnumValueNamed finds the enum value with that name in d; predicates may
// name enum values.
func EnumValueNamed(d *Dialect, name string) (*Enum, *EnumValue) {
	if d == nil {
		return nil, nil
	}
	for _, e := range d.Enums {
		for _, v := range e.Values {
			if v.Name == name {
				return e, v
			}
		}
	}
	return nil, nil
}

func isHandle(k RefKind) bool { return k == RefAttr || k == RefType || k == RefLocation }

// checkNested rejects element kinds that only a top-level parameter can
// have: integers sized by another parameter, and hand-written Go types.
func checkNested(l *loader, p *Param, t *TypeRef) {
	var walk func(t *TypeRef, seen map[*Struct]bool)
	walk = func(t *TypeRef, seen map[*Struct]bool) {
		switch t.Kind {
		case RefList:
			walk(t.Elem, seen)
		case RefAPInt, RefAPFloat:
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: %s is only supported as a top-level param with width_of, not inside %s", p.Name, t.Text, p.Type.Text)})
		case RefGo:
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: hand-written Go type %s is only supported as a top-level param, not inside %s", p.Name, t.Name, p.Type.Text)})
		case RefStruct:
			if t.Struct == nil || seen[t.Struct] {
				return
			}
			seen[t.Struct] = true
			for _, q := range t.Struct.Params {
				if q.Type != nil {
					walk(q.Type, seen)
				}
			}
		}
	}
	walk(t, map[*Struct]bool{})
}

func checkEnums(l *loader, d *Dialect) {
	for _, e := range d.Enums {
		if len(e.Values) == 0 {
			l.errs = append(l.errs, &Error{Pos: e.Pos, Msg: fmt.Sprintf("enum %s has no values", e.Name)})
		}
		names, values := map[string]Pos{}, map[uint64]Pos{}
		for _, v := range e.Values {
			if prev, ok := names[v.Name]; ok {
				l.errs = append(l.errs, &Error{Pos: v.Pos, Msg: fmt.Sprintf("enum %s: value name %s already used at %s", e.Name, v.Name, prev)})
			}
			if prev, ok := values[v.Value]; ok {
				l.errs = append(l.errs, &Error{Pos: v.Pos, Msg: fmt.Sprintf("enum %s: value %d already used at %s", e.Name, v.Value, prev)})
			}
			names[v.Name], values[v.Value] = v.Pos, v.Pos
		}
	}
}
