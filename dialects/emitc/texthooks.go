package emitc

import (
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of !emitc.array<2x3xf32>, which C++ reads and prints.

func parseArrayTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(false)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetArrayType(p.Context(), shape, elem)
}

func printArrayTypeText(pr *asmformat.Printer, v any) {
	t := v.(*ArrayType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	pr.Write(">")
}

var _ ir.Type = (*ArrayType)(nil)
