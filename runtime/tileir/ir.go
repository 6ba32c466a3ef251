package tileir

import (
	"strconv"
	"strings"
)

// Type is a Tile IR type. The dialect package generates one Go type per
// type tag.
type Type interface {
	// TypeTag is the tag that starts the type's table entry.
	TypeTag() uint64
	// String is the type's text form (tile<2x4xf32>).
	String() string
}

// Attr is a self-contained attribute (tag + payload): the form used for
// interface-typed op attributes, array elements, dictionary values and
// function hints.
type Attr interface {
	AttrTag() uint64
	String() string
}

// Value is an SSA value: a function parameter, a block argument or an op
// result.
type Value struct {
	Type Type
	// Def is the op that defines the value, nil for parameters and block
	// arguments.
	Def   Op
	Index int // position among Def's results or the block's arguments
	// Unnumbered marks a result that exists in memory but not on the wire:
	// a result added in a version newer than the file it was read from
	// (print in 13.1 has no token result). Operands never refer to it.
	Unnumbered bool

	// num is the writer's: the value number + 1 while in scope, -c once
	// Write call c has placed the value and while it is out of scope,
	// anything else when this call has not met the value.
	num int64
}

// Block is a list of ops with arguments.
type Block struct {
	Args []*Value
	Ops  []Op
}

// Region is a list of blocks.
type Region struct {
	Blocks []*Block
}

// AttrText is one attribute of an op, printed.
type AttrText struct {
	Name, Text string
}

// Op is an operation. Generated op structs embed OpBase, hold their
// operands and attributes in typed fields, and implement the rest:
// Info describes the kind of op, and Code lists its attributes and
// operands in wire order for a Coder, which reads, writes, lists or
// prints them (Operands, Attrs, FormatOp).
type Op interface {
	Base() *OpBase
	Info() *OpInfo
	Code(c *Coder)
}

// OpBase holds what every op has.
type OpBase struct {
	Results []*Value
	Regions []*Region
	// Loc is the op's debug-info location (nil when the file has none).
	Loc *Location

	wrote int64 // the Write call that placed it (see writeCalls)
}

// Base returns the fields every op has.
func (b *OpBase) Base() *OpBase { return b }

// NewResults creates n results of op with the given types.
func NewResults(op Op, types []Type) []*Value {
	if len(types) == 0 {
		return nil
	}
	vals := make([]Value, len(types))
	out := make([]*Value, len(types))
	for i, t := range types {
		vals[i] = Value{Type: t, Def: op, Index: i}
		out[i] = &vals[i]
	}
	return out
}

// NewBlock creates a block with arguments of the given types.
func NewBlock(argTypes ...Type) *Block {
	b := &Block{}
	if len(argTypes) > 0 {
		vals := make([]Value, len(argTypes))
		b.Args = make([]*Value, len(argTypes))
		for i, t := range argTypes {
			vals[i] = Value{Type: t, Index: i}
			b.Args[i] = &vals[i]
		}
	}
	return b
}

// Function is one entry of the function table.
type Function struct {
	Name string
	// Type is the signature, a function type of the dialect.
	Type Type
	// Kernel marks an entry point (flag bit 1); Flags keeps the raw flag
	// byte's other bits (bit 0, visibility, is reserved).
	Kernel bool
	Flags  byte
	// Hints are the kernel's optimization hints, nil if none.
	Hints Attr
	Loc   *Location
	// Params are the function's parameters (values 0..n-1); Body its ops.
	Params []*Value
	Body   []Op
}

// Module is a whole Tile IR file.
type Module struct {
	Version Version
	Globals []*Global
	Funcs   []*Function
	// Producer names the tool that wrote the file (13.3+ Producer
	// section). HasProducer tells an empty producer from none: Read sets
	// it when the section exists, and Write writes the section when it is
	// set or Producer is not empty.
	Producer    string
	HasProducer bool
}

// Global is one entry of the Global section: a named constant buffer.
type Global struct {
	Name string
	// Type is the value's type (a tile type); Data its dense buffer.
	Type      Type
	Data      []byte
	Alignment uint64
	// Private and Constant exist from 13.3 on.
	Private  bool
	Constant bool
}

// Dense is a dense elements value: raw little-endian elements (one element
// for a splat), typed by Type.
type Dense struct {
	Type Type
	Data []byte
}

// FormatInts prints integers as [a, b, c].
func FormatInts[T int32 | int64](v []T) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(int64(x), 10)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// FormatAttrs prints attributes as [a, b].
func FormatAttrs(v []Attr) string {
	s := make([]string, len(v))
	for i, x := range v {
		if x == nil {
			s[i] = "<nil>"
		} else {
			s[i] = x.String()
		}
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// TypedBy returns v with the type of the first result when v has none:
// an op's dense value is typed by its result.
func TypedBy(v Dense, results []*Value) Dense {
	if v.Type == nil && len(results) > 0 && results[0] != nil {
		v.Type = results[0].Type
	}
	return v
}
