package llvm

import (
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The parts of the LLVM dialect's text forms that C++ reads and prints:
// types nested in LLVM types print without their !llvm. prefix
// (custom<PrettyLLVMType>), function parameter lists
// (custom<FunctionTypes>), target extension type parameters
// (custom<ExtTypeParams>), and the struct type.

var asmCustoms = map[string]asmformat.Custom{
	"PrettyLLVMType": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			if t := prettyType(p); t != nil {
				v[args[0]] = t
			}
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) { pr.Short(v[args[0]]) },
	},
	"FunctionTypes": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			params := []any{}
			varArg := false
			p.List(")", func() {
				if p.Optional("...") {
					varArg = true
					return
				}
				if varArg {
					p.Errorf("variadic arguments must be in the end of the argument list")
					return
				}
				if t := prettyType(p); t != nil {
					params = append(params, t)
				}
			})
			p.Expect(")")
			v[args[0]], v[args[1]] = params, varArg
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			params, _ := v[args[0]].([]any)
			for i, t := range params {
				if i > 0 {
					pr.Write(", ")
				}
				pr.Short(t)
			}
			if va, _ := v[args[1]].(bool); va {
				if len(params) > 0 {
					pr.Write(", ")
				}
				pr.Write("...")
			}
			pr.Write(")")
		},
	},
	"ExtTypeParams": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			types, ints := []any{}, []any{}
			p.List("", func() {
				if t := p.Tok(); t.Kind == asm.Integer {
					ints = append(ints, p.ExpectUint64("an integer parameter"))
					return
				}
				if len(ints) > 0 {
					p.Errorf("type parameters must come before integer parameters")
					return
				}
				if t := prettyType(p); t != nil {
					types = append(types, t)
				}
			})
			v[args[0]], v[args[1]] = types, ints
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			types, _ := v[args[0]].([]any)
			ints, _ := v[args[1]].([]any)
			for i, x := range append(append([]any{}, types...), ints...) {
				if i > 0 {
					pr.Write(", ")
				}
				if n, ok := x.(uint64); ok {
					pr.Uint(n)
				} else {
					pr.Short(x)
				}
			}
		},
	},
}

// prettyType parses a type nested in an LLVM type: an LLVM type without
// its prefix (ptr, struct<…>) or any other type.
func prettyType(p *asmformat.Parser) ir.Type {
	if p.IsShort(true) {
		t, _ := p.Short(true).(ir.Type)
		return t
	}
	return p.Type()
}

// parseLLVMStructTypeText reads <(i32, f32)> and <"name", (…)>: literal and
// identified structs with a body. Packed, opaque and body-less (recursive)
// references have no parameters here and stay text.
func parseLLVMStructTypeText(p *asmformat.Parser) any {
	p.Expect("<")
	name := ""
	if s, ok := p.StringLit(); ok {
		name = s
		p.Expect(",")
		if p.Optional("opaque") {
			p.Expect(">")
			if p.Failed() {
				return nil
			}
			return GetLLVMStructType(p.Context(), name, nil, false, true)
		}
	}
	packed := p.Optional("packed")
	p.Expect("(")
	body := []ir.Type{}
	p.List(")", func() {
		if t := prettyType(p); t != nil {
			body = append(body, t)
		}
	})
	p.Expect(")")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetLLVMStructType(p.Context(), name, body, packed, false)
}

func printLLVMStructTypeText(pr *asmformat.Printer, v any) {
	t := v.(*LLVMStructType)
	pr.Write("<")
	if t.Name() != "" {
		pr.Quoted(t.Name())
		pr.Write(", ")
	}
	if t.Opaque() {
		if t.Name() == "" || t.Packed() || len(t.Body()) > 0 {
			// Only an identified struct is opaque.
			pr.Fail()
			return
		}
		pr.Write("opaque>")
		return
	}
	if t.Packed() {
		pr.Write("packed ")
	}
	pr.Write("(")
	for i, e := range t.Body() {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Short(e)
	}
	pr.Write(")>")
}

// parseTBAATypeDescriptorAttrText reads <id = "int", members = {<#desc,
// 0>, …}>: each member a type descriptor (or root) in full and an offset.
func parseTBAATypeDescriptorAttrText(p *asmformat.Parser) any {
	ctx := p.Context()
	p.Expect("<")
	p.Expect("id")
	p.Expect("=")
	id, ok := p.StringLit()
	if !ok {
		p.Errorf("expected a string")
		return nil
	}
	p.Expect(",")
	p.Expect("members")
	p.Expect("=")
	p.Expect("{")
	var members []ir.Attribute
	p.List("}", func() {
		if m, ok := p.Stripped("tbaa_member", false).(ir.Attribute); ok {
			members = append(members, m)
		}
	})
	p.Expect("}")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetTBAATypeDescriptorAttr(ctx, id, members)
}

func printTBAATypeDescriptorAttrText(pr *asmformat.Printer, v any) {
	a := v.(*TBAATypeDescriptorAttr)
	pr.Write("<id = ")
	pr.Quoted(a.Id())
	pr.Write(", members = {")
	for i, m := range a.Members() {
		mem, ok := m.(*TBAAMemberAttr)
		if !ok {
			pr.Fail()
			return
		}
		if i > 0 {
			pr.Write(", ")
		}
		// Stripped, as MLIR prints a member: the aliases count it as a
		// value nested between the descriptor and the type it names.
		pr.StrippedOwn(mem)
	}
	pr.Write("}>")
}
