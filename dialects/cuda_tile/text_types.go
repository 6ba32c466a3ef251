package cudatile

import (
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// The syntax of types, as cuda-tile's Types.cpp prints and parses it.
// cuda_tile types print short (tile<4xf32>) through printCudaTileType, the
// custom directive every format uses, and qualified (!cuda_tile.tile<…>)
// where MLIR's own printer would print them; element types are builtin
// (f32, i1).

// elementNames are the keywords of the element types.
var elementNames = map[string]func() tileir.Type{
	"i1": func() tileir.Type { return &Int1Type{} }, "i4": func() tileir.Type { return &Int4Type{} },
	"i8": func() tileir.Type { return &Int8Type{} }, "i16": func() tileir.Type { return &Int16Type{} },
	"i32": func() tileir.Type { return &Int32Type{} }, "i64": func() tileir.Type { return &Int64Type{} },
	"f16": func() tileir.Type { return &Float16Type{} }, "bf16": func() tileir.Type { return &BFloat16Type{} },
	"f32": func() tileir.Type { return &Float32Type{} }, "tf32": func() tileir.Type { return &TFloat32Type{} },
	"f64": func() tileir.Type { return &Float64Type{} }, "f8E4M3FN": func() tileir.Type { return &Float8E4M3FNType{} },
	"f8E5M2": func() tileir.Type { return &Float8E5M2Type{} }, "f8E8M0FNU": func() tileir.Type { return &Float8E8M0FNUType{} },
	"f4E2M1FN": func() tileir.Type { return &Float4E2M1FNType{} },
}

// isElement reports whether t is a builtin element type.
func isElement(t tileir.Type) bool { return intWidth(t) > 0 || floatWidth(t) > 0 }

// printType prints a type in its full form: !cuda_tile.tile<…>, f32.
func printType(p *tileir.Printer, t tileir.Type) {
	if f, ok := t.(*FunctionType); ok {
		printFunctionType(p, f)
		return
	}
	if !isElement(t) {
		p.Write("!cuda_tile.")
	}
	printShort(p, t)
}

// printFunctionType prints a builtin function type: (a, b) -> c,
// (a) -> (b, c).
func printFunctionType(p *tileir.Printer, f *FunctionType) {
	p.Byte('(')
	for i, t := range f.Inputs {
		if i > 0 {
			p.Write(", ")
		}
		printType(p, t)
	}
	p.Write(") -> ")
	if len(f.Results) == 1 {
		if _, fn := f.Results[0].(*FunctionType); !fn {
			printType(p, f.Results[0])
			return
		}
	}
	p.Byte('(')
	for i, t := range f.Results {
		if i > 0 {
			p.Write(", ")
		}
		printType(p, t)
	}
	p.Byte(')')
}

// printShort prints a cuda_tile type without the dialect prefix, other
// types in full (printCudaTileType).
func printShort(p *tileir.Printer, t tileir.Type) {
	switch t := t.(type) {
	case nil:
		p.Write("<<NULL TYPE>>")
	case *TileType:
		p.Write("tile<")
		printShapeAndElem(p, t.Shape, t.Element)
		p.Byte('>')
	case *PointerType:
		p.Write(t.Mnemonic())
		t.PrintBody(p)
	case *TokenType:
		p.Write("token")
	case *TensorViewType:
		p.Write("tensor_view<")
		printShapeAndElem(p, t.Shape, t.Element)
		if len(t.Shape) > 0 {
			p.Write(", strides=[")
			for i, s := range t.Strides {
				if i > 0 {
					p.Byte(',')
				}
				printDim(p, s)
			}
			p.Byte(']')
		}
		p.Byte('>')
	case *PartitionViewType:
		p.Write("partition_view<")
		printTileShape(p, t.TileShape)
		p.Write(", ")
		printPadding(p, t.PaddingValue)
		printShort(p, t.TensorView)
		printDimMap(p, t.DimMap)
		p.Byte('>')
	case *StridedViewType:
		p.Write("strided_view<")
		printTileShape(p, t.TileShape)
		p.Write(", traversal_strides=[")
		for i, s := range t.TraversalStrides {
			if i > 0 {
				p.Byte(',')
			}
			p.Int(int64(s))
		}
		p.Write("], ")
		printPadding(p, t.PaddingValue)
		printShort(p, t.TensorView)
		printDimMap(p, t.DimMap)
		p.Byte('>')
	case *GatherScatterViewType:
		p.Write("gather_scatter_view<")
		printTileShape(p, t.TileShape)
		p.Write(", ")
		printPadding(p, t.PaddingValue)
		printShort(p, t.TensorView)
		p.Write(", sparse_dim=")
		p.Uint(uint64(t.SparseDim))
		p.Byte('>')
	case *FunctionType:
		printFunctionType(p, t)
	default:
		p.Write(t.String())
	}
}

func printDim(p *tileir.Printer, d int64) {
	if d == asm.Dynamic {
		p.Byte('?')
	} else {
		p.Int(d)
	}
}

// printShapeAndElem prints 8x16xf32.
func printShapeAndElem(p *tileir.Printer, shape []int64, elem tileir.Type) {
	for _, d := range shape {
		printDim(p, d)
		p.Byte('x')
	}
	printShort(p, elem)
}

func printTileShape(p *tileir.Printer, shape []int32) {
	p.Write("tile=(")
	for i, d := range shape {
		if i > 0 {
			p.Byte('x')
		}
		p.Int(int64(d))
	}
	p.Byte(')')
}

func printPadding(p *tileir.Printer, v *PaddingValue) {
	if v != nil {
		p.Write("padding_value = ")
		p.Write(v.String())
		p.Write(", ")
	}
}

// printDimMap prints ", dim_map=[1, 0]" unless the map is the identity.
func printDimMap(p *tileir.Printer, m []int32) {
	identity := true
	for i, d := range m {
		identity = identity && int(d) == i
	}
	if identity {
		return
	}
	p.Write(", dim_map=[")
	for i, d := range m {
		if i > 0 {
			p.Write(", ")
		}
		p.Int(int64(d))
	}
	p.Byte(']')
}

// printCudaTileType is custom<CudaTileType>(type($x)).
func printCudaTileType(p *tileir.Printer, _ tileir.Op, t tileir.Type) { printShort(p, t) }

// printCudaTileTypeList is custom<CudaTileType>(type($xs)): types
// separated by ", ".
func printCudaTileTypeList(p *tileir.Printer, _ tileir.Op, ts []tileir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.Write(", ")
		}
		printShort(p, t)
	}
}

// parseType parses a type in MLIR's syntax: a builtin element type, a
// builtin function type or !cuda_tile.<mnemonic><…>.
func parseType(p *tileir.Parser) tileir.Type {
	t := p.Tok()
	switch {
	case t.Kind == asm.BareIdent:
		if f := elementNames[t.Text]; f != nil {
			p.Next()
			return f()
		}
	case t.Kind == asm.BangIdent:
		name, ok := cutPrefix(t.Text, "!cuda_tile.")
		if !ok {
			p.Errorf("undefined symbol alias id '%s'", t.Text[1:])
			return nil
		}
		p.Next()
		return parseMnemonic(p, name, t)
	case t.Is("("):
		return parseFunctionType(p)
	}
	p.Errorf("expected type, got %s", p.Describe())
	return nil
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

// parseFunctionType parses (a, b) -> c or (a) -> (b, c).
func parseFunctionType(p *tileir.Parser) tileir.Type {
	f := &FunctionType{}
	p.Expect("(")
	p.List(")", func() { f.Inputs = append(f.Inputs, parseType(p)) })
	p.Expect(")")
	p.Expect("->")
	if p.Optional("(") {
		p.List(")", func() { f.Results = append(f.Results, parseType(p)) })
		p.Expect(")")
	} else {
		f.Results = []tileir.Type{parseType(p)}
	}
	return f
}

// parseCudaTileType is custom<CudaTileType>(type($x)): the keyword token,
// any full type, or a cuda_tile type without its prefix.
func parseCudaTileType(p *tileir.Parser, dst *tileir.Type) { *dst = parseShortType(p) }

// parseCudaTileTypeList parses one or more types separated by commas.
func parseCudaTileTypeList(p *tileir.Parser, dst *[]tileir.Type) {
	var ts []tileir.Type
	p.List("", func() { ts = append(ts, parseShortType(p)) })
	*dst = ts
}

func parseShortType(p *tileir.Parser) tileir.Type {
	t := p.Tok()
	if t.Kind == asm.BareIdent {
		switch t.Text {
		case "tile", "ptr", "tensor_view", "partition_view", "strided_view", "gather_scatter_view", "token":
			p.Next()
			return parseMnemonic(p, t.Text, t)
		}
		if elementNames[t.Text] == nil {
			p.Errorf("unknown type: %s", t.Text)
			return nil
		}
	}
	return parseType(p)
}

// parseMnemonic parses the body of a cuda_tile type after its mnemonic.
func parseMnemonic(p *tileir.Parser, name string, at asm.Token) tileir.Type {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	switch name {
	case "token":
		return &TokenType{}
	case "ptr":
		return parsePointerTypeBody(p)
	case "tile":
		p.Expect("<")
		t := &TileType{Shape: p.DimensionList(false, true), Element: parseShortType(p)}
		p.Expect(">")
		if !p.Failed() && t.Shape == nil {
			t.Shape = []int64{}
		}
		return t
	case "tensor_view":
		p.Expect("<")
		t := &TensorViewType{Shape: p.DimensionList(true, true), Element: parseShortType(p)}
		if len(t.Shape) == 0 {
			if p.Optional(",") {
				if p.Is("strides") {
					p.Errorf("strides must not be provided for 0-d tiles")
				} else {
					p.Errorf("unexpected token after element type in 0-d tensor_view")
				}
			}
			t.Strides = []int64{}
		} else {
			if !p.Optional(",") {
				p.Errorf("expected 'strides'")
				return nil
			}
			p.Expect("strides")
			p.Expect("=")
			p.Expect("[")
			p.List("", func() {
				if p.Optional("?") {
					t.Strides = append(t.Strides, asm.Dynamic)
					return
				}
				off := p.Offset()
				l, ok := p.OptionalInt()
				if !ok {
					p.Errorf("expected either 64-bit integer or question mark")
					return
				}
				v, ok := l.Int64()
				if !ok || v <= 0 {
					p.ErrorAt(off, "expected strictly positive integer, got %v", l.Mag)
					return
				}
				t.Strides = append(t.Strides, v)
			})
			p.Expect("]")
		}
		p.Expect(">")
		return t
	case "partition_view", "strided_view", "gather_scatter_view":
		p.Expect("<")
		shape := parseTileShape(p)
		p.Expect(",")
		var strides []int32
		if name == "strided_view" {
			p.Expect("traversal_strides")
			p.Expect("=")
			p.Expect("[")
			p.List("", func() { strides = append(strides, int32Of(p)) })
			p.Expect("]")
			p.Expect(",")
		}
		var pad *PaddingValue
		if p.Optional("padding_value") {
			p.Expect("=")
			kw := p.Tok()
			if k, ok := p.Keyword(); ok {
				v, ok := tileir.EnumFromText[PaddingValue](k)
				if !ok {
					p.ErrorAt(kw.Off, "invalid padding_value attribute specification. Got \"%s\" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf", k)
				}
				pad = &v
			} else {
				p.Errorf("expected keyword")
			}
			p.Expect(",")
		}
		tv := parseShortType(p)
		if _, ok := tv.(*TensorViewType); !ok && !p.Failed() {
			p.Errorf("expected 'tensor_view' type, but got %s", typeText(tv))
			return nil
		}
		if name == "gather_scatter_view" {
			p.Expect(",")
			p.Expect("sparse_dim")
			p.Expect("=")
			off := p.Offset()
			d := p.ExpectUint64("an integer")
			if d > 0xFFFFFFFF {
				p.ErrorAt(off, "integer value too large")
			}
			p.Expect(">")
			return &GatherScatterViewType{TileShape: shape, TensorView: tv, SparseDim: uint32(d), PaddingValue: pad}
		}
		dimMap := make([]int32, len(shape))
		for i := range dimMap {
			dimMap[i] = int32(i)
		}
		if p.Optional(",") {
			p.Expect("dim_map")
			p.Expect("=")
			p.Expect("[")
			dimMap = []int32{}
			p.List("]", func() { dimMap = append(dimMap, int32Of(p)) })
			p.Expect("]")
		}
		p.Expect(">")
		if name == "strided_view" {
			return &StridedViewType{TileShape: shape, TraversalStrides: strides, TensorView: tv, DimMap: dimMap, PaddingValue: pad}
		}
		return &PartitionViewType{TileShape: shape, TensorView: tv, DimMap: dimMap, PaddingValue: pad}
	}
	p.ErrorAt(at.Off, "unknown type: %s", name)
	return nil
}

func int32Of(p *tileir.Parser) int32 {
	off := p.Offset()
	v := p.ExpectInt64("an integer")
	if int64(int32(v)) != v {
		p.ErrorAt(off, "integer value too large")
	}
	return int32(v)
}

// parseTileShape parses tile=(4x8).
func parseTileShape(p *tileir.Parser) []int32 {
	p.Expect("tile")
	p.Expect("=")
	off := p.Offset()
	p.Expect("(")
	dims := p.DimensionList(false, false)
	p.Expect(")")
	out := make([]int32, len(dims))
	for i, v := range dims {
		if v <= 0 || v > 0x7FFFFFFF {
			p.ErrorAt(off, "tile dimension %d exceeds i32 limitations (got %d, expected strictly positive and less than or equal to 2147483647)", i, v)
			return nil
		}
		out[i] = int32(v)
	}
	return out
}

// typeKey identifies a type by value (types are not uniqued in memory).
func typeKey(t tileir.Type) string {
	if t == nil {
		return ""
	}
	return t.String()
}
