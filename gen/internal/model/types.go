package model

import (
	"github.com/dialectgen/dialectgen/defs"
)

// Type is a Go type as generated code spells it: a named type (of the
// package itself when Path is empty, or predeclared), a pointer or a slice.
type Type struct {
	Path, Name string
	Pointer    bool  // *Elem
	Elem       *Type // for pointers and slices
}

// Named returns the named type path.name ("" path: this package or a
// predeclared type).
func Named(path, name string) Type { return Type{Path: path, Name: name} }

// PointerTo returns *t.
func PointerTo(t Type) Type { return Type{Pointer: true, Elem: &t} }

// SliceOf returns []t.
func SliceOf(t Type) Type { return Type{Elem: &t} }

// IsSlice reports whether t is a slice.
func (t Type) IsSlice() bool { return !t.Pointer && t.Elem != nil }

// String is t in Go syntax, with the package path in full
// ("[]*github.com/…/runtime/tileir.Value").
func (t Type) String() string {
	switch {
	case t.Pointer:
		return "*" + t.Elem.String()
	case t.Elem != nil:
		return "[]" + t.Elem.String()
	case t.Path != "":
		return t.Path + "." + t.Name
	}
	return t.Name
}

// GoType is the Go type holding a param of type t.
func (m *Dialect) GoType(t *defs.TypeRef) Type {
	rt := m.Runtime
	switch t.Kind {
	case defs.RefAttr, defs.RefType:
		if t.Def != nil {
			return PointerTo(Named("", t.Def.Name))
		}
		switch {
		case t.Kind == defs.RefType:
			return Named(rt, "Type")
		case rt == TileIR:
			return Named(rt, "Attr")
		}
		return Named(rt, "Attribute")
	case defs.RefLocation:
		return Named(IR, "Location")
	case defs.RefString:
		return Named("", "string")
	case defs.RefBool, defs.RefUnit:
		return Named("", "bool")
	case defs.RefInt64:
		return Named("", "int64")
	case defs.RefUint64:
		return Named("", "uint64")
	case defs.RefInt32:
		return Named("", "int32")
	case defs.RefUint32:
		return Named("", "uint32")
	case defs.RefAPInt, defs.RefAPFloat:
		return Named(IR, "APInt")
	case defs.RefBytes:
		return SliceOf(Named("", "byte"))
	case defs.RefResource:
		return Named(IR, "ResourceHandle")
	case defs.RefEnum, defs.RefStruct:
		return Named("", t.Name)
	case defs.RefGo:
		return Named(t.Path, t.Name)
	case defs.RefList:
		return SliceOf(m.GoType(t.Elem))
	}
	panic("model: unresolved type " + t.Text)
}

// IsHandle reports whether values of t are pointers or interfaces, whose
// absence is nil.
func IsHandle(t *defs.TypeRef) bool {
	switch t.Kind {
	case defs.RefAttr, defs.RefType, defs.RefLocation:
		return true
	}
	return false
}

// Nilable reports whether a value of t is absent when it is nil (handles,
// lists and byte strings).
func Nilable(t *defs.TypeRef) bool {
	return IsHandle(t) || t.Kind == defs.RefList || t.Kind == defs.RefBytes
}
