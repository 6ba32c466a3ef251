// Package datalayout is what generated data-layout handlers see: a type
// with layout rules implements Type, and answers through an Env, which the
// layout package implements for one scope (its spec entries, the other
// types' layouts, the LLVM release). It knows no dialect.
package datalayout

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Size is a size in bits or bytes; a Scalable size is a multiple of the
// runtime vector scale, Min being its value at scale 1.
type Size struct {
	Min      uint64
	Scalable bool
}

// Type is implemented by the generated layout handler of a type whose
// definition declares layout rules.
type Type interface {
	ir.Type
	// LayoutClass names the type class the spec entries apply by (MLIR's
	// TypeID): "builtin.integer" for every integer width.
	LayoutClass() string
	LayoutSizeBits(e Env) Size
	LayoutABIAlign(e Env) uint64
	LayoutPrefAlign(e Env) uint64
	// LayoutIndexBits is the index bit width; ok is false for types that
	// have none.
	LayoutIndexBits(e Env) (bits uint64, ok bool)
}

// Env answers a rule's questions within one scope. Queries that fail (a
// type without layout, a zero alignment) record the first error, which the
// caller of the handler reports; they then return 0.
type Env interface {
	// Release is the LLVM release whose rules apply.
	Release() int
	// Queries of other types through the layout (honouring the spec).
	SizeInBits(t ir.Type) Size
	ABIAlign(t ir.Type) uint64
	PrefAlign(t ir.Type) uint64
	IndexBits(t ir.Type) uint64
	// Bare is the same queries with the rules of t evaluated on an empty
	// entry list, as MLIR does for the element of a complex type.
	Bare() Env
	// Integer is the signless integer type of a width.
	Integer(width uint64) ir.Type
	// Entries of the class of the type being asked about: whether there
	// are any, the ABI and preferred values (bits) of the first one, and of
	// the one an integer width selects (the narrowest at least as wide,
	// else the widest).
	HasEntries() bool
	FirstEntry() (abi, pref uint64)
	EntryForWidth(width uint64) (abi, pref uint64)
	// IndexWidth is the index entry's value, 64 without one.
	IndexWidth() uint64
	// KeyedEntry is the value (a list of integers) of the spec entry whose
	// key is the type key itself, as for pointers whose entries are keyed
	// by address space; ok is false without one.
	KeyedEntry(key ir.Type) (values []uint64, ok bool)
	// Context is where rules build the types they ask about.
	Context() *ir.Context
	// Fail records that MLIR has no defined result here.
	Fail(format string, args ...any)
}

// Undefined is the error Env.Fail records.
type Undefined struct{ What string }

func (e *Undefined) Error() string { return "undefined in MLIR (mlir-opt crashes): " + e.What }

// Failf makes an Undefined.
func Failf(format string, args ...any) error { return &Undefined{fmt.Sprintf(format, args...)} }

// Helpers the generated expressions call.

// Pow2Ceil is llvm::PowerOf2Ceil: the smallest power of two at least v (0
// for 0).
func Pow2Ceil(v uint64) uint64 {
	if v <= 1 {
		return v
	}
	p := uint64(1)
	for p < v && p != 0 {
		p <<= 1
	}
	return p
}

// DivCeil divides rounding up; a zero divisor is undefined.
func DivCeil(e Env, a, b uint64) uint64 {
	if b == 0 {
		e.Fail("a division by zero")
		return 0
	}
	return (a + b - 1) / b
}

// Div divides; a zero divisor is undefined.
func Div(e Env, a, b uint64) uint64 {
	if b == 0 {
		e.Fail("a division by zero")
		return 0
	}
	return a / b
}

// AlignTo is llvm::alignTo; a zero alignment is undefined.
func AlignTo(e Env, v, align uint64) uint64 {
	if align == 0 {
		e.Fail("aligning to a zero alignment")
		return 0
	}
	return (v + align - 1) / align * align
}

// Product multiplies a shape's dimensions (1 for none).
func Product(dims []int64) uint64 {
	p := uint64(1)
	for _, d := range dims {
		p *= uint64(d)
	}
	return p
}

// Last is a shape's innermost dimension; an empty shape is undefined.
func Last(e Env, dims []int64) uint64 {
	if len(dims) == 0 {
		e.Fail("the innermost dimension of a 0-d shape")
		return 0
	}
	return uint64(dims[len(dims)-1])
}

// Any reports whether any flag is set.
func Any(flags []bool) bool {
	for _, f := range flags {
		if f {
			return true
		}
	}
	return false
}

// Bytes is a type's size in bytes through the layout: its bits rounded up.
func Bytes(e Env, t ir.Type) uint64 { return (e.SizeInBits(t).Min + 7) / 8 }

// Mod is a remainder; a zero divisor is undefined.
func Mod(e Env, a, b uint64) uint64 {
	if b == 0 {
		e.Fail("a remainder of a division by zero")
		return 0
	}
	return a % b
}

// FirstABI and FirstPref are the first entry's values (bits).
func FirstABI(e Env) uint64  { a, _ := e.FirstEntry(); return a }
func FirstPref(e Env) uint64 { _, p := e.FirstEntry(); return p }

// EntryABI and EntryPref are the values (bits) of the entry an integer
// width selects.
func EntryABI(e Env, width uint64) uint64  { a, _ := e.EntryForWidth(width); return a }
func EntryPref(e Env, width uint64) uint64 { _, p := e.EntryForWidth(width); return p }

// If is c ? a() : b(), evaluating one branch only.
func If[T any](c bool, a, b func() T) T {
	if c {
		return a()
	}
	return b()
}

// HasEntry reports whether the spec has an entry keyed by t.
func HasEntry(e Env, t ir.Type) bool { _, ok := e.KeyedEntry(t); return ok }

// EntryLen is the number of values of the entry keyed by t (0 without one).
func EntryLen(e Env, t ir.Type) uint64 { v, _ := e.KeyedEntry(t); return uint64(len(v)) }

// EntryAt is the i-th value of the entry keyed by t; a missing one is
// undefined.
func EntryAt(e Env, t ir.Type, i uint64) uint64 {
	v, ok := e.KeyedEntry(t)
	if !ok || i >= uint64(len(v)) {
		e.Fail("value %d of the data layout entry for %s, which it does not have", i, t)
		return 0
	}
	return v[i]
}

// FixedSize is a type's size in bytes through the layout; a scalable size
// is undefined (MLIR asserts a fixed size where it sums or multiplies).
func FixedSize(e Env, t ir.Type) uint64 {
	s := e.SizeInBits(t)
	if s.Scalable {
		e.Fail("a scalable element (%s) where sizes are summed or multiplied", t)
		return 0
	}
	return (s.Min + 7) / 8
}

// SumSize is the sum of the types' fixed sizes in bytes: a sequence laid
// out without padding.
func SumSize(e Env, ts []ir.Type) uint64 {
	var n uint64
	for _, t := range ts {
		n += FixedSize(e, t)
	}
	return n
}

// SeqSize is the size in bytes of a sequence of the types with each one's
// offset aligned to its ABI alignment (no padding after the last).
func SeqSize(e Env, ts []ir.Type) uint64 {
	var n uint64
	for _, t := range ts {
		n = AlignTo(e, n, e.ABIAlign(t)) + FixedSize(e, t)
	}
	return n
}

// MaxABI is the largest ABI alignment of the types, 1 for none.
func MaxABI(e Env, ts []ir.Type) uint64 {
	a := uint64(1)
	for _, t := range ts {
		a = max(a, e.ABIAlign(t))
	}
	return a
}
