package tileir

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Encoder writes function bodies, type entries and attributes for the
// generated codecs. It collects the string, type and constant tables as
// they are used and numbers values.
type Encoder struct {
	d      Dialect
	target Version
	buf    []byte

	strIndex map[string]uint64
	strs     []string

	typeIndex   map[string]uint64 // by payload
	typeByValue map[Type]uint64
	typeData    [][]byte
	typeHeights []int // as the reader computes them (see typeTable)
	typeHeight  int   // the largest height of the types the type being encoded refers to
	typeDepth   int   // types being encoded

	consts      []constEntry
	constByData map[constID]uint64  // by the identity of the buffer
	constByHash map[uint64][]uint64 // by a hash of type and contents
	seed        maphash.Seed

	dropped   map[*Value]bool // results left off the wire (newer than the target)
	maxOpcode uint64          // the dialect's largest opcode at the target
	next      int64           // next value number
	scope     []*Value        // numbered values, to unnumber when a block ends
	depth     int             // regions and attributes being written
	limit     int             // of depth, typeDepth and type heights
	call      int64           // this Write call, marked on ops and values placed
	path      []int           // where the op being written is: op, region, block, op, …
	open      []Op            // the ops being written, innermost last
	operand   int             // operands of the innermost written so far
	debug     debugWriter
	funcLoc   uint64   // the debug slot of the function being written
	coder     Coder    // reused for every op (their Code calls do not nest)
	vals      []*Value // the operands of an op being written, reused
}

// A constant-pool entry is keyed by its type's table index and its bytes,
// as upstream dedups dense attributes by value.
type constEntry struct {
	typ  uint64 // type index + 1; 0 for an untyped value
	data []byte
}

type constID struct {
	data *byte
	n    int
	typ  uint64
}

func newEncoder(d Dialect, target Version, limit int) *Encoder {
	var max uint64
	if d != nil {
		max = d.MaxOpcode(target)
	}
	return &Encoder{d: d, target: target, maxOpcode: max, limit: limit, call: writeCalls.Add(1),
		strIndex: map[string]uint64{}, typeIndex: map[string]uint64{}, typeByValue: map[Type]uint64{},
		constByData: map[constID]uint64{}, constByHash: map[uint64][]uint64{}, seed: maphash.MakeSeed(),
		debug: debugWriter{ids: map[*Location]uint64{}, limit: limit}}
}

// writeCalls numbers Write calls. Ops and values record the call that
// placed them, which finds one placed twice (or inside itself) without a
// map.
var writeCalls atomic.Int64

// Version is the version being written.
func (e *Encoder) Version() Version { return e.target }

// TooNew is the error for an element that needs a newer version than the
// target.
func (e *Encoder) TooNew(what string, needs Version) error {
	return &wire.VersionError{What: what, Needs: needs.String(), Target: e.target.String()}
}

// ULEB128 writes an unsigned LEB128 integer, SLEB128 a signed one.
func (e *Encoder) ULEB128(v uint64) { e.buf = wire.AppendULEB128(e.buf, v) }
func (e *Encoder) SLEB128(v int64)  { e.buf = wire.AppendSLEB128(e.buf, v) }

// Byte writes one byte, Raw bytes as they are, Bool one byte 0 or 1.
func (e *Encoder) Byte(b byte)  { e.buf = append(e.buf, b) }
func (e *Encoder) Raw(b []byte) { e.buf = append(e.buf, b...) }
func (e *Encoder) Bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

// StringIndex interns s and returns its index.
func (e *Encoder) StringIndex(s string) uint64 {
	if i, ok := e.strIndex[s]; ok {
		return i
	}
	i := uint64(len(e.strs))
	e.strIndex[s] = i
	e.strs = append(e.strs, s)
	return i
}

// String writes the index of s.
func (e *Encoder) String(s string) { e.ULEB128(e.StringIndex(s)) }

// ConstIndex interns a dense value in the constant pool and returns its
// index; values are shared when type and bytes are equal, as upstream
// does. A value with a type must fit it, as readers check. A buffer seen
// before is found by its identity, so a large constant used by many ops
// is hashed once, not once per use.
func (e *Encoder) ConstIndex(v Dense) (uint64, error) {
	var typ uint64
	if v.Type != nil {
		i, err := e.TypeIndex(v.Type)
		if err != nil {
			return 0, err
		}
		if err := e.d.CheckDense(v); err != nil {
			return 0, err
		}
		typ = i + 1
	}
	id := constID{unsafe.SliceData(v.Data), len(v.Data), typ}
	if i, ok := e.constByData[id]; ok {
		return i, nil
	}
	var h maphash.Hash
	h.SetSeed(e.seed)
	maphash.WriteComparable(&h, typ)
	h.Write(v.Data)
	sum := h.Sum64()
	for _, i := range e.constByHash[sum] {
		if c := e.consts[i]; c.typ == typ && bytes.Equal(c.data, v.Data) {
			e.constByData[id] = i
			return i, nil
		}
	}
	i := uint64(len(e.consts))
	e.consts = append(e.consts, constEntry{typ, v.Data})
	e.constByHash[sum] = append(e.constByHash[sum], i)
	e.constByData[id] = i
	return i, nil
}

// Const writes the constant-pool index of a dense value (see ConstIndex).
func (e *Encoder) Const(v Dense) error {
	i, err := e.ConstIndex(v)
	if err != nil {
		return err
	}
	e.ULEB128(i)
	return nil
}

// ResultConst writes an op's dense value, typed by the op's result as
// readers type it; a value with a type of its own must have that type.
func (e *Encoder) ResultConst(v Dense, result Type) error {
	if v.Type != nil && v.Type != result {
		got, err := e.TypeIndex(v.Type)
		if err != nil {
			return err
		}
		if want, err := e.TypeIndex(result); err != nil || got != want {
			return fmt.Errorf("a dense value of type %s for a result of type %s", v.Type, result)
		}
	}
	return e.Const(Dense{Type: result, Data: v.Data})
}

// Symbol writes a string index of a non-empty symbol name.
func (e *Encoder) Symbol(s, what string) error { return e.symbol(s, text(what)) }

func (e *Encoder) symbol(s string, what label) error {
	if s == "" {
		return fmt.Errorf("%s: empty symbol name", what)
	}
	e.String(s)
	return nil
}

// TypeIndex interns t (its nested types first) and returns its index.
// Types are keyed by their encoding, which is canonical: equal types
// share an entry, as upstream's uniqued types do.
func (e *Encoder) TypeIndex(t Type) (uint64, error) {
	// Types are usually shared pointers: look the value up first.
	if i, ok := e.typeByValue[t]; ok {
		e.typeHeight = max(e.typeHeight, e.typeHeights[i])
		return i, nil
	}
	if isNil(t) {
		return 0, errors.New("nil type")
	}
	if e.typeDepth >= e.limit {
		return 0, fmt.Errorf("types nested more than %d deep", e.limit)
	}
	saved, height := e.buf, e.typeHeight
	e.buf, e.typeHeight = nil, 0
	e.typeDepth++
	err := e.d.EncodeType(e, t)
	e.typeDepth--
	h := e.typeHeight + 1
	payload := e.buf
	e.buf, e.typeHeight = saved, max(height, h)
	if err != nil {
		return 0, err
	}
	if h > e.limit {
		return 0, fmt.Errorf("types nested more than %d deep", e.limit)
	}
	i, ok := e.typeIndex[string(payload)]
	if !ok {
		i = uint64(len(e.typeData))
		e.typeIndex[string(payload)] = i
		e.typeData = append(e.typeData, payload)
		e.typeHeights = append(e.typeHeights, h)
	}
	e.typeByValue[t] = i
	return i, nil
}

// isNil reports a nil interface or one holding a nil pointer, which the
// codecs could not dereference.
func isNil(x any) bool {
	if x == nil {
		return true
	}
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}

// Type writes the index of t.
func (e *Encoder) Type(t Type) error {
	i, err := e.TypeIndex(t)
	if err != nil {
		return err
	}
	e.ULEB128(i)
	return nil
}

// Attr writes a self-contained attribute.
func (e *Encoder) Attr(a Attr) error {
	if isNil(a) {
		return errors.New("nil attribute")
	}
	if e.depth >= e.limit {
		return fmt.Errorf("attributes nested more than %d deep", e.limit)
	}
	e.depth++
	defer func() { e.depth-- }()
	return e.d.EncodeAttr(e, a)
}

// I32Array writes an i32[]; INT32_MIN and INT32_MAX are refused because
// readers reject them.
func (e *Encoder) I32Array(v []int32, what string) error { return e.i32s(v, text(what)) }

func (e *Encoder) i32s(v []int32, what label) error {
	e.ULEB128(uint64(len(v)))
	for _, x := range v {
		if x == math.MinInt32 || x == math.MaxInt32 {
			return fmt.Errorf("%s: array contains unsupported value %d", what, x)
		}
		e.buf = wire.AppendInt32(e.buf, x)
	}
	return nil
}

// I64Array writes an i64[]; INT64_MIN and INT64_MAX are refused.
func (e *Encoder) I64Array(v []int64, what string) error { return e.i64s(v, text(what)) }

func (e *Encoder) i64s(v []int64, what label) error {
	for _, x := range v {
		if x == math.MinInt64 || x == math.MaxInt64 {
			return fmt.Errorf("%s: array contains unsupported value %d", what, x)
		}
	}
	e.I64ArrayRaw(v)
	return nil
}

// I64ArrayRaw writes an i64[] as is (shapes, strides).
func (e *Encoder) I64ArrayRaw(v []int64) {
	e.ULEB128(uint64(len(v)))
	for _, x := range v {
		e.buf = wire.AppendInt64(e.buf, x)
	}
}

// writeOperand writes the number of a value in scope.
func (e *Encoder) writeOperand(v *Value) error {
	e.operand++
	if v == nil {
		return fmt.Errorf("operand %d is nil", e.operand-1)
	}
	if v.num > 0 {
		e.ULEB128(uint64(v.num - 1))
		return nil
	}
	what := fmt.Sprintf("a parameter or block argument (argument %d)", v.Index)
	if v.Def != nil {
		what = fmt.Sprintf("result %d of %s", v.Index, v.Def.Info().Name)
	}
	why := "which is not defined before this use (it is defined later, or not in the module)"
	switch {
	case e.dropped[v]:
		why = "which does not exist in version " + e.target.String()
	case v.Def != nil && v.Def == e.open[len(e.open)-1]:
		why = "which the op itself defines"
	case v.Def != nil && slices.Contains(e.open, v.Def):
		why = "which an op around this one defines (after its regions)"
	case v.num == -e.call:
		why = "which is not in scope here (it is defined in another block, region or function)"
	}
	return fmt.Errorf("operand %d is %s, %s", e.operand-1, what, why)
}

// writeOperands writes values, with their count first when withCount is set.
func (e *Encoder) writeOperands(vs []*Value, withCount bool) error {
	if withCount {
		e.ULEB128(uint64(len(vs)))
	}
	for _, v := range vs {
		if err := e.writeOperand(v); err != nil {
			return err
		}
	}
	return nil
}

var (
	errNilValue  = errors.New("is nil")
	errTwiceDefd = errors.New("is defined twice (a value is defined by one op, block or function)")
)

// place marks a value as defined by this Write; a value has one
// definition. Callers name the value in the error.
func (e *Encoder) place(v *Value) error {
	if v == nil {
		return errNilValue
	}
	if v.num > 0 || v.num == -e.call {
		return errTwiceDefd
	}
	v.num = -e.call
	return nil
}

func (e *Encoder) number(v *Value) {
	e.next++
	v.num = e.next
	e.scope = append(e.scope, v)
}

// unnumberAll takes every value out of scope, after a function or an
// error.
func (e *Encoder) unnumberAll() {
	for _, v := range e.scope {
		v.num = -e.call
	}
	e.scope, e.next = e.scope[:0], 0
}

// define numbers the first n results of op; the rest are left out of the
// wire (results newer than the target).
func (e *Encoder) define(op Op, n int) {
	for i, v := range op.Base().Results {
		if i < n {
			e.number(v)
		} else {
			if e.dropped == nil {
				e.dropped = map[*Value]bool{}
			}
			e.dropped[v] = true
		}
	}
}

// regions writes the region count and each region.
func (e *Encoder) regions(rs []*Region) error {
	e.ULEB128(uint64(len(rs)))
	if e.depth >= e.limit {
		return fmt.Errorf("regions nested more than %d deep", e.limit)
	}
	e.depth++
	defer func() { e.depth-- }()
	for ri, r := range rs {
		if r == nil {
			return fmt.Errorf("region %d is nil", ri)
		}
		e.ULEB128(uint64(len(r.Blocks)))
		for bi, b := range r.Blocks {
			if err := e.block(b, ri, bi); err != nil {
				return err
			}
		}
	}
	return nil
}

// block writes a block of region ri; readers require it to end with a
// terminator.
func (e *Encoder) block(b *Block, ri, bi int) error {
	where := func() string { return fmt.Sprintf("region %d block %d", ri, bi) }
	if b == nil {
		return errors.New(where() + " is nil")
	}
	mark, next := len(e.scope), e.next
	e.ULEB128(uint64(len(b.Args)))
	for i, a := range b.Args {
		if err := e.place(a); err != nil {
			return fmt.Errorf("%s argument %d %w", where(), i, err)
		}
		if err := e.Type(a.Type); err != nil {
			return fmt.Errorf("%s argument %d: %w", where(), i, err)
		}
		e.number(a)
	}
	e.ULEB128(uint64(len(b.Ops)))
	n := len(e.path)
	e.path = append(e.path, ri, bi, 0)
	for i, op := range b.Ops {
		e.path[n+2] = i
		if err := e.op(op); err != nil {
			return err
		}
	}
	e.path = e.path[:n]
	if len(b.Ops) == 0 {
		return errors.New(where() + " is empty (a block ends with a terminator)")
	}
	if last := b.Ops[len(b.Ops)-1]; !last.Info().Terminator {
		return fmt.Errorf("%s ends with %s, not with a terminator", where(), last.Info().Name)
	}
	for _, v := range e.scope[mark:] {
		v.num = -e.call
	}
	e.scope, e.next = e.scope[:mark], next
	return nil
}

// opError wraps err with the op at the first n elements of the path.
func (e *Encoder) opError(op Op, n int, err error) error {
	var b strings.Builder
	for i, x := range e.path[:n] {
		b.WriteString([]string{", op ", ", region ", " block "}[i%3])
		b.WriteString(strconv.Itoa(x))
	}
	name := ""
	if op != nil {
		name = op.Info().Name
	}
	return &wire.OpError{Op: name, Path: strings.TrimPrefix(b.String(), ", "), Offset: -1, Err: err}
}

func (e *Encoder) op(op Op) error {
	n := len(e.path)
	if isNil(op) {
		return e.opError(nil, n, errors.New("nil op"))
	}
	b := op.Base()
	if b.wrote == e.call {
		return e.opError(op, n, errors.New("the op is placed twice (in two blocks, twice in one, or inside its own region)"))
	}
	b.wrote = e.call
	for i, r := range b.Results {
		if err := e.place(r); err != nil {
			return e.opError(op, n, fmt.Errorf("result %d %w", i, err))
		}
	}
	info := op.Info()
	if info.Opcode > e.maxOpcode {
		err := fmt.Errorf("op '%s' is not available in bytecode version %s", info.Name, e.target)
		for _, v := range Versions {
			if info.Opcode <= e.d.MaxOpcode(v) {
				err = e.TooNew("op '"+info.Name+"'", v)
				break
			}
		}
		return e.opError(op, n, err)
	}
	e.ULEB128(info.Opcode)
	if err := e.debug.op(e.funcLoc, b.Loc); err != nil {
		return e.opError(op, n, fmt.Errorf("location: %w", err))
	}
	operand := e.operand
	e.open, e.operand = append(e.open, op), 0
	err := e.encodeOp(op)
	e.open, e.operand = e.open[:len(e.open)-1], operand
	if err != nil {
		var oe *wire.OpError
		if errors.As(err, &oe) {
			return err
		}
		return e.opError(op, n, err)
	}
	return nil
}

// I32ArrayRaw writes an i32[] as is.
func (e *Encoder) I32ArrayRaw(v []int32) {
	e.ULEB128(uint64(len(v)))
	for _, x := range v {
		e.buf = wire.AppendInt32(e.buf, x)
	}
}

// WriteList writes the count of l and each element with write (an
// Encoder method such as (*Encoder).Type, or a closure).
func WriteList[T any](e *Encoder, l []T, write func(e *Encoder, x T) error) error {
	e.ULEB128(uint64(len(l)))
	for _, x := range l {
		if err := write(e, x); err != nil {
			return err
		}
	}
	return nil
}
