package builtin

import (
	"math"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The builtin syntax of attributes and types nested in other dialects'
// text entries (!llvm.array<4 x i32>, #dlti.dl_entry<"key", 42 : i64>):
// asmformat reads and prints those through the builtin dialect. It covers
// the values such entries hold; others (dense elements, floats) fail to
// parse, and the entry holding them stays text.

var _ asmformat.Builtin = Dialect

var simpleTypes = map[string]func(*ir.Context) ir.Type{
	"index": func(c *ir.Context) ir.Type { return GetIndexType(c) },
	"none":  func(c *ir.Context) ir.Type { return GetNoneType(c) },
	"bf16":  func(c *ir.Context) ir.Type { return GetBFloat16Type(c) },
	"f16":   func(c *ir.Context) ir.Type { return GetFloat16Type(c) },
	"f32":   func(c *ir.Context) ir.Type { return GetFloat32Type(c) },
	"f64":   func(c *ir.Context) ir.Type { return GetFloat64Type(c) },
	"f80":   func(c *ir.Context) ir.Type { return GetFloat80Type(c) },
	"f128":  func(c *ir.Context) ir.Type { return GetFloat128Type(c) },
}

// ParseBuiltinType parses a builtin type.
func (dialect) ParseBuiltinType(p *asmformat.Parser) ir.Type {
	ctx := p.Context()
	t := p.Tok()
	if t.Is("(") {
		return parseFunctionType(p)
	}
	if t.Kind != asm.BareIdent {
		p.Errorf("expected a type")
		return nil
	}
	if mk, ok := simpleTypes[t.Text]; ok {
		p.Next()
		return mk(ctx)
	}
	if w, s, ok := ParseIntegerTypeName(t.Text); ok {
		p.Next()
		return GetIntegerType(ctx, w, s)
	}
	if v, _ := Dialect.ParseType(ctx, t.Text, p.Release()); v != nil {
		p.Next()
		return v
	}
	p.Next()
	switch t.Text {
	case "vector":
		p.Expect("<")
		var shape []int64
		var scalable []bool
		for !p.Failed() {
			sc := p.Optional("[")
			if !sc && p.Tok().Kind != asm.Integer {
				break
			}
			shape = append(shape, dimension(p))
			scalable = append(scalable, sc)
			if sc {
				p.Expect("]")
			}
			expectX(p)
		}
		elem := p.Type()
		p.Expect(">")
		if p.Failed() {
			return nil
		}
		return GetVectorType(ctx, shape, elem, scalable)
	case "tensor", "memref":
		p.Expect("<")
		unranked := p.Optional("*")
		var shape []int64
		if unranked {
			expectX(p)
		} else {
			shape = p.DimensionList(true, true)
		}
		elem := p.Type()
		var extra []ir.Attribute
		for p.Optional(",") {
			extra = append(extra, p.Attr())
		}
		p.Expect(">")
		if p.Failed() {
			return nil
		}
		if t.Text == "tensor" {
			switch {
			case unranked && len(extra) == 0:
				return GetUnrankedTensorType(ctx, elem)
			case unranked:
				return nil
			case len(extra) == 0:
				return GetRankedTensorType(ctx, shape, elem, nil)
			case len(extra) == 1:
				return GetRankedTensorType(ctx, shape, elem, extra[0])
			}
			p.Errorf("too many tensor parameters")
			return nil
		}
		if unranked {
			if len(extra) > 1 {
				p.Errorf("too many memref parameters")
				return nil
			}
			var space ir.Attribute
			if len(extra) == 1 {
				space = extra[0]
			}
			return GetUnrankedMemRefType(ctx, elem, space)
		}
		var layout, space ir.Attribute
		switch {
		case len(extra) > 0 && IsMemRefLayout(extra[0]):
			layout = extra[0]
			extra = extra[1:]
		}
		if len(extra) > 1 {
			p.Errorf("too many memref parameters")
			return nil
		}
		if len(extra) == 1 {
			space = extra[0]
		}
		if layout == nil {
			layout = GetAffineMapAttr(ctx, affine.IdentityMap(len(shape)))
		}
		return GetMemRefType(ctx, shape, elem, layout, space)
	case "complex":
		p.Expect("<")
		elem := p.Type()
		p.Expect(">")
		if p.Failed() {
			return nil
		}
		return GetComplexType(ctx, elem)
	case "tuple":
		p.Expect("<")
		var ts []ir.Type
		p.List(">", func() { ts = append(ts, p.Type()) })
		p.Expect(">")
		if p.Failed() {
			return nil
		}
		return GetTupleType(ctx, ts)
	}
	p.Errorf("unknown type '%s'", t.Text)
	return nil
}

// IsMemRefLayout tells a memref's layout from its memory space: affine
// maps and strided layouts are layouts.
func IsMemRefLayout(a ir.Attribute) bool {
	switch a.(type) {
	case *AffineMapAttr, *StridedLayoutAttr:
		return true
	}
	return false
}

// ParseIntegerTypeName reads an integer type keyword (i32, si8, ui64,
// i0) as MLIR's lexer does: a width of at most 2^24 without leading
// zeros.
func ParseIntegerTypeName(s string) (uint32, Signedness, bool) {
	sig := SignednessSignless
	switch {
	case strings.HasPrefix(s, "si"):
		sig, s = SignednessSigned, s[2:]
	case strings.HasPrefix(s, "ui"):
		sig, s = SignednessUnsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return 0, 0, false
	}
	w, err := strconv.ParseUint(s, 10, 32)
	if err != nil || s == "" || s[0] == '0' && s != "0" || w > 1<<24 {
		return 0, 0, false
	}
	return uint32(w), sig, true
}

// SimpleType returns the builtin type a keyword without parameters names
// (index, none, f32, f8E4M3FN, tf32, i32, si8, ui1, …), or false.
func SimpleType(ctx *ir.Context, name string) (ir.Type, bool) {
	if mk, ok := simpleTypes[name]; ok {
		return mk(ctx), true
	}
	if w, sg, ok := ParseIntegerTypeName(name); ok {
		return GetIntegerType(ctx, w, sg), true
	}
	// The other float types are definitions with a mnemonic.
	if t, err := Dialect.ParseType(ctx, name, 0); err == nil && t != nil {
		return t, true
	}
	return nil, false
}

func dimension(p *asmformat.Parser) int64 {
	if p.Optional("?") {
		return asm.Dynamic
	}
	t := p.Tok()
	if t.Kind != asm.Integer || strings.HasPrefix(t.Text, "0x") {
		p.Errorf("expected a dimension")
		return 0
	}
	v := p.ExpectInt64("a dimension")
	if v < 0 {
		p.Errorf("invalid dimension")
	}
	return v
}

// expectX consumes the x after a dimension, which may begin the next
// token (4xf32 lexes as 4, xf32).
func expectX(p *asmformat.Parser) {
	t := p.Tok()
	if t.Kind != asm.BareIdent || t.Text[0] != 'x' {
		p.Errorf("expected 'x' in dimension list")
		return
	}
	if len(t.Text) == 1 {
		p.Next()
		return
	}
	p.ResetTo(t.Off + 1)
}

func parseFunctionType(p *asmformat.Parser) ir.Type {
	p.Expect("(")
	var ins, outs []ir.Type
	p.List(")", func() { ins = append(ins, p.Type()) })
	p.Expect(")")
	p.Expect("->")
	if p.Optional("(") {
		p.List(")", func() { outs = append(outs, p.Type()) })
		p.Expect(")")
	} else {
		outs = []ir.Type{p.Type()}
	}
	if p.Failed() {
		return nil
	}
	return GetFunctionType(p.Context(), ins, outs)
}

// ParseBuiltinAttr parses a builtin attribute; a type stands for a
// TypeAttr.
func (dialect) ParseBuiltinAttr(p *asmformat.Parser) ir.Attribute {
	ctx := p.Context()
	t := p.Tok()
	switch {
	case t.Kind == asm.String:
		s, _ := p.StringLit()
		if p.Is(":") {
			p.Errorf("typed strings are not read here")
			return nil
		}
		return GetStringAttr(ctx, s, GetNoneType(ctx))
	case t.Kind == asm.Integer || t.Is("-"):
		l, ok := p.OptionalInt()
		if !ok {
			p.Errorf("expected an integer")
			return nil
		}
		var typ ir.Type = GetIntegerType(ctx, 64, SignednessSignless)
		if p.Optional(":") {
			typ = p.Type()
		}
		var w uint32
		switch tt := typ.(type) {
		case *IntegerType:
			w = tt.Width()
		case *IndexType:
			w = 64
		default:
			p.Errorf("expected an integer type")
			return nil
		}
		if w == 0 || w > 64 {
			p.Errorf("integer widths above 64 are not read here")
			return nil
		}
		v, ok := l.Bits(int(w))
		if !ok {
			p.ErrorAt(l.Off, "integer value too large")
			return nil
		}
		return GetIntegerAttr(ctx, typ, ir.APIntFromUint64(w, v))
	case t.Is("true"), t.Is("false"):
		p.Next()
		v := uint64(0)
		if t.Is("true") {
			v = 1
		}
		return GetIntegerAttr(ctx, GetIntegerType(ctx, 1, SignednessSignless), ir.APIntFromUint64(1, v))
	case t.Is("unit"):
		p.Next()
		return GetUnitAttr(ctx)
	case t.Is("distinct"):
		// distinct[N]<attr>: N numbers the entry's distinct attributes;
		// <> holds a unit attribute.
		p.Next()
		p.Expect("[")
		n := p.ExpectInt64("the number of a distinct attribute")
		p.Expect("]")
		p.Expect("<")
		var ref ir.Attribute = GetUnitAttr(ctx)
		if !p.Is(">") {
			ref = p.Attr()
		}
		p.Expect(">")
		if p.Failed() {
			return nil
		}
		if a := p.Distinct(n); a != nil {
			if d, ok := a.(*DistinctAttr); !ok || d.ReferencedAttr() != ref {
				p.Errorf("distinct[%d] refers to two attributes", n)
				return nil
			}
			return a
		}
		a := NewDistinctAttr(ctx, ref)
		p.SetDistinct(n, a)
		return a
	case t.Is("["):
		p.Next()
		var list []ir.Attribute
		p.List("]", func() { list = append(list, p.Attr()) })
		p.Expect("]")
		if p.Failed() {
			return nil
		}
		return GetArrayAttr(ctx, list)
	case t.Is("{"):
		p.Next()
		var entries []NamedAttribute
		p.List("}", func() {
			k, ok := p.KeywordOrString()
			if !ok {
				p.Errorf("expected an attribute name")
				return
			}
			var v ir.Attribute = GetUnitAttr(ctx)
			if p.Optional("=") {
				v = p.Attr()
			}
			if n := len(entries); n > 0 && entries[n-1].Name.Value() >= k {
				p.Errorf("dictionary keys out of order")
				return
			}
			entries = append(entries, NamedAttribute{Name: GetStringAttr(ctx, k, GetNoneType(ctx)), Value: v})
		})
		p.Expect("}")
		if p.Failed() {
			return nil
		}
		return GetDictionaryAttr(ctx, entries)
	case t.Kind == asm.AtIdent:
		name, _ := p.SymbolName()
		var nested []*SymbolRefAttr
		for p.Optional("::") {
			n, ok := p.SymbolName()
			if !ok {
				p.Errorf("expected a nested symbol")
				return nil
			}
			nested = append(nested, GetSymbolRefAttr(ctx, GetStringAttr(ctx, n, GetNoneType(ctx)), nil))
		}
		return GetSymbolRefAttr(ctx, GetStringAttr(ctx, name, GetNoneType(ctx)), nested)
	case t.Is("loc"):
		// A location held by a dialect's attribute (LLVM 19's loop
		// annotation, stored as text, has two).
		p.Next()
		p.Expect("(")
		r := LocReader{Attr: p.Attr}
		l := r.Read(p.Parser, ctx)
		p.Expect(")")
		if p.Failed() {
			return nil
		}
		return l
	case t.Is("affine_map"), t.Is("affine_set"), t.Is("strided"):
		start := t.Off
		p.Next()
		if !p.Is("<") {
			p.Errorf("expected '<'")
			return nil
		}
		body := p.SkipBalanced()
		text := p.Source()[start:t.Off+len(t.Text)] + body
		a, err := Dialect.ParseAttribute(ctx, text, p.Release())
		if err != nil || a == nil {
			p.Errorf("invalid %s", t.Text)
			return nil
		}
		return a
	case t.Kind == asm.BareIdent || t.Kind == asm.BangIdent || t.Is("("):
		typ := p.Type()
		if typ == nil {
			return nil
		}
		return GetTypeAttr(ctx, typ)
	}
	p.Errorf("expected an attribute")
	return nil
}

// printLocBody prints what loc(...) holds, metadata through pr, so that
// the distinct attributes it holds are numbered with the rest.
func printLocBody(pr *asmformat.Printer, l ir.Location) bool {
	switch l := l.(type) {
	case *UnknownLoc:
		pr.Write("unknown")
	case *FileLineColRange:
		pr.Quoted(l.Filename().Value())
		pr.Write(":" + strconv.FormatUint(uint64(l.StartLine()), 10) + ":" + strconv.FormatUint(uint64(l.StartCol()), 10))
		switch {
		case l.Form() == 2 || l.StartLine() == l.EndLine() && l.StartCol() == l.EndCol():
		case l.StartLine() == l.EndLine():
			pr.Write(" to :" + strconv.FormatUint(uint64(l.EndCol()), 10))
		default:
			pr.Write(" to " + strconv.FormatUint(uint64(l.EndLine()), 10) + ":" + strconv.FormatUint(uint64(l.EndCol()), 10))
		}
	case *NameLoc:
		pr.Quoted(l.Name().Value())
		if _, unknown := l.ChildLoc().(*UnknownLoc); !unknown {
			pr.Write("(")
			if !printLocBody(pr, l.ChildLoc()) {
				return false
			}
			pr.Write(")")
		}
	case *CallSiteLoc:
		pr.Write("callsite(")
		if !printLocBody(pr, l.Callee()) {
			return false
		}
		pr.Write(" at ")
		if !printLocBody(pr, l.Caller()) {
			return false
		}
		pr.Write(")")
	case *FusedLoc:
		pr.Write("fused")
		if md := l.Metadata(); md != nil {
			pr.Write("<")
			pr.Value(md)
			pr.Write(">")
		}
		pr.Write("[")
		for i, x := range l.Locations() {
			if i > 0 {
				pr.Write(", ")
			}
			if !printLocBody(pr, x) {
				return false
			}
		}
		pr.Write("]")
	default:
		return false
	}
	return true
}

// PrintBuiltin prints a builtin attribute or type nested in a dialect's.
func (dialect) PrintBuiltin(pr *asmformat.Printer, v any) bool {
	return printBuiltin(pr, v, false)
}

func printBuiltin(pr *asmformat.Printer, v any, elide bool) bool {
	switch v := v.(type) {
	case *IntegerType, *IndexType, *NoneType, *BFloat16Type, *Float16Type, *Float32Type, *Float64Type, *Float80Type, *Float128Type:
		pr.Write(v.(interface{ String() string }).String())
	case ir.Type:
		if s, ok := Dialect.PrintType(v); ok {
			pr.Write(s)
			return true
		}
		return printCompositeType(pr, v)
	case *IntegerAttr:
		t := v.Type()
		x := v.Value()
		switch t := t.(type) {
		case *IntegerType:
			if t.Width() == 1 && t.Signedness() == SignednessSignless {
				pr.Write(map[bool]string{true: "true", false: "false"}[x.Uint64() != 0])
				return true
			}
			pr.Write(x.Big(t.Signedness() != SignednessUnsigned).String())
			if elide && t.Width() == 64 && t.Signedness() == SignednessSignless {
				return true
			}
		case *IndexType:
			pr.Write(x.Big(true).String())
		default:
			return false
		}
		pr.Write(" : ")
		pr.Value(t)
	case *StringAttr:
		if _, none := v.Type().(*NoneType); !none && v.Type() != nil {
			return false
		}
		pr.Quoted(v.Value())
	case *UnitAttr:
		pr.Write("unit")
	case *DistinctAttr:
		n, _ := pr.DistinctID(v)
		pr.Write("distinct[" + strconv.Itoa(n) + "]<")
		if _, unit := v.ReferencedAttr().(*UnitAttr); !unit {
			pr.Value(v.ReferencedAttr())
		}
		pr.Write(">")
	case *TypeAttr:
		pr.Value(v.Value())
	case *ArrayAttr:
		pr.Write("[")
		for i, a := range v.Value() {
			if i > 0 {
				pr.Write(", ")
			}
			if !printElided(pr, a) {
				return false
			}
		}
		pr.Write("]")
	case *DictionaryAttr:
		pr.Write("{")
		for i, e := range v.Value() {
			if i > 0 {
				pr.Write(", ")
			}
			pr.KeywordOrString(e.Name.Value())
			if _, unit := e.Value.(*UnitAttr); unit {
				continue
			}
			pr.Write(" = ")
			pr.Value(e.Value)
		}
		pr.Write("}")
	case ir.Location:
		pr.Write("loc(")
		if !printLocBody(pr, v) {
			return false
		}
		pr.Write(")")
	case *DenseIntOrFPElementsAttr:
		pr.Write("dense<")
		if PrintDenseElements(&pr.Printer, v.RawData(), v.Type(), true) != nil {
			return false
		}
		pr.Write("> : ")
		pr.Value(v.Type())
	case *DenseStringElementsAttr:
		pr.Write("dense<")
		PrintDenseStrings(&pr.Printer, v)
		pr.Write("> : ")
		pr.Value(v.Type())
	case *SparseElementsAttr:
		if PrintSparseElements(&pr.Printer, v) != nil {
			return false
		}
		pr.Write(" : ")
		pr.Value(v.Type())
	case *SymbolRefAttr:
		pr.Symbol(v.RootReference().Value())
		for _, n := range v.NestedReferences() {
			pr.Write("::")
			pr.Symbol(n.RootReference().Value())
		}
	case ir.Attribute:
		s, ok := Dialect.PrintAttribute(v)
		if !ok {
			return false
		}
		pr.Write(s)
	default:
		return false
	}
	return true
}

// printElided prints an array element: i64 integers without their type.
func printElided(pr *asmformat.Printer, a ir.Attribute) bool {
	if a != nil && a.Dialect() == "builtin" {
		return printBuiltin(pr, a, true)
	}
	pr.Value(a)
	return true
}

func printDims(pr *asmformat.Printer, shape []int64, scalable []bool) {
	for i, d := range shape {
		sc := i < len(scalable) && scalable[i]
		if sc {
			pr.Write("[")
		}
		if d == math.MinInt64 {
			pr.Write("?")
		} else {
			pr.Int(d)
		}
		if sc {
			pr.Write("]")
		}
		pr.Write("x")
	}
}

func printCompositeType(pr *asmformat.Printer, t ir.Type) bool {
	switch t := t.(type) {
	case *VectorType:
		pr.Write("vector<")
		printDims(pr, t.Shape(), t.ScalableDims())
		pr.Value(t.ElementType())
		pr.Write(">")
	case *RankedTensorType:
		pr.Write("tensor<")
		printDims(pr, t.Shape(), nil)
		pr.Value(t.ElementType())
		if t.Encoding() != nil {
			pr.Write(", ")
			pr.Value(t.Encoding())
		}
		pr.Write(">")
	case *UnrankedTensorType:
		pr.Write("tensor<*x")
		pr.Value(t.ElementType())
		pr.Write(">")
	case *MemRefType:
		pr.Write("memref<")
		printDims(pr, t.Shape(), nil)
		pr.Value(t.ElementType())
		if l, ok := t.Layout().(*AffineMapAttr); t.Layout() != nil && (!ok || !l.Value().IsIdentity()) {
			pr.Write(", ")
			pr.Value(t.Layout())
		}
		if t.MemorySpace() != nil {
			pr.Write(", ")
			printElided(pr, t.MemorySpace())
		}
		pr.Write(">")
	case *UnrankedMemRefType:
		pr.Write("memref<*x")
		pr.Value(t.ElementType())
		if t.MemorySpace() != nil {
			pr.Write(", ")
			printElided(pr, t.MemorySpace())
		}
		pr.Write(">")
	case *ComplexType:
		pr.Write("complex<")
		pr.Value(t.ElementType())
		pr.Write(">")
	case *TupleType:
		pr.Write("tuple<")
		for i, x := range t.Types() {
			if i > 0 {
				pr.Write(", ")
			}
			pr.Value(x)
		}
		pr.Write(">")
	case *FunctionType:
		pr.Write("(")
		for i, x := range t.Inputs() {
			if i > 0 {
				pr.Write(", ")
			}
			pr.Value(x)
		}
		pr.Write(") -> ")
		rs := t.Results()
		_, fn := t.Results(), false
		if len(rs) == 1 {
			_, fn = rs[0].(*FunctionType)
		}
		paren := len(rs) != 1 || fn
		if paren {
			pr.Write("(")
		}
		for i, x := range rs {
			if i > 0 {
				pr.Write(", ")
			}
			pr.Value(x)
		}
		if paren {
			pr.Write(")")
		}
	default:
		return false
	}
	return true
}
