package bytecode

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// String describes the target for error messages, e.g. "LLVM 19, bytecode
// version 6".
func (t Target) String() string {
	s := fmt.Sprintf("%s, bytecode version %d", ReleaseName(t.Release), t.Version)
	if t.Dialects != nil && len(*t.Dialects) > 0 {
		s += ", " + t.Dialects.String()
	}
	return s
}

// ReadAttr reads an attribute reference that must be of type T; what
// names T in the error ("builtin StringAttr").
func ReadAttr[T ir.Attribute](r *EntryReader, what string) (T, error) {
	var zero T
	at := r.Offset()
	a, err := r.Attribute()
	if err != nil {
		return zero, err
	}
	v, ok := a.(T)
	if !ok {
		return zero, r.ErrorAt(at, "a reference to "+what, fmt.Errorf("%w: got %s", wire.ErrInvalid, describe(a)))
	}
	return v, nil
}

// ReadLocation reads an attribute reference that must be a location. It
// is ReadAttr[ir.Location] without the generic conversion to an interface,
// which looks the pair up in the runtime's table every time: a file of
// call-site locations reads two such references a location.
func ReadLocation(r *EntryReader) (ir.Location, error) {
	at := r.Offset()
	a, err := r.Attribute()
	if err != nil {
		return nil, err
	}
	return locationAt(r, at, a)
}

// ReadOptionalLocation is ReadLocation for MLIR's optional attribute form;
// an absent location is nil.
func ReadOptionalLocation(r *EntryReader) (ir.Location, error) {
	at := r.Offset()
	a, err := r.OptionalAttribute()
	if err != nil || a == nil {
		return nil, err
	}
	return locationAt(r, at, a)
}

// locationAt returns a, read at at, as a location.
func locationAt(r *EntryReader, at int64, a ir.Attribute) (ir.Location, error) {
	l, ok := a.(ir.Location)
	if !ok {
		return nil, r.ErrorAt(at, "a reference to a location", fmt.Errorf("%w: got %s", wire.ErrInvalid, describe(a)))
	}
	return l, nil
}

// ReadOptionalAttr is ReadAttr for MLIR's optional attribute form; an
// absent attribute is T's zero value.
func ReadOptionalAttr[T ir.Attribute](r *EntryReader, what string) (T, error) {
	var zero T
	at := r.Offset()
	a, err := r.OptionalAttribute()
	if err != nil || a == nil {
		return zero, err
	}
	v, ok := a.(T)
	if !ok {
		return zero, r.ErrorAt(at, "a reference to "+what, fmt.Errorf("%w: got %s", wire.ErrInvalid, describe(a)))
	}
	return v, nil
}

// ReadType reads a type reference that must be of type T.
func ReadType[T ir.Type](r *EntryReader, what string) (T, error) {
	var zero T
	at := r.Offset()
	t, err := r.Type()
	if err != nil {
		return zero, err
	}
	v, ok := t.(T)
	if !ok {
		return zero, r.ErrorAt(at, "a reference to "+what, fmt.Errorf("%w: got %s", wire.ErrInvalid, describe(t)))
	}
	return v, nil
}

func describe(v interface {
	Dialect() string
	Kind() string
}) string {
	return v.Dialect() + " " + v.Kind()
}

// APIntOf reads an integer or float bit pattern as wide as t's values.
func (r *EntryReader) APIntOf(t ir.Type) (ir.APInt, error) {
	w, err := BitWidth(t)
	if err != nil {
		return ir.APInt{}, r.ErrorAt(r.Offset(), "a value whose width its type gives", err)
	}
	return r.APInt(w)
}

// Any reports whether any element is non-zero; predicates use it.
func Any[T comparable](s []T) bool {
	var zero T
	for _, v := range s {
		if v != zero {
			return true
		}
	}
	return false
}

// BoolInt is 1 for true and 0 for false.
func BoolInt(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
