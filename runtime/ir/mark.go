package ir

import "sync/atomic"

// MarkGeneration numbers IR elements for one walk over them (a writer's
// numbering, a verifier's pass) without maps: every op, region, block and
// value has one scratch word, and the generation tags the numbers it
// stores there so that those of earlier walks read as unset. Each walk
// takes a new generation. Two walks over the same IR must not run at once.
type MarkGeneration uint64

var generations atomic.Uint32

// NewMarkGeneration returns a generation no other walk of this process
// uses (until 2^32 walks wrap around).
func NewMarkGeneration() MarkGeneration {
	return MarkGeneration(uint64(generations.Add(1)) << 32)
}

// The Set methods store id (below 2^32); the getters return it and
// whether it was set in this generation.
func (g MarkGeneration) SetOp(op *Operation, id uint64)  { op.mark = uint64(g) | id }
func (g MarkGeneration) SetRegion(r *Region, id uint64)  { r.mark = uint64(g) | id }
func (g MarkGeneration) SetBlock(b *Block, id uint64)    { b.mark = uint64(g) | id }
func (g MarkGeneration) SetValue(v *Value, id uint64)    { v.mark = uint64(g) | id }
func (g MarkGeneration) Op(op *Operation) (uint64, bool) { return g.get(op.mark) }
func (g MarkGeneration) Region(r *Region) (uint64, bool) { return g.get(r.mark) }
func (g MarkGeneration) Block(b *Block) (uint64, bool)   { return g.get(b.mark) }
func (g MarkGeneration) Value(v *Value) (uint64, bool)   { return g.get(v.mark) }

func (g MarkGeneration) get(mark uint64) (uint64, bool) {
	return mark & (1<<32 - 1), mark&^(1<<32-1) == uint64(g)
}
