package ir

// Builder appends operations at the end of a block; generated op builders
// take one so that building IR reads top to bottom.
type Builder struct {
	Ctx   *Context
	Block *Block
}

// NewBuilder returns a builder inserting into block (which may be nil for
// detached ops).
func NewBuilder(ctx *Context, block *Block) *Builder { return &Builder{Ctx: ctx, Block: block} }

// Insert appends op to the builder's block, if any, and returns it.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.Block != nil {
		b.Block.Append(op)
	}
	return op
}

// OpWrapper is implemented by every generated op wrapper.
type OpWrapper interface {
	Op() *Operation
}
