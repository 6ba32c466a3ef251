package mlirtext

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Aliases are chosen as MLIR's AliasInitializer chooses them: it walks the
// IR as the generic printer would (DummyAliasOperationPrinter) and asks
// every dialect for an alias name of each attribute and type it meets.

// AliasNamer is implemented by attributes and types whose dialect gives
// them an alias (OpAsmDialectInterface::getAlias): the name without the
// leading # or ! ("" for none). Values without it get the names builtin
// gives, and those their dialect's definitions give (alias:).
type AliasNamer interface {
	AliasName() string
}

// aliasName is the alias builtin or a dialect gives a, "" for none.
func (p *printer) aliasName(a ir.Attribute) string {
	switch a := a.(type) {
	case *builtin.AffineMapAttr:
		return "map"
	case *builtin.IntegerSetAttr:
		return "set"
	case *builtin.UnknownLoc, *builtin.FileLineColRange, *builtin.NameLoc, *builtin.CallSiteLoc, *builtin.FusedLoc:
		return "loc"
	case *builtin.DistinctAttr:
		if isUnit(a.ReferencedAttr()) {
			return ""
		}
		return "distinct"
	}
	if n, ok := a.(AliasNamer); ok {
		return n.AliasName()
	}
	if a.Dialect() == "builtin" {
		return ""
	}
	return p.dialectAlias(a, '#')
}

func (p *printer) typeAliasName(t ir.Type) string {
	if tt, ok := t.(*builtin.TupleType); ok {
		if len(tt.Types()) > 16 {
			return "tuple"
		}
		return ""
	}
	if n, ok := t.(AliasNamer); ok {
		return n.AliasName()
	}
	if t.Dialect() == "builtin" {
		return ""
	}
	return p.dialectAlias(t, '!')
}

// dialectAlias finds the alias a dialect's definitions give a value
// (their alias:): a typed value's by its kind, one kept as text by the
// mnemonic its text starts with (#dialect.mnemonic<...>).
func (p *printer) dialectAlias(x any, sigil byte) string {
	kind := 0
	if sigil == '!' {
		kind = 1
	}
	if v, ok := x.(interface {
		Dialect() string
		Kind() string
	}); ok {
		switch x.(type) {
		case *ir.TextAttr, *ir.TextType:
		default:
			if ctx := p.context(); ctx != nil {
				if forms, ok := ctx.Dialect(v.Dialect()).(asmformat.AsmFormsOf); ok {
					if a := forms.AsmForms().AliasForKind(v.Kind(), kind, p.release); a != "" {
						return a
					}
				}
			}
		}
	}
	var text string
	if ap, ok := x.(ir.AsmPrintable); ok {
		var h head
		ap.PrintAsm(&h)
		text = h.s.String()
	} else if s, ok := x.(fmt.Stringer); ok {
		text = s.String()
	} else {
		return ""
	}
	d, rest, ok := asmformat.Mnemonic(text)
	if !ok || text[0] != sigil {
		return ""
	}
	ctx := p.context()
	if ctx == nil {
		return ""
	}
	forms, ok := ctx.Dialect(d).(asmformat.AsmFormsOf)
	if !ok {
		return ""
	}
	return forms.AsmForms().AliasFor(rest, kind, p.release)
}

// visitOp visits what printing op prints, in order.
func (p *printer) visitOp(op *ir.Operation) {
	if op.Loc() != nil && !p.noLocs {
		p.visitAttr(op.Loc(), true)
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				p.visitType(a.Type(), false)
				if a.Loc() != nil && !p.noLocs {
					p.visitAttr(a.Loc(), false)
				}
			}
			for _, x := range b.Ops() {
				p.visitOp(x)
			}
		}
	}
	for _, v := range op.Operands() {
		if v != nil {
			p.visitType(v.Type(), false)
		}
	}
	for _, v := range op.Results() {
		p.visitType(v.Type(), false)
	}
	for _, a := range op.Attrs() {
		p.visitAttr(a.Value, false)
	}
}

// visitAttr and visitType record a visit; a value seen before needs
// neither its name nor its children again.
func (p *printer) visitAttr(a ir.Attribute, canDefer bool) {
	if a == nil {
		return
	}
	if p.aliases.Revisit(a, canDefer) {
		return
	}
	p.aliases.Visit(a, p.aliasName(a), false, canDefer, p.attrChildren(a, canDefer))
}

func (p *printer) visitType(t ir.Type, canDefer bool) {
	if t == nil {
		return
	}
	if p.aliases.Revisit(t, canDefer) {
		return
	}
	p.aliases.Visit(t, p.typeAliasName(t), true, canDefer, p.typeChildren(t, canDefer))
}

// attrChildren visits what printing a prints, as MLIR's
// printAndVisitNestedAliasesImpl does; nil when it prints nothing nested.
func (p *printer) attrChildren(a ir.Attribute, canDefer bool) func() {
	attr := func(x ir.Attribute) { p.visitAttr(x, canDefer) }
	typ := func(x ir.Type) { p.visitType(x, canDefer) }
	var typed ir.Type
	var nested func()
	switch a := a.(type) {
	case *builtin.AffineMapAttr, *builtin.DenseArrayAttr, *builtin.FloatAttr, *builtin.IntegerAttr, *builtin.IntegerSetAttr, *builtin.UnitAttr:
		return nil
	case *builtin.DistinctAttr:
		nested = func() { attr(a.ReferencedAttr()) }
	case *builtin.DictionaryAttr:
		nested = func() {
			for _, e := range a.Value() {
				attr(e.Name)
				attr(e.Value)
			}
		}
	case *builtin.ArrayAttr:
		nested = func() {
			for _, e := range a.Value() {
				attr(e)
			}
		}
	case *builtin.TypeAttr:
		nested = func() { typ(a.Value()) }
	case *builtin.NameLoc:
		if _, unknown := a.ChildLoc().(*builtin.UnknownLoc); !unknown && a.ChildLoc() != nil {
			nested = func() { attr(a.ChildLoc()) }
		}
	case *builtin.CallSiteLoc:
		nested = func() { attr(a.Callee()); attr(a.Caller()) }
	case *builtin.FusedLoc:
		nested = func() {
			if md := a.Metadata(); md != nil {
				attr(md)
			}
			for _, l := range a.Locations() {
				attr(l)
			}
		}
	case *builtin.StringAttr:
		typed = a.Type()
	case *builtin.DenseIntOrFPElementsAttr:
		typed = a.Type()
	case *builtin.DenseStringElementsAttr:
		typed = a.Type()
	case *builtin.SparseElementsAttr:
		typed = a.Type()
	case *builtin.DenseResourceElementsAttr:
		typed = a.Type()
	case ir.AsmPrintable:
		return func() { a.PrintAsm(nestedVisit{p, canDefer}) }
	case *ir.TextAttr:
		spans := p.textNested(a, a.Dialect(), a.Text())
		if len(spans) == 0 {
			return nil
		}
		return func() {
			for _, s := range spans {
				attr(s.attr)
			}
		}
	}
	if f := p.formsOf(a); nested == nil && f != nil {
		// A typed value of a dialect with text forms prints the values
		// nested in it by alias: they are visited as it prints them.
		return p.formChildren(f, a, canDefer)
	}
	if nested == nil && a.Dialect() != "builtin" {
		// A typed value of another dialect prints its text form, with the
		// builtin values in it by alias as for kept text.
		if text, ok := p.dialectText(a); ok {
			if spans := p.textNested(a, a.Dialect(), text); len(spans) > 0 {
				return func() {
					for _, s := range spans {
						attr(s.attr)
					}
				}
			}
		}
	}
	if nested == nil && isNone(typed) {
		return nil
	}
	return func() {
		if nested != nil {
			nested()
		}
		if !isNone(typed) {
			typ(typed)
		}
	}
}

func (p *printer) typeChildren(t ir.Type, canDefer bool) func() {
	attr := func(x ir.Attribute) {
		if x != nil {
			p.visitAttr(x, canDefer)
		}
	}
	typ := func(x ir.Type) { p.visitType(x, canDefer) }
	types := func(xs []ir.Type) {
		for _, x := range xs {
			typ(x)
		}
	}
	switch t := t.(type) {
	case *builtin.MemRefType:
		return func() {
			typ(t.ElementType())
			if l := t.Layout(); l != nil && !isIdentityLayout(l) {
				attr(l)
			}
			attr(t.MemorySpace())
		}
	case *builtin.RankedTensorType:
		return func() { typ(t.ElementType()); attr(t.Encoding()) }
	case *builtin.UnrankedTensorType:
		return func() { typ(t.ElementType()) }
	case *builtin.VectorType:
		return func() { typ(t.ElementType()) }
	case *builtin.ComplexType:
		return func() { typ(t.ElementType()) }
	case *builtin.UnrankedMemRefType:
		return func() { typ(t.ElementType()); attr(t.MemorySpace()) }
	case *builtin.FunctionType:
		return func() { types(t.Inputs()); types(t.Results()) }
	case *builtin.TupleType:
		return func() { types(t.Types()) }
	case ir.AsmPrintable:
		return func() { t.PrintAsm(nestedVisit{p, canDefer}) }
	}
	if f := p.formsOf(t); f != nil {
		return p.formChildren(f, t, canDefer)
	}
	return nil
}

// formChildren visits the values x's text form prints nested, in order
// (each visit goes on into what it holds).
func (p *printer) formChildren(f *asmformat.Dialect, x any, canDefer bool) func() {
	return func() {
		f.PrintAliased(x, p.release, func(v any) (string, bool) {
			switch v := v.(type) {
			case ir.Attribute:
				p.visitAttr(v, canDefer)
			case ir.Type:
				p.visitType(v, canDefer)
			}
			return "", true
		}, nil)
	}
}

// head collects what an ir.AsmPrintable value writes before its first
// nested value: enough to read its dialect and mnemonic.
type head struct {
	s    strings.Builder
	done bool
}

func (h *head) Write(s string) {
	if !h.done {
		h.s.WriteString(s)
	}
}
func (h *head) Attribute(ir.Attribute) { h.done = true }
func (h *head) Type(ir.Type)           { h.done = true }

// nestedVisit visits the values an ir.AsmPrintable value prints, in
// order, as MLIR's DummyAliasDialectAsmPrinter does.
type nestedVisit struct {
	p        *printer
	canDefer bool
}

func (n nestedVisit) Write(string)             {}
func (n nestedVisit) Attribute(a ir.Attribute) { n.p.visitAttr(a, n.canDefer) }
func (n nestedVisit) Type(t ir.Type)           { n.p.visitType(t, n.canDefer) }

// textSpan is a builtin value inside the kept text of a known dialect's
// value: mlir-opt parsed that value and prints what it holds by alias.
type textSpan struct {
	start, end int
	attr       ir.Attribute
}

// textNested finds the affine maps and sets in the text of a known
// dialect's value, kept as text or printed by its dialect (the builtin
// values there that have aliases), in the order they print; key is the
// value. An unknown dialect's text is opaque to mlir-opt too.
func (p *printer) textNested(key any, dialect, text string) []textSpan {
	if spans, ok := p.spans[key]; ok {
		return spans
	}
	var spans []textSpan
	ctx := p.context()
	tc, _ := ctx.Dialect("builtin").(bytecode.TextCodec)
	if ctx != nil && ctx.Dialect(dialect) != nil && tc != nil &&
		(strings.Contains(text, "affine_map<") || strings.Contains(text, "affine_set<")) {
		ps := asm.NewParser("", []byte(text))
		for !ps.Failed() && ps.Tok().Kind != asm.EOF {
			t := ps.Next()
			if (t.Text != "affine_map" && t.Text != "affine_set") || t.Kind != asm.BareIdent || !ps.Is("<") {
				continue
			}
			body := ps.SkipBalanced()
			if ps.Failed() {
				break
			}
			if v, err := tc.ParseAttribute(ctx, t.Text+body, p.release); err == nil && v != nil {
				spans = append(spans, textSpan{t.Off, t.Off + len(t.Text) + len(body), v})
			}
		}
	}
	if p.spans == nil {
		p.spans = map[any][]textSpan{}
	}
	p.spans[key] = spans
	return spans
}
