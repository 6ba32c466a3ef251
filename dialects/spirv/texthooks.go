package spirv

import (
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text form of !spirv.struct, which the SPIR-V dialect reads and prints
// in C++: struct<(members)> or struct<name, (members)>, each member a type
// with an optional [offset, Decoration, Decoration=value] list, and
// struct<name> for a reference to the identified struct being defined.
// The struct-level decorations LLVM 22 may print after the members are
// not read here (such a struct stays text).

func parseStructTypeText(p *asmformat.Parser) any {
	ctx := p.Context()
	p.Expect("<")
	name := ""
	if t := p.Tok(); t.Kind == asm.BareIdent {
		name = p.Next().Text
		if p.Optional(">") {
			return GetStructType(ctx, name, true, nil, nil, nil)
		}
		p.Expect(",")
	}
	p.Expect("(")
	var members []ir.Type
	var offsets []uint32
	var decorations []string
	withOffsets := false
	p.List(")", func() {
		i := len(members)
		members = append(members, p.Type())
		decorations = append(decorations, "")
		if !p.Optional("[") {
			if withOffsets {
				p.Errorf("expected the offset of member %d", i)
			}
			return
		}
		if t := p.Tok(); t.Kind == asm.Integer {
			if i > 0 && !withOffsets {
				p.Errorf("offsets of some members only")
				return
			}
			withOffsets = true
			v := p.ExpectUint64("an offset")
			if uint64(uint32(v)) != v {
				p.Errorf("offset out of range")
				return
			}
			offsets = append(offsets, uint32(v))
			if !p.Optional(",") {
				p.Expect("]")
				return
			}
		} else if withOffsets {
			p.Errorf("expected the offset of member %d", i)
			return
		}
		var decs []string
		p.List("]", func() {
			k := p.ExpectKeyword("a decoration")
			if !isDecoration(k) && !p.Failed() {
				p.Errorf("unknown decoration '%s'", k)
				return
			}
			if p.Optional("=") {
				v := p.ExpectUint64("a decoration value")
				k += "=" + strconv.FormatUint(v, 10)
			}
			decs = append(decs, k)
		})
		p.Expect("]")
		if len(decs) == 0 && !p.Failed() {
			p.Errorf("expected a decoration")
		}
		decorations[i] = strings.Join(decs, ", ")
	})
	p.Expect(")")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if !slicesAny(decorations) {
		decorations = nil
	}
	return GetStructType(ctx, name, false, members, offsets, decorations)
}

func slicesAny(s []string) bool {
	for _, x := range s {
		if x != "" {
			return true
		}
	}
	return false
}

func printStructTypeText(pr *asmformat.Printer, v any) {
	t := v.(*StructType)
	pr.Write("<")
	if t.Name() != "" {
		pr.Write(t.Name())
		if t.Reference() {
			pr.Write(">")
			return
		}
		pr.Write(", ")
	} else if t.Reference() {
		pr.Fail()
		return
	}
	pr.Write("(")
	offsets, decs := t.Offsets(), t.Decorations()
	if len(offsets) > 0 && len(offsets) != len(t.Members()) || len(decs) > 0 && len(decs) != len(t.Members()) {
		pr.Fail()
		return
	}
	for i, m := range t.Members() {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Value(m)
		d := ""
		if len(decs) > 0 {
			d = decs[i]
		}
		if len(offsets) == 0 && d == "" {
			continue
		}
		pr.Write(" [")
		if len(offsets) > 0 {
			pr.Uint(uint64(offsets[i]))
			if d != "" {
				pr.Write(", ")
			}
		}
		pr.Write(d)
		pr.Write("]")
	}
	pr.Write(")>")
}

func isDecoration(k string) bool {
	for _, c := range decorationCases {
		if c.Text == k {
			return true
		}
	}
	return false
}
