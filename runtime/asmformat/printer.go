package asmformat

import (
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Printer prints the body of a dialect attribute or type, spacing the
// elements of a declarative format as AttrOrTypeFormatGen's printers do.
type Printer struct {
	asm.Printer
	sp      asm.Spacing
	release int
	failed  bool
	d       *Dialect
	// distinct numbers the entry's distinct attributes in the order they
	// print (distinct[0]<…>), shared by nested printers.
	distinct *map[ir.Attribute]int
	// alias, when set, gives the text that stands for a nested value
	// (its alias, as MLIR prints nested values by alias, or the caller's
	// text of a builtin value it prints itself), shared by nested
	// printers.
	alias func(v any) (string, bool)
}

// aliased prints v's alias if it has one.
func (pr *Printer) aliased(v any) bool {
	if pr.alias == nil || v == nil {
		return false
	}
	s, ok := pr.alias(v)
	if ok {
		pr.Write(s)
	}
	return ok
}

// DistinctID returns the number of a distinct attribute in the entry
// being printed, and whether it printed before (then only its number
// prints).
func (pr *Printer) DistinctID(a ir.Attribute) (int, bool) {
	if pr.distinct == nil {
		pr.distinct = &map[ir.Attribute]int{}
	}
	if n, ok := (*pr.distinct)[a]; ok {
		return n, true
	}
	n := len(*pr.distinct)
	(*pr.distinct)[a] = n
	return n, false
}

// Release is the LLVM release whose syntax is printed (0: the newest).
func (pr *Printer) Release() int { return pr.release }

// Fail marks the value as one the printer cannot print; the caller then
// keeps the value's original text.
func (pr *Printer) Fail() { pr.failed = true }

// releasePrinter is implemented by dialects whose syntax depends on the
// release.
type releasePrinter interface {
	PrintAttributeFor(a ir.Attribute, release int) (string, bool)
	PrintTypeFor(t ir.Type, release int) (string, bool)
}

// Value prints a nested attribute or type in full, or by its alias.
func (pr *Printer) Value(v any) {
	switch x := v.(type) {
	case ir.Attribute:
		if x != nil && pr.aliased(v) {
			return
		}
	case ir.Type:
		if x != nil && pr.aliased(v) {
			return
		}
	}
	switch v := v.(type) {
	case *ir.TextAttr:
		pr.Write(v.Text())
		return
	case *ir.TextType:
		pr.Write(v.Text())
		return
	case ir.Attribute:
		if v == nil {
			break
		}
		if v.Dialect() != "builtin" {
			s, ok := pr.printDialect(v, v.Dialect(), v.Context(), v.Kind(), 0)
			if !ok {
				break
			}
			pr.Write(s)
			return
		}
		if b, ok := v.Context().Dialect("builtin").(Builtin); ok && b.PrintBuiltin(pr, v) {
			return
		}
	case ir.Type:
		if v == nil {
			break
		}
		if v.Dialect() != "builtin" {
			s, ok := pr.printDialect(v, v.Dialect(), v.Context(), v.Kind(), 1)
			if !ok {
				break
			}
			pr.Write(s)
			return
		}
		if b, ok := v.Context().Dialect("builtin").(Builtin); ok && b.PrintBuiltin(pr, v) {
			return
		}
	}
	pr.failed = true
}

func (pr *Printer) printDialect(v any, name string, ctx *ir.Context, kind string, k int) (string, bool) {
	release := pr.release
	d := ctx.Dialect(name)
	if pr.distinct == nil {
		pr.distinct = &map[ir.Attribute]int{}
	}
	if f, ok := d.(AsmFormsOf); ok {
		return f.AsmForms().printWith(pr, v, kind, release, k)
	}
	if rp, ok := d.(releasePrinter); ok {
		if a, ok := v.(ir.Attribute); ok {
			return rp.PrintAttributeFor(a, release)
		}
		return rp.PrintTypeFor(v.(ir.Type), release)
	}
	tc, ok := d.(textCodec)
	if !ok {
		return "", false
	}
	if a, ok := v.(ir.Attribute); ok {
		return tc.PrintAttribute(a)
	}
	return tc.PrintType(v.(ir.Type))
}

// printNested prints a nested type or attribute on its own.
func printNested(v any) (string, bool) {
	pr := &Printer{}
	pr.Value(v)
	return pr.String(), !pr.failed
}

// Stripped prints a value of the printer's dialect without its prefix
// and mnemonic (printStrippedAttrOrType).
func (pr *Printer) Stripped(d *Dialect, v any) {
	if pr.aliased(v) {
		return
	}
	pr.strippedBody(d, v)
}

func (pr *Printer) strippedBody(d *Dialect, v any) {
	var kind string
	k := 0
	switch x := v.(type) {
	case *ir.TextAttr, *ir.TextType:
		pr.Value(v)
		return
	case ir.Attribute:
		kind = x.Kind()
	case ir.Type:
		kind, k = x.Kind(), 1
	default:
		pr.failed = true
		return
	}
	d.index()
	def := pick(d.byKind[k][kind], pr.release)
	if def == nil || def.compile() != nil {
		pr.failed = true
		return
	}
	if def.Print != nil {
		def.Print(pr, v)
		return
	}
	vals := def.valuesOf(v)
	saved := pr.sp
	pr.sp = asm.Spacing{}
	pr.elems(d, def, def.elems, vals)
	pr.sp = saved
}

func (pr *Printer) elems(d *Dialect, def *Def, es []*elem, vals []any) {
	for _, e := range es {
		pr.elem(d, def, e, vals)
	}
}

// spaceForElement writes the space a variable or directive asks for.
func (pr *Printer) spaceForElement() {
	if pr.sp.Element() {
		pr.Byte(' ')
	}
}

func (pr *Printer) elem(d *Dialect, def *Def, e *elem, vals []any) {
	switch e.kind {
	case eLiteral:
		switch e.text {
		case "", "\\n":
			// AttrOrTypeFormatGen's whitespace: nothing printed before
			// what follows.
			pr.sp.Empty()
		case " ":
			pr.Byte(' ')
			pr.sp.Empty()
		default:
			if pr.sp.Literal(e.text) {
				pr.Byte(' ')
			}
			pr.Write(e.text)
		}
	case eVar:
		pr.spaceForElement()
		prm := def.Params[e.param]
		if e.qualified {
			// qualified($p) prints a value of the dialect in full.
			prm.Stripped = ""
		}
		pr.value(d, prm, prm.Kind, vals[e.param])
	case eParams, eStruct:
		pr.spaceForElement()
		args := e.args
		if e.kind == eParams {
			args = nil
			for i, prm := range def.Params {
				if !prm.Self && !prm.Absent {
					args = append(args, &elem{kind: eVar, param: i})
				}
			}
		}
		first := true
		for _, a := range args {
			prm := def.Params[a.param]
			v := vals[a.param]
			if e.kind == eStruct && (prm.Optional || prm.Default != "") && !present(prm, v) {
				continue
			}
			if !first {
				pr.Write(", ")
			}
			first = false
			if e.kind == eStruct {
				pr.Write(prm.Name)
				pr.Write(" = ")
			}
			pr.value(d, prm, prm.Kind, v)
		}
	case eOptional:
		anchor := -1
		for _, x := range e.then {
			if x.anchor {
				if (x.kind == eCustom || x.kind == eStruct) && len(x.args) > 0 {
					anchor = x.args[0].param
				} else {
					anchor = x.param
				}
			}
		}
		if anchor < 0 {
			pr.failed = true
			return
		}
		before := pr.sp
		if groupPresent(def, e, anchor, vals) {
			pr.elems(d, def, e.then, vals)
			return
		}
		// What follows is spaced as after the then branch.
		dry := &Printer{sp: before}
		dry.elems(d, def, e.then, make([]any, len(vals)))
		pr.sp = before
		pr.elems(d, def, e.els, vals)
		pr.sp = dry.sp
	case eCustom:
		pr.spaceForElement()
		c, ok := d.Customs[e.text]
		if !ok {
			pr.failed = true
			return
		}
		args := make([]int, len(e.args))
		for i, a := range e.args {
			args[i] = a.param
		}
		c.Print(pr, vals, args)
	}
}

// groupPresent reports whether an optional group prints: its anchor is
// present, or for a custom directive any of its parameters.
func groupPresent(def *Def, g *elem, anchor int, vals []any) bool {
	for _, x := range g.then {
		if x.anchor && (x.kind == eCustom || x.kind == eStruct) {
			for _, a := range x.args {
				if present(def.Params[a.param], vals[a.param]) {
					return true
				}
			}
			return false
		}
	}
	return present(def.Params[anchor], vals[anchor])
}

// Short prints a value of the printer's dialect without its prefix: its
// mnemonic and body (the dialect's generatedTypePrinter), or in full when
// it is another dialect's.
func (pr *Printer) Short(v any) {
	var kind string
	k := 0
	switch x := v.(type) {
	case *ir.TextAttr, *ir.TextType:
		pr.Value(v)
		return
	case ir.Attribute:
		if x.Dialect() != pr.d.Name {
			pr.Value(v)
			return
		}
		kind = x.Kind()
	case ir.Type:
		if x.Dialect() != pr.d.Name {
			pr.Value(v)
			return
		}
		kind, k = x.Kind(), 1
	default:
		pr.failed = true
		return
	}
	def := pick(pr.d.byKind[k][kind], pr.release)
	if def == nil {
		pr.failed = true
		return
	}
	if pr.aliased(v) {
		return
	}
	pr.Write(def.Mnemonic)
	pr.strippedBody(pr.d, v)
}

// Stripped prints a value of the printer's dialect without prefix and
// mnemonic.
func (pr *Printer) StrippedOwn(v any) { pr.Stripped(pr.d, v) }

// value prints one value of kind k for parameter prm.
func (pr *Printer) value(d *Dialect, prm Param, k Kind, v any) {
	switch k {
	case Int:
		x, ok := v.(int64)
		if !ok {
			pr.failed = true
			return
		}
		pr.Int(x)
	case Uint:
		x, ok := v.(uint64)
		if !ok {
			pr.failed = true
			return
		}
		pr.Uint(x)
	case Bool:
		x, ok := v.(bool)
		if !ok {
			pr.failed = true
			return
		}
		if x {
			pr.Write("true")
		} else {
			pr.Write("false")
		}
	case String:
		x, ok := v.(string)
		if !ok {
			pr.failed = true
			return
		}
		pr.Quoted(x)
	case Enum:
		x, ok := v.(uint64)
		if !ok || prm.Enum == nil {
			pr.failed = true
			return
		}
		s, ok := prm.Enum.EnumText(x)
		if !ok {
			pr.failed = true
			return
		}
		if prm.Quoted && x&(x-1) != 0 {
			pr.Quoted(s)
			return
		}
		pr.Write(s)
	case Type, Attr:
		if v == nil {
			pr.failed = true
			return
		}
		if prm.Stripped != "" {
			pr.Stripped(d, v)
			return
		}
		pr.Value(v)
	case List:
		list, ok := v.([]any)
		if !ok {
			pr.failed = true
			return
		}
		for i, x := range list {
			if i > 0 {
				pr.Write(", ")
			}
			pr.value(d, prm, prm.Elem, x)
		}
	}
}

// ShapeAndType prints dimensions, each followed by x, then a type.
func (pr *Printer) ShapeAndType(dims []int64, t ir.Type) {
	for _, d := range dims {
		if d == asm.Dynamic {
			pr.Write("?")
		} else {
			pr.Int(d)
		}
		pr.Write("x")
	}
	pr.Value(t)
}
