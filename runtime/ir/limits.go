package ir

// Limits bound how deeply IR may nest. Readers refuse input that goes
// beyond them and writers refuse to write such IR, with the same numbers,
// so that whatever a writer writes its reader reads back. They keep hostile
// input and runaway API use from exhausting the stack. The zero value means
// the defaults.
type Limits struct {
	// MaxRegionDepth is how many regions may enclose an op, counted from
	// the top-level op (whose own regions are depth 1). 0 means
	// DefaultMaxRegionDepth.
	MaxRegionDepth int
	// MaxAttrDepth is how deeply attributes and types may be nested in
	// one another (an array of arrays of ... counts one per level).
	// 0 means DefaultMaxAttrDepth.
	MaxAttrDepth int
}

const (
	// DefaultMaxRegionDepth is the default region nesting limit. mlir-opt
	// 22 reads and writes bytecode nested about 11,000 (isolated ops) to
	// 14,500 deep before its recursion overflows an 8 MiB stack, and its
	// printer about 7,700: a file within this limit round-trips there.
	DefaultMaxRegionDepth = 10000
	// DefaultMaxAttrDepth is the default attribute and type nesting limit.
	// mlir-opt reads about 7,800 nested entries (LLVM 16) and 9,000 (19);
	// 22 has no limit but its writer fails by 50,000.
	DefaultMaxAttrDepth = 10000
)

// RegionDepth is the region nesting limit in effect.
func (l Limits) RegionDepth() int {
	if l.MaxRegionDepth > 0 {
		return l.MaxRegionDepth
	}
	return DefaultMaxRegionDepth
}

// AttrDepth is the attribute nesting limit in effect.
func (l Limits) AttrDepth() int {
	if l.MaxAttrDepth > 0 {
		return l.MaxAttrDepth
	}
	return DefaultMaxAttrDepth
}
