// Package model is the Go-emission model between a definition (package
// defs) and the emitters, the role protogen plays for protoc-gen-go: the
// Go type of every param and op part, the names of struct fields, locals
// and builder parameters, the runtime packages, and the version gates are
// decided here once. Emitters only turn the model into code.
//
// The model assumes a definition the loader accepted: every rule about
// definitions lives in package defs.
package model

import (
	"go/token"
	"path"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
)

// Dialect is a definition file ready for emission.
type Dialect struct {
	*defs.Dialect
	// Source is the definition file's path as the header names it.
	Source string
	// Runtime is the import path of the runtime the generated code is
	// written against: runtime/ir for MLIR, runtime/tileir for Tile IR.
	Runtime string
	Structs []*Struct
	Attrs   []*Def
	Types   []*Def
	Ops     []*Op

	byName map[string]*Def
}

// Struct is a struct of the dialect.
type Struct struct {
	*defs.Struct
	Params []*Param
}

// Def is an attribute or type definition.
type Def struct {
	*defs.Def
	Params []*Param
	// Constructor is Get<Name> (New<Name> for distinct attributes).
	Constructor string
	// Recv names the receiver of its methods.
	Recv string
}

// Param is a param of a definition or struct.
type Param struct {
	*defs.Param
	// Field holds the param in the generated struct; Local is its name as
	// a local variable or function parameter.
	Field, Local string
	Type         Type
}

// New builds the model of a loaded definition.
func New(d *defs.Dialect, source string) *Dialect {
	m := &Dialect{Dialect: d, Source: source, Runtime: IR, byName: map[string]*Def{}}
	tile := d.Format == "tileir"
	if tile {
		m.Runtime = TileIR
	}
	params := func(ps []*defs.Param) []*Param {
		out := make([]*Param, len(ps))
		for i, p := range ps {
			out[i] = &Param{Param: p, Field: Local(p.Name), Local: Local(p.Name), Type: m.GoType(p.Type)}
			if tile {
				// Tile IR values are plain structs; an optional scalar is a
				// pointer.
				out[i].Field = p.GoName
				if p.Optional && !Nilable(p.Type) {
					out[i].Type = PointerTo(out[i].Type)
				}
			}
		}
		return out
	}
	for _, s := range d.Structs {
		m.Structs = append(m.Structs, &Struct{Struct: s, Params: params(s.Params)})
	}
	for _, def := range append(append([]*defs.Def{}, d.Attributes...), d.Types...) {
		md := &Def{Def: def, Params: params(def.Params), Constructor: defs.ConstructorName(def), Recv: "a"}
		if def.IsType {
			md.Recv = "t"
		}
		if def.IsType {
			m.Types = append(m.Types, md)
		} else {
			m.Attrs = append(m.Attrs, md)
		}
		m.byName[def.Name] = md
	}
	for _, o := range d.Ops {
		m.Ops = append(m.Ops, m.newOp(o))
	}
	return m
}

// GoImports maps the import paths of the go: types the definition names to
// their package names (the last path element).
func (m *Dialect) GoImports() map[string]string {
	out := map[string]string{}
	var walk func(t *defs.TypeRef)
	walk = func(t *defs.TypeRef) {
		switch {
		case t.Kind == defs.RefList:
			walk(t.Elem)
		case t.Kind == defs.RefGo && t.Path != "":
			out[t.Path] = path.Base(t.Path)
		}
	}
	for _, def := range m.Defs() {
		for _, p := range def.Params {
			walk(p.Param.Type)
		}
	}
	return out
}

// Def returns the definition named name, or nil.
func (m *Dialect) Def(name string) *Def { return m.byName[name] }

// Defs lists the attributes, then the types.
func (m *Dialect) Defs() []*Def { return append(append([]*Def{}, m.Attrs...), m.Types...) }

// HasBytecode reports whether some attribute or type has an encoding.
func (m *Dialect) HasBytecode() bool {
	for _, def := range m.Defs() {
		if len(def.Bytecode) > 0 {
			return true
		}
	}
	return false
}

// HasText reports whether some attribute or type has a text form.
func (m *Dialect) HasText() bool {
	for _, def := range m.Defs() {
		if def.Text != nil {
			return true
		}
	}
	return false
}

// Local is the unexported name of a param or part as a local variable,
// struct field or function parameter: lowerCamelCase, with an underscore
// appended when it is a Go keyword or a name generated code uses itself.
func Local(name string) string {
	s := LowerFirst(defs.GoName(name))
	if token.IsKeyword(s) || generatedLocals[s] || isShortLocal(s) {
		s += "_"
	}
	return s
}

// generatedLocals are names generated functions use for themselves.
var generatedLocals = map[string]bool{
	"err": true, "ctx": true, "ok": true, "at": true, "code": true,
	"types": true, "op": true, "loc": true, "fmt": true, "math": true,
	"ir": true, "bytecode": true, "wire": true, "slices": true, "strings": true,
	"tileir": true, "strconv": true,
}

// isShortLocal reports names like r, k, v0, n1 that generated code uses
// for receivers, keys and loop variables.
func isShortLocal(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// LowerFirst lower-cases the first letter.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Article is "an" before a vowel sound, else "a" (an arith.addf, a
// cuda_tile.absf).
func Article(word string) string {
	w := strings.ToLower(word)
	for _, p := range []string{"a", "e", "i", "o", "u"} {
		if strings.HasPrefix(w, p) && !strings.HasPrefix(w, "uni") && !strings.HasPrefix(w, "use") {
			return "an"
		}
	}
	return "a"
}
