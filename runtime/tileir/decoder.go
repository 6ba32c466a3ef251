package tileir

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// DefaultMaxNesting is the default of ReadOptions.MaxNesting and
// WriteOptions.MaxNesting: how deeply regions, types, attributes and
// debug-info entries may nest. Reader and writer apply the same rule, so
// what Write writes with a limit, Read reads with that limit; it keeps
// hostile input and deep IR built in memory from exhausting the stack.
const DefaultMaxNesting = 256

// nestingLimit is the limit an option asks for.
func nestingLimit(n int) int {
	if n <= 0 {
		return DefaultMaxNesting
	}
	return n
}

// Decoder reads function bodies, type entries and attributes for the
// generated codecs. It keeps the file's tables and the value numbering.
type Decoder struct {
	valueSlab []Value
	ptrSlab   []*Value
	slabs     []OpSlab // ops by opcode
	d         Dialect
	version   Version
	r         *wire.Reader

	strings stringTable
	types   typeTable
	consts  [][]byte

	values    []*Value // values in scope, by wire number
	maxOpcode uint64   // the dialect's largest opcode at the file's version
	depth     int      // regions and attributes being read
	typeDepth int      // type entries being read
	// typeHeight is the largest height (see typeTable) of the types the
	// type entry being read refers to.
	typeHeight int
	limit      int // of depth, typeDepth and heights
	debug      *debugCursor
	coder      Coder  // reused for every op (their Code calls do not nest)
	typeBuf    []Type // the result types of the op being read
	// tr is told what each byte range holds when a file is explained
	// (Explain); nil when it is only read. ops counts ops in pre-order.
	tr  wire.Tracer
	ops int
}

// span reports [start, current offset) as what: value, when explaining.
// Callers test d.tr first so that reading builds no strings.
func (d *Decoder) span(start int64, what label, value string) {
	d.tr.Span(start, d.r.Offset(), what.String()+": "+value)
}

// Version is the version of the file being read.
func (d *Decoder) Version() Version { return d.version }

// Dialect is the dialect the decoder dispatches to.
func (d *Decoder) Dialect() Dialect { return d.d }

// Errorf reports a problem at the current offset.
func (d *Decoder) Errorf(expected string, err error) error { return d.r.Errorf(expected, err) }

// Invalid reports malformed content at the current offset.
func (d *Decoder) Invalid(format string, args ...any) error {
	return d.r.Errorf(fmt.Sprintf(format, args...), wire.ErrInvalid)
}

// TooNew reports an element newer than the file's version.
func (d *Decoder) TooNew(what string, needs Version) error {
	return d.r.Errorf("", &wire.VersionError{What: what, Needs: needs.String(), Target: d.version.String(), Reading: true})
}

// label says what a read is for. Errors name it; the string is built
// only then, so that reads in the hot path do not allocate descriptions:
// prefix, then text, or "kind 'name' of 'op'".
type label struct {
	// prefixes go in front, outermost last (reads nest a few deep).
	prefixes       [3]string
	text           string
	kind, name, op string
}

func (l label) String() string {
	var p string
	for i := len(l.prefixes) - 1; i >= 0; i-- {
		p += l.prefixes[i]
	}
	switch {
	case l.kind != "": // attribute 'x' of 'op'
		return p + l.kind + " '" + l.name + "' of '" + l.op + "'"
	case l.name != "": // group x of op
		return p + l.name + " of " + l.op
	case l.op != "": // 'op'
		return p + "'" + l.op + "'"
	}
	return p + l.text
}

func text(what string) label { return label{text: what} }

// with returns l with prefix in front, without building the string.
func (l label) with(prefix string) label {
	for i := range l.prefixes {
		if l.prefixes[i] == "" {
			l.prefixes[i] = prefix
			return l
		}
	}
	l.prefixes[len(l.prefixes)-1] = prefix + l.prefixes[len(l.prefixes)-1]
	return l
}

// ULEB128 reads an unsigned LEB128 integer.
func (d *Decoder) ULEB128(what string) (uint64, error) { return d.uleb(text(what)) }

func (d *Decoder) uleb(what label) (uint64, error) {
	start := d.r.Offset()
	v, err := d.ulebQuiet(what)
	if err == nil && d.tr != nil {
		d.span(start, what, strconv.FormatUint(v, 10))
	}
	return v, err
}

// ulebQuiet reads a ULEB128 integer that its caller explains (an index,
// a count) with what it resolves to.
func (d *Decoder) ulebQuiet(what label) (uint64, error) {
	start := d.r.Offset()
	v, err := d.r.ULEB128()
	if err != nil {
		var we *wire.Error
		if errors.As(err, &we) {
			return 0, d.r.ErrorAt(start, what.String(), we.Err)
		}
	}
	return v, err
}

// SLEB128 reads a signed LEB128 integer.
func (d *Decoder) SLEB128(what string) (int64, error) {
	start := d.r.Offset()
	v, err := d.r.SLEB128()
	if err != nil {
		var we *wire.Error
		if errors.As(err, &we) {
			return 0, d.r.ErrorAt(start, what, we.Err)
		}
	}
	if err == nil && d.tr != nil {
		d.span(start, text(what), strconv.FormatInt(v, 10))
	}
	return v, err
}

// Byte reads one raw byte.
func (d *Decoder) Byte(what string) (byte, error) { return d.byteOf(text(what)) }

func (d *Decoder) byteOf(what label) (byte, error) {
	if d.r.Empty() {
		return 0, d.r.Errorf(what.String(), wire.ErrTruncated)
	}
	b, err := d.r.Byte()
	if err == nil && d.tr != nil {
		d.span(d.r.Offset()-1, what, fmt.Sprintf("0x%02x", b))
	}
	return b, err
}

// Bool reads a one-byte boolean (any non-zero byte is true).
func (d *Decoder) Bool(what string) (bool, error) {
	b, err := d.Byte(what)
	return b != 0, err
}

// Count reads an element count and rejects it unless that many elements
// of at least minElemSize bytes fit in what is left, so no allocation is
// ever sized by a lying count (as wire.Reader.Count does).
func (d *Decoder) Count(minElemSize int, what string) (int, error) {
	return d.count(minElemSize, text(what))
}

func (d *Decoder) count(minSize int, what label) (int, error) {
	start := d.r.Offset()
	n, err := d.ulebQuiet(what.with("a count of "))
	if err != nil {
		return 0, err
	}
	if d.tr != nil {
		d.span(start, what.with("the number of "), strconv.FormatUint(n, 10))
	}
	if minSize < 1 {
		minSize = 1
	}
	if n > uint64(d.r.Len()/minSize) {
		return 0, d.r.ErrorAt(start, "at most "+strconv.Itoa(d.r.Len()/minSize)+" "+what.String()+
			" in the "+strconv.Itoa(d.r.Len())+" bytes left, not "+strconv.FormatUint(n, 10), wire.ErrTruncated)
	}
	return int(n), nil
}

// Type reads a type index and returns the type.
func (d *Decoder) Type(what string) (Type, error) { return d.typ(text(what)) }

func (d *Decoder) typ(what label) (Type, error) {
	start := d.r.Offset()
	i, err := d.ulebQuiet(what.with("the type index of "))
	if err != nil {
		return nil, err
	}
	t, err := d.types.get(d, i)
	if err != nil {
		var we *wire.Error
		if !errors.As(err, &we) {
			err = d.r.ErrorAt(start, "the type index of "+what.String(), err)
		}
		return nil, err
	}
	if d.tr != nil {
		d.span(start, what.with("the type of "), fmt.Sprintf("type %d, %v", i, t))
	}
	return t, nil
}

// Types reads n type indices.
func (d *Decoder) Types(n int, what string) ([]Type, error) { return d.typeList(n, text(what)) }

func (d *Decoder) typeList(n int, what label) ([]Type, error) {
	if n == 0 {
		return nil, nil
	}
	if n > d.r.Len() {
		return nil, d.r.Errorf(strconv.Itoa(n)+" type indices of "+what.String(), wire.ErrTruncated)
	}
	out := make([]Type, n)
	for i := range out {
		t, err := d.typ(what)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// String reads a string index and returns the string.
func (d *Decoder) String(what string) (string, error) { return d.str(text(what)) }

func (d *Decoder) str(what label) (string, error) {
	start := d.r.Offset()
	i, err := d.ulebQuiet(what.with("the string index of "))
	if err != nil {
		return "", err
	}
	s, ok := d.strings.get(i)
	if !ok {
		return "", d.r.ErrorAt(start, fmt.Sprintf("a string index below %d for %s, not %d", d.strings.len(), what, i), wire.ErrInvalid)
	}
	if d.tr != nil {
		d.span(start, what, fmt.Sprintf("string %d, %q", i, s))
	}
	return s, nil
}

// Const reads a constant-pool index and returns the entry's raw bytes.
func (d *Decoder) Const(what string) ([]byte, error) { return d.constant(text(what)) }

func (d *Decoder) constant(what label) ([]byte, error) {
	start := d.r.Offset()
	i, err := d.ulebQuiet(what.with("the constant index of "))
	if err != nil {
		return nil, err
	}
	if i >= uint64(len(d.consts)) {
		return nil, d.r.ErrorAt(start, fmt.Sprintf("a constant index below %d for %s, not %d", len(d.consts), what, i), wire.ErrInvalid)
	}
	if d.tr != nil {
		d.span(start, what.with("the value of "), fmt.Sprintf("constant %d (%d bytes)", i, len(d.consts[i])))
	}
	return d.consts[i], nil
}

// Attr reads a self-contained attribute: tag, then payload.
func (d *Decoder) Attr(what string) (Attr, error) { return d.attr(text(what)) }

func (d *Decoder) attr(what label) (Attr, error) {
	begin := d.r.Offset()
	tag, err := d.uleb(what.with("the attribute tag of "))
	if err != nil {
		return nil, err
	}

	if d.depth >= d.limit {
		return nil, d.Invalid("attributes nested at most %d deep", d.limit)
	}
	start := d.r.Offset()
	d.depth++
	a, err := d.d.ReadAttr(d, tag)
	d.depth--
	if err != nil {
		var we *wire.Error
		if !errors.As(err, &we) {
			err = d.r.ErrorAt(start, "the payload of attribute tag "+strconv.FormatUint(tag, 10), err)
		}
	}
	if err == nil && d.tr != nil {
		d.span(begin, what, fmt.Sprint(a))
	}
	return a, err
}

// I32Array reads an i32[] (count, then little-endian words). MLIR's
// dynamic sentinels INT32_MIN and INT32_MAX are rejected, as upstream does.
func (d *Decoder) I32Array(what string) ([]int32, error) { return d.i32s(text(what)) }

func (d *Decoder) i32s(what label) (out []int32, err error) {
	if d.tr != nil {
		defer func() {
			if err == nil && len(out) > 0 {
				d.span(d.r.Offset()-4*int64(len(out)), what, fmt.Sprint(out))
			}
		}()
	}
	n, err := d.count(4, what.with("elements of "))
	if err != nil {
		return nil, err
	}
	out = make([]int32, n)
	for i := range out {
		v, _ := d.r.Int32()
		if v == math.MinInt32 || v == math.MaxInt32 {
			return nil, d.r.ErrorAt(d.r.Offset()-4, "an element of "+what.String(), fmt.Errorf("array contains unsupported value %d", v))
		}
		out[i] = v
	}
	return out, nil
}

// I64Array reads an i64[]; INT64_MIN and INT64_MAX are rejected. Dynamic
// sizes in types are not read with it (see I64ArrayRaw).
func (d *Decoder) I64Array(what string) ([]int64, error) { return d.i64s(text(what)) }

func (d *Decoder) i64s(what label) ([]int64, error) {
	out, err := d.i64sRaw(what)
	if err != nil {
		return nil, err
	}
	for i, v := range out {
		if v == math.MinInt64 || v == math.MaxInt64 {
			return nil, d.r.ErrorAt(d.r.Offset()-int64(8*(len(out)-i)), "an element of "+what.String(), fmt.Errorf("array contains unsupported value %d", v))
		}
	}
	return out, nil
}

// I64ArrayRaw reads an i64[] without checking values: shapes and strides
// use INT64_MIN for "dynamic".
func (d *Decoder) I64ArrayRaw(what string) ([]int64, error) { return d.i64sRaw(text(what)) }

func (d *Decoder) i64sRaw(what label) ([]int64, error) {
	n, err := d.count(8, what.with("elements of "))
	if err != nil {
		return nil, err
	}
	out := make([]int64, n)
	for i := range out {
		out[i], _ = d.r.Int64()
	}
	if d.tr != nil && n > 0 {
		d.span(d.r.Offset()-8*int64(n), what, fmt.Sprint(out))
	}
	return out, nil
}

// operand reads a value number and returns the value in scope.
func (d *Decoder) operand(what label) (*Value, error) {
	start := d.r.Offset()
	i, err := d.ulebQuiet(what.with("the value index of "))
	if err != nil {
		return nil, err
	}
	if i >= uint64(len(d.values)) {
		return nil, d.r.ErrorAt(start, fmt.Sprintf("a value index below %d for %s, not %d", len(d.values), what, i), wire.ErrInvalid)
	}
	if d.tr != nil {
		d.span(start, what, "%"+strconv.FormatUint(i, 10))
	}
	return d.values[i], nil
}

// operands reads n value numbers.
func (d *Decoder) operands(n int, what label) ([]*Value, error) {
	if n == 0 {
		return nil, nil
	}
	if n > d.r.Len() {
		return nil, d.r.Errorf(strconv.Itoa(n)+" value indices of "+what.String(), wire.ErrTruncated)
	}
	out := d.valuePtrs(n)
	for i := range out {
		v, err := d.operand(what)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// define gives the first numbered results of op the next value numbers;
// the others exist in memory only (see Value.Unnumbered). It runs after
// the op's regions.
func (d *Decoder) define(op Op, numbered int) {
	for i, v := range op.Base().Results {
		if i < numbered {
			d.values = append(d.values, v)
		} else {
			v.Unnumbered = true
		}
	}
}

// regions reads an op's region count, which must be want, and the regions.
func (d *Decoder) regions(want int, opName string) ([]*Region, error) {
	start := d.r.Offset()
	n, err := d.uleb(label{prefixes: [3]string{"the region count of "}, text: opName})
	if err != nil {
		return nil, err
	}
	if n != uint64(want) {
		return nil, d.r.ErrorAt(start, fmt.Sprintf("%d regions for %s, not %d", want, opName, n), wire.ErrInvalid)
	}
	if d.depth >= d.limit {
		return nil, d.Invalid("regions nested at most %d deep", d.limit)
	}
	d.depth++
	defer func() { d.depth-- }()
	out := make([]*Region, n)
	for i := range out {
		r, err := d.region(opName)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

func (d *Decoder) region(opName string) (*Region, error) {
	nb, err := d.count(2, label{prefixes: [3]string{"blocks in a region of "}, text: opName})
	if err != nil {
		return nil, err
	}
	r := &Region{Blocks: make([]*Block, nb)}
	for i := range r.Blocks {
		b, err := d.block(opName)
		if err != nil {
			return nil, err
		}
		r.Blocks[i] = b
	}
	return r, nil
}

func (d *Decoder) block(opName string) (*Block, error) {
	mark := len(d.values)
	defer func() { d.values = d.values[:mark] }()
	na, err := d.count(1, label{prefixes: [3]string{"block arguments in "}, text: opName})
	if err != nil {
		return nil, err
	}
	types, err := d.typeList(na, text("a block argument"))
	if err != nil {
		return nil, err
	}
	b := NewBlock(types...)
	d.values = append(d.values, b.Args...)
	nops, err := d.count(1, label{prefixes: [3]string{"ops in a block of "}, text: opName})
	if err != nil {
		return nil, err
	}
	b.Ops = make([]Op, 0, nops)
	for range nops {
		op, err := d.op()
		if err != nil {
			return nil, err
		}
		b.Ops = append(b.Ops, op)
	}
	if len(b.Ops) == 0 {
		return nil, d.Invalid("a terminator at the end of a block of %s, not an empty block", opName)
	}
	if last := b.Ops[len(b.Ops)-1]; !last.Info().Terminator {
		return nil, d.Invalid("a terminator at the end of a block of %s, not %s", opName, last.Info().Name)
	}
	return b, nil
}

// op reads one instruction.
func (d *Decoder) op() (Op, error) {
	start := d.r.Offset()
	code, err := d.ulebQuiet(text("an opcode"))
	if err != nil {
		return nil, err
	}
	if d.tr != nil {
		n := d.ops
		d.ops++
		name := "?"
		if info := d.d.Op(code); info != nil {
			name = info.Name
		}
		d.tr.Span(start, d.r.Offset(), fmt.Sprintf("opcode 0x%X: %s", code, name))
		defer func() { d.tr.Span(start, d.r.Offset(), fmt.Sprintf("op #%d %s", n, name)) }()
	}
	if max := d.maxOpcode; code > max {
		return nil, d.r.ErrorAt(start, fmt.Sprintf("an opcode of version %s (at most 0x%X)", d.version, max),
			fmt.Errorf("unsupported opcode %d for bytecode version %s", code, d.version))
	}
	loc, err := d.debug.next()
	if err != nil {
		return nil, d.r.ErrorAt(start, "the location of an op", err)
	}
	op, err := d.readOp(code)
	if err != nil {
		var we *wire.Error
		if !errors.As(err, &we) {
			err = d.r.ErrorAt(start, fmt.Sprintf("an op with opcode 0x%X", code), err)
		}
		return nil, err
	}
	op.Base().Loc = loc
	return op, nil
}

// Symbol reads a string index that must name a non-empty symbol.
func (d *Decoder) Symbol(what string) (string, error) { return d.symbol(text(what)) }

func (d *Decoder) symbol(what label) (string, error) {
	start := d.r.Offset()
	s, err := d.str(what)
	if err == nil && s == "" {
		err = d.r.ErrorAt(start, "a non-empty symbol name for "+what.String(), wire.ErrInvalid)
	}
	return s, err
}

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// AsUint converts a ULEB128 value to a narrower integer kind, failing when
// the value does not fit. Generated readers pass the Decoder call straight
// in.
func AsUint[T integer](v uint64, err error) (T, error) {
	if err != nil {
		return 0, err
	}
	t := T(v)
	if uint64(t) != v || t < 0 {
		return 0, fmt.Errorf("value %d does not fit a %T: %w", v, t, wire.ErrInvalid)
	}
	return t, nil
}

// AsInt converts an SLEB128 value to a narrower integer kind.
func AsInt[T integer](v int64, err error) (T, error) {
	if err != nil {
		return 0, err
	}
	t := T(v)
	if int64(t) != v {
		return 0, fmt.Errorf("value %d does not fit a %T: %w", v, t, wire.ErrInvalid)
	}
	return t, nil
}

// FromByte widens a byte.
func FromByte[T integer](b byte, err error) (T, error) { return T(b), err }

// I32ArrayRaw reads an i32[] without checking values.
func (d *Decoder) I32ArrayRaw(what string) ([]int32, error) {
	n, err := d.count(4, text(what).with("elements of "))
	if err != nil {
		return nil, err
	}
	out := make([]int32, n)
	for i := range out {
		out[i], _ = d.r.Int32()
	}
	if d.tr != nil && n > 0 {
		d.span(d.r.Offset()-4*int64(n), text(what), fmt.Sprint(out))
	}
	return out, nil
}

// Ptr returns a pointer to a value just read: optional fields are
// pointers. Generated readers pass the read straight in.
func Ptr[T any](v T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// ReadList reads a count and that many elements with read (a Decoder
// method such as (*Decoder).Type, or a closure).
func ReadList[T any](d *Decoder, what string, read func(d *Decoder, what string) (T, error)) ([]T, error) {
	n, err := d.count(1, text(what).with("elements of "))
	if err != nil {
		return nil, err
	}
	out := make([]T, n)
	for i := range out {
		if out[i], err = read(d, what); err != nil {
			return nil, err
		}
	}
	return out, nil
}
