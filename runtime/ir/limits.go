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
	// DefaultMaxRegionDepth is the default region nesting limit.
	DefaultMaxRegionDepth = 10000
	// DefaultMaxAttrDepth is the default attribute and type nesting limit.
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
