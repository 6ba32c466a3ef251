package ods

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Attributes, types and enums. Each AttrDef and TypeDef of a dialect (its
// EnumAttrs included) becomes a definition with its parameters, each C++
// enum in the dialect's namespace an enum; the C++ types of parameters
// are mapped to the definitions' kinds (paramType). Where the dialect has
// a bytecode encoding (a DialectAttributes/DialectTypes list of a
// *DialectBytecode.td), its variants become the definitions' bytecode
// (bytecode.go). The text forms are not imported yet.

// defFacts is one AttrDef or TypeDef at one release.
type defFacts struct {
	name     string // the C++ class name, which is the Go type's
	isType   bool
	summary  string
	mnemonic string
	params   []paramFacts
	// format is the declarative assembly format; customAsm says the body
	// is parsed and printed in C++ (hasCustomAssemblyFormat, or a mnemonic
	// and parameters without a format).
	format    string
	customAsm bool
	// mnemonicAlias says the printer names the value by an alias, its
	// mnemonic (genMnemonicAlias, LLVM 20 on).
	mnemonicAlias bool
	// bytecode is the dialect's encodings of the definition, in code
	// order.
	bytecode []*bcVariant
}

// paramFacts is one parameter of a definition.
type paramFacts struct {
	name     string
	cpp      string // the C++ type
	optional bool   // OptionalParameter, OptionalArrayRefParameter
	self     bool   // AttributeSelfTypeParameter: the attribute's type
	// typ is the definitions' type, set for parameters that the bytecode
	// records describe (no AttrDef or TypeDef); "" to map cpp. doc says
	// what such a parameter holds when its type does not.
	typ, doc string
	// def is the C++ default value (DefaultValuedParameter); custom says
	// the parameter has its own C++ printer or parser (not an enum's).
	def    string
	custom bool
	enum   bool // an EnumParameter, whose cpp names the enum
	// names is the table of names a DWARF parameter prints
	// (LLVM_DIParameter's llvm::dwarf::TagString…), by its Go name.
	names string
}

// dwarfNames maps the printers of the LLVM dialect's DWARF parameters to
// the name tables of its Go package.
var dwarfNames = map[string]string{
	"TagString": "dwarfTag", "AttributeEncodingString": "dwarfAttributeEncoding",
	"LanguageString": "dwarfLanguage", "ConventionString": "dwarfConvention",
}

// enumFacts is one C++ enum at one release.
type enumFacts struct {
	name    string // the C++ class name, which is the Go type's
	summary string
	bit     bool
	cases   []caseFacts
	// separator joins the keywords of a bit enum's union; printGroups
	// prints multi-bit cases first (printBitEnumPrimaryGroups).
	separator   string
	printGroups bool
	// width is the bits of the IntegerAttr an op attribute holds a case
	// in, for an enum that is itself such an attribute (I64EnumAttr: 64);
	// 0 for one an attribute definition wraps.
	width int
}

type caseFacts struct {
	symbol, str string
	value       int64
}

// dialectNamespaces maps each dialect of the records to its C++
// namespace, without leading colons.
func (rs *Records) dialectNamespaces() map[string]string {
	out := map[string]string{}
	for _, n := range rs.InstancesOf("Dialect") {
		r, err := rs.rec(n)
		if err != nil || r.str("name") == "" {
			continue
		}
		out[r.str("name")] = strings.TrimPrefix(r.str("cppNamespace"), "::")
	}
	return out
}

// Dialects lists the dialects that have ops, attributes or types in some
// release, sorted.
func Dialects(releases []Release) []string {
	seen := map[string]bool{}
	for _, r := range releases {
		for _, class := range []string{"Op", "AttrDef", "TypeDef"} {
			for _, n := range r.Records.InstancesOf(class) {
				rec, err := r.Records.rec(n)
				if err != nil {
					continue
				}
				key := "dialect"
				if class == "Op" {
					key = "opDialect"
				}
				d, err := r.Records.rec(rec.def(key))
				if err == nil && d.str("name") != "" {
					seen[d.str("name")] = true
				}
			}
		}
	}
	return slicesSorted(seen)
}

func slicesSorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// hasDialect reports whether the records define the dialect.
func (rs *Records) hasDialect(dialect string) bool {
	_, ok := rs.dialectNamespaces()[dialect]
	return ok
}

// dialectDefs returns the attribute and type definitions of a dialect, by
// C++ class name.
func (rs *Records) dialectDefs(dialect string) (map[string]*defFacts, error) {
	out := map[string]*defFacts{}
	for _, class := range []string{"AttrDef", "TypeDef"} {
		for _, n := range rs.InstancesOf(class) {
			r, err := rs.rec(n)
			if err != nil {
				return nil, err
			}
			d, err := rs.rec(r.def("dialect"))
			if err != nil || d.str("name") != dialect {
				continue
			}
			f := &defFacts{name: r.str("cppClassName"), isType: class == "TypeDef",
				summary: strings.Join(strings.Fields(r.str("summary")), " "), mnemonic: r.str("mnemonic"),
				format: r.str("assemblyFormat")}
			if n, _ := r.num("hasCustomAssemblyFormat"); n != 0 {
				f.customAsm = true
			}
			if n, _ := r.num("genMnemonicAlias"); n != 0 {
				f.mnemonicAlias = true
			}
			if f.name == "" {
				return nil, fmt.Errorf("%s %s has no cppClassName", class, n)
			}
			if f.params, err = rs.defParams(r); err != nil {
				return nil, fmt.Errorf("%s %s: %v", class, n, err)
			}
			if f.format == "" && f.mnemonic != "" && slices.ContainsFunc(f.params, func(p paramFacts) bool { return !p.self }) {
				f.customAsm = true
			}
			for _, p := range f.params {
				f.customAsm = f.customAsm || p.custom
			}
			if prev, ok := out[f.name]; ok && prev.isType == f.isType {
				continue // reached through two records (an alias)
			}
			if _, ok := out[f.name]; ok {
				return nil, fmt.Errorf("%s is both an attribute and a type", f.name)
			}
			out[f.name] = f
		}
	}
	return out, nil
}

// defParams reads the parameters dag of an AttrDef or TypeDef, whose
// arguments are parameter records or plain C++ type strings.
func (rs *Records) defParams(r record) ([]paramFacts, error) {
	raw, ok := r.fields["parameters"]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var d struct {
		Args [][2]json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("parameters: not a dag: %v", err)
	}
	var out []paramFacts
	for _, a := range d.Args {
		var name string
		if err := json.Unmarshal(a[1], &name); err != nil || name == "" {
			return nil, fmt.Errorf("a parameter without a name: %s", a[1])
		}
		var cpp string
		if json.Unmarshal(a[0], &cpp) == nil {
			out = append(out, paramFacts{name: name, cpp: cpp})
			continue
		}
		var v ref
		if err := json.Unmarshal(a[0], &v); err != nil || v.Kind != "def" {
			return nil, fmt.Errorf("parameter %s: %s is neither a C++ type nor a record", name, a[0])
		}
		p, err := rs.rec(v.Def)
		if err != nil {
			return nil, err
		}
		pf := paramFacts{name: name, cpp: p.str("cppType")}
		pf.optional = p.isa("OptionalParameter") || p.isa("OptionalArrayRefParameter")
		pf.self = p.isa("AttributeSelfTypeParameter")
		pf.def = p.str("defaultValue")
		pf.enum = p.isa("EnumParameter")
		pf.custom = (p.str("printer") != "" || p.str("parser") != "") && !p.isa("EnumParameter") && !p.isa("StringRefParameter")
		if p.isa("LLVM_DIParameter") {
			for fn, t := range dwarfNames {
				if strings.Contains(p.str("printer"), "::"+fn+"(") {
					pf.names, pf.custom = t, false
				}
			}
		}
		out = append(out, pf)
	}
	return out, nil
}

// dialectEnums returns the C++ enums declared in a dialect's namespace
// (or one nested in it), by class name. A dialect in the bare mlir
// namespace (dlti) claims none.
func (rs *Records) dialectEnums(dialect string, used map[string]bool) (map[string]*enumFacts, error) {
	nss := rs.dialectNamespaces()
	ns := nss[dialect]
	out := map[string]*enumFacts{}
	for _, class := range []string{"EnumInfo", "EnumAttrInfo"} {
		for _, n := range rs.InstancesOf(class) {
			r, err := rs.rec(n)
			if err != nil {
				return nil, err
			}
			ens := strings.TrimPrefix(r.str("cppNamespace"), "::")
			if !used[ens+"::"+r.str("className")] {
				if ns == "" || ns == "mlir" || ens != ns && !strings.HasPrefix(ens, ns+"::") {
					continue
				}
				// The most specific dialect namespace owns the enum.
				owner := ""
				for d, dns := range nss {
					if (ens == dns || strings.HasPrefix(ens, dns+"::")) && len(dns) > len(nss[owner]) {
						owner = d
					}
				}
				if owner != dialect {
					continue
				}
			}
			e := &enumFacts{name: r.str("className"), summary: strings.Join(strings.Fields(r.str("summary")), " "),
				bit: r.isa("BitEnumBase") || r.isa("BitEnumAttr"), separator: r.str("separator")}
			if n, _ := r.num("printBitEnumPrimaryGroups"); n != 0 {
				e.printGroups = true
			}
			if w, _ := r.num("bitwidth"); r.isa("EnumAttrInfo") && r.isa("Attr") && !r.isa("AttrDef") {
				e.width = int(w)
			}
			if e.name == "" {
				continue
			}
			if _, ok := out[e.name]; ok {
				continue
			}
			for _, cn := range r.defs("enumerants") {
				c, err := rs.rec(cn)
				if err != nil {
					return nil, err
				}
				v, _ := c.num("value")
				e.cases = append(e.cases, caseFacts{symbol: c.str("symbol"), str: c.str("str"), value: v})
			}
			out[e.name] = e
		}
	}
	return out, nil
}
