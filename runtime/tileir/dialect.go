package tileir

// Dialect is what a generated dialect package provides to the container:
// the op, type and attribute codecs keyed by opcode and tag.
type Dialect interface {
	// MaxOpcode is the largest opcode a file of version v may use.
	MaxOpcode(v Version) uint64
	// ReadOp decodes the op after its opcode.
	ReadOp(d *Decoder, opcode uint64) (Op, error)
	// ReadType decodes a type table entry after its tag.
	ReadType(d *Decoder, tag uint64) (Type, error)
	// ReadAttr decodes a self-contained attribute after its tag.
	ReadAttr(d *Decoder, tag uint64) (Attr, error)
	// EncodeType writes a type's tag and payload; EncodeAttr a
	// self-contained attribute's. Both check the target version.
	EncodeType(e *Encoder, t Type) error
	EncodeAttr(e *Encoder, a Attr) error
	// Signature splits a function type; ok is false for other types.
	Signature(t Type) (ins, outs []Type, ok bool)
	// HintsAttr checks that a is an optimization-hints attribute, the only
	// kind a kernel's hints may have.
	HintsAttr(a Attr) bool
	// CheckDense checks that a constant-pool buffer fits its type (the
	// whole tensor or one splat element).
	CheckDense(v Dense) error
}

// Terminator is implemented by ops that may end a block.
type Terminator interface{ IsTerminator() }

// OpInfo describes one op of a dialect: generated dialect packages list
// them all (cudatile.Ops), for tools and tests that walk every opcode.
type OpInfo struct {
	Opcode uint64
	Name   string
	Since  Version
	// Results is the number of fixed results; VariadicResults says one
	// group of them is variadic or optional. Regions is the region count.
	Results         int
	VariadicResults bool
	Regions         int
	// OptionalOperands names the Go fields of optional operands.
	OptionalOperands []string
	// New returns an empty op of this kind.
	New func() Op
}
