// Package ods imports op definitions from upstream MLIR's ODS records, as
// `llvm-tblgen --dump-json` writes them, into a dialect definition (the
// YAML of package defs). It reads one dump per LLVM release and writes one
// definition in which every op and op part that is not in all releases
// carries since/until bounds. It keeps facts: names, operand and result
// groups, inherent attributes, regions, successors and traits, and each
// op's one-line summary (the generated doc comment); it drops
// descriptions, assembly formats and C++ snippets.
package ods

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Records is one llvm-tblgen --dump-json output: every record reachable
// from the .td file, by name, and the list of instances of every class.
type Records struct {
	raw        map[string]json.RawMessage
	instanceOf map[string][]string
	cache      map[string]record
	// opClasses maps the C++ class of every op ("mlir::func::FuncOp") to
	// its name ("func.func"); built on first use.
	opClasses map[string]string
}

// Parse reads the JSON that llvm-tblgen --dump-json writes.
func Parse(data []byte) (*Records, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	if _, ok := raw["!tablegen_json_version"]; !ok {
		return nil, fmt.Errorf("not llvm-tblgen --dump-json output (no !tablegen_json_version)")
	}
	rs := &Records{raw: raw, cache: map[string]record{}}
	if err := json.Unmarshal(raw["!instanceof"], &rs.instanceOf); err != nil {
		return nil, fmt.Errorf("!instanceof: %v", err)
	}
	return rs, nil
}

// InstancesOf lists the records deriving from a class, sorted by name.
func (rs *Records) InstancesOf(class string) []string { return rs.instanceOf[class] }

// record is one record's fields, decoded on demand.
type record struct {
	name   string
	fields map[string]json.RawMessage
}

// rec returns the named record; a missing record is a malformed dump.
func (rs *Records) rec(name string) (record, error) {
	if r, ok := rs.cache[name]; ok {
		return r, nil
	}
	data, ok := rs.raw[name]
	if !ok || strings.HasPrefix(name, "!") {
		return record{}, fmt.Errorf("no record %q", name)
	}
	r := record{name: name}
	if err := json.Unmarshal(data, &r.fields); err != nil {
		return record{}, fmt.Errorf("record %q: %v", name, err)
	}
	rs.cache[name] = r
	return r, nil
}

// str returns a string field, "" when it is missing, null or not a string.
func (r record) str(key string) string {
	var s string
	if json.Unmarshal(r.fields[key], &s) != nil {
		return ""
	}
	return s
}

// num returns an integer field (bits and bools are integers in the dump).
func (r record) num(key string) (int64, bool) {
	var n int64
	if json.Unmarshal(r.fields[key], &n) != nil {
		return 0, false
	}
	return n, true
}

// ref is a field value that names a record: {"kind": "def", "def": NAME}.
type ref struct {
	Kind string `json:"kind"`
	Def  string `json:"def"`
}

// def returns the record a field names, or "".
func (r record) def(key string) string {
	var v ref
	if json.Unmarshal(r.fields[key], &v) != nil || v.Kind != "def" {
		return ""
	}
	return v.Def
}

// defs returns the records a list field names.
func (r record) defs(key string) []string {
	var vs []ref
	if json.Unmarshal(r.fields[key], &vs) != nil {
		return nil
	}
	var out []string
	for _, v := range vs {
		if v.Kind == "def" {
			out = append(out, v.Def)
		}
	}
	return out
}

// dagArg is one argument of a dag such as (ins I32:$lhs, ...): the record
// its value names and its name ("" when unnamed).
type dagArg struct {
	def, name string
}

// dag returns the arguments of a dag field.
func (r record) dag(key string) ([]dagArg, error) {
	var d struct {
		Args [][2]json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(r.fields[key], &d); err != nil {
		return nil, fmt.Errorf("%s of %s: not a dag: %v", key, r.name, err)
	}
	out := make([]dagArg, 0, len(d.Args))
	for _, a := range d.Args {
		var v ref
		if json.Unmarshal(a[0], &v) != nil || v.Kind != "def" {
			return nil, fmt.Errorf("%s of %s: argument %s is not a record", key, r.name, a[0])
		}
		var name *string
		if err := json.Unmarshal(a[1], &name); err != nil {
			return nil, fmt.Errorf("%s of %s: argument name %s is not a string", key, r.name, a[1])
		}
		arg := dagArg{def: v.Def}
		if name != nil {
			arg.name = *name
		}
		out = append(out, arg)
	}
	return out, nil
}

func (r record) anonymous() bool {
	var b bool
	json.Unmarshal(r.fields["!anonymous"], &b)
	return b
}

// strs returns a list-of-strings field.
func (r record) strs(key string) []string {
	var s []string
	json.Unmarshal(r.fields[key], &s)
	return s
}

func (r record) superclasses() []string { return r.strs("!superclasses") }

// isa reports whether the record derives from class.
func (r record) isa(class string) bool { return slices.Contains(r.superclasses(), class) }

// class is the most derived class of the record, which names an anonymous
// instance (anonymous_428 is a Variadic, for example).
func (r record) class() string {
	s := r.superclasses()
	if len(s) == 0 {
		return r.name
	}
	return s[len(s)-1]
}

// unwrap follows Arg<>/Res<> (OpVariable) wrappers to the constraint they
// decorate.
func (rs *Records) unwrap(name string) (record, error) {
	for range 100 {
		r, err := rs.rec(name)
		if err != nil || !r.isa("OpVariable") {
			return r, err
		}
		if name = r.def("constraint"); name == "" {
			return r, fmt.Errorf("%s: an Arg/Res without a constraint", r.name)
		}
	}
	return record{}, fmt.Errorf("%s: Arg/Res wrappers nest too deep", name)
}

// constraintName names a constraint for the definition: named records by
// their name; anonymous ones by what they wrap (OptionalAttr<StrAttr> is
// StrAttr, Variadic<AnyType> is AnyType: the wrapper is said by the
// optional and variadic keys), or else by their class (TypeAttrOf).
func (rs *Records) constraintName(name string) string {
	for range 100 {
		r, err := rs.rec(name)
		if err != nil {
			return name
		}
		if !r.anonymous() {
			return name
		}
		next := ""
		for _, k := range []string{"constraint", "baseAttr", "baseType", "baseProperty"} {
			if next = r.def(k); next != "" {
				break
			}
		}
		if next == "" {
			return r.class()
		}
		name = next
	}
	return name
}

// hasNItems matches the predicate of SizedRegion<N> in releases whose
// record has no blocks field (LLVM 19).
var hasNItems = regexp.MustCompile(`^\(*::llvm::hasNItems\(\$_self, (\d+)\)\)*$`)

// singleBlock reports whether a region constraint is SizedRegion<1>.
func (rs *Records) singleBlock(r record) bool {
	if !r.isa("SizedRegion") {
		return false
	}
	if n, ok := r.num("blocks"); ok {
		return n == 1
	}
	p, err := rs.rec(r.def("predicate"))
	if err != nil {
		return false
	}
	m := hasNItems.FindStringSubmatch(strings.TrimSpace(p.str("predExpr")))
	return m != nil && m[1] == "1"
}

// traitNames appends the names of a trait record: named traits and
// interfaces by name, trait lists flattened, declared interfaces by their
// C++ interface name, parameterized native traits by their C++ trait
// (HasParent<WhileOp>). Predicate traits (TypesMatchWith, AllTypesMatch)
// are verifier rules, not facts the definitions use, and are dropped.
func (rs *Records) traitNames(name string, out []string) ([]string, error) {
	r, err := rs.rec(name)
	if err != nil {
		return out, err
	}
	switch {
	case !r.anonymous():
		return append(out, name), nil
	case r.isa("TraitList"):
		for _, t := range r.defs("traits") {
			if out, err = rs.traitNames(t, out); err != nil {
				return out, err
			}
		}
		return out, nil
	case r.isa("PredTrait"):
		return out, nil
	case r.str("cppInterfaceName") != "":
		return append(out, r.str("cppInterfaceName")), nil
	case r.str("trait") != "":
		return append(out, strings.TrimSuffix(r.str("trait"), "::Impl")), nil
	}
	return append(out, r.class()), nil
}

// ParseAll reads several llvm-tblgen --dump-json outputs of one release
// (one per entry .td file) as one set of records. Named records reached
// from several entry files are the same record and kept once; anonymous
// records are numbered per dump, so each dump's are renamed apart
// (anonymous_12 of the third dump becomes anonymous_3_12) before the dumps
// are merged. Two different records of the same name in different dumps
// (LLVM's LoopAnnotationAttr is an attribute definition and, in
// LLVMDialectBytecode.td, a bytecode encoding) are both kept: the later
// dump's is renamed N@k (k its dump) along with its references; its
// !name field keeps N.
func ParseAll(dumps ...[]byte) (*Records, error) {
	if len(dumps) == 1 {
		return Parse(dumps[0])
	}
	merged := &Records{raw: map[string]json.RawMessage{}, instanceOf: map[string][]string{}, cache: map[string]record{}}
	supers := map[string]string{} // name → its !superclasses as written
	for i, data := range dumps {
		data = bytes.ReplaceAll(data, []byte(`"anonymous_`), []byte(fmt.Sprintf(`"anonymous_%d_`, i)))
		rs, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("dump %d: %v", i+1, err)
		}
		var clash []string
		for name, v := range rs.raw {
			if strings.HasPrefix(name, "!") {
				continue
			}
			sc := superclassesOf(v)
			if prev, ok := supers[name]; ok && prev != sc {
				clash = append(clash, name)
			} else if !ok {
				supers[name] = sc
			}
		}
		if len(clash) > 0 {
			for _, name := range clash {
				for _, sep := range []string{":", ": "} {
					data = bytes.ReplaceAll(data, []byte(`"def"`+sep+`"`+name+`"`), []byte(fmt.Sprintf(`"def"%s"%s@%d"`, sep, name, i)))
				}
			}
			if rs, err = Parse(data); err != nil {
				return nil, fmt.Errorf("dump %d: %v", i+1, err)
			}
			for _, name := range clash {
				rs.raw[fmt.Sprintf("%s@%d", name, i)] = rs.raw[name]
				delete(rs.raw, name)
				for class, names := range rs.instanceOf {
					if j := slices.Index(names, name); j >= 0 {
						names[j] = fmt.Sprintf("%s@%d", name, i)
						rs.instanceOf[class] = names
					}
				}
			}
		}
		for name, v := range rs.raw {
			if _, ok := merged.raw[name]; !ok {
				merged.raw[name] = v
			}
		}
		for class, names := range rs.instanceOf {
			merged.instanceOf[class] = append(merged.instanceOf[class], names...)
		}
	}
	for class, names := range merged.instanceOf {
		slices.Sort(names)
		merged.instanceOf[class] = slices.Compact(names)
	}
	return merged, nil
}

// superclassesOf returns the !superclasses list of a raw record as
// written, without decoding the rest of it.
func superclassesOf(v json.RawMessage) string {
	key := `"!superclasses":[`
	i := bytes.Index(v, []byte(key))
	if i < 0 {
		key = `"!superclasses": [`
		if i = bytes.Index(v, []byte(key)); i < 0 {
			return ""
		}
	}
	j := bytes.IndexByte(v[i+len(key):], ']')
	if j < 0 {
		return ""
	}
	return string(v[i+len(key) : i+len(key)+j])
}
