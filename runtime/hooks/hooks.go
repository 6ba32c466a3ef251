// Package hooks lets a dialect definition loaded at run time (package
// interp) call the hand-written Go of the dialect's compiled package when
// that package is linked into the program. A generated package whose
// definition names hooks registers a Table in its init; the interpreter
// looks it up by dialect name and goes through it for each hook.
//
// Hooks take and return the compiled Go values of the definitions; the
// interpreter holds parameters as plain values. The table converts between
// the two, parameter by parameter, in definition order:
//
//	Attribute, Location     ir.Attribute (nil when absent)
//	Type                    ir.Type
//	a definition Foo        its compiled value (*Foo; nil when absent)
//	string, bool            string, bool
//	int64, int32            int64
//	uint64, uint32, enums   uint64
//	APInt, APFloat          ir.APInt
//	bytes                   []byte
//	Resource                ir.ResourceHandle
//	go: types               the Go value itself
//	[T], structs            []any (a struct's params in order)
//
// A reference to a definition of the same dialect is the compiled value:
// the interpreter converts its own values with Def.Value before a call and
// back with Def.Params after it.
package hooks

import (
	"sync"

	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Table is the hand-written Go of one compiled dialect, reachable by the
// names its definition uses.
type Table struct {
	Dialect string
	// Defs converts every attribute and type definition's values, by
	// definition name, and carries the hooks that take them.
	Defs map[string]*Def
	// Fields are the custom fields, by their custom: name.
	Fields map[string]*Field
	// When are the predicate hooks of when: keys, by name; args are the
	// parameters the call names.
	When map[string]func(args []any) bool
	// Props are the conversions of native properties of the hook form,
	// by the hook's name.
	Props map[string]*Prop
	// Syntax are the name tables text forms print enums by (text_names).
	Syntax map[string]*asmformat.EnumSyntax
	// Customs are the custom directives of text forms (custom<Name>).
	Customs map[string]asmformat.Custom
	// Release are the ops' release hooks (release_hook), by name: they
	// convert an op's attributes (sorted by name) read at LLVM release
	// from to those it has at release to (0: the newest).
	Release map[string]func(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error)
	// Upgrade and Downgrade are the hand-written steps of a dialect that
	// versions itself (versions.dialect.upgrade, .downgrade; see
	// bytecode.Versioning); Defaults the defaults of versioned op
	// attributes that hooks build, by hook name.
	Upgrade   func(ctx *ir.Context, op *ir.Operation, from bytecode.DialectVersion) error
	Downgrade func(ctx *ir.Context, op *ir.Operation, to bytecode.DialectVersion, name ir.OpName, attrs []ir.NamedAttr) (ir.OpName, []ir.NamedAttr, error)
	Defaults  map[string]*Default
}

// Default builds a versioned attribute's default and tells one apart.
type Default struct {
	Default   func(ctx *ir.Context) ir.Attribute
	IsDefault func(a ir.Attribute) bool
}

// Def is one definition's conversions and the hooks that take its value.
type Def struct {
	// Value is the compiled value of these parameters, made by the
	// definition's constructor in ctx (hooks print nested values through
	// their context).
	Value func(ctx *ir.Context, params []any) any
	// Params are a compiled value's parameters; false when x is not a
	// value of the definition.
	Params func(x any) ([]any, bool)
	// Verify runs the definition's verify hook; nil without one.
	Verify func(params []any) error
	// ParseAsm and PrintAsm are the assembly hooks (asm_hooks) of a text
	// form written in C++; nil without them.
	ParseAsm func(p *asmformat.Parser) any
	PrintAsm func(pr *asmformat.Printer, x any)
	// ParseText and PrintText are the text hooks of a value stored as
	// text (text: parse, print); nil without them.
	ParseText func(ctx *ir.Context, text string, release int) (any, error)
	PrintText func(x any) string
	// Release runs the definition's release hook (release_hook) on a
	// compiled value: an error where target t cannot hold it; nil
	// without one.
	Release func(t bytecode.Target, x any) error
	// Build runs the definition's build hook (build_hook) on compiled
	// parameters and returns those the constructor uniques; nil without
	// one.
	Build func(ctx *ir.Context, params []any) []any
}

// Field is a custom field's reader and writer. args are the parameters
// the field's args name, outs those its outputs name.
type Field struct {
	Read  func(r *bytecode.EntryReader, args []any) (outs []any, err error)
	Write func(w *bytecode.EntryWriter, args, outs []any)
}

// Prop converts a native property's integer to its attribute and back
// (a property of the hook form).
type Prop struct {
	Attr  func(ctx *ir.Context, v uint64) (ir.Attribute, error)
	Value func(a ir.Attribute) (uint64, error)
}

var (
	mu     sync.RWMutex
	tables = map[string]func() *Table{}
)

// Register makes the table build returns available under a dialect's
// name; generated packages call it from init. build runs once, when the
// table is first looked up: a program links every dialect's table and
// most never use one, so none is built as it starts. A second table for
// the same dialect replaces the first.
func Register(dialect string, build func() *Table) {
	mu.Lock()
	defer mu.Unlock()
	tables[dialect] = sync.OnceValue(build)
}

// Lookup returns the table of a dialect, or nil when no package linked in
// registered one.
func Lookup(dialect string) *Table {
	mu.RLock()
	build := tables[dialect]
	mu.RUnlock()
	if build == nil {
		return nil
	}
	return build()
}
