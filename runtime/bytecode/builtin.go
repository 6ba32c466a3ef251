package bytecode

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Builtin is what the MLIR bytecode container needs from the builtin
// dialect, which every file uses: each op's attribute dictionary, the
// unknown location block arguments default to, and the dense i32 arrays
// that hold operand segment sizes. The builtin dialect package implements
// it; the container finds it among the context's dialects, so that the
// runtime depends on no generated package.
type Builtin interface {
	ir.Dialect
	// Dictionary returns the DictionaryAttr of attrs (sorted by name).
	Dictionary(ctx *ir.Context, attrs []ir.NamedAttr) ir.Attribute
	// DictionaryLen reports whether a is a DictionaryAttr and how many
	// entries it has; DictionaryEntry returns entry i.
	DictionaryLen(a ir.Attribute) (int, bool)
	DictionaryEntry(a ir.Attribute, i int) ir.NamedAttr
	// UnknownLoc is the location `loc(unknown)`.
	UnknownLoc(ctx *ir.Context) ir.Location
	// Int32Array returns the DenseI32ArrayAttr of v; Int32ArrayValues
	// the values of one, false for any other attribute.
	Int32Array(ctx *ir.Context, v []int32) ir.Attribute
	Int32ArrayValues(a ir.Attribute) ([]int32, bool)
}

// BuiltinOf returns the builtin dialect registered in ctx.
func BuiltinOf(ctx *ir.Context) (Builtin, error) {
	d := ctx.Dialect("builtin")
	if d == nil {
		return nil, fmt.Errorf("the ir.Context has no builtin dialect registered; MLIR bytecode needs it")
	}
	b, ok := d.(Builtin)
	if !ok {
		return nil, fmt.Errorf("the builtin dialect registered (%T) does not implement bytecode.Builtin", d)
	}
	return b, nil
}
