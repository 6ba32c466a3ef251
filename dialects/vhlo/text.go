package vhlo

import (
	"fmt"
	"math"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// VHLO's text is what stablehlo-opt prints (VhloOps.cpp, VhloTypes.cpp):
// the custom directives of its assembly formats, and the bodies written
// in C++. Integers and tensors print through their builtin twins
// (#vhlo.integer_v1<1 : i64>, #vhlo.tensor_v1<dense<0> : tensor<2xi64>>),
// as VHLO converts their types to builtin ones to print them.

var asmCustoms = map[string]asmformat.Custom{
	// [#vhlo.x, #vhlo.y]
	"AttributeArray": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			var list []any
			p.Expect("[")
			p.List("]", func() { list = append(list, p.Attr()) })
			p.Expect("]")
			v[args[0]] = list
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			pr.Write("[")
			printList(pr, v[args[0]].([]any), pr.Value)
			pr.Write("]")
		},
	},
	// "text", escaped as llvm::printEscapedString does
	"EscapedString": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			if s, ok := p.StringLit(); ok {
				v[args[0]] = s
			}
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) { pr.Quoted(v[args[0]].(string)) },
	},
	// () for no types, else the types separated by commas
	"TypeArray": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			list := []any{}
			if p.Optional("(") {
				p.Expect(")")
			} else {
				p.List("", func() { list = append(list, p.Type()) })
			}
			v[args[0]] = list
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			list := v[args[0]].([]any)
			if len(list) == 0 {
				pr.Write("()")
			}
			printList(pr, list, pr.Value)
		},
	},
	// 2x?x: each size followed by x, ? for a dynamic one
	"Shape": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			var list []any
			for _, d := range p.DimensionList(true, true) {
				list = append(list, d)
			}
			v[args[0]] = list
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			for _, d := range v[args[0]].([]any) {
				printDim(pr, d.(int64))
				pr.Write("x")
			}
		},
	},
	// , #encoding when there is one
	"Encoding": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			if p.Optional(",") {
				v[args[0]] = p.Attr()
			}
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			if a, ok := v[args[0]].(ir.Attribute); ok && a != nil {
				pr.Write(", ")
				pr.Value(a)
			}
		},
	},
}

func printDim(pr *asmformat.Printer, d int64) {
	if d == asm.Dynamic {
		pr.Write("?")
	} else {
		pr.Int(d)
	}
}

// printDims and parseDims are hlo's printDimSizes and parseDimSizes:
// [1, ?, 3].
func printDims(pr *asmformat.Printer, dims []int64) {
	pr.Write("[")
	printList(pr, dims, func(d int64) { printDim(pr, d) })
	pr.Write("]")
}

func parseDims(p *asmformat.Parser) []int64 {
	dims := []int64{}
	p.Expect("[")
	p.List("]", func() {
		if p.Optional("?") {
			dims = append(dims, asm.Dynamic)
		} else {
			dims = append(dims, p.ExpectInt64("a dimension size"))
		}
	})
	p.Expect("]")
	return dims
}

// parseDictionaryText and printDictionaryText: {#vhlo.k = #vhlo.v, …}.
func parseDictionaryText(p *asmformat.Parser) any {
	var entries []DictionaryEntryV1
	p.Expect("<")
	p.Expect("{")
	p.List("}", func() {
		k := p.Attr()
		p.Expect("=")
		entries = append(entries, DictionaryEntryV1{Key: k, Value: p.Attr()})
	})
	p.Expect("}")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetDictionaryV1Attr(p.Context(), entries)
}

func printDictionaryText(pr *asmformat.Printer, v any) {
	pr.Write("<{")
	printList(pr, v.(*DictionaryV1Attr).Value(), func(e DictionaryEntryV1) {
		pr.Value(e.Key)
		pr.Write(" = ")
		pr.Value(e.Value)
	})
	pr.Write("}>")
}

// parseBooleanText and printBooleanText: <true>, <false>.
func parseBooleanText(p *asmformat.Parser) any {
	p.Expect("<")
	w, _ := p.OptionalKeywordOf("true", "false")
	if w == "" && !p.Failed() {
		p.Errorf("expected true or false")
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	var b uint64
	if w == "true" {
		b = 1
	}
	return GetBooleanV1Attr(p.Context(), b)
}

func printBooleanText(pr *asmformat.Printer, v any) {
	switch v.(*BooleanV1Attr).Value() {
	case 0:
		pr.Write("<false>")
	case 1:
		pr.Write("<true>")
	default:
		pr.Fail()
	}
}

// toBuiltin is VHLO's conversion of a type to builtin for printing
// (addVhloToBuiltinConversions); false for a type it does not convert
// here.
func toBuiltin(ctx *ir.Context, t ir.Type) (ir.Type, bool) {
	switch t := t.(type) {
	case *ComplexV1Type:
		e, ok := toBuiltin(ctx, t.ElementType())
		return builtin.GetComplexType(ctx, e), ok
	case *RankedTensorV1Type:
		e, ok := toBuiltin(ctx, t.ElementType())
		return builtin.GetRankedTensorType(ctx, t.Shape(), e, t.Encoding()), ok
	case *UnrankedTensorV1Type:
		e, ok := toBuiltin(ctx, t.ElementType())
		return builtin.GetUnrankedTensorType(ctx, e), ok
	}
	if name, ok := builtinName(t); ok {
		return builtin.SimpleType(ctx, name)
	}
	return nil, false
}

// fromBuiltin is the conversion back, for parsing (addBuiltinToVhloConversions).
func fromBuiltin(ctx *ir.Context, t ir.Type) (ir.Type, bool) {
	switch t := t.(type) {
	case *builtin.ComplexType:
		e, ok := fromBuiltin(ctx, t.ElementType())
		return GetComplexV1Type(ctx, e), ok
	case *builtin.RankedTensorType:
		e, ok := fromBuiltin(ctx, t.ElementType())
		return GetRankedTensorV1Type(ctx, t.Shape(), e, t.Encoding()), ok
	case *builtin.UnrankedTensorType:
		e, ok := fromBuiltin(ctx, t.ElementType())
		return GetUnrankedTensorV1Type(ctx, e), ok
	}
	st, ok := t.(fmt.Stringer)
	if t == nil || !ok || t.Dialect() != "builtin" {
		return nil, false
	}
	name := st.String()
	for vhlo, b := range twinNames {
		if b == name {
			name = vhlo
		}
	}
	f := formsIn(ctx)
	if f == nil {
		return nil, false
	}
	v, err := f.ParseType(ctx, "!vhlo."+name+"_v1", 0)
	return v, err == nil && v != nil
}

// builtinName is the name of the builtin twin of a VHLO type without
// parameters: its mnemonic without _v1 (f32_v1: f32, ui8_v1: ui8), but
// for those twinNames lists.
func builtinName(t ir.Type) (string, bool) {
	if t == nil || t.Dialect() != "vhlo" || formsIn(t.Context()) == nil {
		return "", false
	}
	text, ok := formsIn(t.Context()).PrintType(t)
	name, found := strings.CutPrefix(text, "!vhlo.")
	name, suffixed := strings.CutSuffix(name, "_v1")
	if !ok || !found || !suffixed || strings.ContainsAny(name, "<.") {
		return "", false
	}
	if b, ok := twinNames[name]; ok {
		return b, true
	}
	return name, true
}

// formsIn is VHLO's text forms as ctx registers them, nil without VHLO:
// the hooks cannot name asmForms, whose initialisation names them.
func formsIn(ctx *ir.Context) *asmformat.Dialect {
	if f, ok := ctx.Dialect("vhlo").(asmformat.AsmFormsOf); ok {
		return f.AsmForms()
	}
	return nil
}

// twinNames are the builtin names of the VHLO types whose mnemonics do not
// spell them (tf31_v1 is StableHLO's name for tf32).
var twinNames = map[string]string{"bool": "i1", "tf31": "tf32"}

// parseIntegerText and printIntegerText: <1 : i64>, the builtin integer
// of the converted type (<true> for a boolean).
func parseIntegerText(p *asmformat.Parser) any {
	i, t, ok := parseTwin[*builtin.IntegerAttr](p, "an integer attribute")
	if !ok {
		return nil
	}
	return GetIntegerV1Attr(p.Context(), t, i.Value())
}

func printIntegerText(pr *asmformat.Printer, v any) {
	a := v.(*IntegerV1Attr)
	printTwin(pr, a.Type(), func(t ir.Type) ir.Attribute { return builtin.GetIntegerAttr(a.Context(), t, a.Value()) })
}

// parseTensorText and printTensorText: <dense<…> : tensor<…>>, the
// builtin dense attribute of the same raw data and the converted type.
func parseTensorText(p *asmformat.Parser) any {
	d, t, ok := parseTwin[*builtin.DenseIntOrFPElementsAttr](p, "a dense elements attribute")
	if !ok {
		return nil
	}
	return GetTensorV1Attr(p.Context(), t, d.RawData())
}

func printTensorText(pr *asmformat.Printer, v any) {
	a := v.(*TensorV1Attr)
	printTwin(pr, a.Type(), func(t ir.Type) ir.Attribute { return builtin.GetDenseIntOrFPElementsAttr(a.Context(), t, a.Data()) })
}

// parseTwin reads <A>, a builtin attribute of kind A that stands for a
// VHLO one, and returns it with its type converted to VHLO's.
func parseTwin[A interface {
	ir.Attribute
	Type() ir.Type
}](p *asmformat.Parser, what string) (twin A, t ir.Type, ok bool) {
	p.Expect("<")
	a := p.Attr()
	p.Expect(">")
	if p.Failed() {
		return twin, nil, false
	}
	if twin, ok = a.(A); !ok {
		p.Errorf("expected %s", what)
		return twin, nil, false
	}
	if t, ok = fromBuiltin(p.Context(), twin.Type()); !ok {
		p.Errorf("VHLO has no type for %v", twin.Type())
	}
	return twin, t, ok
}

// printTwin prints <A>, the builtin attribute twin makes of typ converted
// to builtin.
func printTwin(pr *asmformat.Printer, typ ir.Type, twin func(ir.Type) ir.Attribute) {
	if typ == nil {
		pr.Fail()
		return
	}
	t, ok := toBuiltin(typ.Context(), typ)
	if !ok {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Value(twin(t))
	pr.Write(">")
}

// floatSemantics is the format of a VHLO float type.
func floatSemantics(t ir.Type) *asm.FloatSemantics {
	name, _ := builtinName(t)
	return asm.FloatFormats[name]
}

// parseFloatText and printFloatText: <1.000000e-03 : !vhlo.f32_v1>.
func parseFloatText(p *asmformat.Parser) any {
	p.Expect("<")
	text, ok := p.FloatText()
	if !ok && !p.Failed() {
		p.Errorf("expected a floating point value")
	}
	p.Expect(":")
	t := p.Type()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	sem := floatSemantics(t)
	if sem == nil || sem.Bits > 64 {
		p.Errorf("expected a VHLO float type")
		return nil
	}
	bits, ok := sem.ParseDecimal(text)
	if !ok {
		p.Errorf("invalid float %s", text)
		return nil
	}
	return GetFloatV1Attr(p.Context(), t, ir.APIntFromUint64(uint32(sem.Bits), bits))
}

func printFloatText(pr *asmformat.Printer, v any) {
	a := v.(*FloatV1Attr)
	sem := floatSemantics(a.Type())
	if sem == nil || sem.Bits > 64 || a.Value().Width() != uint32(sem.Bits) {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Float(sem, a.Value().Uint64())
	pr.Write(" : ")
	pr.Value(a.Type())
	pr.Write(">")
}

// parseDouble reads a double as VHLO_APFloatV1's parser does
// (parseFloat).
func parseDouble(p *asmformat.Parser) int64 {
	text, ok := p.FloatText()
	if !ok {
		if l, ok := p.OptionalInt(); ok {
			text = l.Mag.String()
		} else {
			p.Errorf("expected a floating point value")
			return 0
		}
	}
	bits, ok := asm.Float64.ParseDecimal(text)
	if !ok {
		p.Errorf("invalid float %s", text)
	}
	return int64(bits)
}

// printDouble prints an f64 bit pattern as printFloat does.
func printDouble(pr *asmformat.Printer, bits int64) { pr.Float(asm.Float64, uint64(bits)) }

// parseResultAccuracyText and printResultAccuracyText: struct(params) of
// atol and rtol (doubles), ulps and mode.
func parseResultAccuracyText(p *asmformat.Parser) any {
	p.Expect("<")
	p.Expect("atol")
	p.Expect("=")
	atol := parseDouble(p)
	p.Expect(",")
	p.Expect("rtol")
	p.Expect("=")
	rtol := parseDouble(p)
	p.Expect(",")
	p.Expect("ulps")
	p.Expect("=")
	ulps := p.ExpectInt64("ulps")
	p.Expect(",")
	p.Expect("mode")
	p.Expect("=")
	mode := p.Attr()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetResultAccuracyV1Attr(p.Context(), atol, rtol, ulps, mode)
}

func printResultAccuracyText(pr *asmformat.Printer, v any) {
	a := v.(*ResultAccuracyV1Attr)
	pr.Write("<atol = ")
	printDouble(pr, a.AtolBits())
	pr.Write(", rtol = ")
	printDouble(pr, a.RtolBits())
	pr.Write(", ulps = ")
	pr.Int(a.Ulps())
	pr.Write(", mode = ")
	pr.Value(a.Mode())
	pr.Write(">")
}

// parseTypeExtensionsText and printTypeExtensionsText: <bounds = [16, ?]>.
func parseTypeExtensionsText(p *asmformat.Parser) any {
	p.Expect("<")
	p.Expect("bounds")
	p.Expect("=")
	dims := parseDims(p)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetTypeExtensionsV1Attr(p.Context(), dims)
}

func printTypeExtensionsText(pr *asmformat.Printer, v any) {
	pr.Write("<bounds = ")
	printDims(pr, v.(*TypeExtensionsV1Attr).Bounds())
	pr.Write(">")
}

// parseOutputOperandAliasText and printOutputOperandAliasText:
// struct(params), the tuple indices as dimension lists.
func parseOutputOperandAliasText(p *asmformat.Parser) any {
	p.Expect("<")
	p.Expect("outputTupleIndices")
	p.Expect("=")
	out := parseDims(p)
	p.Expect(",")
	p.Expect("operandIndex")
	p.Expect("=")
	operand := p.ExpectInt64("an operand index")
	p.Expect(",")
	p.Expect("operandTupleIndices")
	p.Expect("=")
	in := parseDims(p)
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return GetOutputOperandAliasV1Attr(p.Context(), out, operand, in)
}

func printOutputOperandAliasText(pr *asmformat.Printer, v any) {
	a := v.(*OutputOperandAliasV1Attr)
	pr.Write("<outputTupleIndices = ")
	printDims(pr, a.OutputTupleIndices())
	pr.Write(", operandIndex = ")
	pr.Int(a.OperandIndex())
	pr.Write(", operandTupleIndices = ")
	printDims(pr, a.OperandTupleIndices())
	pr.Write(">")
}

// parseQuantText and printQuantText: <!vhlo.i8_v1:!vhlo.f32_v1,
// 3.400000e+01:16, -128:127, 1>.
func parseQuantText(p *asmformat.Parser) any {
	storage, expressed := parseQuantHead(p)
	scale := parseDouble(p)
	p.Expect(":")
	zero := p.ExpectInt64("a zero point")
	lo, hi, flags, ok := parseQuantTail(p)
	if !ok {
		return nil
	}
	return GetUniformQuantizedV1Type(p.Context(), flags, storage, expressed, scale, zero, lo, hi)
}

func printQuantText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedV1Type)
	printQuantHead(pr, t.StorageType(), t.ExpressedType())
	printDouble(pr, t.ScaleBits())
	pr.Write(":")
	pr.Int(t.ZeroPoint())
	printQuantTail(pr, t.StorageTypeMin(), t.StorageTypeMax(), t.Flags())
}

// parseQuantPerAxisText and printQuantPerAxisText:
// <!vhlo.i8_v1:!vhlo.f32_v1, 0, [3.400000e+01, …], [16, …], -128:127, 1>.
func parseQuantPerAxisText(p *asmformat.Parser) any {
	storage, expressed := parseQuantHead(p)
	dim := p.ExpectInt64("a quantized dimension")
	p.Expect(",")
	var scales, zeros []int64
	p.Expect("[")
	p.List("]", func() { scales = append(scales, parseDouble(p)) })
	p.Expect("]")
	p.Expect(",")
	p.Expect("[")
	p.List("]", func() { zeros = append(zeros, p.ExpectInt64("a zero point")) })
	p.Expect("]")
	lo, hi, flags, ok := parseQuantTail(p)
	if !ok {
		return nil
	}
	if dim < math.MinInt32 || dim > math.MaxInt32 {
		p.Errorf("quantized dimension %d does not fit 32 bits", dim)
		return nil
	}
	return GetUniformQuantizedPerAxisV1Type(p.Context(), flags, storage, expressed, int32(dim), scales, zeros, lo, hi)
}

func printQuantPerAxisText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedPerAxisV1Type)
	printQuantHead(pr, t.StorageType(), t.ExpressedType())
	pr.Int(int64(t.QuantizedDimension()))
	pr.Write(", [")
	printList(pr, t.ScalesBits(), func(s int64) { printDouble(pr, s) })
	pr.Write("], [")
	printList(pr, t.ZeroPoints(), pr.Int)
	pr.Write("]")
	printQuantTail(pr, t.StorageTypeMin(), t.StorageTypeMax(), t.Flags())
}

// parseQuantHead and printQuantHead: "<storage:expressed, ", which both
// quantized types begin with; parseQuantTail and printQuantTail:
// ", min:max, flags>", which they end with.
func parseQuantHead(p *asmformat.Parser) (storage, expressed ir.Type) {
	p.Expect("<")
	storage = p.Type()
	p.Expect(":")
	expressed = p.Type()
	p.Expect(",")
	return storage, expressed
}

func printQuantHead(pr *asmformat.Printer, storage, expressed ir.Type) {
	pr.Write("<")
	pr.Value(storage)
	pr.Write(":")
	pr.Value(expressed)
	pr.Write(", ")
}

func parseQuantTail(p *asmformat.Parser) (lo, hi int64, flags uint32, ok bool) {
	p.Expect(",")
	lo = p.ExpectInt64("a storage minimum")
	p.Expect(":")
	hi = p.ExpectInt64("a storage maximum")
	p.Expect(",")
	f := p.ExpectUint64("flags")
	p.Expect(">")
	if p.Failed() {
		return 0, 0, 0, false
	}
	if f > math.MaxUint32 {
		p.Errorf("flags %d do not fit 32 bits", f)
		return 0, 0, 0, false
	}
	return lo, hi, uint32(f), true
}

func printQuantTail(pr *asmformat.Printer, lo, hi int64, flags uint32) {
	pr.Write(", ")
	pr.Int(lo)
	pr.Write(":")
	pr.Int(hi)
	pr.Write(", ")
	pr.Uint(uint64(flags))
	pr.Write(">")
}

// printList prints xs separated by commas.
func printList[T any](pr *asmformat.Printer, xs []T, each func(T)) {
	for i, x := range xs {
		if i > 0 {
			pr.Write(", ")
		}
		each(x)
	}
}
