package ods

import (
	"strings"
)

// typeNames says what a dialect defines, to map C++ parameter types to
// the definitions' types: its attribute and type classes (those with a
// bytecode encoding can be typed handles) and its enums.
type typeNames struct {
	attrs, types map[string]bool // class name → has a bytecode encoding
	enums        map[string]bool // class name → is a bit enum
	// mnemonics maps the classes with a text form of their own to their
	// mnemonic.
	mnemonics map[string]string
}

const affinePkg = "go:github.com/dialectgen/dialectgen/dialects/builtin/affine."

// scalarCpp maps C++ scalar types to the definitions' kinds.
var scalarCpp = map[string]string{
	"int64_t": "int64", "int32_t": "int32", "int": "int32", "int16_t": "int32", "int8_t": "int32",
	"uint64_t": "uint64", "size_t": "uint64", "uintptr_t": "uint64",
	"uint32_t": "uint32", "unsigned": "uint32", "unsigned int": "uint32", "uint16_t": "uint32", "uint8_t": "uint32",
	"bool": "bool", "StringRef": "string", "std::string": "string",
	"APInt": "APInt", "APFloat": "APFloat",
	"AffineMap": affinePkg + "Map", "IntegerSet": affinePkg + "IntegerSet",
	// A sparse level's format, properties and n:m in one word.
	"sparse_tensor::LevelType": "uint64",
}

// cppName strips namespaces, qualifiers and references from a C++ type.
func cppName(cpp string) string {
	s := strings.TrimSpace(cpp)
	s = strings.TrimPrefix(s, "const ")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "&"), " ")
	for _, ns := range []string{"::", "mlir::", "llvm::"} {
		s = strings.TrimPrefix(s, ns)
	}
	return strings.TrimSpace(s)
}

// template splits "ArrayRef<X>" into "ArrayRef" and "X".
func template(s string) (string, string, bool) {
	i := strings.Index(s, "<")
	if i < 0 || !strings.HasSuffix(s, ">") {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1 : len(s)-1]), true
}

// paramType maps a parameter's C++ type to the definitions' type; ok is
// false when no kind fits (the caller falls back to Attribute).
func (n *typeNames) paramType(cpp string) (string, bool) {
	s := cppName(cpp)
	if outer, inner, ok := template(s); ok {
		switch outer {
		case "ArrayRef", "SmallVector", "SmallVectorImpl":
			if cppName(inner) == "char" {
				return "bytes", true
			}
			t, ok := n.paramType(inner)
			if !ok || strings.HasPrefix(t, "go:") || t == "APInt" || t == "APFloat" || t == "bytes" {
				return "", false
			}
			return "[" + t + "]", true
		case "std::optional", "Optional":
			return n.paramType(inner)
		}
		return "", false
	}
	if t, ok := scalarCpp[s]; ok {
		return t, true
	}
	last := s[strings.LastIndex(s, ":")+1:]
	if _, ok := n.enums[last]; ok {
		return last, true
	}
	if s == "Level" {
		// A sparse tensor level (sparse_tensor::Level, a uint64_t); tosa's
		// Level is an enum, found above.
		return "uint64", true
	}
	if bc, ok := n.attrs[last]; ok {
		if bc {
			return last, true
		}
		return "Attribute", true
	}
	if bc, ok := n.types[last]; ok {
		if bc {
			return last, true
		}
		return "Type", true
	}
	switch {
	case last == "Location" || last == "LocationAttr" || strings.HasSuffix(last, "Loc"):
		return "Location", true
	case last == "Type" || strings.HasSuffix(last, "Type"):
		return "Type", true
	case last == "Attribute" || strings.HasSuffix(last, "Attr") || strings.HasSuffix(last, "Attribute"):
		return "Attribute", true
	}
	return "", false
}
