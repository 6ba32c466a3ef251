package ir

import "sync/atomic"

// MarkGeneration tags the numbers one walk stores in the Mark fields of
// ops, regions, blocks and values, so that marks left by earlier walks
// read as unset. Each walk takes a new generation.
type MarkGeneration uint64

var generations atomic.Uint32

// NewMarkGeneration returns a generation no other walk of this process
// uses (until 2^32 walks wrap around).
func NewMarkGeneration() MarkGeneration {
	return MarkGeneration(uint64(generations.Add(1)) << 32)
}

// Mark is the Mark value that stores id (below 2^32) in this generation.
func (g MarkGeneration) Mark(id uint64) uint64 { return uint64(g) | id }

// Get returns the id a Mark value stores, and whether it was set in this
// generation.
func (g MarkGeneration) Get(mark uint64) (uint64, bool) {
	return mark & (1<<32 - 1), mark&^(1<<32-1) == uint64(g)
}
