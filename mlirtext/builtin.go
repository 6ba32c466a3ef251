package mlirtext

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Builtin attributes and types in AsmPrinter's syntax
// (printAttributeImpl, printTypeImpl); values of other dialects print
// their String form.

// elision is AsmPrinter's AttrTypeElision: whether an attribute's type
// may be left out (i64 integers and f64 floats in arrays and memref
// parameters).
type elision int

const (
	elideNever elision = iota
	elideMay
)

// alias prints the alias of an attribute or type if it has one. Aliases
// are keyed by the values themselves: no attribute is a type.
func (p *printer) alias(a any) bool {
	if p.aliases == nil {
		return false
	}
	s, ok := p.aliases.Alias(a)
	if ok {
		p.out.Write(s)
	}
	return ok
}

func (p *printer) attr(a ir.Attribute, e elision) {
	if a != nil && p.alias(a) {
		return
	}
	p.attrImpl(a, e)
}

func (p *printer) typ(t ir.Type) {
	if t != nil && p.alias(t) {
		return
	}
	p.typeImpl(t)
}

func isUnit(a ir.Attribute) bool { _, ok := a.(*builtin.UnitAttr); return ok }

func isFunctionType(t ir.Type) bool { _, ok := t.(*builtin.FunctionType); return ok }

func isNone(t ir.Type) bool { _, ok := t.(*builtin.NoneType); return ok || t == nil }

func (p *printer) attrImpl(a ir.Attribute, e elision) {
	var typ ir.Type // the type printed after the value
	switch a := a.(type) {
	case nil:
		p.out.Write("<<NULL ATTRIBUTE>>")
		return
	case *builtin.UnitAttr:
		p.out.Write("unit")
		return
	case *builtin.DistinctAttr:
		n, ok := p.distinct[a]
		if !ok {
			n = len(p.distinct)
			p.distinct[a] = n
		}
		p.out.Write("distinct[")
		p.out.Int(int64(n))
		p.out.Write("]<")
		if !isUnit(a.ReferencedAttr()) {
			p.attr(a.ReferencedAttr(), elideNever)
		}
		p.out.Byte('>')
		return
	case *builtin.DictionaryAttr:
		p.out.Byte('{')
		for i, na := range a.Value() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.out.KeywordOrString(na.Name.Value())
			if !isUnit(na.Value) {
				p.out.Write(" = ")
				p.attr(na.Value, elideNever)
			}
		}
		p.out.Byte('}')
		return
	case *builtin.IntegerAttr:
		t := a.Type()
		if it, ok := t.(*builtin.IntegerType); ok && it.Width() == 1 && it.Signedness() == builtin.SignednessSignless {
			if a.Value().Big(false).Sign() != 0 {
				p.out.Write("true")
			} else {
				p.out.Write("false")
			}
			return
		}
		p.intValue(a.Value(), t)
		if e == elideMay && isSignless(t, 64) {
			return
		}
		typ = t
	case *builtin.FloatAttr:
		hex := p.float(a.Value(), a.Type())
		// An f64 may go without its type, but from 19 on not in hex (NaN,
		// inf), which would read back as an integer; 16 elides it there too.
		if _, f64 := a.Type().(*builtin.Float64Type); e == elideMay && f64 && (!hex || p.release < 19) {
			return
		}
		typ = a.Type()
	case *builtin.StringAttr:
		p.out.Quoted(a.Value())
		typ = a.Type()
	case *builtin.ArrayAttr:
		p.out.Byte('[')
		for i, x := range a.Value() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.attr(x, elideMay)
		}
		p.out.Byte(']')
		return
	case *builtin.AffineMapAttr:
		text := a.Value().String()
		if p.otherRelease() {
			// mlir-opt reads a file's affine maps from text and
			// simplifies them by its own release's rules.
			if m, err := affine.ParseMapForRelease(text, p.release); err == nil {
				text = m.String()
			}
		}
		p.out.Write(text)
		return
	case *builtin.IntegerSetAttr:
		text := a.Value().String()
		if p.otherRelease() {
			if s, err := affine.ParseIntegerSetForRelease(text, p.release); err == nil {
				text = s.String()
			}
		}
		p.out.Write(text)
		return
	case *builtin.TypeAttr:
		p.typ(a.Value())
		return
	case *builtin.SymbolRefAttr:
		p.out.Symbol(a.RootReference().Value())
		for _, n := range a.NestedReferences() {
			p.out.Write("::")
			p.out.Symbol(n.RootReference().Value())
		}
		return
	case *builtin.DenseIntOrFPElementsAttr:
		p.out.Write("dense<")
		p.denseIntOrFP(a.RawData(), a.Type(), true)
		p.out.Byte('>')
		typ = a.Type()
	case *builtin.DenseStringElementsAttr:
		p.out.Write("dense<")
		p.denseStrings(a)
		p.out.Byte('>')
		typ = a.Type()
	case *builtin.SparseElementsAttr:
		if err := builtin.PrintSparseElements(p.out, a); err != nil {
			p.fail(fmt.Errorf("mlirtext: %w", err))
		}
		typ = a.Type()
	case *builtin.StridedLayoutAttr:
		p.out.Write(a.String())
		return
	case *builtin.DenseArrayAttr:
		p.out.Write("array<")
		p.typ(a.ElementType())
		if a.Size() > 0 {
			p.out.Write(": ")
			p.denseArray(a)
		}
		p.out.Byte('>')
		return
	case *builtin.DenseResourceElementsAttr:
		h := a.RawHandle()
		p.out.Write("dense_resource<")
		p.out.KeywordOrString(h.Key)
		p.out.Byte('>')
		if !p.resources[h] {
			p.resources[h] = true
			p.resourceOrder = append(p.resourceOrder, h)
		}
		typ = a.Type()
	case ir.Location:
		if isBuiltinLoc(a) {
			p.out.Write("loc(")
			p.locInner(a, true)
			p.out.Byte(')')
			return
		}
		p.foreign(a)
		return
	case *ir.EncodedAttr:
		p.fail(fmt.Errorf("mlirtext: an attribute of dialect %s is custom-encoded and no codec here reads it", a.Dialect()))
		p.out.Write(a.String())
		return
	default:
		p.foreign(a)
		return
	}
	if !isNone(typ) {
		p.out.Write(" : ")
		p.typ(typ)
	}
}

// foreign prints an attribute or type of another dialect: through its
// own printer (ir.AsmPrintable, nested values by alias), else by the
// textual form its dialect prints (bytecode.TextCodec), else by its String
// form (text-fallback values print the text the file held).
func (p *printer) foreign(x any) {
	// withAliases prints a dialect's text with the builtin values in it
	// by alias.
	withAliases := func(key any, dialect, text string) bool {
		spans := p.textNested(key, dialect, text)
		if p.aliases == nil || len(spans) == 0 {
			return false
		}
		last := 0
		for _, s := range spans {
			p.out.Write(text[last:s.start])
			p.attr(s.attr, elideNever)
			last = s.end
		}
		p.out.Write(text[last:])
		return true
	}
	if t, ok := x.(*ir.TextAttr); ok && p.aliases != nil && withAliases(t, t.Dialect(), t.Text()) {
		return
	}
	if ap, ok := x.(ir.AsmPrintable); ok {
		ap.PrintAsm(asmOut{p})
		return
	}
	if s, ok := p.aliasedText(x); ok {
		p.out.Write(s)
		return
	}
	if s, ok := p.dialectText(x); ok {
		if a, isAttr := x.(ir.Attribute); !isAttr || p.aliases == nil || !withAliases(a, a.Dialect(), s) {
			p.out.Write(s)
		}
		return
	}
	switch x := x.(type) {
	case fmt.Stringer:
		p.out.Write(x.String())
	case ir.Attribute:
		p.fail(fmt.Errorf("mlirtext: attribute %s.%s has no textual form", x.Dialect(), x.Kind()))
		p.out.Write("#" + x.Dialect() + "." + x.Kind())
	case ir.Type:
		p.fail(fmt.Errorf("mlirtext: type %s.%s has no textual form", x.Dialect(), x.Kind()))
		p.out.Write("!" + x.Dialect() + "." + x.Kind())
	}
}

func isSignless(t ir.Type, width uint32) bool {
	it, ok := t.(*builtin.IntegerType)
	return ok && it.Width() == width && it.Signedness() == builtin.SignednessSignless
}

// intValue prints an integer: unsigned for unsigned types, signed
// otherwise, index included (APInt::print).
func (p *printer) intValue(v ir.APInt, t ir.Type) {
	signed := true
	switch t := t.(type) {
	case *builtin.IntegerType:
		signed = t.Signedness() != builtin.SignednessUnsigned
	}
	// Most values fit a machine word: printed from it, not through a
	// big.Int and its string (a tenth of printing 20,000 ops of integer
	// attributes went there).
	if w := v.Width(); w >= 1 && w <= 64 && len(v.Words()) <= 1 && (w == 64 || v.Uint64()>>w == 0) {
		if signed {
			p.out.Int(v.Int64())
		} else {
			p.out.Uint(v.Uint64())
		}
		return
	}
	p.out.Write(v.Big(signed).String())
}

func isBuiltinLoc(l ir.Attribute) bool {
	switch l.(type) {
	case *builtin.UnknownLoc, *builtin.FileLineColRange, *builtin.NameLoc, *builtin.CallSiteLoc, *builtin.FusedLoc:
		return true
	}
	return false
}

// locInner prints a location without loc(...) (printLocationInternal):
// nested locations by alias when they have one.
func (p *printer) locInner(l ir.Location, top bool) {
	if !top && l != nil && p.alias(l) {
		return
	}
	switch l := l.(type) {
	case nil:
		p.out.Write("unknown")
	case *builtin.UnknownLoc:
		p.out.Write("unknown")
	case *builtin.FileLineColRange:
		p.out.Quoted(l.Filename().Value())
		p.out.Byte(':')
		p.out.Uint(uint64(l.StartLine()))
		p.out.Byte(':')
		p.out.Uint(uint64(l.StartCol()))
		switch {
		case l.Form() == 2 || l.StartLine() == l.EndLine() && l.StartCol() == l.EndCol():
		case l.StartLine() == l.EndLine():
			p.out.Write(" to :")
			p.out.Uint(uint64(l.EndCol()))
		default:
			p.out.Write(" to ")
			p.out.Uint(uint64(l.EndLine()))
			p.out.Byte(':')
			p.out.Uint(uint64(l.EndCol()))
		}
	case *builtin.NameLoc:
		p.out.Quoted(l.Name().Value())
		if _, unknown := l.ChildLoc().(*builtin.UnknownLoc); !unknown && l.ChildLoc() != nil {
			p.out.Byte('(')
			p.locInner(l.ChildLoc(), false)
			p.out.Byte(')')
		}
	case *builtin.CallSiteLoc:
		p.out.Write("callsite(")
		p.locInner(l.Callee(), false)
		p.out.Write(" at ")
		p.locInner(l.Caller(), false)
		p.out.Byte(')')
	case *builtin.FusedLoc:
		p.out.Write("fused")
		if md := l.Metadata(); md != nil {
			p.out.Byte('<')
			p.attr(md, elideNever)
			p.out.Byte('>')
		}
		p.out.Byte('[')
		for i, x := range l.Locations() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.locInner(x, false)
		}
		p.out.Byte(']')
	default:
		p.attr(l, elideNever)
	}
}

func (p *printer) typeImpl(t ir.Type) {
	switch t := t.(type) {
	case nil:
		p.out.Write("<<NULL TYPE>>")
	case *builtin.IntegerType:
		switch t.Signedness() {
		case builtin.SignednessSigned:
			p.out.Byte('s')
		case builtin.SignednessUnsigned:
			p.out.Byte('u')
		}
		p.out.Byte('i')
		p.out.Uint(uint64(t.Width()))
	case *builtin.FunctionType:
		p.out.Byte('(')
		p.types(t.Inputs())
		p.out.Byte(')')
		p.arrowTypes(t.Results())
	case *builtin.ComplexType:
		p.out.Write("complex<")
		p.typ(t.ElementType())
		p.out.Byte('>')
	case *builtin.RankedTensorType:
		p.out.Write("tensor<")
		p.shape(t.Shape(), nil)
		p.typ(t.ElementType())
		if enc := t.Encoding(); enc != nil {
			p.out.Write(", ")
			p.attr(enc, elideNever)
		}
		p.out.Byte('>')
	case *builtin.UnrankedTensorType:
		p.out.Write("tensor<*x")
		p.typ(t.ElementType())
		p.out.Byte('>')
	case *builtin.VectorType:
		p.out.Write("vector<")
		if p.release < 17 {
			p.vectorShape16(t.Shape(), t.ScalableDims())
		} else {
			p.shape(t.Shape(), t.ScalableDims())
		}
		p.typ(t.ElementType())
		p.out.Byte('>')
	case *builtin.MemRefType:
		p.out.Write("memref<")
		p.shape(t.Shape(), nil)
		p.typ(t.ElementType())
		if l := t.Layout(); l != nil && !isIdentityLayout(l) {
			p.out.Write(", ")
			p.attr(l, elideMay)
		}
		if ms := t.MemorySpace(); ms != nil {
			p.out.Write(", ")
			p.attr(ms, elideMay)
		}
		p.out.Byte('>')
	case *builtin.UnrankedMemRefType:
		p.out.Write("memref<*x")
		p.typ(t.ElementType())
		if ms := t.MemorySpace(); ms != nil {
			p.out.Write(", ")
			p.attr(ms, elideMay)
		}
		p.out.Byte('>')
	case *builtin.TupleType:
		p.out.Write("tuple<")
		p.types(t.Types())
		p.out.Byte('>')
	case *ir.EncodedType:
		p.fail(fmt.Errorf("mlirtext: a type of dialect %s is custom-encoded and no codec here reads it", t.Dialect()))
		p.out.Write(t.String())
	default:
		// index, none, the float types and other dialects' types print
		// their name or text.
		p.foreign(t)
	}
}

func isIdentityLayout(a ir.Attribute) bool {
	m, ok := a.(*builtin.AffineMapAttr)
	return ok && m.Value().IsIdentity()
}

func (p *printer) shape(dims []int64, scalable []bool) {
	for i, d := range dims {
		sc := i < len(scalable) && scalable[i]
		if sc {
			p.out.Byte('[')
		}
		if d < 0 {
			p.out.Byte('?')
		} else {
			p.out.Int(d)
		}
		if sc {
			p.out.Byte(']')
		}
		p.out.Byte('x')
	}
}

// float prints v as a float of type t and reports whether in hex.
func (p *printer) float(v ir.APInt, t ir.Type) (hex bool) {
	s := builtin.FloatSemanticsOf(t)
	if s == nil {
		p.fail(fmt.Errorf("mlirtext: printing floats of type %s is not supported", typeName(t)))
		p.out.Write("0x")
		p.out.Write(strings.ToUpper(v.Big(false).Text(16)))
		return true
	}
	if s.Bits > 64 {
		p.out.Set(asm.AppendFloatBig(p.out.Append(), s, v.Big(false)))
		return false // wider than f64: never printed without its type
	}
	return p.out.Float(s, v.Uint64())
}

func typeName(t ir.Type) string {
	if s, ok := t.(fmt.Stringer); ok {
		return s.String()
	}
	if t == nil {
		return "<nil>"
	}
	return t.Dialect() + "." + t.Kind()
}

// denseArray prints the elements of array<T: ...> (printDenseArrayAttr).
func (p *printer) denseArray(a *builtin.DenseArrayAttr) {
	raw, n := a.RawData(), int(a.Size())
	elem := a.ElementType()
	size := len(raw) / max(n, 1)
	for i := range n {
		if i > 0 {
			p.out.Write(", ")
		}
		e := raw[i*size : (i+1)*size]
		if it, ok := elem.(*builtin.IntegerType); ok && it.Width() == 1 {
			if e[0] != 0 {
				p.out.Write("true")
			} else {
				p.out.Write("false")
			}
			continue
		}
		p.scalar(e, elem)
	}
}

// vectorShape16 prints a vector shape as LLVM 16 does: its scalable
// dimensions, which trail the fixed ones, in one pair of brackets
// (vector<3x[2x4]xi8>).
func (p *printer) vectorShape16(dims []int64, scalable []bool) {
	fixed := len(dims)
	for fixed > 0 && fixed-1 < len(scalable) && scalable[fixed-1] {
		fixed--
	}
	p.shape(dims[:fixed], nil)
	if fixed == len(dims) {
		return
	}
	p.out.Byte('[')
	for i, d := range dims[fixed:] {
		if i > 0 {
			p.out.Byte('x')
		}
		p.out.Int(d)
	}
	p.out.Write("]x")
}

// formsOf returns the text forms of a typed value's dialect, if it
// prints through asmformat.
func (p *printer) formsOf(x any) *asmformat.Dialect {
	ctx := p.context()
	if ctx == nil {
		return nil
	}
	var name string
	switch x := x.(type) {
	case *ir.TextAttr, *ir.TextType:
		return nil
	case ir.Attribute:
		name = x.Dialect()
	case ir.Type:
		name = x.Dialect()
	default:
		return nil
	}
	if f, ok := ctx.Dialect(name).(asmformat.AsmFormsOf); ok && name != "builtin" {
		return f.AsmForms()
	}
	return nil
}

// aliasedText prints a typed value of a dialect with text forms as
// mlir-opt prints it in a file: the values nested in it by alias (none in
// local scope), distinct attributes numbered across the file; ok false
// where the dialect has no such forms.
func (p *printer) aliasedText(x any) (string, bool) {
	if s, ok := p.printedText[x]; ok {
		return s, true
	}
	f := p.formsOf(x)
	if f == nil {
		return "", false
	}
	nested := func(v any) (string, bool) {
		if p.aliases != nil {
			if s, ok := p.aliases.Alias(v); ok {
				return s, true
			}
		}
		if a, ok := v.(ir.Attribute); ok && printedOnlyHere(a) {
			return p.attrText(a), true
		}
		return "", false
	}
	s, ok := f.PrintAliased(x, p.release, nested, &p.distinct)
	if ok && p.printedText != nil {
		p.printedText[x] = s
	}
	return s, ok
}

// printedOnlyHere reports whether a is a builtin value whose syntax only this
// package prints (dense and sparse elements, as VHLO's tensor_v1 nests
// them, and locations, as an LLVM loop annotation's startLoc): the builtin
// dialect's syntax for nested values lacks it.
func printedOnlyHere(a ir.Attribute) bool {
	switch a.(type) {
	case *builtin.DenseIntOrFPElementsAttr, *builtin.DenseStringElementsAttr, *builtin.SparseElementsAttr,
		*builtin.FileLineColRange, *builtin.FusedLoc, *builtin.NameLoc, *builtin.CallSiteLoc, *builtin.UnknownLoc:
		return true
	}
	return false
}

// attrText is a's text as the printer prints it.
func (p *printer) attrText(a ir.Attribute) string {
	out := p.out
	var sub asm.Printer
	p.out = &sub
	p.attr(a, elideNever)
	p.out = out
	return sub.String()
}

// dialectText asks the value's dialect for its textual form.
func (p *printer) dialectText(x any) (string, bool) {
	ctx := p.context()
	if ctx == nil {
		return "", false
	}
	switch x := x.(type) {
	case *ir.TextAttr, *ir.TextType:
		return "", false
	case ir.Attribute:
		d := ctx.Dialect(x.Dialect())
		if rc, ok := d.(bytecode.ReleaseTextCodec); ok {
			return rc.PrintAttributeFor(x, p.release)
		}
		if tc, ok := d.(bytecode.TextCodec); ok {
			return tc.PrintAttribute(x)
		}
	case ir.Type:
		d := ctx.Dialect(x.Dialect())
		if rc, ok := d.(bytecode.ReleaseTextCodec); ok {
			return rc.PrintTypeFor(x, p.release)
		}
		if tc, ok := d.(bytecode.TextCodec); ok {
			return tc.PrintType(x)
		}
	}
	return "", false
}

// asmOut prints what an ir.AsmPrintable value prints, nested values as
// the printer prints any value.
type asmOut struct{ p *printer }

func (o asmOut) Write(s string)           { o.p.out.Write(s) }
func (o asmOut) Attribute(a ir.Attribute) { o.p.attr(a, elideNever) }
func (o asmOut) Type(t ir.Type)           { o.p.typ(t) }

// otherRelease reports whether the module is printed as a release other
// than the one that wrote it.
func (p *printer) otherRelease() bool {
	return p.m != nil && p.m.Release != 0 && p.m.Release != p.release
}

// The text of dense elements is builtin's (denseprint.go), which the text
// syntax of other dialects' values uses too.
func (p *printer) denseIntOrFP(raw []byte, t ir.Type, allowHex bool) {
	if err := builtin.PrintDenseElements(p.out, raw, t, allowHex); err != nil {
		p.fail(fmt.Errorf("mlirtext: %w", err))
	}
}

func (p *printer) scalar(e []byte, t ir.Type) { builtin.PrintScalar(p.out, e, t) }

func (p *printer) denseStrings(a *builtin.DenseStringElementsAttr) {
	builtin.PrintDenseStrings(p.out, a)
}
