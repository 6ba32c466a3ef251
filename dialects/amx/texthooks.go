package amx

import (
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirtext"
)

// The text form of !amx.tile<16x16xbf16>, which C++ reads and prints.

func parseTileTypeText(p *mlirtext.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(false)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetTileType(p.Context(), shape, elem)
}

func printTileTypeText(pr *mlirtext.Printer, v any) {
	t := v.(*TileType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	pr.Write(">")
}

var _ ir.Type = (*TileType)(nil)
