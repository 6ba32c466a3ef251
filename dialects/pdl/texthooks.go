package pdl

import (
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of !pdl.range<operation>, which C++ reads and prints: the
// element type without its !pdl. prefix.

func parseRangeTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	t, ok := p.Short(true).(ir.Type)
	p.Expect(">")
	if p.Failed() || !ok {
		return nil
	}
	return GetRangeType(p.Context(), t)
}

func printRangeTypeText(pr *asmformat.Printer, v any) {
	pr.Write("<")
	pr.Short(v.(*RangeType).ElementType())
	pr.Write(">")
}
