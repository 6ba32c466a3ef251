package dlti

import (
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text forms of DLTI's attributes, which C++ reads and prints, and
// which changed between the releases:
//
//	                      LLVM 19                                   LLVM 22
//	dl_entry              <"key", 42 : i32>, <i32, 32 : index>      the same
//	dl_spec               <#dlti.dl_entry<"key", 42 : i32>, …>      <"key" = 42 : i32, i32 = 32 : index>
//	target_device_spec    <#dlti.dl_entry<"key", 42 : i32>, …>      <"key" = 42 : i32, …>
//	target_system_spec    <"CPU" : #dlti.target_device_spec<…>, …>  <"CPU" = #dlti.target_device_spec<…>, …>
//	map                   -                                         <"key" = 1 : i64, …>
//
// Each reads both forms; each prints the form of the printer's release, so
// a value read from one release's file is written in the other's syntax.
// The entries of a spec are an ArrayAttr of dl_entry attributes.

func newSyntax(release int) bool { return release == 0 || release >= 20 }

func parseDataLayoutEntryAttrText(p *asmformat.Parser) any {
	p.Expect("<")
	key := p.Attr()
	p.Expect(",")
	value := p.Attr()
	p.Expect(">")
	if p.Failed() || !validKey(key) {
		return nil
	}
	return GetDataLayoutEntryAttr(p.Context(), key, value)
}

func printDataLayoutEntryAttrText(pr *asmformat.Printer, v any) {
	e := v.(*DataLayoutEntryAttr)
	pr.Write("<")
	pr.Value(e.Key())
	pr.Write(", ")
	pr.Value(e.Value())
	pr.Write(">")
}

// validKey reports whether a key is a string or a type.
func validKey(a ir.Attribute) bool {
	switch a := a.(type) {
	case *builtin.StringAttr:
		_, none := a.Type().(*builtin.NoneType)
		return none
	case *builtin.TypeAttr:
		return true
	}
	return false
}

// parseEntries reads a spec's entries: full #dlti.dl_entry<…> attributes
// (19) or key = value pairs (22); sep is what separates a key from its
// value in a system spec (":" in 19), "" for specs of entries.
func parseEntries(p *asmformat.Parser, system bool) *builtin.ArrayAttr {
	ctx := p.Context()
	p.Expect("<")
	var list []ir.Attribute
	p.List(">", func() {
		var key ir.Attribute
		if s, ok := p.StringLit(); ok {
			// A string key (a device's name is followed by ':' in 19,
			// which must not read as a typed string).
			key = builtin.GetStringAttr(ctx, s, builtin.GetNoneType(ctx))
		} else {
			key = p.Attr()
		}
		if e, ok := key.(*DataLayoutEntryAttr); ok && !system {
			list = append(list, e)
			return
		}
		if !validKey(key) {
			p.Errorf("expected a dl_entry or a key")
			return
		}
		if !p.Optional("=") && !(system && p.Optional(":")) {
			p.Errorf("expected '='")
			return
		}
		list = append(list, GetDataLayoutEntryAttr(ctx, key, p.Attr()))
	})
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return builtin.GetArrayAttr(ctx, list)
}

// printEntries prints a spec's entries in the printer's release's form.
func printEntries(pr *asmformat.Printer, entries ir.Attribute, system bool) {
	list, ok := entries.(*builtin.ArrayAttr)
	if !ok {
		pr.Fail()
		return
	}
	pr.Write("<")
	for i, a := range list.Value() {
		if i > 0 {
			pr.Write(", ")
		}
		e, ok := a.(*DataLayoutEntryAttr)
		switch {
		case !ok:
			pr.Fail()
			return
		case newSyntax(pr.Release()):
			pr.Value(e.Key())
			pr.Write(" = ")
			pr.Value(e.Value())
		case system:
			pr.Value(e.Key())
			pr.Write(" : ")
			pr.Value(e.Value())
		default:
			pr.Value(e)
		}
	}
	pr.Write(">")
}

func parseDataLayoutSpecAttrText(p *asmformat.Parser) any {
	if l := parseEntries(p, false); l != nil {
		return GetDataLayoutSpecAttr(p.Context(), l)
	}
	return nil
}

func printDataLayoutSpecAttrText(pr *asmformat.Printer, v any) {
	printEntries(pr, v.(*DataLayoutSpecAttr).Entries(), false)
}

func parseTargetDeviceSpecAttrText(p *asmformat.Parser) any {
	if l := parseEntries(p, false); l != nil {
		return GetTargetDeviceSpecAttr(p.Context(), l)
	}
	return nil
}

func printTargetDeviceSpecAttrText(pr *asmformat.Printer, v any) {
	printEntries(pr, v.(*TargetDeviceSpecAttr).Entries(), false)
}

func parseTargetSystemSpecAttrText(p *asmformat.Parser) any {
	if l := parseEntries(p, true); l != nil {
		return GetTargetSystemSpecAttr(p.Context(), l)
	}
	return nil
}

func printTargetSystemSpecAttrText(pr *asmformat.Printer, v any) {
	printEntries(pr, v.(*TargetSystemSpecAttr).Entries(), true)
}

func parseMapAttrText(p *asmformat.Parser) any {
	if l := parseEntries(p, false); l != nil {
		return GetMapAttr(p.Context(), l)
	}
	return nil
}

func printMapAttrText(pr *asmformat.Printer, v any) {
	if !newSyntax(pr.Release()) {
		pr.Fail() // LLVM 19 has no #dlti.map
		return
	}
	printEntries(pr, v.(*MapAttr).Entries(), false)
}
