package vhlo

import (
	"math"
	"strconv"

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
			for i, a := range v[args[0]].([]any) {
				if i > 0 {
					pr.Write(", ")
				}
				pr.Value(a)
			}
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
			for i, t := range list {
				if i > 0 {
					pr.Write(", ")
				}
				pr.Value(t)
			}
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
	for i, d := range dims {
		if i > 0 {
			pr.Write(", ")
		}
		printDim(pr, d)
	}
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
	for i, e := range v.(*DictionaryV1Attr).Value() {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Value(e.Key)
		pr.Write(" = ")
		pr.Value(e.Value)
	}
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

// floats are VHLO's float types, by kind, with the names and constructors
// of their builtin twins.
var floats = []struct {
	kind, name    string
	vhlo, builtin func(*ir.Context) ir.Type
}{
	{"FloatBF16V1Type", "bf16", func(c *ir.Context) ir.Type { return GetFloatBF16V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetBFloat16Type(c) }},
	{"FloatF16V1Type", "f16", func(c *ir.Context) ir.Type { return GetFloatF16V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat16Type(c) }},
	{"FloatF32V1Type", "f32", func(c *ir.Context) ir.Type { return GetFloatF32V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat32Type(c) }},
	{"FloatF64V1Type", "f64", func(c *ir.Context) ir.Type { return GetFloatF64V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat64Type(c) }},
	{"FloatF8E4M3FNV1Type", "f8E4M3FN", func(c *ir.Context) ir.Type { return GetFloatF8E4M3FNV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3FNType(c) }},
	{"FloatF8E5M2V1Type", "f8E5M2", func(c *ir.Context) ir.Type { return GetFloatF8E5M2V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E5M2Type(c) }},
	{"FloatF8E4M3FNUZV1Type", "f8E4M3FNUZ", func(c *ir.Context) ir.Type { return GetFloatF8E4M3FNUZV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3FNUZType(c) }},
	{"FloatF8E5M2FNUZV1Type", "f8E5M2FNUZ", func(c *ir.Context) ir.Type { return GetFloatF8E5M2FNUZV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E5M2FNUZType(c) }},
	{"FloatF8E4M3B11FNUZV1Type", "f8E4M3B11FNUZ", func(c *ir.Context) ir.Type { return GetFloatF8E4M3B11FNUZV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3B11FNUZType(c) }},
	{"FloatTF32V1Type", "tf32", func(c *ir.Context) ir.Type { return GetFloatTF32V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloatTF32Type(c) }},
	{"FloatF8E4M3V1Type", "f8E4M3", func(c *ir.Context) ir.Type { return GetFloatF8E4M3V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3Type(c) }},
	{"FloatF8E3M4V1Type", "f8E3M4", func(c *ir.Context) ir.Type { return GetFloatF8E3M4V1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E3M4Type(c) }},
	{"FloatF4E2M1FNV1Type", "f4E2M1FN", func(c *ir.Context) ir.Type { return GetFloatF4E2M1FNV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat4E2M1FNType(c) }},
	{"FloatF6E2M3FNV1Type", "f6E2M3FN", func(c *ir.Context) ir.Type { return GetFloatF6E2M3FNV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat6E2M3FNType(c) }},
	{"FloatF6E3M2FNV1Type", "f6E3M2FN", func(c *ir.Context) ir.Type { return GetFloatF6E3M2FNV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat6E3M2FNType(c) }},
	{"FloatF8E8M0FNUV1Type", "f8E8M0FNU", func(c *ir.Context) ir.Type { return GetFloatF8E8M0FNUV1Type(c) }, func(c *ir.Context) ir.Type { return builtin.GetFloat8E8M0FNUType(c) }},
}

// floatOf finds the float type of a kind; ok false for other kinds.
func floatOf(kind string) (name string, twin func(*ir.Context) ir.Type, ok bool) {
	for _, f := range floats {
		if f.kind == kind {
			return f.name, f.builtin, true
		}
	}
	return "", nil, false
}

// toBuiltin is VHLO's conversion of a type to builtin for printing
// (addVhloToBuiltinConversions); false for a type it does not convert
// here.
func toBuiltin(ctx *ir.Context, t ir.Type) (ir.Type, bool) {
	switch t := t.(type) {
	case *BooleanV1Type:
		return builtin.GetIntegerType(ctx, 1, builtin.SignednessSignless), true
	case *IndexV1Type:
		return builtin.GetIndexType(ctx), true
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
	if t == nil {
		return nil, false
	}
	if w, signed, ok := integerOf(t.Kind()); ok {
		s := builtin.SignednessSignless
		if !signed {
			s = builtin.SignednessUnsigned
		}
		return builtin.GetIntegerType(ctx, w, s), true
	}
	if _, twin, ok := floatOf(t.Kind()); ok {
		return twin(ctx), true
	}
	return nil, false
}

// integerOf reads the width and signedness of IntegerSI32V1Type and the
// like from the kind's name.
func integerOf(kind string) (width uint32, signed, ok bool) {
	var rest string
	switch {
	case len(kind) > 9 && kind[:9] == "IntegerSI":
		signed, rest = true, kind[9:]
	case len(kind) > 9 && kind[:9] == "IntegerUI":
		rest = kind[9:]
	default:
		return 0, false, false
	}
	for i := 0; i < len(rest) && rest[i] >= '0' && rest[i] <= '9'; i++ {
		width = width*10 + uint32(rest[i]-'0')
	}
	return width, signed, width > 0 && rest == strconv.FormatUint(uint64(width), 10)+"V1Type"
}

// fromBuiltin is the conversion back, for parsing (addBuiltinToVhloConversions).
func fromBuiltin(ctx *ir.Context, t ir.Type) (ir.Type, bool) {
	switch t := t.(type) {
	case *builtin.IntegerType:
		if t.Width() == 1 && t.Signedness() == builtin.SignednessSignless {
			return GetBooleanV1Type(ctx), true
		}
		return vhloInteger(ctx, t.Width(), t.Signedness() != builtin.SignednessUnsigned)
	case *builtin.IndexType:
		return GetIndexV1Type(ctx), true
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
	if t == nil {
		return nil, false
	}
	for _, f := range floats {
		if f.builtin(ctx) == t {
			return f.vhlo(ctx), true
		}
	}
	return nil, false
}

func vhloInteger(ctx *ir.Context, width uint32, signed bool) (ir.Type, bool) {
	switch {
	case signed && width == 2:
		return GetIntegerSI2V1Type(ctx), true
	case signed && width == 4:
		return GetIntegerSI4V1Type(ctx), true
	case signed && width == 8:
		return GetIntegerSI8V1Type(ctx), true
	case signed && width == 16:
		return GetIntegerSI16V1Type(ctx), true
	case signed && width == 32:
		return GetIntegerSI32V1Type(ctx), true
	case signed && width == 64:
		return GetIntegerSI64V1Type(ctx), true
	case width == 2:
		return GetIntegerUI2V1Type(ctx), true
	case width == 4:
		return GetIntegerUI4V1Type(ctx), true
	case width == 8:
		return GetIntegerUI8V1Type(ctx), true
	case width == 16:
		return GetIntegerUI16V1Type(ctx), true
	case width == 32:
		return GetIntegerUI32V1Type(ctx), true
	case width == 64:
		return GetIntegerUI64V1Type(ctx), true
	}
	return nil, false
}

// parseIntegerText and printIntegerText: <1 : i64>, the builtin integer
// of the converted type (<true> for a boolean).
func parseIntegerText(p *asmformat.Parser) any {
	p.Expect("<")
	a := p.Attr()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	i, ok := a.(*builtin.IntegerAttr)
	if !ok {
		p.Errorf("expected an integer attribute")
		return nil
	}
	t, ok := fromBuiltin(p.Context(), i.Type())
	if !ok {
		p.Errorf("VHLO has no integer type for %v", i.Type())
		return nil
	}
	return GetIntegerV1Attr(p.Context(), t, i.Value())
}

func printIntegerText(pr *asmformat.Printer, v any) {
	a := v.(*IntegerV1Attr)
	t, ok := toBuiltin(a.Context(), a.Type())
	if !ok {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Value(builtin.GetIntegerAttr(a.Context(), t, a.Value()))
	pr.Write(">")
}

// parseTensorText and printTensorText: <dense<…> : tensor<…>>, the
// builtin dense attribute of the same raw data and the converted type.
func parseTensorText(p *asmformat.Parser) any {
	p.Expect("<")
	a := p.Attr()
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	d, ok := a.(*builtin.DenseIntOrFPElementsAttr)
	if !ok {
		p.Errorf("expected a dense elements attribute")
		return nil
	}
	t, ok := fromBuiltin(p.Context(), d.Type())
	if !ok {
		p.Errorf("VHLO has no tensor type for %v", d.Type())
		return nil
	}
	return GetTensorV1Attr(p.Context(), t, d.RawData())
}

func printTensorText(pr *asmformat.Printer, v any) {
	a := v.(*TensorV1Attr)
	t, ok := toBuiltin(a.Context(), a.Type())
	if !ok {
		pr.Fail()
		return
	}
	pr.Write("<")
	pr.Value(builtin.GetDenseIntOrFPElementsAttr(a.Context(), t, a.Data()))
	pr.Write(">")
}

// floatSemantics is the format of a VHLO float type.
func floatSemantics(t ir.Type) *asm.FloatSemantics {
	if t == nil {
		return nil
	}
	name, _, _ := floatOf(t.Kind())
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
	p.Expect("<")
	storage := p.Type()
	p.Expect(":")
	expressed := p.Type()
	p.Expect(",")
	scale := parseDouble(p)
	p.Expect(":")
	zero := p.ExpectInt64("a zero point")
	p.Expect(",")
	lo := p.ExpectInt64("a storage minimum")
	p.Expect(":")
	hi := p.ExpectInt64("a storage maximum")
	p.Expect(",")
	flags := p.ExpectUint64("flags")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if flags > math.MaxUint32 {
		p.Errorf("flags %d do not fit 32 bits", flags)
		return nil
	}
	return GetUniformQuantizedV1Type(p.Context(), uint32(flags), storage, expressed, scale, zero, lo, hi)
}

func printQuantText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedV1Type)
	pr.Write("<")
	pr.Value(t.StorageType())
	pr.Write(":")
	pr.Value(t.ExpressedType())
	pr.Write(", ")
	printDouble(pr, t.ScaleBits())
	pr.Write(":")
	pr.Int(t.ZeroPoint())
	pr.Write(", ")
	pr.Int(t.StorageTypeMin())
	pr.Write(":")
	pr.Int(t.StorageTypeMax())
	pr.Write(", ")
	pr.Uint(uint64(t.Flags()))
	pr.Write(">")
}

// parseQuantPerAxisText and printQuantPerAxisText:
// <!vhlo.i8_v1:!vhlo.f32_v1, 0, [3.400000e+01, …], [16, …], -128:127, 1>.
func parseQuantPerAxisText(p *asmformat.Parser) any {
	p.Expect("<")
	storage := p.Type()
	p.Expect(":")
	expressed := p.Type()
	p.Expect(",")
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
	p.Expect(",")
	lo := p.ExpectInt64("a storage minimum")
	p.Expect(":")
	hi := p.ExpectInt64("a storage maximum")
	p.Expect(",")
	flags := p.ExpectUint64("flags")
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	if flags > math.MaxUint32 || dim < math.MinInt32 || dim > math.MaxInt32 {
		p.Errorf("flags or quantized dimension out of range")
		return nil
	}
	return GetUniformQuantizedPerAxisV1Type(p.Context(), uint32(flags), storage, expressed, int32(dim), scales, zeros, lo, hi)
}

func printQuantPerAxisText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedPerAxisV1Type)
	pr.Write("<")
	pr.Value(t.StorageType())
	pr.Write(":")
	pr.Value(t.ExpressedType())
	pr.Write(", ")
	pr.Int(int64(t.QuantizedDimension()))
	pr.Write(", [")
	for i, s := range t.ScalesBits() {
		if i > 0 {
			pr.Write(", ")
		}
		printDouble(pr, s)
	}
	pr.Write("], [")
	for i, z := range t.ZeroPoints() {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Int(z)
	}
	pr.Write("], ")
	pr.Int(t.StorageTypeMin())
	pr.Write(":")
	pr.Int(t.StorageTypeMax())
	pr.Write(", ")
	pr.Uint(uint64(t.Flags()))
	pr.Write(">")
}
