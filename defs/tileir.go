package defs

import (
	"fmt"
	"strconv"
)

// The rules of format tileir: what NVIDIA's Tile IR bytecode can express
// and the generated codecs rely on. Every version must be on the tileir
// axis and one of versions.format.

// checkTileIR checks a definition of format tileir.
func checkTileIR(l *loader, d *Dialect) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
	}
	var formats []Version
	if d.Versions != nil {
		formats = d.Versions.Format
	}
	if len(formats) == 0 {
		errf(d.Pos, "a tileir dialect needs versions: {format: [...]}, the format versions it describes")
	}
	if d.Dense == nil || d.Dense.Check == "" || d.Dense.Print == "" {
		errf(d.Pos, "a tileir dialect needs dense: {check: …, print: …}, the hooks that check and print its dense constants")
	}
	version := func(v *Version, p Pos, what string) {
		if v == nil {
			return
		}
		if v.Pos != (Pos{}) {
			p = v.Pos
		}
		if v.Axis != "tileir" {
			errf(p, "%s: Tile IR definitions take tileir versions, not %s", what, v)
			return
		}
		for _, f := range formats {
			if f.Compare(*v) == 0 {
				return
			}
		}
		if len(formats) > 0 {
			errf(p, "%s: %s is not one of versions.format", what, v)
		}
	}
	avail := func(a Availability, p Pos, what string) {
		version(a.Since, p, what)
		version(a.Until, p, what)
	}
	for _, e := range d.Enums {
		for _, v := range e.Values {
			avail(v.Availability, v.Pos, "enum value "+e.Name+"."+v.Name)
		}
	}
	// A param's kind must have a Tile IR wire form.
	var paramKind func(t *TypeRef, p *Param, owner string)
	paramKind = func(t *TypeRef, p *Param, owner string) {
		switch t.Kind {
		case RefLocation, RefAPInt, RefAPFloat, RefResource, RefGo:
			errf(p.Pos, "%s: param %q: %s has no Tile IR wire form", owner, p.Name, t.Text)
		case RefType:
			if t.Def != nil {
				errf(p.Pos, "%s: param %q: a type of the dialect (%s) cannot be a Tile IR param; use Type", owner, p.Name, t.Name)
			}
		case RefList:
			paramKind(t.Elem, p, owner)
		case RefStruct:
			if t.Struct != nil {
				for _, q := range t.Struct.Params {
					if q.Type != nil {
						paramKind(q.Type, q, t.Struct.Name)
					}
				}
			}
		}
	}
	tags := map[string]map[uint64]*Def{"type": {}, "attribute": {}}
	for _, def := range append(append([]*Def{}, d.Attributes...), d.Types...) {
		what := "attribute"
		if def.IsType {
			what = "type"
		}
		avail(def.Availability, def.Pos, def.Name)
		for _, p := range def.Params {
			if p.Type != nil {
				paramKind(p.Type, p, def.Name)
			}
		}
		if len(def.Bytecode) == 0 {
			errf(def.Pos, "%s has no bytecode encoding (its tag)", def.Name)
			continue
		}
		tag := def.Bytecode[0].Code
		if prev := tags[what][tag]; prev != nil {
			errf(def.Bytecode[0].Pos, "%s: %s tag %d is already the tag of %s at %s", def.Name, what, tag, prev.Name, prev.Pos)
		}
		tags[what][tag] = def
		for _, e := range def.Bytecode {
			if e.Code != tag {
				errf(e.Pos, "%s: all encodings of a Tile IR definition share one tag (%d), not %d", def.Name, tag, e.Code)
			}
			if e.Since != nil && e.Since.Axis == "tileir" {
				version(e.Since, e.Pos, def.Name)
			}
			if e.Until != nil && e.Until.Axis == "tileir" {
				version(e.Until, e.Pos, def.Name)
			}
			if e.When != "" {
				errf(e.WhenPos, "%s: Tile IR encodings are chosen by version, not by when", def.Name)
			}
			checkTileFields(l, def, e)
		}
		for i, e := range def.Bytecode[1:] {
			prev := def.Bytecode[i]
			if e.Since == nil || prev.Until == nil || prev.Until.Compare(*e.Since) >= 0 {
				errf(e.Pos, "%s: encodings of a Tile IR definition follow each other in version order: each one after the first needs a since after the until of the one before", def.Name)
			}
		}
		for trait, want := range traitParams {
			if !HasTrait(def.Traits, trait) {
				continue
			}
			for _, name := range want {
				if p := def.FindParam(name); p == nil || p.Type == nil || p.Type.Text != "[Type]" {
					errf(def.Pos, "%s: trait %s needs a param %s of type [Type]", def.Name, trait, name)
				}
			}
		}
		if def.Text == nil || def.Text.Keyword == "" && def.Text.Print == "" {
			errf(def.Pos, "%s needs text: {keyword: …} or text: {print: …} (Tile IR values print for dumps)", def.Name)
		}
	}
	for _, s := range d.Structs {
		for _, p := range s.Params {
			if p.Type != nil {
				paramKind(p.Type, p, s.Name)
			}
		}
	}
	opcodes := map[uint64]*Op{}
	byName := map[string]*Def{}
	for _, def := range d.Types {
		byName[def.Name] = def
	}
	for _, o := range d.Ops {
		checkTileOp(l, o, byName, version)
		if o.Bytecode == nil {
			continue
		}
		if prev := opcodes[o.Bytecode.Opcode]; prev != nil {
			errf(o.Bytecode.Pos, "op %s: opcode 0x%X is already the opcode of %s at %s", o.Name, o.Bytecode.Opcode, prev.Name, prev.Pos)
		}
		opcodes[o.Bytecode.Opcode] = o
	}
}

// traitParams are the params a trait reads: a FunctionType's signature.
var traitParams = map[string][]string{"FunctionType": {"inputs", "results"}}

// checkTileFields checks the fields of one encoding of a definition:
// presence words name optional params, flagged fields name a bit of one.
func checkTileFields(l *loader, def *Def, e *Encoding) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: def.Name + ": " + fmt.Sprintf(format, args...)})
	}
	flags := map[string]bool{}
	for _, f := range e.Fields {
		switch {
		case f.Packed != nil:
			errf(f.Pos, "packed fields have no Tile IR form")
		case f.Flags != nil:
			if f.As != "" && f.As != "byte" {
				errf(f.Pos, "a presence word is a varint, or a byte with as: byte, not %s", f.As)
			}
			for _, n := range f.Flags {
				if p := def.FindParam(n); p == nil || !p.Optional {
					errf(f.Pos, "flags name %q, which is not an optional param", n)
				}
				flags[n] = true
			}
		case f.Param != "":
			if f.As != "" && f.As != "svarint" && f.As != "byte" {
				errf(f.Pos, "as: %s has no Tile IR form (svarint or byte)", f.As)
			}
			if f.Flag != "" && !flags[f.Flag] {
				errf(f.Pos, "flag %q is not a bit of a presence word before this field", f.Flag)
			}
			if p := def.FindParam(f.Param); p != nil && p.Optional && f.Flag == "" {
				errf(f.Pos, "optional param %q needs flag: (its presence bit)", p.Name)
			}
		}
	}
}

// tileAttrKinds are the op attribute types with a Tile IR form.
func tileAttrKind(t *TypeRef) bool {
	switch t.Kind {
	case RefEnum, RefUnit, RefBool, RefUint32, RefUint64, RefString, RefType, RefBytes, RefAttr:
		return true
	case RefList:
		switch t.Elem.Kind {
		case RefInt32, RefInt64:
			return true
		case RefAttr:
			return t.Elem.Def == nil
		}
	}
	return false
}

// checkTileOp checks an op of format tileir.
func checkTileOp(l *loader, o *Op, types map[string]*Def, version func(*Version, Pos, string)) {
	errf := func(p Pos, format string, args ...any) {
		l.errs = append(l.errs, &Error{Pos: p, Msg: fmt.Sprintf("op %s: ", o.Name) + fmt.Sprintf(format, args...)})
	}
	if o.Bytecode == nil {
		errf(o.Pos, "needs bytecode: {opcode: N}")
	} else if o.Bytecode.ResultTypes == "inferred" {
		errf(o.Bytecode.Pos, "result_types: inferred is not generated yet")
	}
	if o.Since == nil {
		errf(o.Pos, "needs since: tileir N (the version that added it)")
	}
	version(o.Since, o.Pos, "op "+o.Name)
	version(o.Until, o.Pos, "op "+o.Name)
	if HasTrait(o.Traits, "AttrSizedResultSegments") {
		errf(o.Pos, "AttrSizedResultSegments has no Tile IR encoding")
	}
	newer := func(a Availability) bool { return a.Since != nil && o.Since != nil && a.Since.Compare(*o.Since) > 0 }
	segments := HasTrait(o.Traits, "AttrSizedOperandSegments")
	bits := map[string]*Flag{}
	used := map[int]*Flag{}
	if o.Bytecode != nil {
		for _, f := range o.Bytecode.Flags {
			version(f.Since, f.Pos, "flag "+f.Name)
			if f.Bit < 0 || f.Bit > 63 {
				errf(f.Pos, "flag %s: bit %d is not between 0 and 63", f.Name, f.Bit)
			}
			if prev := used[f.Bit]; prev != nil {
				errf(f.Pos, "flag %s: bit %d is already the bit of %s", f.Name, f.Bit, prev.Name)
			}
			used[f.Bit] = f
			bits[f.Name] = f
		}
	}
	named := map[string]bool{}
	for _, a := range o.Attributes {
		named[a.Name] = true
		version(a.Since, a.Pos, "attribute "+a.Name)
		version(a.Until, a.Pos, "attribute "+a.Name)
		if a.Type == nil {
			continue
		}
		if !tileAttrKind(a.Type) {
			errf(a.Pos, "attribute %s: %s has no Tile IR op attribute form", a.Name, a.Type.Text)
		}
		_, flagged := bits[a.Name]
		switch {
		case a.Type.Kind == RefUnit && !a.Optional:
			errf(a.Pos, "attribute %s: a unit attribute is a flag bit: mark it optional", a.Name)
		case a.Optional != flagged:
			errf(a.Pos, "attribute %s: optional attributes, and only they, need a flag bit", a.Name)
		}
		if newer(a.Availability) && !a.Optional {
			if a.Default == "" {
				errf(a.Pos, "attribute %s is newer than the op and required, so it needs a default (what older files mean)", a.Name)
			} else if !tileDefaultOK(a) {
				errf(a.Pos, "attribute %s: default %q is not a value of %s", a.Name, a.Default, a.Type.Text)
			}
		}
	}
	for _, od := range o.Operands {
		named[od.Name] = true
		version(od.Since, od.Pos, "operand "+od.Name)
		version(od.Until, od.Pos, "operand "+od.Name)
		if _, flagged := bits[od.Name]; flagged != (od.Optional && segments) {
			errf(od.Pos, "operand %s: optional operands of ops with AttrSizedOperandSegments, and only they, need a flag bit", od.Name)
		}
	}
	for name, f := range bits {
		if !named[name] {
			errf(f.Pos, "flag %s names no attribute or operand of the op", name)
		}
	}
	// Without a variadic group the result count is not on the wire: readers
	// take one type per declared result, so an optional one cannot be told
	// apart from a present one.
	variadic := false
	for _, x := range append(append([]*Operand(nil), o.Operands...), o.Results...) {
		variadic = variadic || x.Variadic
	}
	for _, r := range o.Results {
		if r.Optional && !variadic {
			errf(r.Pos, "result %s is optional, but the op has no variadic operand or result, so its result count is not written: make it variadic, or required", r.Name)
		}
	}
	versioned := false
	for _, r := range o.Results {
		version(r.Since, r.Pos, "result "+r.Name)
		version(r.Until, r.Pos, "result "+r.Name)
		if !newer(r.Availability) {
			if versioned {
				errf(r.Pos, "results newer than the op must come last")
			}
			continue
		}
		versioned = true
		for _, other := range o.Results {
			if other.Variadic || other.Optional {
				errf(r.Pos, "result %s is newer than the op, so the op's other results must be single results", r.Name)
				break
			}
		}
		def := types[r.Type]
		if r.Variadic || r.Optional || def == nil || len(def.Params) > 0 {
			errf(r.Pos, "result %s is newer than the op, so it must be a single result with type: a parameterless type of the dialect (what older files get)", r.Name)
		}
	}
	for _, r := range o.Regions {
		version(r.Since, r.Pos, "region "+r.Name)
		if r.Variadic {
			errf(r.Pos, "region %s: Tile IR ops have a fixed number of regions", r.Name)
		}
	}
	if len(o.Successors) > 0 {
		errf(o.Successors[0].Pos, "Tile IR ops have no successors")
	}
}

// tileDefaultOK reports whether an attribute's default is a value of its
// kind: an enum value's name or text, an unsigned integer, a bool.
func tileDefaultOK(a *OpAttr) bool {
	switch a.Type.Kind {
	case RefEnum:
		return TileDefault(a) != nil
	case RefUint32, RefUint64:
		_, err := strconv.ParseUint(a.Default, 0, 64)
		return err == nil
	case RefBool:
		return a.Default == "true" || a.Default == "false"
	}
	return false
}

// TileDefault returns the enum value an enum attribute's default names, by
// name or text, or nil.
func TileDefault(a *OpAttr) *EnumValue {
	if a.Type.Kind != RefEnum || a.Type.Enum == nil {
		return nil
	}
	for _, v := range a.Type.Enum.Values {
		if v.Text == a.Default || v.Name == a.Default {
			return v
		}
	}
	return nil
}
