package ods

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// dialectFacts is what one release's records say about a dialect besides
// its ops.
type dialectFacts struct {
	defs  map[string]*defFacts
	enums map[string]*enumFacts
}

func (rs *Records) dialectFacts(dialect string, opEnums map[string]bool) (*dialectFacts, error) {
	f := &dialectFacts{}
	var err error
	if f.defs, err = rs.dialectDefs(dialect); err != nil {
		return nil, err
	}
	addExtraDefs(dialect, f.defs)
	// Enums of other namespaces that the dialect's enum attributes hold
	// (linalg's IteratorType is mlir::utils's) are the dialect's too.
	// So are those whose values the dialect's op attributes hold as
	// integers (affine.parallel's arith::AtomicRMWKind), so that their
	// numbering in each release is known.
	used := maps.Clone(opEnums)
	if used == nil {
		used = map[string]bool{}
	}
	for _, d := range f.defs {
		for _, p := range d.params {
			if p.enum {
				used[strings.TrimPrefix(strings.TrimSpace(p.cpp), "::")] = true
			}
		}
	}
	if f.enums, err = rs.dialectEnums(dialect, used); err != nil {
		return nil, err
	}
	attrs, types, err := rs.dialectBytecode(dialect)
	if err != nil {
		return nil, err
	}
	for k, list := range [][]*bcVariant{attrs, types} {
		isType := k == 1
		for _, v := range list {
			d := f.defs[v.class]
			if d == nil {
				// No AttrDef or TypeDef (quant's types are C++ classes):
				// the definition is what its encodings say.
				d = &defFacts{name: v.class, isType: isType, mnemonic: cppMnemonics[dialect][v.class]}
				d.customAsm = d.mnemonic != ""
				f.defs[v.class] = d
			}
			if d.isType != isType {
				return nil, fmt.Errorf("encoding %s: %s is not a%s", v.record, v.class, map[bool]string{true: " type", false: "n attribute"}[isType])
			}
			d.bytecode = append(d.bytecode, v)
		}
	}
	// Definitions without records take their params from their encodings.
	for _, d := range f.defs {
		if len(d.params) > 0 || len(d.bytecode) == 0 {
			continue
		}
		d.params = bytecodeParams(d.bytecode)
	}
	return f, nil
}

// bytecodeParams derives the params of a definition from its encodings:
// every member once, in wire order; those some encoding leaves out are
// optional.
func bytecodeParams(vs []*bcVariant) []paramFacts {
	var out []paramFacts
	count := map[string]int{}
	for _, v := range vs {
		prev := -1
		for _, m := range v.members {
			count[m.name]++
			at := slices.IndexFunc(out, func(p paramFacts) bool { return p.name == m.name })
			if at < 0 {
				at = prev + 1
				pf := paramFacts{name: m.name, typ: memberType(m)}
				switch m.kind {
				case "double":
					pf.doc = "the IEEE 754 bits of a double (math.Float64frombits)"
				case "double_list":
					pf.doc = "the IEEE 754 bits of doubles (math.Float64frombits)"
				}
				out = slices.Insert(out, at, pf)
			}
			prev = at
		}
	}
	for i := range out {
		out[i].optional = count[out[i].name] < len(vs) || optionalMember(vs, out[i].name)
	}
	return out
}

// optionalMember reports whether a variant writes the member in an
// optional form (an absent attribute).
func optionalMember(vs []*bcVariant, name string) bool {
	for _, v := range vs {
		for _, m := range v.members {
			if m.name == name && m.kind == "optional_attr" {
				return true
			}
		}
	}
	return false
}

// memberType is the definitions' type of a parameter that only an
// encoding member describes.
func memberType(m bcMember) string {
	switch m.kind {
	case "varint", "optional_int":
		return "uint64"
	case "optional_varint":
		return "go:OptionalInt"
	case "attr_list":
		return "[Attribute]"
	case "svarint", "double":
		return "int64"
	case "bool":
		return "bool"
	case "string":
		return "string"
	case "type":
		return "Type"
	case "int_list", "double_list":
		return "[int64]"
	case "optional_array":
		if m.elem == "int" {
			return "[uint64]"
		}
		return "[Attribute]"
	}
	return "Attribute"
}

// mergedEnum is an enum across the releases of its dialect.
type mergedEnum struct {
	name, summary string
	bit           bool
	separator     string
	printGroups   bool
	width         int
	span
	cases []*mergedCase
}

type mergedCase struct {
	caseFacts // the newest release's
	span
	// older are the values older releases give the case where they differ
	// from the next newer release's, newest first: older[k].value holds up
	// to llvm older[k].llvm.
	older []olderValue
}

type olderValue struct {
	llvm  int
	value int64
}

// valueAfter is the value of the case in the oldest release merged so
// far.
func (m *mergedCase) valueAfter() int64 {
	if n := len(m.older); n > 0 {
		return m.older[n-1].value
	}
	return m.value
}

// mergedDef is an attribute or type definition across releases.
type mergedDef struct {
	name, summary string
	isType        bool
	span
	// absentOlder says that Options.Older defines it with other
	// parameters (see markReshapedOlder).
	absentOlder bool
	// within: see mergedOp.
	within   [][2]string
	params   []*mergedPart
	param    map[string]paramFacts // the newest release's facts of each param
	bytecode []*mergedVariant
	// texts are the definition's text forms, newest first, each over the
	// releases that share it.
	texts []*mergedText
	// alias is the name the printer gives the value in a file's aliases:
	// its mnemonic where any release's records say so, or what the
	// dialect's C++ answers (dialectAliases); "" for none.
	alias string
}

// mergedText is a definition's text form over a span of releases.
type mergedText struct {
	mnemonic, format string
	customAsm        bool
	// params are the parameters and their text defaults in these
	// releases (an older release may lack some, or default differently);
	// order is the order they are declared in, which struct(params) and
	// params print them in.
	params map[string]string
	order  []string
	span
}

type mergedVariant struct {
	*bcVariant
	span
	// absentOlder says that Options.Older does not read it (see
	// olderUnreadable).
	absentOlder bool
}

type mergedDialect struct {
	name         string
	enums        []*mergedEnum
	attrs, types []*mergedDef
}

func mergeDialect(rels []int, facts []*dialectFacts) (*mergedDialect, error) {
	out := &mergedDialect{}
	// Enums.
	enumNames := map[string]bool{}
	for _, f := range facts {
		for n := range f.enums {
			enumNames[n] = true
		}
	}
	for _, name := range slicesSorted(enumNames) {
		present := make([]bool, len(rels))
		for i, f := range facts {
			present[i] = f.enums[name] != nil
		}
		s, err := spanOf(present, rels)
		if err != nil {
			return nil, fmt.Errorf("enum %s %v", name, err)
		}
		newest := facts[s.last].enums[name]
		e := &mergedEnum{name: name, summary: newest.summary, bit: newest.bit, span: s,
			separator: newest.separator, printGroups: newest.printGroups, width: newest.width}
		bySymbol := map[string]*mergedCase{}
		for i := s.last; i >= s.first; i-- {
			prev := -1
			for _, c := range facts[i].enums[name].cases {
				m := bySymbol[c.symbol]
				if m == nil {
					m = &mergedCase{caseFacts: c, span: span{i, i}}
					bySymbol[c.symbol] = m
					e.cases = slices.Insert(e.cases, prev+1, m)
				}
				if m.valueAfter() != c.value {
					m.older = append(m.older, olderValue{llvm: rels[i], value: c.value})
				}
				m.first = i
				prev = slices.Index(e.cases, m)
			}
		}
		out.enums = append(out.enums, e)
	}
	// Definitions.
	defNames := map[string]bool{}
	for _, f := range facts {
		for n := range f.defs {
			defNames[n] = true
		}
	}
	for _, name := range slicesSorted(defNames) {
		present := make([]bool, len(rels))
		for i, f := range facts {
			present[i] = f.defs[name] != nil
		}
		s, err := spanOf(present, rels)
		if err != nil {
			return nil, fmt.Errorf("%s %v", name, err)
		}
		newest := facts[s.last].defs[name]
		d := &mergedDef{name: name, summary: newest.summary, isType: newest.isType, span: s, param: map[string]paramFacts{}}
		lists := make([][]part, len(rels))
		for i := s.first; i <= s.last; i++ {
			f := facts[i].defs[name]
			if f.isType != d.isType {
				return nil, fmt.Errorf("%s is an attribute in one release and a type in another", name)
			}
			for _, p := range f.params {
				lists[i] = append(lists[i], part{name: p.name, constraint: p.cpp})
				if _, ok := d.param[p.name]; !ok || i == s.last {
					d.param[p.name] = p
				}
			}
		}
		// Newest release first: keep its facts of each param.
		for i := s.last; i >= s.first; i-- {
			for _, p := range facts[i].defs[name].params {
				if _, ok := d.param[p.name]; !ok {
					d.param[p.name] = p
				}
			}
		}
		if d.params, err = mergeParts(rels, s, lists, false, nil); err != nil {
			return nil, fmt.Errorf("%s: param %v", name, err)
		}
		for i := s.last; i >= s.first; i-- {
			f := facts[i].defs[name]
			if f.mnemonicAlias && d.alias == "" {
				d.alias = f.mnemonic
			}
			if n := len(d.texts); n > 0 {
				t := d.texts[n-1]
				if t.mnemonic == f.mnemonic && t.format == f.format && t.customAsm == f.customAsm && maps.Equal(t.params, textParams(f)) && slices.Equal(t.order, paramOrder(f)) {
					t.first = i
					continue
				}
			}
			d.texts = append(d.texts, &mergedText{mnemonic: f.mnemonic, format: f.format, customAsm: f.customAsm, params: textParams(f), order: paramOrder(f), span: span{i, i}})
		}
		// Encodings: the same element in consecutive releases is one.
		for i := s.first; i <= s.last; i++ {
			for _, v := range facts[i].defs[name].bytecode {
				k := variantKey(v)
				if j := slices.IndexFunc(d.bytecode, func(m *mergedVariant) bool { return variantKey(m.bcVariant) == k && m.last == i-1 }); j >= 0 {
					d.bytecode[j].last = i
					continue
				}
				d.bytecode = append(d.bytecode, &mergedVariant{bcVariant: v, span: span{i, i}})
			}
		}
		slices.SortStableFunc(d.bytecode, func(a, b *mergedVariant) int { return a.code - b.code })
		if d.isType {
			out.types = append(out.types, d)
		} else {
			out.attrs = append(out.attrs, d)
		}
	}
	return out, nil
}

func variantKey(v *bcVariant) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s %s %q", v.code, v.record, v.class, v.when)
	for _, m := range v.members {
		fmt.Fprintf(&b, " %s:%s:%s:%s", m.name, m.kind, m.elem, m.cpp)
	}
	return b.String()
}

// typeNames collects the names the params of a dialect may refer to.
func (d *mergedDialect) typeNames() *typeNames {
	n := &typeNames{attrs: map[string]bool{}, types: map[string]bool{}, enums: map[string]bool{}, mnemonics: map[string]string{}}
	for _, def := range append(append([]*mergedDef{}, d.attrs...), d.types...) {
		if len(def.texts) > 0 && def.texts[0].mnemonic != "" {
			n.mnemonics[def.name] = def.texts[0].mnemonic
		}
	}
	for _, def := range d.attrs {
		n.attrs[def.name] = len(def.bytecode) > 0
	}
	for _, def := range d.types {
		n.types[def.name] = len(def.bytecode) > 0
	}
	for _, e := range d.enums {
		n.enums[e.name] = e.bit
	}
	return n
}

// textParams maps a definition's parameters to their text defaults.
// paramOrder lists a definition's parameters as declared.
func paramOrder(f *defFacts) []string {
	out := make([]string, len(f.params))
	for i, p := range f.params {
		out[i] = p.name
	}
	return out
}

func textParams(f *defFacts) map[string]string {
	out := map[string]string{}
	for _, p := range f.params {
		out[p.name] = simpleDefault(p.def)
	}
	return out
}
