package cudatile

import (
	"crypto/sha256"
	"math"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// Text forms for dumps, in the notation of the shared test vectors:
// tile<2x4xf32>, ptr<f64>, tensor_view<1024x512xf64, strides=[512,1]>,
// partition_view<tile=(256x256), tensor_view<…>, dim_map=[0, 1]>.

func dims(shape []int64, sep string) string {
	var b strings.Builder
	for i, d := range shape {
		if i > 0 {
			b.WriteString(sep)
		}
		if d == math.MinInt64 {
			b.WriteByte('?')
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
	}
	return b.String()
}

func dims32(shape []int32, sep string) string {
	s := make([]int64, len(shape))
	for i, d := range shape {
		s[i] = int64(d)
	}
	return dims(s, sep)
}

func typeText(t tileir.Type) string {
	if t == nil {
		return "<nil>"
	}
	return t.String()
}

func printPointer(t *PointerType) string { return "ptr<" + typeText(t.Pointee) + ">" }

func printTile(t *TileType) string {
	if len(t.Shape) == 0 {
		return "tile<" + typeText(t.Element) + ">"
	}
	return "tile<" + dims(t.Shape, "x") + "x" + typeText(t.Element) + ">"
}

func printTensorView(t *TensorViewType) string {
	shape := ""
	if len(t.Shape) > 0 {
		shape = dims(t.Shape, "x") + "x"
	}
	return "tensor_view<" + shape + typeText(t.Element) + ", strides=[" + dims(t.Strides, ",") + "]>"
}

func padding(p *PaddingValue) string {
	if p == nil {
		return ""
	}
	return ", padding_value = " + p.String()
}

func printPartitionView(t *PartitionViewType) string {
	return "partition_view<tile=(" + dims32(t.TileShape, "x") + ")" + padding(t.PaddingValue) + ", " +
		typeText(t.TensorView) + ", dim_map=[" + dims32(t.DimMap, ", ") + "]>"
}

func printGatherScatterView(t *GatherScatterViewType) string {
	return "gather_scatter_view<tile=(" + dims32(t.TileShape, "x") + ")" + padding(t.PaddingValue) + ", " +
		typeText(t.TensorView) + ", sparse_dim=" + strconv.FormatUint(uint64(t.SparseDim), 10) + ">"
}

func printStridedView(t *StridedViewType) string {
	return "strided_view<tile=(" + dims32(t.TileShape, "x") + "), traversal_strides=[" + dims32(t.TraversalStrides, ", ") + "]" +
		padding(t.PaddingValue) + ", " + typeText(t.TensorView) + ", dim_map=[" + dims32(t.DimMap, ", ") + "]>"
}

func typeList(ts []tileir.Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = typeText(t)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

func printFunction(t *FunctionType) string { return typeList(t.Inputs) + " -> " + typeList(t.Results) }

func printInteger(a *IntegerAttr) string {
	if w := intWidth(a.Type); w > 0 && w < 64 && a.Value>>(w-1)&1 == 1 {
		// Print negative values of signless integers as such.
		return strconv.FormatInt(int64(a.Value|^(1<<w-1)), 10) + " : " + typeText(a.Type)
	}
	return strconv.FormatUint(a.Value, 10) + " : " + typeText(a.Type)
}

func printFloat(a *FloatAttr) string {
	switch a.Type.(type) {
	case *Float32Type:
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(a.Bits))), 'g', -1, 32) + " : f32"
	case *Float64Type:
		return strconv.FormatFloat(math.Float64frombits(a.Bits), 'g', -1, 64) + " : f64"
	}
	return "0x" + strconv.FormatUint(a.Bits, 16) + " : " + typeText(a.Type)
}

func printBool(a *BoolAttr) string     { return strconv.FormatBool(a.Value) }
func printTypeAttr(a *TypeAttr) string { return typeText(a.Value) }
func printString(a *StringAttr) string { return strconv.Quote(a.Value) }
func printArray(a *ArrayAttr) string   { return tileir.FormatAttrs(a.Elements) }
func printSameElements(a *SameElementsAttr) string {
	return "same_elements<" + tileir.FormatInts(a.Values) + ">"
}

func printDenseElements(a *DenseElementsAttr) string {
	return "dense<" + formatDense(tileir.Dense{Type: a.Type, Data: a.Data}) + "> : " + typeText(a.Type)
}

func printDivBy(a *DivByAttr) string {
	s := "div_by<" + strconv.FormatUint(a.Divisor, 10)
	if a.Every != nil {
		s += ", every " + strconv.FormatInt(*a.Every, 10)
	}
	if a.Along != nil {
		s += " along " + strconv.FormatInt(*a.Along, 10)
	}
	return s + ">"
}

func printBounded(a *BoundedAttr) string {
	b := func(p *int64) string {
		if p == nil {
			return "?"
		}
		return strconv.FormatInt(*p, 10)
	}
	return "bounded<" + b(a.Lb) + ", " + b(a.Ub) + ">"
}

func entries(es []NamedAttr) string {
	s := make([]string, len(es))
	for i, e := range es {
		v := "<nil>"
		if e.Value != nil {
			v = e.Value.String()
		}
		s[i] = e.Name + " = " + v
	}
	return "{" + strings.Join(s, ", ") + "}"
}

func printDictionary(a *DictionaryAttr) string { return entries(a.Entries) }
func printOptimizationHints(a *OptimizationHintsAttr) string {
	return "optimization_hints<" + entries(a.Entries) + ">"
}

// intWidth is the width of an integer type, 0 for other types.
func intWidth(t tileir.Type) uint {
	switch t.(type) {
	case *Int1Type:
		return 1
	case *Int4Type:
		return 4
	case *Int8Type:
		return 8
	case *Int16Type:
		return 16
	case *Int32Type:
		return 32
	case *Int64Type:
		return 64
	}
	return 0
}

// floatWidth is APFloat's size in bits of a float type (tf32 is 19), 0
// for other types.
func floatWidth(t tileir.Type) uint {
	switch t.(type) {
	case *Float4E2M1FNType:
		return 4
	case *Float8E4M3FNType, *Float8E5M2Type, *Float8E8M0FNUType:
		return 8
	case *Float16Type, *BFloat16Type:
		return 16
	case *TFloat32Type:
		return 19
	case *Float32Type:
		return 32
	case *Float64Type:
		return 64
	}
	return 0
}

// elemBytes is the storage of one dense element: ceil(bits/8).
func elemBytes(t tileir.Type) int {
	if w := intWidth(t); w > 0 {
		return int(w+7) / 8
	}
	return int(floatWidth(t)+7) / 8
}

// Dense values of more than denseElide elements (bytes, for hex) print
// elided: the first denseShown, then the count, the size and the first 8
// bytes of the SHA-256 of the raw buffer, e.g.
//
//	[1, 2, 3, 4, 5, 6, 7, 8, ... 16384 elements, 65536 bytes, sha256 5f70bf18a0860070]
//
// A dump of a module whose large constant is used many times stays in
// proportion to the module, and different buffers still print differently.
const (
	denseElide = 64
	denseShown = 8
)

// formatDense prints a dense buffer as its elements when the type is a
// tile of integers or f32/f64, otherwise as hex.
func formatDense(v tileir.Dense) string {
	tt, ok := v.Type.(*TileType)
	if !ok {
		return hexDense(v.Data)
	}
	n, w := elemBytes(tt.Element), intWidth(tt.Element)
	_, f32 := tt.Element.(*Float32Type)
	_, f64 := tt.Element.(*Float64Type)
	if n == 0 || len(v.Data)%n != 0 || w == 1 || w == 0 && !f32 && !f64 {
		return hexDense(v.Data)
	}
	count := len(v.Data) / n
	var out []string
	for i := 0; i < count && (count <= denseElide || i < denseShown); i++ {
		var u uint64
		for k := n - 1; k >= 0; k-- {
			u = u<<8 | uint64(v.Data[i*n+k])
		}
		switch {
		case f32:
			out = append(out, strconv.FormatFloat(float64(math.Float32frombits(uint32(u))), 'g', -1, 32))
		case f64:
			out = append(out, strconv.FormatFloat(math.Float64frombits(u), 'g', -1, 64))
		default:
			bits := uint(n * 8)
			out = append(out, strconv.FormatInt(int64(u<<(64-bits))>>(64-bits), 10))
		}
	}
	if count > denseElide {
		out = append(out, "... "+strconv.Itoa(count)+" elements, "+elided(v.Data))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

func hexDense(b []byte) string {
	if len(b) > denseElide {
		return "0x" + hex(b[:denseShown]) + "... " + elided(b)
	}
	return "0x" + hex(b)
}

func elided(b []byte) string {
	sum := sha256.Sum256(b)
	return strconv.Itoa(len(b)) + " bytes, sha256 " + strings.ToLower(hex(sum[:8]))
}

func hex(b []byte) string {
	const digits = "0123456789ABCDEF"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

// Custom field codecs named in head.yaml.in.

// readIntValue reads an integer attribute's value: one byte for i1, else
// an unsigned varint that must fit the type's width.
func readIntValue(d *tileir.Decoder, t tileir.Type) (uint64, error) {
	w := intWidth(t)
	switch {
	case w == 0:
		return 0, d.Invalid("an integer type for an integer attribute, not %s", typeText(t))
	case w == 1:
		b, err := d.Byte("an i1 value")
		if b != 0 {
			return 1, err
		}
		return 0, err
	}
	v, err := d.ULEB128("an integer value")
	if err == nil && w < 64 && v>>w != 0 {
		return 0, d.Invalid("an integer of %d bits (value %d does not fit)", w, v)
	}
	return v, err
}

func writeIntValue(e *tileir.Encoder, v uint64, t tileir.Type) error {
	w := intWidth(t)
	switch {
	case w == 0:
		return errInvalid("an integer attribute needs an integer type, not " + typeText(t))
	case w == 1:
		e.Byte(byte(v & 1))
		return nil
	case w < 64 && v>>w != 0:
		return errInvalid("value " + strconv.FormatUint(v, 10) + " does not fit " + typeText(t))
	}
	e.ULEB128(v)
	return nil
}

// readFloatBits reads a float's bit pattern: one raw byte for formats of
// at most 8 bits, else a signed varint of the pattern.
func readFloatBits(d *tileir.Decoder, t tileir.Type) (uint64, error) {
	w := floatWidth(t)
	switch {
	case w == 0:
		return 0, d.Invalid("a float type for a float attribute, not %s", typeText(t))
	case w <= 8:
		b, err := d.Byte("a float value")
		if err == nil && w < 8 && b>>w != 0 {
			return 0, d.Invalid("a %d-bit float pattern, not 0x%X", w, b)
		}
		return uint64(b), err
	}
	v, err := d.SLEB128("a float value")
	if err == nil && w < 64 && (v < 0 || uint64(v)>>w != 0) {
		return 0, d.Invalid("a %d-bit float pattern, not %d", w, v)
	}
	return uint64(v), err
}

func writeFloatBits(e *tileir.Encoder, bits uint64, t tileir.Type) error {
	w := floatWidth(t)
	switch {
	case w == 0:
		return errInvalid("a float attribute needs a float type, not " + typeText(t))
	case w < 64 && bits>>w != 0:
		return errInvalid("bit pattern does not fit " + typeText(t))
	case w <= 8:
		e.Byte(byte(bits))
	default:
		e.SLEB128(int64(bits))
	}
	return nil
}

// readEntries reads a dictionary body: count, then (non-empty unique key,
// self-contained value) pairs.
func readEntries(d *tileir.Decoder) ([]NamedAttr, error) {
	n, err := d.Count(2, "dictionary entries")
	if err != nil {
		return nil, err
	}
	out := make([]NamedAttr, n)
	seen := make(map[string]bool, n)
	for i := range out {
		k, err := d.String("a dictionary key")
		if err != nil {
			return nil, err
		}
		if k == "" {
			return nil, d.Invalid("a non-empty key: invalid empty attribute name for DictionaryAttr element %d", i)
		}
		if seen[k] {
			return nil, d.Invalid("unique keys: failed to parse DictionaryAttr, duplicate key found: %s", k)
		}
		seen[k] = true
		v, err := d.Attr("the value of dictionary key " + strconv.Quote(k))
		if err != nil {
			return nil, err
		}
		out[i] = NamedAttr{Name: k, Value: v}
	}
	return out, nil
}

func writeEntries(e *tileir.Encoder, es []NamedAttr) error {
	e.ULEB128(uint64(len(es)))
	seen := make(map[string]bool, len(es))
	for i, x := range es {
		if x.Name == "" {
			return errInvalid("dictionary entry " + strconv.Itoa(i) + " has an empty name")
		}
		if seen[x.Name] {
			return errInvalid("dictionary key " + strconv.Quote(x.Name) + " appears twice")
		}
		seen[x.Name] = true
		e.String(x.Name)
		if err := e.Attr(x.Value); err != nil {
			return err
		}
	}
	return nil
}

type errInvalid string

func (e errInvalid) Error() string { return string(e) }

// checkDense accepts what upstream's isValidRawBuffer does: a tile of
// integers or floats whose buffer holds every element or one (a splat).
// i1 buffers may be bit-packed (MLIR before LLVM PR #180397) or a byte per
// element (after it).
func checkDense(v tileir.Dense) error {
	tt, ok := v.Type.(*TileType)
	if !ok {
		return errInvalid("expected a tile of integers or floats, got " + typeText(v.Type))
	}
	n := elemBytes(tt.Element)
	if n == 0 {
		return errInvalid("expected a tile of integers or floats, got " + typeText(v.Type))
	}
	count := int64(1)
	for _, d := range tt.Shape {
		if d < 0 || d > 1<<40 || count > (1<<40)/max(d, 1) {
			return errInvalid("a dense value needs a static shape, got " + typeText(v.Type))
		}
		count *= d
	}
	size := int64(len(v.Data))
	if size == int64(n) || size == count*int64(n) {
		return nil
	}
	if intWidth(tt.Element) == 1 && size == (count+7)/8 {
		return nil
	}
	return errInvalid("a buffer of " + strconv.FormatInt(size, 10) + " bytes does not fit " + typeText(v.Type))
}
