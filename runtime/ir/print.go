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
	b.WriteString(strconv.Quote(op.Name().String()))
	b.WriteByte('(')
	seen := map[*Value]int{}
	for i, v := range op.Operands() {
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
	if op.NumSuccessors() > 0 {
		b.WriteString("[")
		for i := range op.Successors() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("^bb" + strconv.Itoa(i))
		}
		b.WriteString("]")
	}
	if op.NumRegions() > 0 {
		b.WriteString(" (")
		for i := range op.Regions() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("{…}")
		}
		b.WriteString(")")
	}
	if len(op.Attrs()) > 0 {
		b.WriteString(" {")
		for i, a := range op.Attrs() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Name + " = " + attrString(a.Value))
		}
		b.WriteString("}")
	}
	b.WriteString(" : (")
	for i, v := range op.Operands() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(valueType(v))
	}
	b.WriteString(") -> ")
	if op.NumResults() == 1 {
		b.WriteString(valueType(op.Result(0)))
		return b.String()
	}
	b.WriteByte('(')
	for i, v := range op.Results() {
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
	return typeString(v.Type())
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
