package llvm

import (
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of #llvm.target_features<["+sse", "-avx"]>: a list of
// strings, empty as <[]> (its format's optional group is anchored in the
// else branch, which the format interpreter does not read).

func parseTargetFeaturesAttrText(p *asmformat.Parser) any {
	p.Expect("<")
	p.Expect("[")
	var features []ir.Attribute
	p.List("]", func() {
		a := p.Attr()
		if _, ok := a.(*builtin.StringAttr); !ok && !p.Failed() {
			p.Errorf("expected a string")
		}
		features = append(features, a)
	})
	p.Expect("]")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetTargetFeaturesAttr(p.Context(), features)
}

func printTargetFeaturesAttrText(pr *asmformat.Printer, v any) {
	pr.Write("<[")
	for i, f := range v.(*TargetFeaturesAttr).Features() {
		if _, ok := f.(*builtin.StringAttr); !ok {
			pr.Fail()
			return
		}
		if i > 0 {
			pr.Write(", ")
		}
		pr.Value(f)
	}
	pr.Write("]>")
}
