package ods

import (
	"cmp"
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/dialectgen/dialectgen/defs"
)

// reservedAccessors are the methods every generated attribute and type
// has; a parameter whose accessor would be one of them is renamed.
var reservedAccessors = []string{"Dialect", "Kind", "ID", "Context", "LocationAttr", "BitWidth", "String", "Base", "TypeBase"}

// writeDefs writes the enums, attributes and types of a dialect.
func writeDefs(b *strings.Builder, rels []Release, d *mergedDialect) {
	all := span{0, len(rels) - 1}
	if len(d.enums) > 0 {
		b.WriteString("\nenums:\n")
	}
	for i, e := range d.enums {
		if i > 0 {
			b.WriteString("\n")
		}
		writeEnum(b, rels, all, e)
	}
	names := d.typeNames()
	for k, list := range [][]*mergedDef{d.attrs, d.types} {
		if len(list) == 0 {
			continue
		}
		b.WriteString(map[int]string{0: "\nattributes:\n", 1: "\ntypes:\n"}[k])
		for i, def := range list {
			if i > 0 {
				b.WriteString("\n")
			}
			writeDef(b, rels, all, names, d.name, def)
		}
	}
}

func writeEnum(b *strings.Builder, rels []Release, all span, e *mergedEnum) {
	fmt.Fprintf(b, "  - name: %s\n", scalar(e.name))
	if e.summary != "" && !strings.HasPrefix(e.summary, "allowed ") {
		fmt.Fprintf(b, "    doc: %s\n", strconv.Quote(e.summary))
	}
	for _, kv := range bounds(rels, all, e.span) {
		fmt.Fprintf(b, "    # %s: %s (not generated for enums)\n", kv[0], kv[1])
	}
	if e.bit {
		b.WriteString("    bit_enum: true\n")
		if e.separator != "" && e.separator != "|" {
			fmt.Fprintf(b, "    separator: %s\n", strconv.Quote(e.separator))
		}
		if e.printGroups {
			b.WriteString("    print_groups: true\n")
		}
	}
	if e.width != 0 {
		fmt.Fprintf(b, "    width: %d\n", e.width)
	}
	b.WriteString("    values:\n")
	goNames := map[string]bool{}
	values := map[int64]string{}
	for _, c := range e.cases {
		if c.value < 0 {
			fmt.Fprintf(b, "      # %s = %d: negative values have no counterpart in the definitions\n", c.symbol, c.value)
			continue
		}
		if prev, ok := values[c.value]; ok {
			fmt.Fprintf(b, "      # %s = %d: an alias of %s\n", c.symbol, c.value, prev)
			continue
		}
		values[c.value] = c.symbol
		kvs := [][2]string{{"name", scalar(c.symbol)}, {"value", strconv.FormatInt(c.value, 10)}}
		if c.str != strings.ToLower(c.symbol) {
			kvs = append(kvs, [2]string{"text", scalar(c.str)})
		}
		// The constant the loader derives (defs.enumValueGoName), unless
		// it clashes or is not an identifier.
		name := c.symbol
		if strings.ToUpper(name) == name && c.str != "" {
			name = c.str
		}
		g := e.name + defs.GoName(name)
		if goNames[g] || !isIdent(g) {
			g = e.name + defs.GoName(identChars(c.symbol))
			for n := 2; goNames[g]; n++ {
				g = fmt.Sprintf("%s%s%d", e.name, defs.GoName(identChars(c.symbol)), n)
			}
			kvs = append(kvs, [2]string{"go_name", g})
		}
		goNames[g] = true
		kvs = append(kvs, bounds(rels, e.span, c.span)...)
		if len(c.older) > 0 {
			// The values older releases give the case, by the last
			// release that gives each.
			var older [][2]string
			for _, o := range c.older {
				older = append(older, [2]string{fmt.Sprintf("llvm %d", o.llvm), strconv.FormatInt(o.value, 10)})
			}
			kvs = append(kvs, [2]string{"older_values", flowMap(older)})
		}
		fmt.Fprintf(b, "      - %s\n", flowMap(kvs))
	}
}

// identChars replaces what cannot be in a Go identifier by underscores.
func identChars(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return '_'
	}, s)
}

func isIdent(s string) bool { return token.IsIdentifier(s) }

// defParam is a parameter as written: its name in the definition and its
// type.
type defParam struct {
	name, typ, doc string
	optional       bool
	widthOf        string
	// textDefault is the text of a default value the text form leaves
	// out; stripped the mnemonic of a definition of the dialect that the
	// parameter prints without its prefix.
	textDefault, stripped string
	self                  bool
	// names is a table of names the parameter prints by (DWARF's);
	// enumParam says an enum prints by the EnumParameter's printer, not
	// by the enum's operator<<, which quotes a union of several bits.
	names     string
	enumParam bool
	span
}

func writeDef(b *strings.Builder, rels []Release, all span, names *typeNames, dialect string, d *mergedDef) {
	fmt.Fprintf(b, "  - name: %s\n", scalar(d.name))
	if d.summary != "" {
		fmt.Fprintf(b, "    summary: %s\n", strconv.Quote(d.summary))
	}
	for _, kv := range withinBounds(append(bounds(rels, all, d.span), olderBound(rels, d.absentOlder, d.span)...), d.within) {
		fmt.Fprintf(b, "    %s: %s\n", kv[0], kv[1])
	}
	if h := defReleaseHooks[dialect][d.name]; h != "" {
		fmt.Fprintf(b, "    release_hook: %s\n", h)
	}
	if h := defBuildHooks[dialect][d.name]; h != "" {
		fmt.Fprintf(b, "    build_hook: %s\n", h)
	}
	// Encoded members decide some parameter types.
	encodedAs := map[string]bcMember{}
	for _, v := range d.bytecode {
		for _, m := range v.members {
			encodedAs[m.name] = m
		}
	}
	var params []*defParam
	rename := map[string]string{}
	for _, mp := range d.params {
		f := d.param[mp.name]
		p := &defParam{name: f.name, optional: f.optional, span: mp.span, doc: f.doc}
		p.textDefault = simpleDefault(f.def)
		p.self = f.self
		p.names = f.names
		p.enumParam = f.enum
		elem := cppName(f.cpp)
		if outer, inner, ok := template(elem); ok && outer == "ArrayRef" {
			// A list of the dialect's attributes prints each stripped.
			elem = cppName(inner)
		}
		p.stripped = names.mnemonics[elem[strings.LastIndex(elem, ":")+1:]]
		switch t, ok := f.typ, true; {
		case t != "":
			p.typ = t
		default:
			if p.typ, ok = names.paramType(f.cpp); !ok {
				p.typ, p.doc = "Attribute", "C++ type "+strings.TrimSpace(f.cpp)+", held as an attribute here"
			}
		}
		switch m, ok := encodedAs[f.name]; {
		case !ok:
		case m.kind == "optional_array" && m.elem == "int":
			p.typ = "[uint64]"
		case m.kind == "optional_array":
			p.typ = "[Attribute]"
		case m.kind == "optional_int" && p.typ != "uint32" && p.typ != "uint64":
			p.typ = "uint64"
		case m.kind == "optional_varint":
			// Absent and 0 differ, so the value is a hand-written type
			// that keeps both (its package's OptionalInt).
			p.typ, p.optional = "go:OptionalInt", false
		}
		if !p.optional && leftOut(d.bytecode, f.name) && (strings.HasPrefix(p.typ, "[") || isEnum(names, p.typ)) {
			// A variant without the member builds the value with a C++
			// builder that passes an empty list or the enum's case 0
			// (Shardy's older TensorShardingAttr: no unreduced axes,
			// SUM): the param's zero value.
			p.optional = true
		}
		if f.self && p.typ != "Type" {
			p.typ = "Type"
		}
		if slices.Contains(reservedAccessors, defs.GoName(p.name)) {
			rename[p.name] = p.name + "Value"
			p.name += "Value"
		}
		params = append(params, p)
	}
	// APInt and APFloat take their width from a type parameter listed
	// before them: the attribute's type, moved first.
	for _, p := range params {
		if p.typ != "APInt" && p.typ != "APFloat" {
			continue
		}
		t := slices.IndexFunc(params, func(q *defParam) bool { return q.typ == "Type" })
		if t < 0 {
			p.typ, p.doc = "bytes", "the value's bits (C++ "+p.typ+"), little-endian words"
			continue
		}
		if pt := params[t]; t > slices.Index(params, p) {
			params = slices.Delete(params, t, t+1)
			params = slices.Insert(params, 0, pt)
		}
		p.widthOf = params[0].name
		if params[0].typ != "Type" {
			p.widthOf = params[t].name
		}
	}
	writeText(b, rels, dialect, d, params)
	if len(params) > 0 {
		b.WriteString("    params:\n")
	}
	ptype := map[string]string{}
	for _, p := range params {
		ptype[p.name] = p.typ
		kvs := [][2]string{{"name", scalar(p.name)}, {"type", scalar(p.typ)}}
		if p.optional {
			kvs = append(kvs, [2]string{"optional", "true"})
		}
		if p.widthOf != "" {
			kvs = append(kvs, [2]string{"width_of", scalar(p.widthOf)})
		}
		if p.textDefault != "" {
			kvs = append(kvs, [2]string{"text_default", strconv.Quote(p.textDefault)})
		}
		if p.stripped != "" {
			kvs = append(kvs, [2]string{"stripped", scalar(p.stripped)})
		}
		if p.self {
			kvs = append(kvs, [2]string{"self", "true"})
		}
		if p.names != "" {
			kvs = append(kvs, [2]string{"text_names", p.names})
		}
		if bit, ok := names.enums[p.typ]; ok && bit && !p.enumParam {
			kvs = append(kvs, [2]string{"text_quoted", "true"})
		}
		if p.doc != "" {
			kvs = append(kvs, [2]string{"doc", strconv.Quote(p.doc)})
		}
		kvs = append(kvs, bounds(rels, d.span, p.span)...)
		fmt.Fprintf(b, "      - %s\n", flowMap(kvs))
	}
	if rules := layoutRules[dialect][d.name]; rules != "" {
		b.WriteString("    layout:\n")
		for _, line := range strings.Split(strings.TrimSpace(rules), "\n") {
			fmt.Fprintf(b, "      %s\n", line)
		}
	}
	if len(d.bytecode) == 0 {
		return
	}
	b.WriteString("    bytecode:\n")
	for _, v := range d.bytecode {
		kvs := [][2]string{{"code", strconv.Itoa(v.code)}}
		if v.when != "" {
			kvs = append(kvs, [2]string{"when", strconv.Quote(whenParams(v.when, params))})
		}
		kvs = append(kvs, bounds(rels, all, v.span)...)
		kvs = append(kvs, olderBound(rels, v.absentOlder, v.span)...)
		var fields []string
		for _, m := range v.members {
			name := m.name
			if r, ok := rename[name]; ok {
				name = r
			}
			fields = append(fields, memberField(m, name, ptype[name]))
		}
		kvs = append(kvs, [2]string{"fields", "[" + strings.Join(fields, ", ") + "]"})
		fmt.Fprintf(b, "      - %s\n", flowMap(kvs))
	}
}

// leftOut reports whether some variant does not encode the member.
func leftOut(vs []*mergedVariant, member string) bool {
	for _, v := range vs {
		if !slices.ContainsFunc(v.members, func(m bcMember) bool { return m.name == member }) {
			return true
		}
	}
	return false
}

// isEnum reports whether typ is one of the dialect's (not bit) enums.
func isEnum(names *typeNames, typ string) bool {
	bit, ok := names.enums[typ]
	return ok && !bit
}

var predIdentRE = regexp.MustCompile(`\b[a-z_]\w*\b`)

// whenParams names params in a translated printerPredicate as the
// definition does: a C++ getter (getUnreducedAxes) reads a parameter that
// may be spelled unreduced_axes, or renamed.
func whenParams(when string, params []*defParam) string {
	fold := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }
	return predIdentRE.ReplaceAllStringFunc(when, func(id string) string {
		for _, p := range params {
			if fold(p.name) == fold(id) || fold(p.name) == fold(id)+"value" {
				return p.name
			}
		}
		return id
	})
}

// memberField is the field that writes a member into a parameter of
// type typ.
func memberField(m bcMember, name, typ string) string {
	signed := typ == "int64" || typ == "int32"
	as := func(form string) string { return flowMap([][2]string{{"param", scalar(name)}, {"as", form}}) }
	custom := func(hook string) string {
		return flowMap([][2]string{{"custom", hook}, {"outputs", "[" + scalar(name) + "]"}})
	}
	switch m.kind {
	case "varint":
		if signed || typ == "bool" {
			return as("varint")
		}
	case "svarint", "double":
		if !signed {
			return as("svarint")
		}
	case "string":
		if typ != "string" {
			// A String member of a StringAttr parameter.
			return custom("StringAsAttr")
		}
	case "optional_attr":
		return as("optional")
	case "optional_array":
		if m.elem == "int" {
			return custom("OptionalUint64List")
		}
		return custom("OptionalAttrList")
	case "optional_varint":
		return custom("OptionalVarInt")
	case "optional_int":
		if typ == "uint32" {
			return custom("OptionalUint32")
		}
		return custom("OptionalUint64")
	}
	return scalar(name)
}

// writeText writes a definition's text form: its mnemonic and declarative
// assembly format (or that C++ reads and prints it), and the forms of
// older releases that differ.
func writeText(b *strings.Builder, rels []Release, dialect string, d *mergedDef, params []*defParam) {
	if len(d.texts) == 0 || d.texts[0].mnemonic == "" {
		return
	}
	// A format the definitions do not accept is left to C++, whose hooks
	// are named by hand.
	check := func(t *mergedText) {
		if t.format == "" || t.customAsm {
			return
		}
		def := &defs.Def{Name: d.name, Mnemonic: t.mnemonic}
		for _, p := range params {
			if _, ok := t.params[p.name]; !ok && t.params != nil {
				continue // not a parameter in these releases
			}
			if strings.Contains(p.doc, "ArrayRef") {
				// A list held as one attribute: the format's $p is a list.
				t.customAsm = true
				return
			}
			def.Params = append(def.Params, &defs.Param{Name: p.name, Optional: p.optional, TextDefault: t.params[p.name], Self: p.self})
		}
		if err := defs.CheckDefFormat(def, t.format); err != nil {
			t.customAsm = true
			return
		}
		def.Assembly.Walk(func(e *defs.FormatElem) {
			if e.Kind == defs.FmtCustom && !hasCustom(dialect, e.Value) {
				t.customAsm = true
			}
		})
	}
	for _, t := range d.texts {
		check(t)
	}
	t := d.texts[0]
	fmt.Fprintf(b, "    mnemonic: %s\n", scalar(t.mnemonic))
	if alias := cmp.Or(dialectAliases[dialect][d.name], d.alias); alias != "" {
		fmt.Fprintf(b, "    alias: %s\n", scalar(alias))
	}
	switch {
	case t.customAsm:
		b.WriteString("    custom_assembly_format: true\n")
		if hasHook(dialect, d.name) {
			fmt.Fprintf(b, "    asm_hooks: {parse: parse%sText, print: print%sText}\n", d.name, d.name)
		}
	case t.format != "":
		fmt.Fprintf(b, "    assembly_format: %s\n", strconv.Quote(strings.Join(strings.Fields(t.format), " ")))
	}
	if len(d.texts) == 1 {
		return
	}
	b.WriteString("    older_text_forms:\n")
	for _, o := range d.texts[1:] {
		kvs := [][2]string{{"until", fmt.Sprintf("llvm %d", rels[o.last].LLVM)}}
		if o.mnemonic != "" {
			kvs = append(kvs, [2]string{"mnemonic", scalar(o.mnemonic)})
		}
		switch {
		case o.customAsm:
			kvs = append(kvs, [2]string{"custom_assembly_format", "true"})
		case o.format != "":
			// The parameters these releases have, in the newest
			// release's order, unless they declare them in another:
			// struct(params) and params print them in their own.
			var have []string
			for _, p := range params {
				if _, ok := o.params[p.name]; ok {
					have = append(have, p.name)
				}
			}
			format := o.format
			if !slices.Equal(have, o.order) {
				format = spellParams(format, o.order)
				have = o.order
			}
			kvs = append(kvs, [2]string{"assembly_format", strconv.Quote(strings.Join(strings.Fields(format), " "))})
			// Defaults that differ from the newest release's.
			var ds []string
			for _, p := range params {
				if v, ok := o.params[p.name]; ok && v != p.textDefault {
					ds = append(ds, scalar(p.name)+": "+strconv.Quote(v))
				}
			}
			if len(ds) > 0 {
				kvs = append(kvs, [2]string{"text_defaults", "{" + strings.Join(ds, ", ") + "}"})
			}
			// The parameters these releases have, where some are missing
			// (struct(params) and params cover these only).
			if len(have) < len(params) {
				names := make([]string, len(have))
				for i, n := range have {
					names[i] = scalar(n)
				}
				kvs = append(kvs, [2]string{"params", "[" + strings.Join(names, ", ") + "]"})
			}
		}
		fmt.Fprintf(b, "      - %s\n", flowMap(kvs))
	}
}

// simpleDefault returns a C++ default value that is an integer or a
// boolean literal, "" for others.
func simpleDefault(cpp string) string {
	s := strings.TrimSpace(cpp)
	if s == "true" || s == "false" {
		return s
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return s
	}
	// A string literal without escapes.
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !strings.ContainsAny(s[1:len(s)-1], "\\\"") {
		return s
	}
	return ""
}

// paramsDirective is the params directive of an assembly format, not a
// parameter named params.
var paramsDirective = regexp.MustCompile(`(^|[^$\w])params\b`)

// spellParams writes a format's params directive out as the parameters
// it stands for, in the order given.
func spellParams(format string, order []string) string {
	spelled := make([]string, len(order))
	for i, n := range order {
		spelled[i] = "$" + n
	}
	// $ in a replacement names a group: $$ is a dollar.
	return paramsDirective.ReplaceAllString(format, "${1}"+strings.ReplaceAll(strings.Join(spelled, ", "), "$", "$$"))
}
