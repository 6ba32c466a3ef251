package emitc

import (
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirtext"
)

// The text form of !emitc.array<2x3xf32>, which C++ reads and prints.

func parseArrayTypeText(p *mlirtext.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(false)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetArrayType(p.Context(), shape, elem)
}

func printArrayTypeText(pr *mlirtext.Printer, v any) {
	t := v.(*ArrayType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	pr.Write(">")
}

var _ ir.Type = (*ArrayType)(nil)
