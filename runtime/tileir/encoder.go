package tileir

import (
	"errors"
	"fmt"
	"math"
	"strings"

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

	typeIndex   map[string]uint64
	typeByValue map[Type]uint64
	typeData    [][]byte

	constIndex map[string]uint64
	consts     [][]byte

	dropped   map[*Value]bool // results left off the wire (newer than the target)
	maxOpcode uint64          // the dialect's largest opcode at the target
	next      int64           // next value number
	scope     []*Value        // numbered values, to unnumber when a block ends
	depth     int
	debug     debugWriter
	funcLoc   uint64 // the debug slot of the function being written
}

func newEncoder(d Dialect, target Version) *Encoder {
	var max uint64
	if d != nil {
		max = d.MaxOpcode(target)
	}
	return &Encoder{d: d, target: target, maxOpcode: max,
		strIndex: map[string]uint64{}, typeIndex: map[string]uint64{}, typeByValue: map[Type]uint64{}, constIndex: map[string]uint64{},
		debug: debugWriter{ids: map[*Location]uint64{}}}
}

// Version is the version being written.
func (e *Encoder) Version() Version { return e.target }

// TooNew is the error for an element that needs a newer version than the
// target.
func (e *Encoder) TooNew(what string, needs Version) error {
	return &VersionError{What: what, Needs: needs, Target: e.target}
}

func (e *Encoder) Varint(v uint64) { e.buf = wire.AppendULEB128(e.buf, v) }
func (e *Encoder) Svarint(v int64) { e.buf = wire.AppendSLEB128(e.buf, v) }
func (e *Encoder) Byte(b byte)     { e.buf = append(e.buf, b) }
func (e *Encoder) Raw(b []byte)    { e.buf = append(e.buf, b...) }
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
func (e *Encoder) String(s string) { e.Varint(e.StringIndex(s)) }

// ConstIndex interns a dense value in the constant pool; values are
// shared when type and bytes are equal, as upstream does.
func (e *Encoder) ConstIndex(v Dense) uint64 {
	key := string(v.Data)
	if v.Type != nil {
		key = v.Type.String() + "\x00" + key
	}
	i, ok := e.constIndex[key]
	if !ok {
		i = uint64(len(e.consts))
		e.constIndex[key] = i
		e.consts = append(e.consts, v.Data)
	}
	return i
}

// Const writes the constant-pool index of a dense value.
func (e *Encoder) Const(v Dense) { e.Varint(e.ConstIndex(v)) }

// Symbol writes a string index of a non-empty symbol name.
func (e *Encoder) Symbol(s, what string) error {
	if s == "" {
		return fmt.Errorf("%s: empty symbol name", what)
	}
	e.String(s)
	return nil
}

// TypeIndex interns t (its nested types first) and returns its index.
func (e *Encoder) TypeIndex(t Type) (uint64, error) {
	if t == nil {
		return 0, errors.New("nil type")
	}
	// Types are usually shared pointers: look the value up first, and
	// build the text key only for a type value not seen before.
	if i, ok := e.typeByValue[t]; ok {
		return i, nil
	}
	key := t.String()
	if i, ok := e.typeIndex[key]; ok {
		e.typeByValue[t] = i
		return i, nil
	}
	if e.depth >= MaxNesting {
		return 0, fmt.Errorf("types nested more than %d deep", MaxNesting)
	}
	saved := e.buf
	e.buf = nil
	e.depth++
	err := e.d.EncodeType(e, t)
	e.depth--
	payload := e.buf
	e.buf = saved
	if err != nil {
		return 0, err
	}
	i := uint64(len(e.typeData))
	e.typeIndex[key] = i
	e.typeByValue[t] = i
	e.typeData = append(e.typeData, payload)
	return i, nil
}

// Type writes the index of t.
func (e *Encoder) Type(t Type) error {
	i, err := e.TypeIndex(t)
	if err != nil {
		return err
	}
	e.Varint(i)
	return nil
}

// Attr writes a self-contained attribute.
func (e *Encoder) Attr(a Attr) error {
	if a == nil {
		return errors.New("nil attribute")
	}
	if e.depth >= MaxNesting {
		return fmt.Errorf("attributes nested more than %d deep", MaxNesting)
	}
	e.depth++
	defer func() { e.depth-- }()
	return e.d.EncodeAttr(e, a)
}

// I32Array writes an i32[]; INT32_MIN and INT32_MAX are refused because
// readers reject them.
func (e *Encoder) I32Array(v []int32, what string) error {
	e.Varint(uint64(len(v)))
	for _, x := range v {
		if x == math.MinInt32 || x == math.MaxInt32 {
			return fmt.Errorf("%s: array contains unsupported value %d", what, x)
		}
		e.buf = wire.AppendInt32(e.buf, x)
	}
	return nil
}

// I64Array writes an i64[]; INT64_MIN and INT64_MAX are refused.
func (e *Encoder) I64Array(v []int64, what string) error {
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
	e.Varint(uint64(len(v)))
	for _, x := range v {
		e.buf = wire.AppendInt64(e.buf, x)
	}
}

// Operand writes the number of a value in scope.
func (e *Encoder) Operand(v *Value) error {
	if v == nil {
		return errors.New("nil operand")
	}
	if v.num == 0 {
		what := "a block argument"
		if v.Def != nil {
			what = fmt.Sprintf("result %d of %s", v.Index, v.Def.Name())
		}
		if e.dropped[v] {
			return fmt.Errorf("operand is %s, which does not exist in version %s", what, e.target)
		}
		return fmt.Errorf("operand is %s, which is not in scope (defined later, in another region or function)", what)
	}
	e.Varint(uint64(v.num - 1))
	return nil
}

// Operands writes values, with their count first when withCount is set.
func (e *Encoder) Operands(vs []*Value, withCount bool) error {
	if withCount {
		e.Varint(uint64(len(vs)))
	}
	for _, v := range vs {
		if err := e.Operand(v); err != nil {
			return err
		}
	}
	return nil
}

func (e *Encoder) number(v *Value) {
	e.next++
	v.num = e.next
	e.scope = append(e.scope, v)
}

// Define numbers the first n results of op; the rest are left out of the
// wire (results newer than the target). Generated writers call it last.
func (e *Encoder) Define(op Op, n int) {
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

// Regions writes the region count and each region.
func (e *Encoder) Regions(rs []*Region) error {
	e.Varint(uint64(len(rs)))
	if e.depth >= MaxNesting {
		return fmt.Errorf("regions nested more than %d deep", MaxNesting)
	}
	e.depth++
	defer func() { e.depth-- }()
	for _, r := range rs {
		if r == nil {
			return errors.New("nil region")
		}
		e.Varint(uint64(len(r.Blocks)))
		for _, b := range r.Blocks {
			if err := e.block(b); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *Encoder) block(b *Block) error {
	mark, next := len(e.scope), e.next
	e.Varint(uint64(len(b.Args)))
	for _, a := range b.Args {
		if err := e.Type(a.Type); err != nil {
			return err
		}
		e.number(a)
	}
	e.Varint(uint64(len(b.Ops)))
	for _, op := range b.Ops {
		if err := e.op(op); err != nil {
			return err
		}
	}
	for _, v := range e.scope[mark:] {
		v.num = 0
	}
	e.scope, e.next = e.scope[:mark], next
	return nil
}

// OpError names the op a write failed on.
type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string {
	msg := e.Err.Error()
	if strings.Contains(msg, "'"+e.Op+"'") {
		return msg // already names the op
	}
	return e.Op + ": " + msg
}
func (e *OpError) Unwrap() error { return e.Err }

func (e *Encoder) op(op Op) error {
	if op == nil {
		return errors.New("nil op")
	}
	if op.Opcode() > e.maxOpcode {
		err := fmt.Errorf("op '%s' is not available in bytecode version %s", op.Name(), e.target)
		for _, v := range Versions {
			if op.Opcode() <= e.d.MaxOpcode(v) {
				err = e.TooNew("op '"+op.Name()+"'", v)
				break
			}
		}
		return &OpError{Op: op.Name(), Err: err}
	}
	e.Varint(op.Opcode())
	e.debug.op(e.funcLoc, op.Base().Loc)
	if err := op.Encode(e); err != nil {
		var oe *OpError
		if errors.As(err, &oe) {
			return err
		}
		return &OpError{Op: op.Name(), Err: err}
	}
	return nil
}

// I32ArrayRaw writes an i32[] as is.
func (e *Encoder) I32ArrayRaw(v []int32) {
	e.Varint(uint64(len(v)))
	for _, x := range v {
		e.buf = wire.AppendInt32(e.buf, x)
	}
}
