package quant

import (
	"fmt"
	"math"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text forms of quant's types, which QuantDialect reads and prints in
// C++ (the same in LLVM 19 and 22; 22 adds the sub-channel form):
//
//	!quant.any<i8<-8:7>:f32>
//	!quant.calibrated<f32<-0.998:1.232100e+00>>
//	!quant.uniform<u8<1:200>:f32, 2.000000e-02:128>
//	!quant.uniform<i8:f32:1, {2.000000e+02:120,9.987200e-01}>
//	!quant.uniform<u8:f32:{0:1, 1:2}, {{2.000000e+00:120, 3.000000e+00}, {…}}>
//
// The storage type is i or u and the width (the flags' Signed bit says
// which; the type itself is signless), followed by its range when that
// is not the width's full range. Scales, and calibrated ranges, are
// doubles printed as MLIR prints floats; zero points print when not 0.

// signedFlag is QuantizationFlags::Signed.
const signedFlag = 1

// maxStorageBits bounds a storage type's width (QuantizedType::MaxStorageBits).
const maxStorageBits = 32

// maxElements bounds the parameters of a sub-channel type that print: a
// splat's shape is not bounded by its data.
const maxElements = 1 << 20

// quantized is what every quant type but the calibrated one has.
type quantized struct {
	flags        uint64
	storage      ir.Type
	expressed    ir.Type // nil only for !quant.any without one
	storMin      int64
	storMax      int64
	storageWidth uint32
}

// uniformText is a parsed !quant.uniform body, whichever of its forms.
type uniformText struct {
	quantized
	perAxis, subChannel bool
	axis                uint64
	dims, blocks        []int64
	scales              []uint64 // double bits
	zeroPoints          []int64
	shape               []int64 // of a sub-channel's parameters
}

// defaultRange is the full range of a storage width.
func defaultRange(signed bool, width uint32) (lo, hi int64) {
	if signed {
		return -int64(uint64(1) << (width - 1)), int64(uint64(1)<<(width-1) - 1)
	}
	return 0, int64(uint64(1)<<width - 1)
}

// parseStorage reads a storage type (i8, u16) and its optional range.
func parseStorage(p *asmformat.Parser) (q quantized, ok bool) {
	at := p.Offset()
	kw, ok := p.Keyword()
	if !ok || len(kw) < 2 || kw[0] != 'i' && kw[0] != 'u' {
		p.ErrorAt(at, "expected a storage type (i8, u8, …)")
		return q, false
	}
	var w uint64
	if _, err := fmt.Sscanf(kw[1:], "%d", &w); err != nil || fmt.Sprint(w) != kw[1:] || w == 0 || w > maxStorageBits {
		p.ErrorAt(at, "illegal storage type %q", kw)
		return q, false
	}
	q.storageWidth = uint32(w)
	if kw[0] == 'i' {
		q.flags = signedFlag
	}
	q.storage = builtin.GetIntType(p.Context(), q.storageWidth)
	q.storMin, q.storMax = defaultRange(kw[0] == 'i', q.storageWidth)
	if p.Optional("<") {
		q.storMin = p.ExpectInt64("a storage minimum")
		p.Expect(":")
		q.storMax = p.ExpectInt64("a storage maximum")
		p.Expect(">")
	}
	return q, !p.Failed()
}

// parseDouble reads a float as MLIR's parseFloat(double&) does: a decimal
// literal, or a hexadecimal integer holding a double's bits.
func parseDouble(p *asmformat.Parser) (uint64, bool) {
	if s, ok := p.FloatText(); ok {
		return asm.Float64.ParseDecimal(s)
	}
	at := p.Offset()
	if l, ok := p.OptionalInt(); ok && l.Hex && !l.Neg {
		if v, ok := l.Uint64(); ok {
			return v, true
		}
	}
	p.ErrorAt(at, "expected a floating point value")
	return 0, false
}

// parseScaleZero reads scale(:zero-point)?.
func parseScaleZero(p *asmformat.Parser, u *uniformText) {
	s, ok := parseDouble(p)
	if !ok {
		return
	}
	var z int64
	if p.Optional(":") {
		z = p.ExpectInt64("a zero point")
	}
	u.scales = append(u.scales, s)
	u.zeroPoints = append(u.zeroPoints, z)
}

// parseParamTensor reads the nested lists of a sub-channel type's
// parameters after their opening brace; it returns their shape.
func parseParamTensor(p *asmformat.Parser, u *uniformText) []int64 {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	var inner []int64
	n := int64(0)
	for {
		var dims []int64
		if p.Optional("{") {
			dims = parseParamTensor(p, u)
		} else {
			parseScaleZero(p, u)
		}
		if p.Failed() {
			return nil
		}
		if n > 0 && !equalDims(inner, dims) {
			p.Errorf("ranks are not consistent between elements")
			return nil
		}
		inner = dims
		n++
		if !p.Optional(",") {
			break
		}
	}
	p.Expect("}")
	return append([]int64{n}, inner...)
}

func equalDims(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func parseUniform(p *asmformat.Parser) *uniformText {
	u := &uniformText{}
	var ok bool
	if !p.Expect("<") {
		return nil
	}
	if u.quantized, ok = parseStorage(p); !ok {
		return nil
	}
	p.Expect(":")
	if u.expressed = p.Type(); u.expressed == nil || p.Failed() {
		return nil
	}
	if p.Optional(":") {
		if p.Optional("{") {
			u.subChannel = true
			if !p.Optional("}") {
				for {
					u.dims = append(u.dims, p.ExpectInt64("a quantized dimension"))
					p.Expect(":")
					u.blocks = append(u.blocks, p.ExpectInt64("a block size"))
					if p.Failed() || !p.Optional(",") {
						break
					}
				}
				p.Expect("}")
			}
		} else {
			u.perAxis = true
			u.axis = p.ExpectUint64("a quantized dimension")
		}
	}
	p.Expect(",")
	if p.Failed() {
		return nil
	}
	switch {
	case u.subChannel:
		p.Expect("{")
		u.shape = parseParamTensor(p, u)
	case u.perAxis:
		p.Expect("{")
		for {
			parseScaleZero(p, u)
			if p.Failed() || !p.Optional(",") {
				break
			}
		}
		p.Expect("}")
	default:
		parseScaleZero(p, u)
	}
	p.Expect(">")
	if p.Failed() {
		return nil
	}
	return u
}

func parseUniformQuantizedTypeText(p *asmformat.Parser) any {
	u := parseUniform(p)
	if u == nil || u.perAxis || u.subChannel {
		return nil
	}
	return GetUniformQuantizedType(p.Context(), u.flags, u.storage, u.expressed, int64(u.scales[0]), u.zeroPoints[0], u.storMin, u.storMax)
}

func parseUniformQuantizedPerAxisTypeText(p *asmformat.Parser) any {
	u := parseUniform(p)
	if u == nil || !u.perAxis {
		return nil
	}
	scales := make([]int64, len(u.scales))
	for i, s := range u.scales {
		scales[i] = int64(s)
	}
	return GetUniformQuantizedPerAxisType(p.Context(), u.flags, u.storage, u.expressed, u.axis, u.storMin, u.storMax, scales, u.zeroPoints)
}

func parseUniformQuantizedSubChannelTypeText(p *asmformat.Parser) any {
	u := parseUniform(p)
	if u == nil || !u.subChannel {
		return nil
	}
	ctx := p.Context()
	// The parameters are dense tensors of the expressed and the storage
	// type: scales rounded to the expressed type, zero points truncated
	// to the storage width (as APFloat::convert and APInt do).
	// i1 zero points are bit-packed, which is not modelled here.
	sem := floatSemantics(u.expressed)
	if sem == nil || sem.Bits > 64 || u.storageWidth < 2 {
		return nil
	}
	scales := make([]uint64, len(u.scales))
	for i, s := range u.scales {
		scales[i] = sem.FromFloat64(math.Float64frombits(s))
	}
	zeros := make([]uint64, len(u.zeroPoints))
	for i, z := range u.zeroPoints {
		zeros[i] = uint64(z)
	}
	sa := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, u.shape, u.expressed, nil), denseRaw(scales, int(sem.Bits)))
	za := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, u.shape, u.storage, nil), denseRaw(zeros, int(u.storageWidth)))
	return GetUniformQuantizedSubChannelType(ctx, u.flags, u.storage, u.expressed, u.storMin, u.storMax, u.dims, u.blocks, sa, za)
}

func parseAnyQuantizedTypeText(p *asmformat.Parser) any {
	if !p.Expect("<") {
		return nil
	}
	q, ok := parseStorage(p)
	if !ok {
		return nil
	}
	if p.Optional(":") {
		if q.expressed = p.Type(); q.expressed == nil {
			return nil
		}
	}
	if !p.Expect(">") {
		return nil
	}
	return GetAnyQuantizedType(p.Context(), q.flags, q.storage, q.expressed, q.storMin, q.storMax)
}

func parseCalibratedQuantizedTypeText(p *asmformat.Parser) any {
	if !p.Expect("<") {
		return nil
	}
	t := p.Type()
	if t == nil || !p.Expect("<") {
		return nil
	}
	lo, ok1 := parseDouble(p)
	p.Expect(":")
	hi, ok2 := parseDouble(p)
	p.Expect(">")
	p.Expect(">")
	if !ok1 || !ok2 || p.Failed() {
		return nil
	}
	return GetCalibratedQuantizedType(p.Context(), t, int64(lo), int64(hi))
}

// printStorage prints the storage type and its range where it is not the
// width's full range.
func printStorage(pr *asmformat.Printer, flags uint64, storage ir.Type, lo, hi int64) {
	it, ok := storage.(*builtin.IntegerType)
	if !ok || it.Width() == 0 || it.Width() > 64 {
		pr.Fail()
		return
	}
	signed := flags&signedFlag != 0
	if signed {
		pr.Write("i")
	} else {
		pr.Write("u")
	}
	pr.Uint(uint64(it.Width()))
	if dlo, dhi := defaultRange(signed, it.Width()); lo != dlo || hi != dhi {
		pr.Write("<")
		pr.Int(lo)
		pr.Write(":")
		pr.Int(hi)
		pr.Write(">")
	}
}

func printScaleZero(pr *asmformat.Printer, scale uint64, zero int64) {
	pr.Float(asm.Float64, scale)
	if zero != 0 {
		pr.Write(":")
		pr.Int(zero)
	}
}

func printAnyQuantizedTypeText(pr *asmformat.Printer, v any) {
	t := v.(*AnyQuantizedType)
	pr.Write("<")
	printStorage(pr, t.Flags(), t.StorageType(), t.StorageTypeMin(), t.StorageTypeMax())
	if e := t.ExpressedType(); e != nil {
		pr.Write(":")
		pr.Value(e)
	}
	pr.Write(">")
}

func printCalibratedQuantizedTypeText(pr *asmformat.Printer, v any) {
	t := v.(*CalibratedQuantizedType)
	pr.Write("<")
	pr.Value(t.ExpressedType())
	pr.Write("<")
	pr.Float(asm.Float64, uint64(t.Min()))
	pr.Write(":")
	pr.Float(asm.Float64, uint64(t.Max()))
	pr.Write(">>")
}

func printUniformQuantizedTypeText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedType)
	pr.Write("<")
	printStorage(pr, t.Flags(), t.StorageType(), t.StorageTypeMin(), t.StorageTypeMax())
	pr.Write(":")
	pr.Value(t.ExpressedType())
	pr.Write(", ")
	printScaleZero(pr, uint64(t.Scale()), t.ZeroPoint())
	pr.Write(">")
}

func printUniformQuantizedPerAxisTypeText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedPerAxisType)
	scales, zeros := t.Scales(), t.ZeroPoints()
	if len(scales) != len(zeros) {
		pr.Fail()
		return
	}
	pr.Write("<")
	printStorage(pr, t.Flags(), t.StorageType(), t.StorageTypeMin(), t.StorageTypeMax())
	pr.Write(":")
	pr.Value(t.ExpressedType())
	pr.Write(":")
	pr.Uint(t.QuantizedDimension())
	pr.Write(", {")
	for i := range scales {
		if i > 0 {
			pr.Write(",")
		}
		printScaleZero(pr, uint64(scales[i]), zeros[i])
	}
	pr.Write("}>")
}

func printUniformQuantizedSubChannelTypeText(pr *asmformat.Printer, v any) {
	t := v.(*UniformQuantizedSubChannelType)
	if r := pr.Release(); r != 0 && r < 22 {
		// LLVM 22 added the type: older releases cannot read its text.
		pr.Fail()
		return
	}
	dims, blocks := t.QuantizedDimensions(), t.BlockSizes()
	sa, ok1 := t.Scales().(*builtin.DenseIntOrFPElementsAttr)
	za, ok2 := t.ZeroPoints().(*builtin.DenseIntOrFPElementsAttr)
	if len(dims) != len(blocks) || !ok1 || !ok2 {
		pr.Fail()
		return
	}
	st, ok1 := sa.Type().(*builtin.RankedTensorType)
	zt, ok2 := za.Type().(*builtin.RankedTensorType)
	if !ok1 || !ok2 {
		pr.Fail()
		return
	}
	shape := st.Shape()
	n, static := builtin.NumElements(shape)
	sem := floatSemantics(st.ElementType())
	zi, isInt := zt.ElementType().(*builtin.IntegerType)
	if !static || n > maxElements || !equalDims(shape, zt.Shape()) || sem == nil || sem.Bits > 64 || !isInt || zi.Width() < 2 || zi.Width() > 64 {
		pr.Fail()
		return
	}
	scales, ok1 := denseValues(sa.RawData(), int(sem.Bits), n)
	zeros, ok2 := denseValues(za.RawData(), int(zi.Width()), n)
	if !ok1 || !ok2 {
		pr.Fail()
		return
	}
	pr.Write("<")
	printStorage(pr, t.Flags(), t.StorageType(), t.StorageTypeMin(), t.StorageTypeMax())
	pr.Write(":")
	pr.Value(t.ExpressedType())
	pr.Write(":{")
	for i := range dims {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Int(dims[i])
		pr.Write(":")
		pr.Int(blocks[i])
	}
	pr.Write("}, ")
	// The elements nest as the shape does: each innermost run in braces,
	// a brace closing wherever a dimension's count is reached.
	rank := len(shape)
	counter := make([]int64, rank)
	open := 0
	for i := range scales {
		if i > 0 {
			pr.Write(", ")
		}
		for ; open < rank; open++ {
			pr.Write("{")
		}
		pr.Float(sem, scales[i])
		if z := signExtend(zeros[i], int(zi.Width())); z != 0 {
			pr.Write(":")
			pr.Int(z)
		}
		counter[rank-1]++
		for d := rank - 1; d > 0; d-- {
			if counter[d] >= shape[d] {
				counter[d] = 0
				counter[d-1]++
				open--
				pr.Write("}")
			}
		}
	}
	for ; open > 0; open-- {
		pr.Write("}")
	}
	pr.Write(">")
}

// floatSemantics is the format of a float type, nil for other types.
func floatSemantics(t ir.Type) *asm.FloatSemantics {
	switch t.(type) {
	case *builtin.Float64Type:
		return asm.Float64
	case *builtin.Float32Type:
		return asm.Float32
	case *builtin.Float16Type:
		return asm.Float16
	case *builtin.BFloat16Type:
		return asm.BFloat16
	}
	if s, ok := t.(fmt.Stringer); ok && t.Dialect() == "builtin" {
		return asm.FloatFormats[s.String()]
	}
	return nil
}

// denseRaw is the raw data of dense elements of a width of 8 bits or
// more, each in whole little-endian bytes: one element when all are
// equal (MLIR keeps a splat so).
func denseRaw(vals []uint64, width int) []byte {
	size := (width + 7) / 8
	splat := len(vals) > 0
	for _, v := range vals {
		splat = splat && v&mask(width) == vals[0]&mask(width)
	}
	if splat {
		vals = vals[:1]
	}
	raw := make([]byte, 0, len(vals)*size)
	for _, v := range vals {
		for b := range size {
			raw = append(raw, byte(v>>(8*b)))
		}
	}
	return raw
}

// denseValues reads n elements of raw data (a splat holds one).
func denseValues(raw []byte, width int, n int64) ([]uint64, bool) {
	size := (width + 7) / 8
	switch {
	case len(raw) == size:
	case n > 0 && int64(len(raw)/size) == n && len(raw)%size == 0:
	default:
		return nil, false
	}
	out := make([]uint64, n)
	for i := range out {
		off := 0
		if len(raw) > size {
			off = i * size
		}
		var v uint64
		for b := size - 1; b >= 0; b-- {
			v = v<<8 | uint64(raw[off+b])
		}
		out[i] = v & mask(width)
	}
	return out, true
}

func mask(width int) uint64 {
	if width >= 64 {
		return math.MaxUint64
	}
	return 1<<width - 1
}

// signExtend reads the low width bits of v as a signed integer (APInt
// prints signed).
func signExtend(v uint64, width int) int64 {
	if width >= 64 {
		return int64(v)
	}
	shift := 64 - width
	return int64(v<<shift) >> shift
}
