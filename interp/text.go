package interp

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/hooks"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text forms of definitions with a mnemonic and a declarative
// assembly format, read and printed by runtime/asmformat as the generated
// text.dg.go does (gen/internal/mlirgen/asmtext.go): a file that stores a
// value as text decodes to the typed value, and a value whose encoding
// the target lacks is written as text.

var (
	_ bytecode.TextCodec        = (*Dialect)(nil)
	_ bytecode.ReleaseTextCodec = (*Dialect)(nil)
	_ asmformat.AsmFormsOf      = (*Dialect)(nil)
)

// asmForm is one text form of a definition over a range of releases.
type asmForm struct {
	mnemonic     string
	format       *defs.AsmFormat
	hooks        *hooks.Def // assembly hooks: the text form is C++'s
	since, until int
	defaults     map[string]string
	absent       map[string]bool
}

// asmForms lists the text forms of def that asmformat describes, with the
// assembly hooks of table (nil: none linked in).
func asmForms(def *defs.Def, table *hooks.Table) []asmForm {
	if def.Mnemonic == "" {
		return nil
	}
	kinds := true
	for _, p := range def.Params {
		if _, ok := textKind(p.Type); !ok {
			kinds = false
		}
	}
	var out []asmForm
	add := func(mnem string, f *defs.AsmFormat, custom bool, since, until int) {
		switch {
		case custom && def.AsmHooks != nil && table != nil && table.Defs[def.Name] != nil && table.Defs[def.Name].ParseAsm != nil:
			out = append(out, asmForm{mnemonic: mnem, hooks: table.Defs[def.Name], since: since, until: until})
		case custom, !kinds:
		case f != nil:
			out = append(out, asmForm{mnemonic: mnem, format: f, since: since, until: until})
		case !slices.ContainsFunc(def.Params, func(p *defs.Param) bool { return !p.Self }):
			out = append(out, asmForm{mnemonic: mnem, since: since, until: until})
		}
	}
	since := 0
	for _, o := range def.OlderTexts {
		u := 0
		if o.Until != nil && len(o.Until.Parts) > 0 {
			u = o.Until.Parts[0]
		}
		mn := o.Mnemonic
		if mn == "" {
			mn = def.Mnemonic
		}
		add(mn, o.Assembly, o.CustomAssembly, since, u)
		if n := len(out); n > 0 && out[n-1].until == u {
			out[n-1].defaults = o.TextDefaults
			if o.HasParams {
				out[n-1].absent = map[string]bool{}
				for _, p := range def.Params {
					out[n-1].absent[p.Name] = !slices.Contains(o.Params, p.Name)
				}
			}
		}
		since = u + 1
	}
	add(def.Mnemonic, def.Assembly, def.CustomAssembly, since, 0)
	return out
}

func textKind(t *defs.TypeRef) (asmformat.Kind, bool) {
	switch t.Kind {
	case defs.RefInt32, defs.RefInt64:
		return asmformat.Int, true
	case defs.RefUint32, defs.RefUint64:
		return asmformat.Uint, true
	case defs.RefBool:
		return asmformat.Bool, true
	case defs.RefString:
		return asmformat.String, true
	case defs.RefEnum:
		return asmformat.Enum, true
	case defs.RefType:
		return asmformat.Type, true
	case defs.RefAttr, defs.RefLocation:
		return asmformat.Attr, true
	case defs.RefList:
		if k, ok := textKind(t.Elem); ok && k != asmformat.List {
			return asmformat.List, true
		}
	}
	return 0, false
}

// textHooks lists what text forms need from hand-written Go that table
// (nil: none linked in) does not provide: custom directives and name
// tables.
func textHooks(d *defs.Dialect, table *hooks.Table) defs.ErrorList {
	var errs defs.ErrorList
	for _, def := range allDefs(d) {
		for _, f := range asmForms(def, table) {
			if f.format == nil {
				continue
			}
			f.format.Walk(func(e *defs.FormatElem) {
				if e.Kind != defs.FmtCustom {
					return
				}
				if table != nil {
					if _, ok := table.Customs[e.Value]; ok {
						return
					}
				}
				_, why := bridged(table, d, "custom<>", "")
				errs = append(errs, &defs.Error{Pos: e.Pos, Msg: fmt.Sprintf("dialect %s: %s's text form uses custom<%s>, hand-written Go (print%s, parse%s), which definitions loaded at run time cannot call: %s; compile the dialect instead", d.Name, def.Name, e.Value, e.Value, e.Value, why)})
			})
		}
		if len(asmForms(def, table)) == 0 {
			continue
		}
		for _, p := range def.Params {
			if p.TextNames == "" || table != nil && table.Syntax[p.TextNames] != nil {
				continue
			}
			_, why := bridged(table, d, "text_names", "")
			errs = append(errs, &defs.Error{Pos: p.Pos, Msg: fmt.Sprintf("dialect %s: %s.%s prints by the hand-written table %sSyntax, which definitions loaded at run time cannot use: %s; compile the dialect instead", d.Name, def.Name, p.Name, p.TextNames, why)})
		}
	}
	return errs
}

// buildAsmForms makes the asmformat table of the dialect's text forms.
func (in *Dialect) buildAsmForms() {
	in.asm = &asmformat.Dialect{Name: in.d.Name}
	syntax := map[*defs.Enum]*asmformat.EnumSyntax{}
	enumSyntax := func(e *defs.Enum) *asmformat.EnumSyntax {
		if s := syntax[e]; s != nil {
			return s
		}
		s := &asmformat.EnumSyntax{Cases: enumCases(e), Bit: e.BitEnum}
		if e.BitEnum {
			s.Separator = cmp.Or(e.Separator, "|")
			s.PrintGroups = e.PrintGroups
		}
		syntax[e] = s
		return s
	}
	if in.hooks != nil {
		in.asm.Customs = in.hooks.Customs
	}
	// A compiled hook's value is made interpreted where it leaves the
	// parser (see asmHooks).
	in.asm.Out = in.interpreted
	for _, def := range allDefs(in.d) {
		forms := asmForms(def, in.hooks)
		in.hasText[def] = len(forms) > 0
		for _, form := range forms {
			ad := &asmformat.Def{Name: def.Name, Mnemonic: form.mnemonic, Alias: def.Alias, Since: form.since, Until: form.until, KindSince: def.Since.LLVM(), KindUntil: def.Until.LLVM()}
			if form.hooks != nil {
				in.asmHooks(ad, def, form.hooks)
				if def.IsType {
					in.asm.Types = append(in.asm.Types, ad)
				} else {
					in.asm.Attrs = append(in.asm.Attrs, ad)
				}
				continue
			}
			if form.format != nil {
				ad.Format = form.format.Text
			}
			for _, p := range def.Params {
				k, _ := textKind(p.Type)
				ap := asmformat.Param{Name: p.Name, Kind: k, Quoted: p.TextQuoted, Optional: p.Optional,
					Default: p.TextDefault, Self: p.Self, Absent: form.absent[p.Name]}
				if p.TextNames != "" {
					ap.Kind, ap.Enum = asmformat.Enum, in.hooks.Syntax[p.TextNames]
				}
				t := p.Type
				if k == asmformat.List {
					ap.Elem, _ = textKind(t.Elem)
					t = t.Elem
				}
				if t.Kind == defs.RefEnum {
					ap.Enum = enumSyntax(t.Enum)
				}
				if d, ok := form.defaults[p.Name]; ok {
					ap.Default = d
				}
				if p.Stripped != "" && !p.Self {
					ap.Stripped = p.Stripped
				}
				ad.Params = append(ad.Params, ap)
			}
			ad.Make = func(ctx *ir.Context, v []any) any {
				params := make([]any, len(def.Params))
				for i, p := range def.Params {
					x, ok := in.fromText(p.Type, v[i])
					if !ok {
						return nil
					}
					params[i] = x
				}
				return in.get(ctx, def, params)
			}
			ad.Values = func(x any) []any {
				v := in.own(x)
				if v == nil || v.def != def {
					return nil
				}
				out := make([]any, len(def.Params))
				for i, p := range def.Params {
					out[i] = toText(p.Type, v.params[i])
				}
				return out
			}
			if def.IsType {
				in.asm.Types = append(in.asm.Types, ad)
			} else {
				in.asm.Attrs = append(in.asm.Attrs, ad)
			}
		}
	}
}

// asmHooks makes ad read and print through the compiled assembly hooks.
func (in *Dialect) asmHooks(ad *asmformat.Def, def *defs.Def, h *hooks.Def) {
	// Parse gives the compiled value, as the compiled dialect would, for
	// the hook of a value this one is nested in may switch on it; the
	// value read is made interpreted where it leaves the parser
	// (asmformat.Dialect.Out) or lands in an interpreted one (fromText).
	ad.Parse = h.ParseAsm
	ad.Print = func(pr *asmformat.Printer, x any) {
		if v := valueOf(x); v != nil {
			x = in.compiled(v)
		}
		h.PrintAsm(pr, x)
	}
}

func enumCases(e *defs.Enum) []ir.EnumCase {
	cases := make([]ir.EnumCase, len(e.Values))
	for i, v := range e.Values {
		cases[i] = ir.EnumCase{Value: v.Value, Text: v.Text}
	}
	slices.SortStableFunc(cases, func(a, b ir.EnumCase) int { return cmp.Compare(a.Value, b.Value) })
	return cases
}

// fromText converts a value asmformat read to a parameter of type t, as
// the generated Make's asmformat.As… conversions do: false when it does
// not fit (a nested value that stayed text where a typed one is needed).
func (in *Dialect) fromText(t *defs.TypeRef, v any) (any, bool) {
	switch t.Kind {
	case defs.RefInt32, defs.RefInt64:
		x, good := v.(int64)
		if !good && v != nil || t.Kind == defs.RefInt32 && (x < math.MinInt32 || x > math.MaxInt32) {
			return nil, false
		}
		return x, true
	case defs.RefUint32, defs.RefUint64, defs.RefEnum:
		x, good := v.(uint64)
		if !good && v != nil || t.Kind == defs.RefUint32 && x > math.MaxUint32 {
			return nil, false
		}
		return x, true
	case defs.RefBool:
		x, good := v.(bool)
		return x, good || v == nil
	case defs.RefString:
		x, good := v.(string)
		return x, good || v == nil
	case defs.RefType:
		if v == nil {
			return nil, true
		}
		x, good := in.interpreted(ctxOf(v), v).(ir.Type)
		return x, good && (t.Def == nil || in.is(x, t.Def))
	case defs.RefAttr, defs.RefLocation:
		if v == nil {
			return nil, true
		}
		v = in.interpreted(ctxOf(v), v)
		x, good := v.(ir.Attribute)
		if t.Kind == defs.RefLocation {
			_, good = v.(ir.Location)
		}
		return x, good && (t.Def == nil || in.is(x, t.Def))
	case defs.RefList:
		list, good := v.([]any)
		if !good {
			return []any(nil), v == nil
		}
		out := make([]any, len(list))
		for i, e := range list {
			var ok bool
			if out[i], ok = in.fromText(t.Elem, e); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// toText is a parameter as asmformat takes it (asmformat.From…).
func toText(t *defs.TypeRef, x any) any {
	if t.Kind == defs.RefList {
		l, _ := x.([]any)
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = toText(t.Elem, e)
		}
		return out
	}
	return x
}

// AsmForms are the dialect's text forms (asmformat.AsmFormsOf).
func (in *Dialect) AsmForms() *asmformat.Dialect { return in.asm }

// ParseAttribute reads the text form of an attribute stored as text; nil
// and no error for text the dialect does not model.
func (in *Dialect) ParseAttribute(ctx *ir.Context, text string, release int) (ir.Attribute, error) {
	if x, ok, err := in.parseText(ctx, in.d.Attributes, text, release); ok {
		a, _ := x.(ir.Attribute)
		return a, err
	}
	return in.asm.ParseAttribute(ctx, text, release)
}

// ParseType reads the text form of a type stored as text.
func (in *Dialect) ParseType(ctx *ir.Context, text string, release int) (ir.Type, error) {
	if x, ok, err := in.parseText(ctx, in.d.Types, text, release); ok {
		t, _ := x.(ir.Type)
		return t, err
	}
	return in.asm.ParseType(ctx, text, release)
}

// PrintAttribute prints an attribute's text form, where it has one.
func (in *Dialect) PrintAttribute(a ir.Attribute) (string, bool) {
	if s, ok := in.printText(a); ok {
		return s, true
	}
	return in.asm.PrintAttribute(a)
}

// PrintType prints a type's text form, where it has one.
func (in *Dialect) PrintType(t ir.Type) (string, bool) {
	if s, ok := in.printText(t); ok {
		return s, true
	}
	return in.asm.PrintType(t)
}

// PrintAttributeFor prints an attribute in a release's syntax (0: the
// newest).
func (in *Dialect) PrintAttributeFor(a ir.Attribute, release int) (string, bool) {
	if s, ok := in.printText(a); ok {
		return s, true
	}
	return in.asm.PrintAttributeFor(a, release)
}

// PrintTypeFor prints a type in a release's syntax.
func (in *Dialect) PrintTypeFor(t ir.Type, release int) (string, bool) {
	if s, ok := in.printText(t); ok {
		return s, true
	}
	return in.asm.PrintTypeFor(t, release)
}
