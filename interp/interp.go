// Package interp registers a dialect from its definition at run time,
// without generated code: the codecs interpret each definition's bytecode
// encodings (the same model the generator reads, so they write the same
// bytes as generated code), the op schemas come from the op table the
// generator emits, and attribute and type values are uniqued in the
// context as generated ones are. Generated code stays the fast path; this
// is what `mlirbc --defs FILE` uses.
//
// Text forms given by a mnemonic and a declarative assembly format are
// read and printed by runtime/asmformat, as generated code does.
// Hand-written Go a definition names (custom fields, verifiers, string,
// text, assembly and property hooks, custom directives, name tables, go:
// types) is called through the hook table its compiled package registers
// in runtime/hooks when that package is linked into the program; without
// one New refuses each hook by position. The builtin dialect is left to
// generated code. A dialect
// that versions itself is registered as Registered() gives it.
package interp

import (
	"fmt"
	"go/ast"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/gen/tables"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/hooks"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Dialect is an interpreted dialect. It implements ir.Dialect,
// bytecode.AttrCodec, bytecode.TypeCodec and bytecode.OpSchemas.
type Dialect struct {
	d      *defs.Dialect
	byName map[string]*defs.Def
	attrs  map[uint64][]variant // by code, in definition order
	types  map[uint64][]variant
	when   map[*defs.Encoding]ast.Expr
	table  *bytecode.OpTable
	asm    *asmformat.Dialect
	// hasText marks the definitions with a text form, which values print
	// in and are written in where the target has no encoding.
	hasText map[*defs.Def]bool
	// ver is the version table of a dialect that versions itself.
	ver *bytecode.Versioning
	// hooks is the hand-written Go of the compiled package, when one
	// linked in registered it.
	hooks *hooks.Table
	// release converts the ops between LLVM releases (nil: none differ).
	release *release.Rules
	// enumAttrs are the attributes EnumAttr builds, by enum name.
	enumAttrs map[string]*defs.Def
}

type variant struct {
	def *defs.Def
	i   int
	enc *defs.Encoding
}

var (
	_ ir.Dialect                 = (*Dialect)(nil)
	_ bytecode.AttrCodec         = (*Dialect)(nil)
	_ bytecode.TypeCodec         = (*Dialect)(nil)
	_ bytecode.OpSchemas         = (*Dialect)(nil)
	_ bytecode.OpReleases        = (*Dialect)(nil)
	_ bytecode.OpNames           = (*Dialect)(nil)
	_ bytecode.DescribedReleases = (*Dialect)(nil)

	_ bytecode.AttrAvailability = (*Dialect)(nil)
	_ bytecode.TypeAvailability = (*Dialect)(nil)
)

// Load reads a definition file and interprets it (see New).
func Load(path string) (*Dialect, error) {
	d, err := defs.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return New(d)
}

// New interprets a loaded MLIR dialect definition. A definition that names
// hand-written Go, or uses what the interpreter does not run, is refused
// with a defs.ErrorList naming each at file:line:col.
func New(d *defs.Dialect) (*Dialect, error) {
	table := hooks.Lookup(d.Name)
	if errs := unsupported(d, table); len(errs) > 0 {
		return nil, errs
	}
	in := &Dialect{d: d, byName: map[string]*defs.Def{}, attrs: map[uint64][]variant{},
		types: map[uint64][]variant{}, when: map[*defs.Encoding]ast.Expr{}, hasText: map[*defs.Def]bool{}, hooks: table}
	in.buildAsmForms()
	in.buildRelease()
	in.buildEnumAttrs()
	if v := d.Versions; v != nil && v.Dialect != nil {
		in.buildVersioning()
	}
	for _, def := range append(append([]*defs.Def{}, d.Attributes...), d.Types...) {
		in.byName[def.Name] = def
		codes := in.attrs
		if def.IsType {
			codes = in.types
		}
		for i, e := range def.Bytecode {
			codes[e.Code] = append(codes[e.Code], variant{def, i, e})
			if e.When != "" {
				x, err := defs.ParsePredicate(def, e.When)
				if err != nil { // the loader parsed it
					return nil, defs.ErrorList{{Pos: e.WhenPos, Msg: err.Error()}}
				}
				in.when[e] = x
			}
		}
	}
	if len(d.Ops) > 0 {
		text, natives := tables.OpTable(d)
		props := make([]bytecode.NativeProp, len(natives))
		for i, forms := range natives {
			props[i] = in.nativeProp(forms)
		}
		in.table = bytecode.NewOpTable(d.Name, text, props...)
	}
	return in, nil
}

// unsupported lists what the interpreter cannot run: the hand-written
// hooks the generated code would call that the compiled package's table
// (nil: none linked in) does not provide, and features it leaves to
// generated code.
func unsupported(d *defs.Dialect, table *hooks.Table) defs.ErrorList {
	var errs defs.ErrorList
	if d.Format != "mlir" && d.Format != "" {
		return defs.ErrorList{{Pos: d.Pos, Msg: fmt.Sprintf("dialect %s: format %s is not interpreted (only MLIR dialects are); compile it", d.Name, d.Format)}}
	}
	if d.Name == "builtin" {
		// Not a hook: the runtime's containers and text, native
		// properties and other dialects' hooks make and switch on the
		// compiled builtin values, which interpreted ones would not be.
		return defs.ErrorList{{Pos: d.Pos, Msg: "dialect builtin: not interpreted: MLIR bytecode and text are built on the compiled builtin dialect (bytecode.Builtin, asmformat.Builtin, mlirtext, native properties and other dialects' hooks make and switch on its Go types), which every program links in"}}
	}
	// A key may name several functions (read and write of a custom
	// field): one error each key.
	var names []string
	hooks := tables.Hooks(d)
	var why string
	for i, h := range hooks {
		ok, reason := bridged(table, d, h.What, h.Name)
		if !ok {
			names = append(names, h.Name)
			why = reason
		}
		if i+1 < len(hooks) && hooks[i+1].Pos == h.Pos && hooks[i+1].What == h.What || len(names) == 0 {
			continue
		}
		errs = append(errs, &defs.Error{Pos: h.Pos, Msg: fmt.Sprintf("dialect %s: %s names hand-written Go (%s), which definitions loaded at run time cannot call: %s; compile the dialect (dialectgen -cli) instead", d.Name, h.What, strings.Join(names, ", "), why)})
		names = nil
	}
	for _, def := range allDefs(d) {
		if h := def.AsmHooks; h != nil && (table == nil || table.Defs[def.Name] == nil || table.Defs[def.Name].ParseAsm == nil) {
			_, why := bridged(table, d, "asm_hooks", "")
			errs = append(errs, &defs.Error{Pos: h.Pos, Msg: fmt.Sprintf("dialect %s: %s's assembly hooks (%s, %s) are hand-written Go, which definitions loaded at run time cannot call: %s; compile the dialect instead", d.Name, def.Name, h.Parse, h.Print, why)})
		}
	}
	errs = append(errs, textHooks(d, table)...)
	for _, o := range d.Ops {
		for _, a := range o.Attributes {
			for _, p := range a.Property {
				if !interpretedForms[p.Form] && p.Form != "hook" { // hooks are reported above
					errs = append(errs, &defs.Error{Pos: a.Pos, Msg: fmt.Sprintf("dialect %s: op %q: property %q has the form %s, which the interpreter does not know; compile the dialect", d.Name, o.Name, a.Name, p.Form)})
				}
			}
		}
	}
	return errs
}

// interpretedForms are the native property forms nativeProp builds.
var interpretedForms = map[string]bool{"int": true, "unit": true, "bool": true, "optional_int": true, "struct": true}

// nativeProp is the builtin form of a native property, as the generated
// op table names it (tables.OpTable lists the forms; unsupported refused
// hooks the table lacks).
func (in *Dialect) nativeProp(forms []*defs.NativeProperty) bytecode.NativeProp {
	one := func(p *defs.NativeProperty) bytecode.NativeProp {
		switch p.Form {
		case "hook":
			// The hooks take and give the dialect's compiled values.
			h := in.hooks.Props[p.Hook]
			toAttr := func(ctx *ir.Context, v uint64) (ir.Attribute, error) {
				a, err := h.Attr(ctx, v)
				if err != nil {
					return nil, err
				}
				x, err := in.fromCompiled(ctx, &defs.TypeRef{Kind: defs.RefAttr}, a)
				a, _ = x.(ir.Attribute)
				return a, err
			}
			fromAttr := func(a ir.Attribute) (uint64, error) {
				c, _ := in.toCompiled(&defs.TypeRef{Kind: defs.RefAttr}, a).(ir.Attribute)
				return h.Value(c)
			}
			return builtin.HookProp(toAttr, fromAttr, p.Max, p.Default, p.HasDefault)
		case "int":
			return builtin.IntProp(uint32(p.Bits), p.Max, p.Default, p.HasDefault)
		case "unit":
			return builtin.UnitProp(p.Default == 1)
		case "bool":
			return builtin.BoolProp(p.Default == 1)
		case "optional_int":
			return builtin.OptionalIntProp(uint32(p.Bits))
		case "struct":
			var fields []string
			for _, f := range p.Fields {
				s := fmt.Sprintf("%s:%d", f.Name, f.Bits)
				if f.HasDefault {
					s += fmt.Sprintf("=%d", f.Default)
				}
				fields = append(fields, s)
			}
			return builtin.StructProp(fields...)
		}
		panic("interp: property form " + p.Form + " reached the op table") // unsupported refused it
	}
	if len(forms) == 1 {
		return one(forms[0])
	}
	others := make([]bytecode.NativeProp, len(forms)-1)
	for i, p := range forms[1:] {
		others[i] = one(p)
	}
	return builtin.EitherProp(one(forms[0]), others...)
}

// Name is the dialect namespace.
func (in *Dialect) Name() string { return in.d.Name }

// Definition is the definition the dialect interprets.
func (in *Dialect) Definition() *defs.Dialect { return in.d }

// OpSchema returns the schema of an op at an LLVM release (0: the newest),
// from the same op table the generated OpSchema uses.
func (in *Dialect) OpSchema(op string, release int) *bytecode.OpSchema {
	if in.table == nil {
		return nil
	}
	return in.table.Lookup(op, release)
}

// OldestRelease is the oldest LLVM release the definitions describe, 0
// for none (bytecode.DescribedReleases).
func (in *Dialect) OldestRelease() int {
	if v := in.d.Versions; v != nil && len(v.Releases) > 0 {
		return v.Releases[0]
	}
	return 0
}

// OpNameAt gives the name release gives the op that some release names op
// (bytecode.OpNames).
func (in *Dialect) OpNameAt(op string, release int) (string, bool) {
	if in.table == nil {
		return "", false
	}
	return in.table.NameAt(op, release)
}

// OpReleases says which LLVM releases have an op (bytecode.OpReleases).
func (in *Dialect) OpReleases(op string) (string, bool) {
	if in.table == nil {
		return "", false
	}
	return in.table.Releases(op)
}
