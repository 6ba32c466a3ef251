package tileir

import (
	"fmt"
	"strconv"
)

// Table describes a dialect by what it has, which is what a generated
// dialect package declares; NewDialect turns it into the Dialect the
// container reads and writes with.
type Table struct {
	Name string
	// Ops lists the ops; Types and Attrs the codecs of the type and
	// attribute tags.
	Ops   []OpInfo
	Types []TypeCodec
	Attrs []AttrCodec
	// CheckDense and FormatDense check and print dense constants.
	CheckDense  func(Dense) error
	FormatDense func(Dense) string
	// Text is the dialect's text form, nil when it has none.
	Text *TextForm
}

// TypeCodec reads and writes the payload of one type tag.
type TypeCodec struct {
	Tag uint64
	// Name names the kind in version errors ("type 'Int4' requires …").
	Name string
	// Since is the version that added the tag; zero when it is as old as
	// the format.
	Since Version
	// Read decodes the payload after the tag; Write encodes it (nil: there
	// is none).
	Read  func(d *Decoder) (Type, error)
	Write func(e *Encoder, t Type) error
}

// AttrCodec reads and writes the payload of one attribute tag.
type AttrCodec struct {
	Tag   uint64
	Name  string
	Since Version
	Read  func(d *Decoder) (Attr, error)
	Write func(e *Encoder, a Attr) error
}

// Signer is implemented by function types: their inputs and results.
type Signer interface {
	Signature() (ins, outs []Type)
}

// Hints is implemented by the attribute kernels' optimization hints must be.
type Hints interface {
	OptimizationHints()
}

// NewDialect returns the dialect the table describes. It links each
// OpInfo to the dialect (what prints its dense values).
func NewDialect(t *Table) Dialect {
	d := &tableDialect{t: t, ops: map[uint64]*OpInfo{}, types: map[uint64]*TypeCodec{}, attrs: map[uint64]*AttrCodec{}}
	for i := range t.Ops {
		op := &t.Ops[i]
		op.dialect = d
		d.ops[op.Opcode] = op
	}
	for i := range t.Types {
		d.types[t.Types[i].Tag] = &t.Types[i]
	}
	for i := range t.Attrs {
		d.attrs[t.Attrs[i].Tag] = &t.Attrs[i]
	}
	return d
}

type tableDialect struct {
	t     *Table
	ops   map[uint64]*OpInfo
	types map[uint64]*TypeCodec
	attrs map[uint64]*AttrCodec
}

func (d *tableDialect) Name() string { return d.t.Name }

func (d *tableDialect) MaxOpcode(v Version) uint64 {
	var max uint64
	for i := range d.t.Ops {
		op := &d.t.Ops[i]
		if v.AtLeast(op.Since.Major, op.Since.Minor) && op.Opcode > max {
			max = op.Opcode
		}
	}
	return max
}

func (d *tableDialect) Op(opcode uint64) *OpInfo { return d.ops[opcode] }

func (d *tableDialect) ReadType(dec *Decoder, tag uint64) (Type, error) {
	c := d.types[tag]
	if c == nil {
		return nil, dec.Invalid("a type tag of %s, not %d", d.t.Name, tag)
	}
	if !dec.version.AtLeast(c.Since.Major, c.Since.Minor) {
		return nil, dec.TooNew("type '"+c.Name+"'", c.Since)
	}
	return c.Read(dec)
}

func (d *tableDialect) ReadAttr(dec *Decoder, tag uint64) (Attr, error) {
	c := d.attrs[tag]
	if c == nil {
		return nil, dec.Invalid("an attribute tag of %s, not %d", d.t.Name, tag)
	}
	if !dec.version.AtLeast(c.Since.Major, c.Since.Minor) {
		return nil, dec.TooNew("attribute '"+c.Name+"'", c.Since)
	}
	return c.Read(dec)
}

func (d *tableDialect) EncodeType(e *Encoder, t Type) error {
	c := d.types[t.TypeTag()]
	if c == nil {
		return fmt.Errorf("%T is not a type of %s", t, d.t.Name)
	}
	if !e.target.AtLeast(c.Since.Major, c.Since.Minor) {
		return e.TooNew("type '"+c.Name+"'", c.Since)
	}
	e.ULEB128(c.Tag)
	if c.Write == nil {
		return nil
	}
	return c.Write(e, t)
}

func (d *tableDialect) EncodeAttr(e *Encoder, a Attr) error {
	c := d.attrs[a.AttrTag()]
	if c == nil {
		return fmt.Errorf("%T is not an attribute of %s", a, d.t.Name)
	}
	if !e.target.AtLeast(c.Since.Major, c.Since.Minor) {
		return e.TooNew("attribute '"+c.Name+"'", c.Since)
	}
	e.ULEB128(c.Tag)
	return c.Write(e, a)
}

func (d *tableDialect) Signature(t Type) (ins, outs []Type, ok bool) {
	if s, ok := t.(Signer); ok && !isNil(t) {
		ins, outs := s.Signature()
		return ins, outs, true
	}
	return nil, nil, false
}

func (d *tableDialect) HintsAttr(a Attr) bool {
	_, ok := a.(Hints)
	return ok
}

func (d *tableDialect) CheckDense(v Dense) error { return d.t.CheckDense(v) }

func (d *tableDialect) FormatDense(v Dense) string { return d.t.FormatDense(v) }

// NoPayload reads a type that is its tag alone (i32, f16).
func NoPayload[T any, PT interface {
	*T
	Type
}](*Decoder) (Type, error) {
	return PT(new(T)), nil
}

// TypeReader adapts the reader of a type of the dialect to TypeCodec.Read.
func TypeReader[T Type](read func(*Decoder) (T, error)) func(*Decoder) (Type, error) {
	return func(d *Decoder) (Type, error) {
		t, err := read(d)
		if err != nil {
			return nil, err // not a typed nil
		}
		return t, nil
	}
}

// TypeWriter adapts the writer of a type of the dialect to TypeCodec.Write.
func TypeWriter[T Type](write func(*Encoder, T) error) func(*Encoder, Type) error {
	return func(e *Encoder, t Type) error {
		x, ok := t.(T)
		if !ok || isNil(x) {
			return fmt.Errorf("%T is not a %T", t, x)
		}
		return write(e, x)
	}
}

// AttrReader adapts the reader of an attribute to AttrCodec.Read.
func AttrReader[T Attr](read func(*Decoder) (T, error)) func(*Decoder) (Attr, error) {
	return func(d *Decoder) (Attr, error) {
		a, err := read(d)
		if err != nil {
			return nil, err
		}
		return a, nil
	}
}

// AttrWriter adapts the writer of an attribute to AttrCodec.Write.
func AttrWriter[T Attr](write func(*Encoder, T) error) func(*Encoder, Attr) error {
	return func(e *Encoder, a Attr) error {
		x, ok := a.(T)
		if !ok || isNil(x) {
			return fmt.Errorf("%T is not a %T", a, x)
		}
		return write(e, x)
	}
}

// EnumValues lists the values of an enum: what generated enum types
// implement String and Since with.
type EnumValues []EnumValue

// EnumValue is one value of an enum: its number, keyword and the version
// that added it (zero: as old as the format).
type EnumValue struct {
	Value uint32
	Text  string
	Since Version
}

func (vs EnumValues) find(v uint32) *EnumValue {
	for i := range vs {
		if vs[i].Value == v {
			return &vs[i]
		}
	}
	return nil
}

// String returns v's keyword, or enum(v) for a value the enum lacks.
func (vs EnumValues) String(enum string, v uint32) string {
	if x := vs.find(v); x != nil {
		return x.Text
	}
	return enum + "(" + strconv.FormatUint(uint64(v), 10) + ")"
}

// Since returns the version that added v; ok is false for a value the
// enum lacks.
func (vs EnumValues) Since(v uint32) (Version, bool) {
	if x := vs.find(v); x != nil {
		return x.Since, true
	}
	return Version{}, false
}

// attrSince checks the version that added an attribute tag read as an op
// attribute's payload (the tag itself is not on the wire there).
func (d *Decoder) attrSince(tag uint64) error {
	if td, ok := d.d.(*tableDialect); ok {
		if c := td.attrs[tag]; c != nil && !d.version.AtLeast(c.Since.Major, c.Since.Minor) {
			return d.TooNew("attribute '"+c.Name+"'", c.Since)
		}
	}
	return nil
}

// attrSince checks the version that added an attribute tag written as an
// op attribute's payload.
func (e *Encoder) attrSince(tag uint64) error {
	if td, ok := e.d.(*tableDialect); ok {
		if c := td.attrs[tag]; c != nil && !e.target.AtLeast(c.Since.Major, c.Since.Minor) {
			return e.TooNew("attribute '"+c.Name+"'", c.Since)
		}
	}
	return nil
}
