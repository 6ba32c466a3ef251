package tileir

// Builder creates ops at an insertion point, the end of a block or of a
// function's body, with a location: generated BuildXOp functions take one,
// as MLIR's take an ir.Builder. A builder without an insertion point
// (NewBuilder(nil)) creates detached ops.
type Builder struct {
	// Loc is the location the ops built get (nil: none).
	Loc *Location
	ops *[]Op
}

// NewBuilder returns a builder that appends to block (nil: detached ops).
func NewBuilder(block *Block) *Builder {
	if block == nil {
		return &Builder{}
	}
	return &Builder{ops: &block.Ops}
}

// NewFuncBuilder returns a builder that appends to f's body.
func NewFuncBuilder(f *Function) *Builder { return &Builder{ops: &f.Body} }

// Insert gives op its results, of the given types, its regions and the
// builder's location, appends it at the insertion point and returns it.
// Generated builders call it.
func Insert[T Op](b *Builder, op T, results []Type, regions ...*Region) T {
	base := op.Base()
	base.Results = NewResults(op, results)
	if len(regions) > 0 {
		base.Regions = regions
	}
	base.Loc = b.Loc
	if b.ops != nil {
		*b.ops = append(*b.ops, op)
	}
	return op
}
