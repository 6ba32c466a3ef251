package ods

import (
	"fmt"
	"regexp"
	"strings"
)

// A dialect's bytecode encodings of attributes and types are the
// DialectAttributes and DialectTypes lists of its *DialectBytecode.td
// (BytecodeBase.td): the code of an element is its index in the list, its
// members are the fields in wire order, its cType names the C++ class it
// encodes (several elements may share one, told apart by their
// printerPredicate). Each member kind maps to a field of the definitions;
// the kinds that need C++ helpers (LLVM's OptionalArrayRef and
// OptionalInt, a String member holding a StringAttr) become custom fields
// whose hooks the dialect package writes by hand.

// bcVariant is one element of a DialectAttributes/DialectTypes list.
type bcVariant struct {
	code    int
	record  string
	class   string // the C++ class it encodes
	when    string // the predicate, in the definitions' syntax
	members []bcMember
}

// bcMember is one member of a variant, the kind that writes it reduced
// to what the definitions need.
type bcMember struct {
	name string
	// kind: varint, svarint, bool, string, attr, optional_attr, type,
	// int_list (signed varints), attr_list (attribute references),
	// optional_array (elem: attr or int), optional_int, optional_varint
	// (a dialect helper's varint((v << 1) | present)), double (an APFloat
	// of a double: its bits as a signed varint), double_list.
	kind string
	elem string // optional_array: attr or int
	cpp  string // the C++ type the member holds (cType), for attributes
}

var (
	notGetRE = regexp.MustCompile(`^!\$_val\.get(\w+)\(\)$`)
	isGetRE  = regexp.MustCompile(`^(?:!!)?\$_val\.get(\w+)\(\)$`)
)

// dialectBytecode returns the encodings of a dialect's attributes and
// types, nil when it has none.
func (rs *Records) dialectBytecode(dialect string) (attrs, types []*bcVariant, err error) {
	for _, class := range []string{"DialectAttributes", "DialectTypes"} {
		for _, n := range rs.InstancesOf(class) {
			r, err := rs.rec(n)
			if err != nil {
				return nil, nil, err
			}
			if !strings.EqualFold(r.str("dialect"), dialect) {
				continue
			}
			for code, en := range r.defs("elems") {
				v, err := rs.bcVariant(en, code)
				if err != nil {
					return nil, nil, fmt.Errorf("%s %s: %v", class, en, err)
				}
				if v == nil {
					continue
				}
				if class == "DialectAttributes" {
					attrs = append(attrs, v)
				} else {
					types = append(types, v)
				}
			}
		}
	}
	return attrs, types, nil
}

// bcVariant reads one list element; nil for a reserved code.
func (rs *Records) bcVariant(name string, code int) (*bcVariant, error) {
	r, err := rs.rec(name)
	if err != nil {
		return nil, err
	}
	if r.isa("ReservedOrDead") || name == "ReservedOrDead" {
		return nil, nil
	}
	v := &bcVariant{code: code, record: r.str("!name"), class: r.str("cType")}
	if v.class == "" {
		v.class = v.record
	}
	pred := snippet(r.str("printerPredicate"))
	args, err := r.dag("members")
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		m, err := rs.rec(a.def)
		if err != nil {
			return nil, err
		}
		bm := bcMember{name: a.name, cpp: m.str("cType")}
		switch {
		case m.isa("LocalVar"):
			return nil, fmt.Errorf("member %s: a LocalVar not after the EnumClassFlag it decodes", a.name)
		case m.isa("EnumClassFlag"):
			// The raw varint, decoded into the parameter named by the
			// LocalVar that follows.
			if i+1 >= len(args) {
				return nil, fmt.Errorf("member %s: EnumClassFlag without its LocalVar", a.name)
			}
			lv, err := rs.rec(args[i+1].def)
			if err != nil || !lv.isa("LocalVar") {
				return nil, fmt.Errorf("member %s: EnumClassFlag not followed by a LocalVar", a.name)
			}
			i++
			bm.name, bm.kind = args[i].name, "varint"
		case m.isa("OptionalAttribute") || parserCalls(m, "$_reader.readOptionalAttribute("):
			bm.kind = "optional_attr"
		case parserCalls(m, "readOptionalVarInt($_reader,"):
			// Shardy's helper: the flag is whether the value is present.
			bm.kind = "optional_varint"
		case m.isa("OptionalArrayRef"):
			bm.kind = "optional_array"
			bm.elem = "attr"
			if t := strings.TrimSuffix(strings.TrimPrefix(bm.cpp, "SmallVector<"), ">"); intTypes[t] != 0 {
				bm.elem = "int"
			}
		case m.isa("OptionalInt"):
			bm.kind = "optional_int"
		case m.isa("Array"):
			switch m.def("elemT") {
			case "SignedVarIntList":
				bm.kind = "int_list"
			case "DoubleAPFloatList":
				bm.kind = "double_list"
			default:
				if el, err := rs.rec(m.def("elemT")); err == nil && (el.isa("AttributeKind") || el.isa("Attr")) {
					bm.kind = "attr_list"
					break
				}
				return nil, fmt.Errorf("member %s: a list of %s", a.name, m.def("elemT"))
			}
		case m.isa("Attr") || m.isa("AttributeKind") || a.def == "Attribute" || a.def == "LocationAttr" || strings.HasSuffix(a.def, "ElementsAttr") || a.def == "StringAttr":
			bm.kind = "attr"
		case m.isa("TypeKind") || a.def == "Type":
			bm.kind = "type"
		default:
			switch {
			case parserCalls(m, "$_reader.readString("):
				// String, or a kind that only gets the member another way
				// (Shardy's StringParam).
				bm.kind = "string"
			case parserCalls(m, "$_reader.readSignedVarInt("):
				// A signed varint converted to the member's C++ type
				// (Shardy's ReductionOp).
				bm.kind = "svarint"
			}
			if bm.kind != "" {
				break
			}
			switch a.def {
			case "VarInt":
				bm.kind = "varint"
			case "SignedVarInt":
				bm.kind = "svarint"
			case "Bool":
				bm.kind = "bool"
			case "String":
				bm.kind = "string"
			case "DoubleAPFloat":
				bm.kind = "double"
			default:
				return nil, fmt.Errorf("member %s: kind %s (%s) has no counterpart in the definitions", a.name, a.def, strings.Join(m.superclasses(), ", "))
			}
		}
		v.members = append(v.members, bm)
	}
	if pred != "" {
		if v.when, err = predicate(pred, v.members); err != nil {
			return nil, err
		}
	}
	return v, nil
}

var (
	emptyRE  = regexp.MustCompile(`^(!?)\$_val\.get(\w+)\(\)\.empty\(\)$`)
	enumEqRE = regexp.MustCompile(`^\$_val\.get(\w+)\(\) *(==|!=) *(?:\w+::)*(\w+)$`)
	methodRE = regexp.MustCompile(`^(!?)\$_val\.(\w+)\(\)$`)
)

// predicate translates a printerPredicate into the definitions' when:
// a conjunction of tests of getters (null, empty, equal to an enum
// case), or a method of the value, which becomes a hand-written
// predicate hook taking the members.
func predicate(p string, members []bcMember) (string, error) {
	var out []string
	for _, c := range strings.Split(p, "&&") {
		c = strings.TrimSpace(c)
		switch m, n, e, f := notGetRE.FindStringSubmatch(c), isGetRE.FindStringSubmatch(c), emptyRE.FindStringSubmatch(c), enumEqRE.FindStringSubmatch(c); {
		case m != nil:
			out = append(out, lowerFirst(m[1])+" == nil")
		case n != nil:
			out = append(out, lowerFirst(n[1])+" != nil")
		case e != nil && e[1] == "!":
			out = append(out, "len("+lowerFirst(e[2])+") != 0")
		case e != nil:
			out = append(out, "len("+lowerFirst(e[2])+") == 0")
		case f != nil:
			out = append(out, lowerFirst(f[1])+" "+f[2]+" "+f[3])
		default:
			h := methodRE.FindStringSubmatch(c)
			if h == nil || len(members) == 0 {
				return "", fmt.Errorf("printerPredicate %q has no counterpart in the definitions", p)
			}
			var args []string
			for _, bm := range members {
				args = append(args, bm.name)
			}
			out = append(out, h[1]+h[2]+"("+strings.Join(args, ", ")+")")
		}
	}
	return strings.Join(out, " && "), nil
}

// parserCalls reports whether a member kind's cParser snippet calls fn.
func parserCalls(m record, fn string) bool {
	return strings.Contains(m.str("cParser"), fn)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
