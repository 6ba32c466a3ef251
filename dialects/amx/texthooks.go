package amx

import (
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of !amx.tile<16x16xbf16>, which C++ reads and prints.

func parseTileTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(false)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetTileType(p.Context(), shape, elem)
}

func printTileTypeText(pr *asmformat.Printer, v any) {
	t := v.(*TileType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	pr.Write(">")
}

var _ ir.Type = (*TileType)(nil)
