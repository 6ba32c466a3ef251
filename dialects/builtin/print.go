package builtin

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// String hooks (builtin.yaml's string: keys): builtin values in MLIR's
// syntax, for logs, errors and %v. They follow MLIR's printer where it is
// simple (i32, tensor<2x?xf32>, 42 : i32, loc("f":1:2)); floats print as
// Go formats them and dense elements as hex, which the text issues will
// make exact.

func str(x any) string {
	switch x := x.(type) {
	case nil:
		return "<nil>"
	case fmt.Stringer:
		return x.String()
	case *ir.TextAttr:
		return x.Text()
	case *ir.TextType:
		return x.Text()
	}
	return fmt.Sprint(x)
}

func join[T any](list []T) string {
	s := make([]string, len(list))
	for i, x := range list {
		s[i] = str(x)
	}
	return strings.Join(s, ", ")
}

// shape prints dimensions as MLIR does before an element type: 2x?x.
func shape(dims []int64) string {
	var b strings.Builder
	for _, d := range dims {
		b.WriteString(dimString(d) + "x")
	}
	return b.String()
}

// typeSuffix is " : T", or nothing for NoneType.
func typeSuffix(t ir.Type) string {
	if _, ok := t.(*NoneType); ok || t == nil {
		return ""
	}
	return " : " + str(t)
}

func arrayString(a *ArrayAttr) string { return "[" + join(a.Value()) + "]" }

func dictionaryString(a *DictionaryAttr) string {
	s := make([]string, len(a.Value()))
	for i, e := range a.Value() {
		name := e.Name.Value()
		if _, unit := e.Value.(*UnitAttr); unit {
			s[i] = name
		} else {
			s[i] = name + " = " + str(e.Value)
		}
	}
	return "{" + strings.Join(s, ", ") + "}"
}

func stringString(a *StringAttr) string { return quote(a.Value()) + typeSuffix(a.Type()) }

// quote quotes s as MLIR's text does (\22 for a quote, \0A for a newline).
func quote(s string) string { return string(asm.AppendQuoted(nil, s)) }

func symbolRefString(a *SymbolRefAttr) string {
	s := string(asm.AppendSymbol(nil, a.RootReference().Value()))
	for _, n := range a.NestedReferences() {
		s += "::" + symbolRefString(n)
	}
	return s
}

func typeAttrString(a *TypeAttr) string { return str(a.Value()) }

func unitString(*UnitAttr) string { return "unit" }

func integerString(a *IntegerAttr) string {
	v := a.Value()
	if t, ok := a.Type().(*IntegerType); ok {
		if t.Width() == 1 && t.Signedness() == SignednessSignless {
			return strconv.FormatBool(v.Uint64() != 0)
		}
		return v.Big(t.Signedness() != SignednessUnsigned).String() + " : " + str(t)
	}
	return v.Big(true).String() + typeSuffix(a.Type())
}

func floatString(a *FloatAttr) string {
	v := a.Value()
	switch a.Type().(type) {
	case *Float32Type:
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(v.Uint64()))), 'e', -1, 32) + " : f32"
	case *Float64Type:
		return strconv.FormatFloat(math.Float64frombits(v.Uint64()), 'e', -1, 64) + " : f64"
	}
	return fmt.Sprintf("0x%X", v.Big(false)) + typeSuffix(a.Type())
}

// locBody prints a location without the loc(...) around it, as MLIR does
// for locations nested in another.
func locBody(l ir.Location) string {
	switch l := l.(type) {
	case *UnknownLoc:
		return "unknown"
	case *FileLineColRange:
		s := fmt.Sprintf("%s:%d:%d", quote(l.Filename().Value()), l.StartLine(), l.StartCol())
		switch {
		case l.Form() == 2 || l.StartLine() == l.EndLine() && l.StartCol() == l.EndCol():
			return s
		case l.StartLine() == l.EndLine():
			return fmt.Sprintf("%s to :%d", s, l.EndCol())
		}
		return fmt.Sprintf("%s to %d:%d", s, l.EndLine(), l.EndCol())
	case *NameLoc:
		s := quote(l.Name().Value())
		if _, unknown := l.ChildLoc().(*UnknownLoc); !unknown {
			s += "(" + locBody(l.ChildLoc()) + ")"
		}
		return s
	case *CallSiteLoc:
		return "callsite(" + locBody(l.Callee()) + " at " + locBody(l.Caller()) + ")"
	case *FusedLoc:
		s := "fused"
		if l.Metadata() != nil {
			s += "<" + str(l.Metadata()) + ">"
		}
		parts := make([]string, len(l.Locations()))
		for i, x := range l.Locations() {
			parts[i] = locBody(x)
		}
		return s + "[" + strings.Join(parts, ", ") + "]"
	}
	return str(l)
}

func unknownLocString(a *UnknownLoc) string             { return "loc(" + locBody(a) + ")" }
func fileLineColRangeString(a *FileLineColRange) string { return "loc(" + locBody(a) + ")" }
func nameLocString(a *NameLoc) string                   { return "loc(" + locBody(a) + ")" }
func callSiteLocString(a *CallSiteLoc) string           { return "loc(" + locBody(a) + ")" }
func fusedLocString(a *FusedLoc) string                 { return "loc(" + locBody(a) + ")" }

func denseResourceString(a *DenseResourceElementsAttr) string {
	return "dense_resource<" + a.RawHandle().Key + ">" + typeSuffix(a.Type())
}

// denseArrayString prints array<i32: 1, 2>: integers of up to 64 bits and
// f32/f64 elements by value, anything else as hex.
func denseArrayString(a *DenseArrayAttr) string {
	raw, n := a.RawData(), int(a.Size())
	s := "array<" + str(a.ElementType())
	if n == 0 {
		return s + ">"
	}
	elems := make([]string, n)
	size := len(raw) / n
	for i := range elems {
		e := raw[i*size : (i+1)*size]
		switch t := a.ElementType().(type) {
		case *IntegerType:
			elems[i] = intElement(e, t)
		case *Float32Type:
			elems[i] = strconv.FormatFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(e))), 'e', -1, 32)
		case *Float64Type:
			elems[i] = strconv.FormatFloat(math.Float64frombits(binary.LittleEndian.Uint64(e)), 'e', -1, 64)
		default:
			elems[i] = fmt.Sprintf("0x%X", e)
		}
	}
	return s + ": " + strings.Join(elems, ", ") + ">"
}

func intElement(e []byte, t *IntegerType) string {
	if len(e) > 8 {
		return fmt.Sprintf("0x%X", e)
	}
	var u uint64
	for k := len(e) - 1; k >= 0; k-- {
		u = u<<8 | uint64(e[k])
	}
	if t.Width() == 1 {
		return strconv.FormatBool(u != 0)
	}
	if t.Signedness() == SignednessUnsigned || t.Width() >= 64 && t.Signedness() == SignednessUnsigned {
		return strconv.FormatUint(u, 10)
	}
	bits := uint(8 * len(e))
	return strconv.FormatInt(int64(u<<(64-bits))>>(64-bits), 10)
}

func denseIntOrFPString(a *DenseIntOrFPElementsAttr) string {
	return fmt.Sprintf("dense<\"0x%X\">", a.RawData()) + typeSuffix(a.Type())
}

func denseStringString(a *DenseStringElementsAttr) string {
	q := make([]string, len(a.Value()))
	for i, s := range a.Value() {
		q[i] = quote(s)
	}
	body := "[" + strings.Join(q, ", ") + "]"
	if a.IsSplat() && len(q) == 1 {
		body = q[0]
	}
	return "dense<" + body + ">" + typeSuffix(a.Type())
}

func sparseString(a *SparseElementsAttr) string {
	return "sparse<" + str(a.Indices()) + ", " + str(a.Values()) + ">" + typeSuffix(a.Type())
}

func distinctString(a *DistinctAttr) string { return "distinct[?]<" + str(a.ReferencedAttr()) + ">" }

func integerTypeString(t *IntegerType) string {
	return t.Signedness().String() + strconv.Itoa(int(t.Width()))
}

func indexString(*IndexType) string       { return "index" }
func noneString(*NoneType) string         { return "none" }
func bfloat16String(*BFloat16Type) string { return "bf16" }
func float16String(*Float16Type) string   { return "f16" }
func float32String(*Float32Type) string   { return "f32" }
func float64String(*Float64Type) string   { return "f64" }
func float80String(*Float80Type) string   { return "f80" }
func float128String(*Float128Type) string { return "f128" }

func functionString(t *FunctionType) string {
	out := join(t.Results())
	if len(t.Results()) != 1 {
		out = "(" + out + ")"
	}
	if r := t.Results(); len(r) == 1 {
		if _, fn := r[0].(*FunctionType); fn {
			out = "(" + out + ")"
		}
	}
	return "(" + join(t.Inputs()) + ") -> " + out
}

func complexString(t *ComplexType) string { return "complex<" + str(t.ElementType()) + ">" }

func rankedTensorString(t *RankedTensorType) string {
	s := "tensor<" + shape(t.Shape()) + str(t.ElementType())
	if t.Encoding() != nil {
		s += ", " + str(t.Encoding())
	}
	return s + ">"
}

func unrankedTensorString(t *UnrankedTensorType) string {
	return "tensor<*x" + str(t.ElementType()) + ">"
}

func memRefString(t *MemRefType) string {
	s := "memref<" + shape(t.Shape()) + str(t.ElementType())
	if l, ok := t.Layout().(*AffineMapAttr); !ok || !l.Value().IsIdentity() {
		s += ", " + str(t.Layout())
	}
	if t.MemorySpace() != nil {
		s += ", " + str(t.MemorySpace())
	}
	return s + ">"
}

func unrankedMemRefString(t *UnrankedMemRefType) string {
	s := "memref<*x" + str(t.ElementType())
	if t.MemorySpace() != nil {
		s += ", " + str(t.MemorySpace())
	}
	return s + ">"
}

func tupleString(t *TupleType) string { return "tuple<" + join(t.Types()) + ">" }

func vectorString(t *VectorType) string {
	var b strings.Builder
	b.WriteString("vector<")
	scalable := t.ScalableDims()
	for i, d := range t.Shape() {
		if i < len(scalable) && scalable[i] {
			b.WriteString("[" + dimString(d) + "]x")
		} else {
			b.WriteString(dimString(d) + "x")
		}
	}
	return b.String() + str(t.ElementType()) + ">"
}
