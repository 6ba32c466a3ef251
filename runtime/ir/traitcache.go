package ir

import "unsafe"

// traitCache holds the traits of the op names met last, by the address of
// the name ops share (see ShareName): VerifyOptions.Traits is asked once a
// name rather than once an op. Its map lookups by name were 15 % of
// checking a function of 20,000 blocks whose ops alternate two names.
type traitCache struct {
	of func(*Operation) OpTraits
	e  [1 << traitCacheBits]struct {
		name *OpName
		t    OpTraits
	}
}

const traitCacheBits = 6

func (c *traitCache) get(op *Operation) OpTraits {
	switch {
	case c.of == nil:
		return OpTraits{}
	case op.name == nil:
		return c.of(op)
	}
	// Shared names sit side by side in one array (SharedName), 40 bytes
	// apart: their addresses over 8 fall in different slots, for up to
	// as many names as there are slots.
	e := &c.e[uintptr(unsafe.Pointer(op.name))>>3&(1<<traitCacheBits-1)]
	if e.name != op.name {
		e.name, e.t = op.name, c.of(op)
	}
	return e.t
}
