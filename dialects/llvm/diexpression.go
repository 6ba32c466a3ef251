package llvm

import (
	"github.com/dialectgen/dialectgen/runtime/asmformat"
)

// The text form of a DWARF expression's operation, printed stripped in
// #llvm.di_expression<[DW_OP_deref, DW_OP_constu(3), DW_OP_LLVM_convert(8, DW_ATE_signed)]>:
// the operation's name (llvm::dwarf::OperationEncodingString), then its
// arguments if any; DW_OP_LLVM_convert's arguments after the first are
// attribute encodings, printed by name where they have one.

const dwOpLLVMConvert = 0x1001

func parseDIExpressionElemAttrText(p *asmformat.Parser) any {
	at := p.Offset()
	name, ok := p.Keyword()
	if !ok {
		p.Errorf("expected a DWARF operation")
		return nil
	}
	op, ok := dwarfOperationSyntax.Lookup(name)
	if !ok {
		p.ErrorAt(at, "unknown DWARF operation %q", name)
		return nil
	}
	var args []uint64
	if p.Optional("(") {
		p.List(")", func() {
			if len(args) > 0 && op == dwOpLLVMConvert {
				if kw, ok := p.Keyword(); ok {
					enc, ok := dwarfAttributeEncodingSyntax.Lookup(kw)
					if !ok {
						p.Errorf("unknown DWARF attribute encoding %q", kw)
					}
					args = append(args, enc)
					return
				}
			}
			args = append(args, p.ExpectUint64("an operation argument"))
		})
		p.Expect(")")
		if len(args) == 0 {
			p.Errorf("expected an operation argument")
		}
	}
	if p.Failed() {
		return nil
	}
	return GetDIExpressionElemAttr(p.Context(), uint32(op), args)
}

func printDIExpressionElemAttrText(pr *asmformat.Printer, v any) {
	a := v.(*DIExpressionElemAttr)
	name, ok := dwarfOperationSyntax.EnumText(uint64(a.Opcode()))
	if !ok {
		pr.Fail()
		return
	}
	pr.Write(name)
	if len(a.Arguments()) == 0 {
		return
	}
	pr.Write("(")
	for i, x := range a.Arguments() {
		if i > 0 {
			pr.Write(", ")
		}
		if i > 0 && a.Opcode() == dwOpLLVMConvert {
			if enc, ok := dwarfAttributeEncodingSyntax.EnumText(x); ok {
				pr.Write(enc)
				continue
			}
		}
		pr.Uint(x)
	}
	pr.Write(")")
}
