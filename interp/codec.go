package interp

import (
	"fmt"
	"math"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The codecs do at run time what gen/internal/mlirgen's generated ones do
// (codec.go and write.go there): the same wire forms, checks and errors.

// ReadAttribute decodes a custom-encoded attribute entry.
func (in *Dialect) ReadAttribute(r *bytecode.EntryReader) (ir.Attribute, error) {
	v, err := in.read(r, in.attrs, "attribute")
	if err != nil {
		return nil, err
	}
	return v.(ir.Attribute), nil
}

// ReadType decodes a custom-encoded type entry.
func (in *Dialect) ReadType(r *bytecode.EntryReader) (ir.Type, error) {
	v, err := in.read(r, in.types, "type")
	if err != nil {
		return nil, err
	}
	return v.(ir.Type), nil
}

// read dispatches on the kind code to the first variant that exists at
// the reader's target.
func (in *Dialect) read(r *bytecode.EntryReader, codes map[uint64][]variant, what string) (any, error) {
	at := r.Offset()
	code, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	vs := codes[code]
	if len(vs) == 0 {
		return nil, r.ErrorAt(at, fmt.Sprintf("a known %s %s code", in.d.Name, what), fmt.Errorf("%w: unknown code %d", wire.ErrInvalid, code))
	}
	var needs []string
	for _, v := range vs {
		if in.available(r.Target, v.enc.Availability) {
			return in.readVariant(r, v)
		}
		needs = append(needs, v.enc.Availability.Text(in.d.Name))
	}
	return nil, r.ErrorAt(at, fmt.Sprintf("a %s %s code its producer writes", in.d.Name, what), &wire.VersionError{
		What: fmt.Sprintf("%s %s (code %d)", in.d.Name, vs[0].def.Name, code), Needs: strings.Join(needs, " or "),
		Target: r.Target.String(), Reading: true})
}

func (in *Dialect) readVariant(r *bytecode.EntryReader, v variant) (any, error) {
	at := r.Offset()
	def := v.def
	params := make([]any, len(def.Params))
	for i, p := range def.Params {
		params[i] = zero(p.Type)
	}
	index := func(name string) int {
		for i, p := range def.Params {
			if p.Name == name {
				return i
			}
		}
		return -1
	}
	for _, fl := range v.enc.Fields {
		if fl.Custom != "" {
			if err := in.readCustom(r, def, fl, params, index); err != nil {
				return nil, err
			}
			continue
		}
		if fl.Packed != nil {
			fieldAt := r.Offset()
			x, err := r.VarInt()
			if err != nil {
				return nil, err
			}
			for i := len(fl.Packed) - 1; i >= 0; i-- {
				pp := fl.Packed[i]
				p := def.FindParam(pp.Param)
				part := x
				if i > 0 {
					part = x & (uint64(1)<<pp.Bits - 1)
				}
				if params[index(p.Name)], err = in.assignInt(r, fieldAt, p.Type, part, fmt.Sprintf("%s of %s", p.Name, def.Name)); err != nil {
					return nil, err
				}
				if i > 0 {
					x >>= pp.Bits
				}
			}
			continue
		}
		p := def.FindParam(fl.Param)
		i := index(p.Name)
		var err error
		if p.Type.Kind == defs.RefAPInt || p.Type.Kind == defs.RefAPFloat {
			t, _ := params[index(p.WidthOf)].(ir.Type)
			params[i], err = r.APIntOf(t)
		} else {
			params[i], err = in.readValue(r, p.Type, fl.As, fl.As == "optional")
		}
		if err != nil {
			return nil, err
		}
	}
	if err := in.verifyRead(r, at, def, params); err != nil {
		return nil, err
	}
	return in.get(r.Context(), def, params), nil
}

// zero is the value a parameter holds before its field is read.
func zero(t *defs.TypeRef) any {
	switch t.Kind {
	case defs.RefString:
		return ""
	case defs.RefBool:
		return false
	case defs.RefInt64, defs.RefInt32:
		return int64(0)
	case defs.RefUint64, defs.RefUint32, defs.RefEnum:
		return uint64(0)
	case defs.RefAPInt, defs.RefAPFloat:
		return ir.APInt{}
	case defs.RefBytes:
		return []byte(nil)
	case defs.RefResource:
		return ir.ResourceHandle{}
	case defs.RefList:
		return []any(nil)
	case defs.RefStruct:
		s := make([]any, len(t.Struct.Params))
		for i, p := range t.Struct.Params {
			s[i] = zero(p.Type)
		}
		return s
	}
	return nil
}

// assignInt converts a wire integer to a value of integer kind t,
// rejecting values the kind cannot hold at the field's first byte.
func (in *Dialect) assignInt(r *bytecode.EntryReader, fieldAt int64, t *defs.TypeRef, v uint64, what string) (any, error) {
	switch t.Kind {
	case defs.RefUint32:
		if v > math.MaxUint32 {
			return nil, r.ErrorAt(fieldAt, what+" in 32 bits", wire.ErrInvalid)
		}
	case defs.RefInt32:
		if v > math.MaxInt32 {
			return nil, r.ErrorAt(fieldAt, what+" in 32 bits", wire.ErrInvalid)
		}
		return int64(v), nil
	case defs.RefInt64:
		return int64(v), nil
	case defs.RefBool:
		return v != 0, nil
	case defs.RefEnum:
		if !enumValid(t.Enum, v) {
			return nil, r.ErrorAt(fieldAt, fmt.Sprintf("a %s value for %s", t.Enum.Name, what), wire.ErrInvalid)
		}
	}
	return v, nil
}

func enumValid(e *defs.Enum, v uint64) bool {
	var mask uint64
	for _, c := range e.Values {
		if c.Value == v {
			return true
		}
		mask |= c.Value
	}
	return e.BitEnum && v&^mask == 0
}

// wireForm is how an integer, bool or enum goes on the wire: the field's
// as: override, else one byte for bools, zigzag for signed integers and a
// plain varint for the rest.
func wireForm(t *defs.TypeRef, as string) string {
	switch {
	case as != "":
		return as
	case t.Kind == defs.RefBool:
		return "byte"
	case t.Kind == defs.RefInt64 || t.Kind == defs.RefInt32:
		return "svarint"
	}
	return "varint"
}

func (in *Dialect) readValue(r *bytecode.EntryReader, t *defs.TypeRef, as string, optional bool) (any, error) {
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation:
		at := r.Offset()
		var a ir.Attribute
		var err error
		if optional {
			a, err = r.OptionalAttribute()
		} else {
			a, err = r.Attribute()
		}
		if err != nil || a == nil {
			return nil, err
		}
		if t.Kind == defs.RefLocation {
			if _, ok := a.(ir.Location); !ok {
				return nil, r.ErrorAt(at, "a reference to a location", fmt.Errorf("%w: got %s %s", wire.ErrInvalid, a.Dialect(), a.Kind()))
			}
		} else if t.Def != nil && !in.is(a, t.Def) {
			return nil, r.ErrorAt(at, fmt.Sprintf("a reference to %s %s", in.d.Name, t.Def.Name), fmt.Errorf("%w: got %s %s", wire.ErrInvalid, a.Dialect(), a.Kind()))
		}
		return a, nil
	case defs.RefType:
		at := r.Offset()
		ty, err := r.Type()
		if err != nil {
			return nil, err
		}
		if t.Def != nil && !in.is(ty, t.Def) {
			return nil, r.ErrorAt(at, fmt.Sprintf("a reference to %s %s", in.d.Name, t.Def.Name), fmt.Errorf("%w: got %s %s", wire.ErrInvalid, ty.Dialect(), ty.Kind()))
		}
		return ty, nil
	case defs.RefString:
		return r.String()
	case defs.RefBytes:
		return r.Blob()
	case defs.RefResource:
		return r.Resource()
	case defs.RefBool, defs.RefInt64, defs.RefUint64, defs.RefInt32, defs.RefUint32, defs.RefEnum:
		fieldAt := r.Offset()
		var u uint64
		switch wireForm(t, as) {
		case "byte":
			b, err := r.Byte()
			if err != nil {
				return nil, err
			}
			u = uint64(b)
		case "svarint":
			s, err := r.SignedVarInt()
			if err != nil {
				return nil, err
			}
			switch t.Kind {
			case defs.RefInt64:
				return s, nil
			case defs.RefInt32:
				if s < math.MinInt32 || s > math.MaxInt32 {
					return nil, r.ErrorAt(fieldAt, "a value in 32 bits", wire.ErrInvalid)
				}
				return s, nil
			}
			u = uint64(s)
		default:
			var err error
			if u, err = r.VarInt(); err != nil {
				return nil, err
			}
		}
		return in.assignInt(r, fieldAt, t, u, "a value")
	case defs.RefStruct:
		s := make([]any, len(t.Struct.Params))
		for i, p := range t.Struct.Params {
			var err error
			if s[i], err = in.readValue(r, p.Type, "", false); err != nil {
				return nil, err
			}
		}
		return s, nil
	case defs.RefList:
		n, err := r.Count(1, "list elements")
		if err != nil {
			return nil, err
		}
		l := make([]any, n)
		for i := range l {
			if l[i], err = in.readValue(r, t.Elem, "", false); err != nil {
				return nil, err
			}
		}
		return l, nil
	}
	return nil, fmt.Errorf("interp: no reader for %s", t.Text) // unsupported refused it
}

// is reports whether x is a value of def of this dialect.
func (in *Dialect) is(x any, def *defs.Def) bool {
	v := valueOf(x)
	return v != nil && v.in == in && v.def == def
}

func valueOf(x any) *value {
	switch x := x.(type) {
	case *Attr:
		return &x.value
	case *LocAttr:
		return &x.value
	case *Type:
		return &x.value
	case *WidthType:
		return &x.value
	}
	return nil
}

// WriteAttribute encodes a; false means the value is not one of the
// dialect's or has no encoding at w's target.
func (in *Dialect) WriteAttribute(w *bytecode.EntryWriter, a ir.Attribute) (bool, error) {
	return in.write(w, a)
}

// WriteType encodes t.
func (in *Dialect) WriteType(w *bytecode.EntryWriter, t ir.Type) (bool, error) {
	return in.write(w, t)
}

// AttributeAvailable refuses an attribute the target lacks (its
// definition's since and until, and its release hook), as
// bytecode.AttrAvailability.
func (in *Dialect) AttributeAvailable(t bytecode.Target, a ir.Attribute) error {
	return in.availableValue(t, a)
}

// TypeAvailable is AttributeAvailable for types.
func (in *Dialect) TypeAvailable(t bytecode.Target, ty ir.Type) error {
	return in.availableValue(t, ty)
}

func (in *Dialect) availableValue(t bytecode.Target, x any) error {
	v := valueOf(x)
	switch {
	case v == nil || v.in != in:
		return nil
	case !in.available(t, v.def.Availability):
		return &wire.VersionError{What: fmt.Sprintf("%s %s", in.d.Name, v.def.Name), Needs: v.def.Availability.Text(in.d.Name), Target: t.String()}
	case v.def.ReleaseHook != "":
		// The hook looks at the compiled value (unsupported refused a
		// dialect whose table lacks it).
		return in.hooks.Defs[v.def.Name].Release(t, in.compiled(v))
	}
	return nil
}

// write tries the variants in order: the first whose predicate holds and
// that exists at the target is written. If a variant whose predicate held
// is missing at the target and no other is written, it fails naming what
// those need, unless the value has a text form, which the writer then
// stores.
func (in *Dialect) write(w *bytecode.EntryWriter, x any) (bool, error) {
	v := valueOf(x)
	if v == nil || v.in != in || len(v.def.Bytecode) == 0 {
		return false, nil
	}
	def := v.def
	if err := in.verify(def, v.params); err != nil {
		return false, fmt.Errorf("%s: %w", def.Name, err)
	}
	gated := false
	for _, e := range def.Bytecode {
		gated = gated || e.Since != nil || e.Until != nil
	}
	textFallback := in.hasText[def]
	var needs []string
	for _, e := range def.Bytecode {
		if e.When != "" {
			holds, err := in.eval(v, x, in.when[e])
			if err != nil {
				return false, fmt.Errorf("%s %s: when %q: %w", in.d.Name, def.Name, e.When, err)
			}
			if !holds {
				continue
			}
		}
		if in.available(w.Target, e.Availability) {
			w.VarInt(e.Code)
			for _, fl := range e.Fields {
				in.writeField(w, v, fl)
			}
			return true, w.Err()
		}
		if !textFallback {
			needs = append(needs, fmt.Sprintf("%s (code %d)", e.Availability.Text(in.d.Name), e.Code))
		}
	}
	if gated && len(needs) > 0 {
		return false, &wire.VersionError{What: fmt.Sprintf("%s %s", in.d.Name, def.Name), Needs: strings.Join(needs, " or "), Target: w.Target.String()}
	}
	return false, nil
}

func (in *Dialect) writeField(w *bytecode.EntryWriter, v *value, fl *defs.Field) {
	def := v.def
	if fl.Custom != "" {
		in.writeCustom(w, v, fl)
		return
	}
	if fl.Packed != nil {
		var packed uint64
		for i, pp := range fl.Packed {
			p := def.FindParam(pp.Param)
			x := v.Param(pp.Param)
			in.enumCheck(w, def, p, x)
			u := toUint(x)
			if i == 0 {
				packed = u
				continue
			}
			if u > uint64(1)<<pp.Bits-1 {
				w.Fail(fmt.Errorf("%s %s: %s is %v, which does not fit its %d bits", in.d.Name, def.Name, p.Name, x, pp.Bits))
			}
			packed = packed<<pp.Bits | u
		}
		w.VarInt(packed)
		return
	}
	p := def.FindParam(fl.Param)
	x := v.Param(p.Name)
	if p.Type.Kind == defs.RefAPInt || p.Type.Kind == defs.RefAPFloat {
		w.APInt(x.(ir.APInt))
		return
	}
	in.enumCheck(w, def, p, x)
	in.writeValue(w, p.Type, x, fl.As, fl.As == "optional")
}

func (in *Dialect) enumCheck(w *bytecode.EntryWriter, def *defs.Def, p *defs.Param, x any) {
	if p.Type.Kind == defs.RefEnum && !enumValid(p.Type.Enum, x.(uint64)) {
		w.Fail(fmt.Errorf("%s %s: %s is %d, not a %s value", in.d.Name, def.Name, p.Name, x, p.Type.Enum.Name))
	}
}

// toUint is Go's uint64(x) of an integer or enum value (bools as 0 or 1).
func toUint(x any) uint64 {
	switch x := x.(type) {
	case int64:
		return uint64(x)
	case uint64:
		return x
	case bool:
		return bytecode.BoolInt(x)
	}
	return 0
}

func (in *Dialect) writeValue(w *bytecode.EntryWriter, t *defs.TypeRef, x any, as string, optional bool) {
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation:
		a, _ := x.(ir.Attribute)
		if optional {
			w.OptionalAttribute(a)
		} else {
			w.Attribute(a)
		}
	case defs.RefType:
		ty, _ := x.(ir.Type)
		w.Type(ty)
	case defs.RefString:
		w.String(x.(string))
	case defs.RefBytes:
		w.Blob(x.([]byte))
	case defs.RefResource:
		w.Resource(x.(ir.ResourceHandle))
	case defs.RefBool, defs.RefInt64, defs.RefUint64, defs.RefInt32, defs.RefUint32, defs.RefEnum:
		u := toUint(x)
		switch wireForm(t, as) {
		case "byte":
			w.Byte(byte(u))
		case "svarint":
			w.SignedVarInt(int64(u))
		default:
			w.VarInt(u)
		}
	case defs.RefStruct:
		for i, p := range t.Struct.Params {
			in.writeValue(w, p.Type, x.([]any)[i], "", false)
		}
	case defs.RefList:
		l := x.([]any)
		w.VarInt(uint64(len(l)))
		for _, e := range l {
			in.writeValue(w, t.Elem, e, "", false)
		}
	}
}

// available reports whether something with availability a exists at the
// target: its llvm, bytecode and dialect bounds.
func (in *Dialect) available(t bytecode.Target, a defs.Availability) bool {
	check := func(v *defs.Version, since bool) bool {
		if v == nil {
			return true
		}
		n := v.Parts[0]
		switch v.Axis {
		case "llvm":
			if since {
				return t.Release == 0 || t.Release >= n
			}
			return t.Release != 0 && t.Release <= n
		case "bytecode":
			if since {
				return t.Version >= n
			}
			return t.Version <= n
		case "dialect":
			if since {
				return t.Dialect(in.d.Name).AtLeast(dialectVersion(v)...)
			}
			return t.Dialect(in.d.Name).AtMost(dialectVersion(v)...)
		}
		return true
	}
	return check(a.Since, true) && check(a.Until, false)
}
