package irdl

import (
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of #irdl<variadicity_array[ single,  single]>, which C++
// reads and prints: each element is a #irdl.variadicity without its prefix
// and mnemonic (whose own format starts with a space).

func parseVariadicityArrayAttrText(p *asmformat.Parser) any {
	p.Expect("[")
	var list []ir.Attribute
	p.List("]", func() {
		if a, ok := p.Stripped("variadicity", false).(ir.Attribute); ok {
			list = append(list, a)
		} else if !p.Failed() {
			p.Errorf("expected a variadicity")
		}
	})
	p.Expect("]")
	if p.Failed() {
		return nil
	}
	return GetVariadicityArrayAttr(p.Context(), list)
}

func printVariadicityArrayAttrText(pr *asmformat.Printer, v any) {
	pr.Write("[")
	for i, a := range v.(*VariadicityArrayAttr).Value() {
		if i > 0 {
			pr.Write(", ")
		}
		pr.StrippedOwn(a)
	}
	pr.Write("]")
}
