package xegpu

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text forms of XeGPU's descriptors, which C++ reads and prints:
//
//	!xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64>, #xegpu.layout<…>>
//	!xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<block = [8, 16], stride = [1, 16]>>
//
// A tensor descriptor's encoding and layout (LLVM 22; 19 has the
// encoding only) are attributes printed in full, the encoding left out
// where it is absent or, in 22, a block descriptor of the default values
// (global memory, array length 1, boundary check): an absent encoding
// reads as nil, not as that default. A memory layout prints its
// dictionary's entries as name = value, unit values included.

// defaultBlockText is the block descriptor LLVM 22 leaves out.
const defaultBlockText = "#xegpu.block_tdesc_attr<memory_space =  global, array_length = 1 : i64, boundary_check = true>"

func parseTensorDescTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(true)
	var encoding, layout ir.Attribute
	for !p.Failed() && p.Optional(",") {
		a := p.Attr()
		switch {
		case a == nil:
		case p.Release() != 0 && p.Release() < 22:
			if encoding != nil {
				p.Errorf("expected '>'")
			}
			encoding = a
		case isAttr(a, layoutKinds) && layout == nil:
			layout = a
		case isAttr(a, encodingKinds) && encoding == nil:
			encoding = a
		default:
			p.Errorf("expected an encoding or a layout")
		}
	}
	p.Expect(">")
	if p.Failed() || elem == nil {
		return nil
	}
	return GetTensorDescType(p.Context(), shape, elem, encoding, layout)
}

// isAttr reports whether a is an XeGPU attribute of one of the mnemonics,
// typed (its Go kind) or kept as text.
func isAttr(a ir.Attribute, kinds map[string]string) bool {
	if t, ok := a.(*ir.TextAttr); ok {
		for m := range kinds {
			if strings.HasPrefix(t.Text(), "#xegpu."+m+"<") {
				return true
			}
		}
		return false
	}
	if a.Dialect() != "xegpu" {
		return false
	}
	for _, k := range kinds {
		if a.Kind() == k {
			return true
		}
	}
	return false
}

// The attributes a descriptor's layout and encoding are, by mnemonic.
var (
	layoutKinds   = map[string]string{"layout": "LayoutAttr", "slice": "SliceAttr"}
	encodingKinds = map[string]string{"block_tdesc_attr": "BlockTensorDescAttr", "scatter_tdesc_attr": "ScatterTensorDescAttr"}
)

func printTensorDescTypeText(pr *asmformat.Printer, v any) {
	t := v.(*TensorDescType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	if e := t.Encoding(); e != nil && !(pr.Release() == 0 || pr.Release() >= 22) {
		pr.Write(", ")
		pr.Value(e)
	} else if e != nil && !isDefaultBlock(e) {
		pr.Write(", ")
		pr.Value(e)
	}
	if l := t.Layout(); l != nil {
		if r := pr.Release(); r != 0 && r < 22 {
			// LLVM 19's descriptors have no layout.
			pr.Fail()
			return
		}
		pr.Write(", ")
		pr.Value(l)
	}
	pr.Write(">")
}

func isDefaultBlock(a ir.Attribute) bool {
	if t, ok := a.(*ir.TextAttr); ok {
		return t.Text() == "#xegpu.block_tdesc_attr<>"
	}
	s, ok := a.(fmt.Stringer)
	return ok && a.Kind() == "BlockTensorDescAttr" && s.String() == defaultBlockText
}

func parseMemDescTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	shape, elem := p.ShapeAndType(true)
	var layout ir.Attribute
	if p.Optional(",") {
		layout = p.Attr()
	}
	p.Expect(">")
	if p.Failed() || elem == nil {
		return nil
	}
	return GetMemDescType(p.Context(), shape, elem, layout)
}

func printMemDescTypeText(pr *asmformat.Printer, v any) {
	t := v.(*MemDescType)
	pr.Write("<")
	pr.ShapeAndType(t.Shape(), t.ElementType())
	if l := t.MemLayout(); l != nil {
		pr.Write(", ")
		pr.Value(l)
	}
	pr.Write(">")
}

func parseMemLayoutAttrText(p *asmformat.Parser) any {
	ctx := p.Context()
	p.Expect("<")
	var entries []builtin.NamedAttribute
	p.List(">", func() {
		name, ok := p.Keyword()
		if !ok {
			p.Errorf("expected an attribute name")
			return
		}
		p.Expect("=")
		for _, e := range entries {
			if e.Name.Value() == name {
				p.Errorf("duplicate entry %q", name)
			}
		}
		if a := p.Attr(); a != nil {
			entries = append(entries, builtin.NamedAttribute{Name: builtin.GetStringAttr(ctx, name, builtin.GetNoneType(ctx)), Value: a})
		}
	})
	p.Expect(">")
	if p.Failed() || len(entries) == 0 {
		return nil
	}
	// A dictionary is sorted by name; its text reads in any order but
	// prints sorted.
	return GetMemLayoutAttr(ctx, builtin.GetDictionaryAttr(ctx, sortedEntries(entries)))
}

func printMemLayoutAttrText(pr *asmformat.Printer, v any) {
	d, ok := v.(*MemLayoutAttr).Attrs().(*builtin.DictionaryAttr)
	if !ok || len(d.Value()) == 0 {
		pr.Fail()
		return
	}
	pr.Write("<")
	for i, e := range d.Value() {
		if i > 0 {
			pr.Write(", ")
		}
		if e.Name == nil || !asm.IsBareIdentifier(e.Name.Value()) {
			pr.Fail()
			return
		}
		pr.Write(e.Name.Value())
		pr.Write(" = ")
		pr.Value(e.Value)
	}
	pr.Write(">")
}

func sortedEntries(es []builtin.NamedAttribute) []builtin.NamedAttribute {
	out := append([]builtin.NamedAttribute(nil), es...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Name.Value() < out[j-1].Name.Value(); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
