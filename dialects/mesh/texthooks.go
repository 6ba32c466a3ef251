package mesh

import (
	"encoding/binary"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of LLVM 19's sharding attribute,
// #mesh.shard<@mesh0, [[0], [1, 2], []], partial = sum[3]>: the mesh,
// the mesh axes each tensor dimension is split over, and the partial
// axes with their reduction where there are any. Axes are int16: here
// each list is a DenseArrayAttr of i16 (MeshAxesAttr); without partial
// axes, PartialAxes is nil and PartialType 0.

func parseMeshShardingAttrText(p *asmformat.Parser) any {
	ctx := p.Context()
	p.Expect("<")
	mesh := p.Attr()
	p.Expect(",")
	p.Expect("[")
	var split []ir.Attribute
	p.List("]", func() {
		split = append(split, parseAxes(p))
	})
	p.Expect("]")
	var partial ir.Attribute
	var kind ReductionKind
	if p.Optional(",") {
		p.Expect("partial")
		p.Expect("=")
		kw, ok := p.Keyword()
		if v, known := reductionKindSyntax.Lookup(kw); ok && known {
			kind = ReductionKind(v)
		} else {
			p.Errorf("expected a reduction kind")
		}
		partial = parseAxes(p)
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if !isFlatSymbol(mesh) {
		return nil
	}
	return GetMeshShardingAttr(ctx, mesh, split, partial, kind)
}

// parseAxes reads [0, 1] as a DenseArrayAttr of i16.
func parseAxes(p *asmformat.Parser) ir.Attribute {
	p.Expect("[")
	var raw []byte
	p.List("]", func() {
		v := p.ExpectInt64("a mesh axis")
		if v < -1<<15 || v >= 1<<15 {
			p.Errorf("mesh axis %d out of range", v)
		}
		raw = binary.LittleEndian.AppendUint16(raw, uint16(v))
	})
	p.Expect("]")
	if p.Failed() {
		return nil
	}
	ctx := p.Context()
	return builtin.GetDenseArrayAttr(ctx, builtin.GetIntType(ctx, 16), int64(len(raw)/2), raw)
}

func printMeshShardingAttrText(pr *asmformat.Printer, v any) {
	a := v.(*MeshShardingAttr)
	if !isFlatSymbol(a.Mesh()) {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Value(a.Mesh())
	pr.Write(", [")
	for i, s := range a.SplitAxes() {
		if i > 0 {
			pr.Write(", ")
		}
		printAxes(pr, s)
	}
	pr.Write("]")
	if p := a.PartialAxes(); p != nil {
		if d, ok := p.(*builtin.DenseArrayAttr); !ok || d.Size() == 0 {
			pr.Fail()
			return
		}
		kind, ok := reductionKindSyntax.EnumText(uint64(a.PartialType()))
		if !ok {
			pr.Fail()
			return
		}
		pr.Write(", partial = ")
		pr.Write(kind)
		printAxes(pr, p)
	}
	pr.Write(">")
}

func printAxes(pr *asmformat.Printer, a ir.Attribute) {
	d, ok := a.(*builtin.DenseArrayAttr)
	if !ok {
		pr.Fail()
		return
	}
	it, isInt := d.ElementType().(*builtin.IntegerType)
	if !isInt || it.Width() != 16 || int64(len(d.RawData())) != 2*d.Size() {
		pr.Fail()
		return
	}
	pr.Write("[")
	for i := int64(0); i < d.Size(); i++ {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Int(int64(int16(binary.LittleEndian.Uint16(d.RawData()[2*i:]))))
	}
	pr.Write("]")
}

// isFlatSymbol reports whether a is a symbol reference without nested
// references (FlatSymbolRefAttr).
func isFlatSymbol(a ir.Attribute) bool {
	s, ok := a.(*builtin.SymbolRefAttr)
	return ok && len(s.NestedReferences()) == 0
}
