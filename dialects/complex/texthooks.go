package complex

import (
	"fmt"
	"math"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of #complex.number<:f32 1.000000e+00, 2.000000e+00> :
// complex<f32>, which C++ reads and prints: the element type, then the
// real and imaginary parts read as doubles and rounded to it, printed as
// MLIR prints floats of that type; then the attribute's own type. The
// hook reads and prints that type too (the attribute has no parameters
// for the format interpreter).

func parseNumberAttrText(p *asmformat.Parser) any {
	p.Expect("<")
	p.Expect(":")
	elem := p.Type()
	if p.Failed() {
		return nil
	}
	sem := floatSemantics(elem)
	if sem == nil {
		p.Errorf("expected a float type of at most 64 bits")
		return nil
	}
	re, ok1 := parseDouble(p)
	p.Expect(",")
	im, ok2 := parseDouble(p)
	p.Expect(">")
	p.Expect(":")
	t := p.Type()
	if !ok1 || !ok2 || p.Failed() {
		return nil
	}
	if ct, ok := t.(*builtin.ComplexType); !ok || ct.ElementType() != elem {
		p.Errorf("expected complex<%v>", elem)
		return nil
	}
	w := uint32(sem.Bits)
	return GetNumberAttr(p.Context(), t, ir.APIntFromUint64(w, sem.FromFloat64(re)), ir.APIntFromUint64(w, sem.FromFloat64(im)))
}

// parseDouble reads a float as parseFloat(double&) does: a decimal
// literal, or a hexadecimal integer holding a double's bits.
func parseDouble(p *asmformat.Parser) (float64, bool) {
	if s, ok := p.FloatText(); ok {
		b, ok := asm.Float64.ParseDecimal(s)
		return math.Float64frombits(b), ok
	}
	at := p.Offset()
	if l, ok := p.OptionalInt(); ok && l.Hex && !l.Neg {
		if v, ok := l.Uint64(); ok {
			return math.Float64frombits(v), true
		}
	}
	p.ErrorAt(at, "expected a floating point value")
	return 0, false
}

func printNumberAttrText(pr *asmformat.Printer, v any) {
	a := v.(*NumberAttr)
	ct, ok := a.Type().(*builtin.ComplexType)
	if !ok {
		pr.Fail()
		return
	}
	sem := floatSemantics(ct.ElementType())
	if sem == nil || a.Real().Width() != uint32(sem.Bits) || a.Imag().Width() != uint32(sem.Bits) {
		pr.Fail()
		return
	}
	pr.Write("<:")
	pr.Value(ct.ElementType())
	pr.Write(" ")
	pr.Float(sem, a.Real().Uint64())
	pr.Write(", ")
	pr.Float(sem, a.Imag().Uint64())
	pr.Write("> : ")
	pr.Value(ct)
}

// floatSemantics is the format of a builtin float type of at most 64
// bits, nil for other types.
func floatSemantics(t ir.Type) *asm.FloatSemantics {
	var s *asm.FloatSemantics
	switch t.(type) {
	case *builtin.Float64Type:
		s = asm.Float64
	case *builtin.Float32Type:
		s = asm.Float32
	case *builtin.Float16Type:
		s = asm.Float16
	case *builtin.BFloat16Type:
		s = asm.BFloat16
	default:
		if st, ok := t.(fmt.Stringer); ok && t.Dialect() == "builtin" {
			s = asm.FloatFormats[st.String()]
		}
	}
	if s == nil || s.Bits > 64 {
		return nil
	}
	return s
}
