package llvm

import (
	"math/big"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of #llvm.constant_range<i32, 0, 12>, which C++ reads and
// prints: the integer type, then the bounds, printed signed.

func parseConstantRangeAttrText(p *asmformat.Parser) any {
	p.Expect("<")
	t := p.Type()
	it, ok := t.(*builtin.IntegerType)
	if !p.Failed() && (!ok || it.Signedness() != builtin.SignednessSignless || it.Width() == 0) {
		p.Errorf("expected a signless integer type")
	}
	var bounds [2]ir.APInt
	for i := range bounds {
		p.Expect(",")
		at := p.Offset()
		lit, ok := p.OptionalInt()
		if p.Failed() {
			return nil
		}
		if bounds[i], ok = boundOfWidth(lit.Mag, lit.Neg, ok, it.Width()); !ok {
			p.ErrorAt(at, "expected an integer of %d bits", it.Width())
			return nil
		}
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetConstantRangeAttr(p.Context(), t, bounds[0], bounds[1])
}

// boundOfWidth is a bound as an APInt of the width, ok false outside the
// union of the width's signed and unsigned ranges.
func boundOfWidth(mag *big.Int, neg, ok bool, width uint32) (ir.APInt, bool) {
	if !ok || mag == nil {
		return ir.APInt{}, false
	}
	limit := new(big.Int).Lsh(big.NewInt(1), uint(width))
	if neg {
		limit.Rsh(limit, 1)
		if mag.Cmp(limit) > 0 {
			return ir.APInt{}, false
		}
		return ir.APIntFromBig(width, new(big.Int).Neg(mag)), true
	}
	if mag.Cmp(limit) >= 0 {
		return ir.APInt{}, false
	}
	return ir.APIntFromBig(width, mag), true
}

func printConstantRangeAttrText(pr *asmformat.Printer, v any) {
	a := v.(*ConstantRangeAttr)
	it, ok := a.Type().(*builtin.IntegerType)
	if !ok || a.Lower().Width() != it.Width() || a.Upper().Width() != it.Width() {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Value(it)
	pr.Write(", ")
	pr.Write(a.Lower().Big(true).String())
	pr.Write(", ")
	pr.Write(a.Upper().Big(true).String())
	pr.Write(">")
}
