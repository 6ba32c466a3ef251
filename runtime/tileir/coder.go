package tileir

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Coder walks the attributes and operands of an op, in wire order, for the
// op's Code method. The same walk reads them from a Decoder, writes them to
// an Encoder, lists the operands or prints the attributes, so one generated
// method describes an op's layout for all four. Results, the flags word and
// regions are the container's, from the op's OpInfo.
//
// Code methods call one Coder method (or generic function) per part:
// attributes first, then operands. Attributes that may be absent take the
// bit of the flags word that says they are present.
type Coder struct {
	mode  coderMode
	info  *OpInfo
	op    Op
	d     *Decoder
	e     *Encoder
	err   error
	flags uint64
	// vals are the operands of an op without segments: read at the first
	// operand, or gathered to be written after the last. next is the first
	// not yet taken, fixed how many fixed operands are.
	vals  []*Value
	next  int
	fixed int
	// What Operands and Attrs return.
	operands []*Value
	attrs    []AttrText
	bound    []boundAttr // binding: the attributes by name
	boundOps []boundOperand
}

type coderMode int

const (
	decoding coderMode = iota
	flagging           // before encoding: set the bits of present parts
	encoding
	listing  // operands
	printing // attributes
	binding  // attributes, reachable by name (text form)
)

// Version is the version being read or written (zero when listing or
// printing).
func (c *Coder) Version() Version {
	switch {
	case c.d != nil:
		return c.d.version
	case c.e != nil:
		return c.e.target
	}
	return Version{}
}

func (c *Coder) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// active reports whether parts are still to be coded: no error so far.
func (c *Coder) active() bool { return c.err == nil }

func (c *Coder) attrLabel(name string) label {
	return label{kind: "attribute", name: name, op: c.info.Name}
}

func (c *Coder) flag(bit int) bool { return c.flags&(1<<bit) != 0 }

func (c *Coder) print(name, text string) { c.attrs = append(c.attrs, AttrText{Name: name, Text: text}) }

// Present handles a part that may be absent, present when its bit is set:
// it reports whether to code it now (while flagging, it sets the bit
// instead). isSet says whether the op has it.
func (c *Coder) Present(bit int, isSet bool) bool {
	switch c.mode {
	case decoding:
		return c.flag(bit)
	case flagging:
		if isSet {
			c.flags |= 1 << bit
		}
		return false
	case listing:
		return false
	}
	return isSet
}

// Unit codes a presence-only attribute: bit set or not.
func (c *Coder) Unit(name string, bit int, p *bool) {
	switch c.mode {
	case decoding:
		*p = c.flag(bit)
	case flagging:
		if *p {
			c.flags |= 1 << bit
		}
	case printing:
		if *p {
			c.print(name, "")
		}
	case binding:
		bindUnit(c, name, p)
	}
}

// Since gates an attribute that may be absent and is newer than its op:
// files older than v do not have it, and writing it present to an older
// target is a version error. It reports whether to code the attribute.
func (c *Coder) Since(v Version, name string, isSet bool) bool {
	if c.mode == listing || c.mode == printing || c.mode == binding || !c.active() {
		return c.mode != listing && c.active()
	}
	ok := c.Version().AtLeast(v.Major, v.Minor)
	if !ok && isSet && c.mode == flagging {
		c.fail(c.e.TooNew("attribute '"+name+"' of '"+c.info.Name+"'", v))
	}
	return ok
}

// Default gates a required attribute newer than its op: files older than
// v do not have it and mean def; an older target can only take def.
func Default[T comparable](c *Coder, v Version, name string, p *T, def T) bool {
	if c.mode == listing || c.mode == flagging || !c.active() {
		return false
	}
	if c.mode == printing || c.mode == binding || c.Version().AtLeast(v.Major, v.Minor) {
		return true
	}
	switch {
	case c.mode == decoding:
		*p = def
	case *p != def:
		c.fail(c.e.TooNew(fmt.Sprintf("attribute '%s' of '%s' (set to a value other than %v)", name, c.info.Name, def), v))
	}
	return false
}

// EnumAttr codes a required enum attribute.
func EnumAttr[E Enum](c *Coder, name string, p *E) {
	switch {
	case !c.active():
	case c.mode == decoding:
		v, err := readEnum[E](c.d, c.attrLabel(name))
		*p = v
		c.fail(err)
	case c.mode == encoding:
		c.fail(encodeEnum(c.e, *p, c.attrLabel(name)))
	case c.mode == printing:
		c.print(name, (*p).String())
	case c.mode == binding:
		bindEnum(c, name, p)
	}
}

// UintAttr codes an unsigned integer attribute (a ULEB128).
func UintAttr[T uint32 | uint64](c *Coder, name string, p *T) {
	switch {
	case !c.active():
	case c.mode == decoding:
		x, err := c.d.uleb(c.attrLabel(name))
		if err == nil && uint64(T(x)) != x {
			err = fmt.Errorf("value %d does not fit a %T: %w", x, T(0), wire.ErrInvalid)
		}
		*p = T(x)
		c.fail(err)
	case c.mode == encoding:
		c.e.ULEB128(uint64(*p))
	case c.mode == printing:
		c.print(name, strconv.FormatUint(uint64(*p), 10))
	case c.mode == binding:
		bindUint(c, name, p)
	}
}

// Optional codes an attribute that is present when its bit is set, with
// code, the function that codes one that is always there (EnumAttr[Mode],
// UintAttr[uint64], (*Coder).String, …).
func Optional[T any](c *Coder, name string, bit int, p **T, code func(*Coder, string, *T)) {
	if c.mode == binding {
		bindOptional(c, name, p, code)
		return
	}
	if !c.active() || !c.Present(bit, *p != nil) {
		return
	}
	if c.mode == decoding {
		*p = new(T)
	}
	code(c, name, *p)
}

// Bool codes a boolean attribute (one byte).
func (c *Coder) Bool(name string, p *bool) {
	switch {
	case !c.active():
	case c.mode == decoding:
		b, err := c.d.byteOf(c.attrLabel(name))
		*p = b != 0
		c.fail(err)
	case c.mode == encoding:
		c.e.Bool(*p)
	case c.mode == printing:
		c.print(name, strconv.FormatBool(*p))
	case c.mode == binding:
		bindBool(c, name, p)
	}
}

// String codes a string attribute (a string index).
func (c *Coder) String(name string, p *string) {
	switch {
	case !c.active():
	case c.mode == decoding:
		s, err := c.d.str(c.attrLabel(name))
		*p = s
		c.fail(err)
	case c.mode == encoding:
		c.e.String(*p)
	case c.mode == printing:
		c.print(name, strconv.Quote(*p))
	case c.mode == binding:
		bindString(c, name, p, false)
	}
}

// Symbol codes a symbol name: a string that may not be empty.
func (c *Coder) Symbol(name string, p *string) {
	switch {
	case !c.active():
	case c.mode == decoding:
		s, err := c.d.symbol(c.attrLabel(name))
		*p = s
		c.fail(err)
	case c.mode == encoding:
		c.fail(c.e.symbol(*p, c.attrLabel(name)))
	case c.mode == printing:
		c.print(name, strconv.Quote(*p))
	case c.mode == binding:
		bindString(c, name, p, true)
	}
}

// Type codes a type attribute (a type index).
func (c *Coder) Type(name string, p *Type) {
	switch {
	case !c.active():
	case c.mode == decoding:
		t, err := c.d.typ(c.attrLabel(name))
		*p = t
		c.fail(err)
	case c.mode == encoding:
		c.fail(c.e.Type(*p))
	case c.mode == printing:
		c.print(name, typeString(*p))
	case c.mode == binding:
		bindType(c, name, p)
	}
}

// Attr codes a self-contained attribute (tag and payload).
func (c *Coder) Attr(name string, p *Attr) {
	switch {
	case !c.active():
	case c.mode == decoding:
		a, err := c.d.attr(c.attrLabel(name))
		*p = a
		c.fail(err)
	case c.mode == encoding:
		c.fail(c.e.Attr(*p))
	case c.mode == printing:
		c.print(name, attrString(*p))
	case c.mode == binding:
		bindAttrValue(c, name, p, true)
	}
}

// OptionalAttr codes a self-contained attribute that is present when its
// bit is set.
func (c *Coder) OptionalAttr(name string, bit int, p *Attr) {
	if c.mode == binding {
		bindAttrValue(c, name, p, false)
		return
	}
	if c.active() && c.Present(bit, *p != nil) {
		c.Attr(name, p)
	}
}

// Attrs codes a list of self-contained attributes.
func (c *Coder) Attrs(name string, p *[]Attr) {
	switch {
	case !c.active():
	case c.mode == decoding:
		what := c.attrLabel(name)
		n, err := c.d.count(1, what.with("elements of "))
		if err != nil {
			c.fail(err)
			return
		}
		l := make([]Attr, n)
		for i := range l {
			if l[i], err = c.d.attr(what); err != nil {
				c.fail(err)
				return
			}
		}
		*p = l
	case c.mode == encoding:
		c.e.ULEB128(uint64(len(*p)))
		for _, a := range *p {
			if err := c.e.Attr(a); err != nil {
				c.fail(err)
				return
			}
		}
	case c.mode == printing:
		c.print(name, FormatAttrs(*p))
	case c.mode == binding:
		bindAttrList(c, name, p, false)
	}
}

// OptionalAttrs codes a list of attributes that is present when its bit
// is set.
func (c *Coder) OptionalAttrs(name string, bit int, p *[]Attr) {
	if c.mode == binding {
		bindAttrList(c, name, p, true)
		return
	}
	if c.active() && c.Present(bit, *p != nil) {
		c.Attrs(name, p)
	}
}

// Payload codes an attribute of a known kind of the dialect: its payload
// alone, with the dialect's reader and writer.
func Payload[T Attr](c *Coder, name string, p *T, read func(*Decoder) (T, error), write func(*Encoder, T) error) {
	switch {
	case !c.active():
	case c.mode == decoding:
		var zero T
		if err := c.d.attrSince(zero.AttrTag()); err != nil {
			c.fail(err)
			return
		}
		a, err := read(c.d)
		*p = a
		c.fail(err)
	case c.mode == encoding:
		if isNil(*p) {
			c.fail(errors.New("nil attribute"))
			return
		}
		if err := c.e.attrSince((*p).AttrTag()); err != nil {
			c.fail(err)
			return
		}
		c.fail(write(c.e, *p))
	case c.mode == printing:
		c.print(name, attrString(*p))
	case c.mode == binding:
		bindPayload(c, name, p, false)
	}
}

// OptionalPayload codes an attribute of a known kind that is present when
// its bit is set.
func OptionalPayload[T Attr](c *Coder, name string, bit int, p *T, read func(*Decoder) (T, error), write func(*Encoder, T) error) {
	if c.mode == binding {
		bindPayload(c, name, p, true)
		return
	}
	if c.active() && c.Present(bit, !isNil(*p)) {
		Payload(c, name, p, read, write)
	}
}

// Int32s codes an i32 array; INT32_MIN and INT32_MAX are refused, as
// upstream's reader does.
func (c *Coder) Int32s(name string, p *[]int32) {
	switch {
	case !c.active():
	case c.mode == decoding:
		l, err := c.d.i32s(c.attrLabel(name))
		*p = l
		c.fail(err)
	case c.mode == encoding:
		c.fail(c.e.i32s(*p, c.attrLabel(name)))
	case c.mode == printing:
		c.print(name, FormatInts(*p))
	case c.mode == binding:
		bindInts(c, name, p)
	}
}

// Int64s codes an i64 array; INT64_MIN and INT64_MAX are refused.
func (c *Coder) Int64s(name string, p *[]int64) {
	switch {
	case !c.active():
	case c.mode == decoding:
		l, err := c.d.i64s(c.attrLabel(name))
		*p = l
		c.fail(err)
	case c.mode == encoding:
		c.fail(c.e.i64s(*p, c.attrLabel(name)))
	case c.mode == printing:
		c.print(name, FormatInts(*p))
	case c.mode == binding:
		bindInts(c, name, p)
	}
}

// Dense codes a dense value in the constant pool. An op with results
// types it by its first result; an op without writes the type first.
func (c *Coder) Dense(name string, p *Dense) {
	typed := c.info.Results > 0 || c.info.VariadicResults
	switch {
	case !c.active():
	case c.mode == decoding:
		what := c.attrLabel(name)
		var t Type
		if typed {
			if res := c.op.Base().Results; len(res) > 0 {
				t = res[0].Type
			}
		} else if t, c.err = c.d.typ(what); c.err != nil {
			return
		}
		data, err := c.d.constant(what)
		if err != nil {
			c.fail(err)
			return
		}
		*p = Dense{Type: t, Data: data}
		if err := c.d.d.CheckDense(*p); err != nil {
			c.fail(c.d.Invalid("a dense value that fits its type for %s: %v", what, err))
		}
	case c.mode == encoding:
		if !typed {
			if err := c.e.Type(p.Type); err != nil {
				c.fail(err)
				return
			}
			c.fail(c.e.Const(*p))
			return
		}
		res := c.op.Base().Results
		if len(res) == 0 {
			c.fail(errors.New("a dense value typed by a result, and no result"))
			return
		}
		c.fail(c.e.ResultConst(*p, res[0].Type))
	case c.mode == binding:
		bindDense(c, name, p)
	case c.mode == printing:
		v := *p
		if typed {
			v = TypedBy(v, c.op.Base().Results)
		}
		c.print(name, c.info.formatDense(v))
	}
}

// Operand codes a single operand.
func (c *Coder) Operand(name string, p **Value) {
	switch {
	case c.mode == binding:
		c.boundOps = append(c.boundOps, boundOperand{name: name, one: p})
	case !c.active():
	case c.mode == listing:
		c.operands = append(c.operands, *p)
	case c.info.Segments:
		c.segment(name, p)
	case c.mode == decoding:
		if c.gather() {
			*p = c.vals[c.next]
			c.next++
			c.fixed--
		}
	case c.mode == encoding:
		c.vals = append(c.vals, *p)
	}
}

// OptionalOperand codes an operand that may be absent: with segments, it
// is present when its bit is set; without, when the count says so.
func (c *Coder) OptionalOperand(name string, bit int, p **Value) {
	switch {
	case c.mode == binding:
		c.boundOps = append(c.boundOps, boundOperand{name: name, one: p, optional: true})
	case !c.active():
	case c.mode == listing:
		if *p != nil {
			c.operands = append(c.operands, *p)
		}
	case c.info.Segments:
		if c.Present(bit, *p != nil) {
			c.segment(name, p)
		}
	case c.mode == decoding:
		if c.gather() && len(c.vals)-c.next > c.fixed {
			*p = c.vals[c.next]
			c.next++
		}
	case c.mode == encoding:
		if *p != nil {
			c.vals = append(c.vals, *p)
		}
	}
}

// OperandSince gates an optional operand newer than its op: files older
// than v do not have it (a flag for it there is an error), and writing it
// to an older target is a version error.
func (c *Coder) OperandSince(v Version, name string, bit int, isSet bool) bool {
	if !c.active() || c.mode == listing || c.mode == printing || c.mode == binding {
		return c.active()
	}
	if c.Version().AtLeast(v.Major, v.Minor) {
		return true
	}
	what := "operand '" + name + "' of '" + c.info.Name + "'"
	switch {
	case c.mode == decoding && c.flag(bit):
		c.fail(c.d.Invalid("no flag for %s, which needs version %s", what, v))
	case c.mode == flagging && isSet:
		c.fail(c.e.TooNew(what, v))
	}
	return false
}

// Operands codes a variadic operand group.
func (c *Coder) Operands(name string, p *[]*Value) {
	switch {
	case c.mode == binding:
		c.boundOps = append(c.boundOps, boundOperand{name: name, many: p})
	case !c.active():
	case c.mode == listing:
		c.operands = append(c.operands, *p...)
	case c.info.Segments && c.mode == decoding:
		what := label{kind: "operand", name: name, op: c.info.Name}
		n, err := c.d.count(1, label{prefixes: [3]string{"operands in group "}, name: name, op: c.info.Name})
		if err != nil {
			c.fail(err)
			return
		}
		*p, c.err = c.d.operands(n, what)
	case c.info.Segments && c.mode == encoding:
		c.fail(c.e.writeOperands(*p, true))
	case c.mode == decoding:
		if c.gather() {
			n := len(c.vals) - c.next - c.fixed
			*p = c.vals[c.next : c.next+n]
			c.next += n
		}
	case c.mode == encoding:
		c.vals = append(c.vals, *p...)
	}
}

// segment reads or writes one operand of an op with segments.
func (c *Coder) segment(name string, p **Value) {
	switch c.mode {
	case decoding:
		*p, c.err = c.d.operand(label{kind: "operand", name: name, op: c.info.Name})
	case encoding:
		c.fail(c.e.writeOperand(*p))
	}
}

// gather reads the operands of an op without segments, at its first
// operand: a count when one group is variadic, then the value numbers.
func (c *Coder) gather() bool {
	if c.vals != nil || c.next > 0 {
		return c.active()
	}
	what := label{prefixes: [3]string{"operands of "}, op: c.info.Name}
	n := c.info.Operands
	c.fixed = n
	if c.info.VariadicOperands {
		var err error
		if n, err = c.d.count(1, what); err != nil {
			c.fail(err)
			return false
		}
		if n < c.info.Operands {
			c.fail(c.d.Invalid("at least %d %s, not %d", c.info.Operands, what, n))
			return false
		}
		if c.info.AtMostOne && n > c.info.Operands+1 {
			c.fail(c.d.Invalid("at most %d %s, not %d", c.info.Operands+1, what, n))
			return false
		}
	}
	vals, err := c.d.operands(n, what)
	if err != nil {
		c.fail(err)
		return false
	}
	c.vals = vals
	if c.vals == nil {
		c.vals = []*Value{}
	}
	return true
}

// readEnum reads an enum value; unknown values and values newer than the
// file are errors.
func readEnum[T Enum](d *Decoder, what label) (T, error) {
	x, err := d.uleb(what)
	if err != nil {
		return 0, err
	}
	v := T(x)
	since, ok := v.Since()
	if !ok || x > 0xFFFFFFFF {
		return 0, d.Invalid("a value of %s for %s, not %d", enumName[T](), what, x)
	}
	if !d.Version().AtLeast(since.Major, since.Minor) {
		return 0, d.TooNew(enumName[T]()+" value '"+v.String()+"' of "+what.String(), since)
	}
	return v, nil
}

// encodeEnum writes an enum value; values the target lacks are errors.
func encodeEnum[T Enum](e *Encoder, v T, what label) error {
	since, ok := v.Since()
	if !ok {
		return fmt.Errorf("%s: %d is not a value of %s", what, uint32(v), enumName[T]())
	}
	if !e.Version().AtLeast(since.Major, since.Minor) {
		return e.TooNew(enumName[T]()+" value '"+v.String()+"' of "+what.String(), since)
	}
	e.ULEB128(uint64(v))
	return nil
}

func typeString(t Type) string {
	if isNil(t) {
		return "<nil>"
	}
	return t.String()
}

func attrString(a Attr) string {
	if isNil(a) {
		return "<nil>"
	}
	return a.String()
}
