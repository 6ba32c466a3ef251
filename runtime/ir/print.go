package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// String prints op on one line in MLIR's generic form, for logs and
// errors: its name, its operands numbered in the order they appear (%0,
// %1, the same number for the same value), its regions (not their
// contents), successors, attributes and the function type of its operands
// and results:
//
//	"arith.addi"(%0, %1) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
func (op *Operation) String() string {
	if op == nil {
		return "<nil op>"
	}
	var b strings.Builder
	b.WriteString(strconv.Quote(op.name.String()))
	b.WriteByte('(')
	seen := map[*Value]int{}
	for i, v := range op.operands {
		if i > 0 {
			b.WriteString(", ")
		}
		n, ok := seen[v]
		if !ok {
			n = len(seen)
			seen[v] = n
		}
		b.WriteString("%" + strconv.Itoa(n))
	}
	b.WriteByte(')')
	if len(op.successors) > 0 {
		b.WriteString("[")
		for i := range op.successors {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("^bb" + strconv.Itoa(i))
		}
		b.WriteString("]")
	}
	if len(op.regions) > 0 {
		b.WriteString(" (")
		for i := range op.regions {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("{…}")
		}
		b.WriteString(")")
	}
	if len(op.attrs) > 0 {
		b.WriteString(" {")
		for i, a := range op.attrs {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Name + " = " + attrString(a.Value))
		}
		b.WriteString("}")
	}
	b.WriteString(" : (")
	for i, v := range op.operands {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(valueType(v))
	}
	b.WriteString(") -> ")
	if len(op.results) == 1 {
		b.WriteString(valueType(op.results[0]))
		return b.String()
	}
	b.WriteByte('(')
	for i, v := range op.results {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(valueType(v))
	}
	b.WriteByte(')')
	return b.String()
}

func valueType(v *Value) string {
	if v == nil {
		return "<nil>"
	}
	return typeString(v.Type)
}

// attrString prints an attribute with its String method (generated
// dialects have one), its text when it is kept as text, or its dialect and
// kind.
func attrString(a Attribute) string {
	switch a := a.(type) {
	case nil:
		return "<nil>"
	case fmt.Stringer:
		return a.String()
	case *TextAttr:
		return a.Text()
	}
	return "#" + a.Dialect() + "." + a.Kind()
}

// typeString prints a type as attrString prints attributes.
func typeString(t Type) string {
	switch t := t.(type) {
	case nil:
		return "<nil>"
	case fmt.Stringer:
		return t.String()
	case *TextType:
		return t.Text()
	}
	return "!" + t.Dialect() + "." + t.Kind()
}
