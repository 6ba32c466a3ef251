package async

import "github.com/dialectgen/dialectgen/runtime/asmformat"

// The text form of !async.value<f32>, which C++ reads and prints.

func parseValueTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	t := p.Type()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetValueType(p.Context(), t)
}

func printValueTypeText(pr *asmformat.Printer, v any) {
	pr.Write("<")
	pr.Value(v.(*ValueType).ValueType())
	pr.Write(">")
}
