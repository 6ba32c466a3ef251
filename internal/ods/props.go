package ods

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Native properties (ODS Property<> arguments) are written by the C++
// snippets of their records: writeToMlirBytecode for the wire, and
// convertToAttribute for the attribute that stands for the value in an
// attribute dictionary (bytecode before v5) and in the generic text form.
// The importer recognizes the snippets upstream uses and maps each to one
// of the definitions' property forms; any other snippet is an import error
// that names the property, never a guess.

// nativeProp is the property form of an op attribute at some releases.
type nativeProp struct {
	form string // int, unit, bool, optional_int or hook
	bits int    // int, optional_int: the width of the IntegerAttr that stands for the value
	max  uint64 // int, hook: the largest wire value readers accept; 0 for any
	dflt string // the wire value an absent attribute stands for, "" for none
	hook string // hook: the hand-written conversion between wire value and attribute
	span
}

func (p *nativeProp) key() string {
	return fmt.Sprintf("%s/%d/%d/%s/%s", p.form, p.bits, p.max, p.dflt, p.hook)
}

// snippet collapses whitespace, so that snippets compare as written.
func snippet(s string) string { return strings.Join(strings.Fields(s), " ") }

const (
	writeVarInt      = "$_writer.writeVarInt(static_cast<uint64_t>($_storage));"
	writeBool        = "$_writer.writeOwnedBool($_storage);"
	writeOptionalInt = "$_writer.writeOwnedBool($_storage.has_value()); if ($_storage.has_value()) { $_writer.writeVarInt((*($_storage))); }"
	unitToAttr       = "if ($_storage) return ::mlir::UnitAttr::get($_ctxt); else return ::mlir::BoolAttr::get($_ctxt, false);"
	boolToAttr       = "return ::mlir::BoolAttr::get($_ctxt, $_storage);"
	overloadToAttr   = "convertToAttribute($_ctxt, $_storage)"
)

var (
	intToAttrRE = regexp.MustCompile(`^return ::mlir::IntegerAttr::get\(::mlir::IntegerType::get\(\$_ctxt, (\d+)\), static_cast<u?int(\d+)_t>\(\$_storage\)\);$`)
	readMaxRE   = regexp.MustCompile(`> std::numeric_limits<uint(\d+)_t>::max\(\)`)
	// The C++ convertToAttribute overloads of MLIR's Properties.h for
	// integers: an IntegerAttr as wide as the integer.
	intTypes = map[string]int{"int64_t": 64, "int32_t": 32, "uint64_t": 64, "uint32_t": 32, "int": 32, "unsigned": 32}
)

// nativeProperty classifies a native property record.
func (rs *Records) nativeProperty(c record) (*nativeProp, error) {
	write := snippet(c.str("writeToMlirBytecode"))
	read := snippet(c.str("readFromMlirBytecode"))
	conv := snippet(c.str("convertToAttribute"))
	iface := strings.TrimSpace(c.str("interfaceType"))
	dflt := strings.TrimSpace(c.str("defaultValue"))
	p := &nativeProp{}
	if m := readMaxRE.FindStringSubmatch(read); m != nil {
		n, _ := strconv.Atoi(m[1])
		p.max = 1<<n - 1
	}
	switch write {
	case writeBool:
		switch conv {
		case unitToAttr:
			p.form = "unit"
		case boolToAttr:
			p.form = "bool"
		default:
			return nil, fmt.Errorf("a bool whose attribute form (convertToAttribute %q) is not UnitProp's or BoolProp's", conv)
		}
		switch dflt {
		case "", "false":
			p.dflt = "0"
		case "true":
			p.dflt = "1"
		default:
			return nil, fmt.Errorf("bool default %q", dflt)
		}
		return p, nil
	case writeOptionalInt:
		bits, ok := intTypes[strings.TrimSuffix(strings.TrimPrefix(iface, "std::optional<"), ">")]
		if !ok || !strings.HasPrefix(iface, "std::optional<") || !strings.Contains(conv, "::mlir::ArrayAttr::get($_ctxt, {})") {
			return nil, fmt.Errorf("an optional value of %s with attribute form %q, which is not OptionalProp of an integer", iface, conv)
		}
		p.form, p.bits = "optional_int", bits
		if dflt != "" && dflt != "std::nullopt" {
			return nil, fmt.Errorf("optional default %q", dflt)
		}
		return p, nil
	case writeVarInt:
	default:
		return nil, fmt.Errorf("unrecognized bytecode form (writeToMlirBytecode %q)", write)
	}
	// A varint: an enum or an integer.
	switch m := intToAttrRE.FindStringSubmatch(conv); {
	case m != nil:
		p.form = "int"
		p.bits, _ = strconv.Atoi(m[1])
	case conv == overloadToAttr && intTypes[iface] != 0:
		p.form, p.bits = "int", intTypes[iface]
	case conv == overloadToAttr:
		// A C++ overload for this enum (LLVM 19's EnumProperty): the
		// conversion is a hook named after the interface type.
		name := iface[strings.LastIndex(iface, ":")+1:]
		if name == "" {
			return nil, fmt.Errorf("attribute form %q of %q", conv, iface)
		}
		p.form, p.hook = "hook", strings.ToLower(name[:1])+name[1:]
	default:
		return nil, fmt.Errorf("a varint whose attribute form (convertToAttribute %q) is not recognized", conv)
	}
	switch {
	case dflt == "":
	case dflt == "0" || dflt == "false":
		p.dflt = "0"
	default:
		v, err := rs.enumCaseValue(iface, dflt)
		if err != nil {
			return nil, fmt.Errorf("default %q: %v", dflt, err)
		}
		p.dflt = strconv.FormatUint(v, 10)
	}
	return p, nil
}

// enumCaseValue resolves a C++ enumerator (Enum::case, with or without
// namespaces) of the enum class named by iface to its value.
func (rs *Records) enumCaseValue(iface, expr string) (uint64, error) {
	class := iface[strings.LastIndex(iface, ":")+1:]
	symbol := expr[strings.LastIndex(expr, ":")+1:]
	for _, cls := range []string{"EnumInfo", "EnumAttrInfo"} {
		for _, name := range rs.InstancesOf(cls) {
			e, err := rs.rec(name)
			if err != nil || e.str("className") != class {
				continue
			}
			for _, cn := range e.defs("enumerants") {
				c, err := rs.rec(cn)
				if err != nil || c.str("symbol") != symbol {
					continue
				}
				v, ok := c.num("value")
				if !ok || v < 0 {
					return 0, fmt.Errorf("case %s of %s has no non-negative value", symbol, class)
				}
				return uint64(v), nil
			}
		}
	}
	return 0, fmt.Errorf("no enum %s with a case %s in the records", class, symbol)
}
