package smt

import (
	"math/big"

	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of a bit-vector constant, #smt.bv<5> : !smt.bv<32>,
// which C++ reads and prints: the value, printed signed, then its type,
// whose width is the value's. The hook reads and prints the type too.

func parseBitVectorAttrText(p *asmformat.Parser) any {
	p.Expect("<")
	at := p.Offset()
	lit, ok := p.OptionalInt()
	if !ok {
		p.Errorf("expected an integer")
	}
	p.Expect(">")
	p.Expect(":")
	t := p.Type()
	if p.Failed() {
		return nil
	}
	bv, ok := t.(*BitVectorType)
	if !ok || bv.Width() <= 0 || bv.Width() > 1<<24 {
		p.Errorf("expected a bit-vector type")
		return nil
	}
	v, ok := intOfWidth(lit.Mag, lit.Neg, uint32(bv.Width()))
	if !ok {
		p.ErrorAt(at, "value does not fit %d bits", bv.Width())
		return nil
	}
	return GetBitVectorAttr(p.Context(), t, v)
}

// intOfWidth is the value as an APInt of the width, ok false outside the
// union of the width's signed and unsigned ranges.
func intOfWidth(mag *big.Int, neg bool, width uint32) (ir.APInt, bool) {
	if mag == nil {
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

func printBitVectorAttrText(pr *asmformat.Printer, v any) {
	a := v.(*BitVectorAttr)
	bv, ok := a.Type().(*BitVectorType)
	if !ok || bv.Width() != int64(a.Value().Width()) {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Write(a.Value().Big(true).String())
	pr.Write("> : ")
	pr.Value(bv)
}
