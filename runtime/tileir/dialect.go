package tileir

// Dialect is what a dialect provides to the container: its ops by opcode,
// the codecs of its type and attribute tags, and what the container checks
// with it. Generated dialect packages build one from tables (NewDialect).
type Dialect interface {
	// Name is the dialect's namespace ("cuda_tile").
	Name() string
	// MaxOpcode is the largest opcode a file of version v may use.
	MaxOpcode(v Version) uint64
	// Op describes the op with that opcode, nil for none.
	Op(opcode uint64) *OpInfo
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
	// whole tensor or one splat element); FormatDense prints one.
	CheckDense(v Dense) error
	FormatDense(v Dense) string
}

// OpInfo describes one kind of op: what the container needs to read,
// write and print it besides the op's own Code. Generated dialect
// packages list them all by opcode (cudatile.Ops).
type OpInfo struct {
	Opcode uint64
	Name   string
	Since  Version
	// Results is the number of fixed results; VariadicResults says one
	// group of them is variadic or optional. CountResults says the result
	// count is written (the op has a variadic or optional operand or
	// result group). NewerResults are results newer than the op.
	Results         int
	VariadicResults bool
	CountResults    bool
	NewerResults    []NewerResult
	// Segments says each operand group is written by itself
	// (AttrSizedOperandSegments). Otherwise the operands are written
	// together: Operands is the number of fixed ones, and when one group is
	// variadic (at most one value if AtMostOne) their count comes first.
	Segments         bool
	Operands         int
	VariadicOperands bool
	AtMostOne        bool
	// Flags says the op has a flags word (bits for optional attributes
	// and operands); FlagsSince is the version from which it is written,
	// zero when it is as old as the op.
	Flags      bool
	FlagsSince Version
	// Regions is the number of regions; Terminator says the op may end a
	// block.
	Regions    int
	Terminator bool
	// OptionalOperands names the Go fields of optional operands.
	OptionalOperands []string
	// DefaultDialect is the dialect whose ops print without their prefix
	// inside the op's regions ("" for none); Isolated says the op's
	// regions see no value from outside (IsolatedFromAbove).
	DefaultDialect string
	Isolated       bool
	// New returns an empty op of this kind. Alloc, when set, returns one
	// carved from slab, which holds ops of this kind only: readers give
	// each kind its slab and so allocate ops by the few dozen, not one by
	// one. Generated packages set it to AllocOp of the op's type.
	New   func() Op
	Alloc func(slab *OpSlab) Op

	dialect Dialect // set by NewDialect; prints dense values
}

// NewerResult is a result added after its op: files older than Since do
// not have it, and reading one gives it Type, unnumbered.
type NewerResult struct {
	Index int
	Since Version
	Type  Type
}

// An OpSlab hands out ops of one kind from arrays allocated a few at a
// time (OpInfo.Alloc). The zero value is ready. An op carved from a slab
// keeps the array it is part of alive, as long as the ops read with it
// (a module's ops live and die together).
type OpSlab struct {
	s any // *opSlab[T] of the kind's op type T
}

type opSlab[T any] struct {
	free []T
	n    int // length of the last array
}

// maxSlabOps bounds the arrays: a kind read a few times costs a few ops,
// a kind read a million times one allocation per maxSlabOps.
const maxSlabOps = 256

// AllocOp returns an empty op of type T carved from s, for OpInfo.Alloc:
// the arrays double from 4 ops to maxSlabOps.
func AllocOp[T any, P interface {
	*T
	Op
}](s *OpSlab) Op {
	sl, _ := s.s.(*opSlab[T])
	if sl == nil {
		sl = new(opSlab[T])
		s.s = sl
	}
	if len(sl.free) == 0 {
		sl.n = min(max(2*sl.n, 4), maxSlabOps)
		sl.free = make([]T, sl.n)
	}
	op := P(&sl.free[0])
	sl.free = sl.free[1:]
	return op
}
