package llvm

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The hand-written hooks llvm.yaml names: LLVM 19's overflowFlags
// property, whose attribute is #llvm.overflow<…> (a C++
// convertToAttribute overload), and the member kinds of
// LLVMDialectBytecode.td that C++ helpers write (LLVMDialectBytecode.cpp:
// readOptionalArrayRef, writeOptionalInt, and String members of StringAttr
// parameters).

// overflowFlagNames are IntegerOverflowFlags' bits in the order MLIR
// prints them.
var overflowFlagNames = []struct {
	bit  uint64
	name string
}{{1, "nsw"}, {2, "nuw"}}

// integerOverflowFlagsAttr is the attribute LLVM 19 keeps an
// overflowFlags property as: #llvm.overflow<none>, <nsw>, <nuw> or
// <nsw, nuw>, the typed IntegerOverflowFlagsAttr its text reads as.
func integerOverflowFlagsAttr(ctx *ir.Context, v uint64) (ir.Attribute, error) {
	rest := v
	for _, f := range overflowFlagNames {
		rest &^= f.bit
	}
	if rest != 0 {
		return nil, fmt.Errorf("overflow flags %#x: unknown bits %#x", v, rest)
	}
	return GetIntegerOverflowFlagsAttr(ctx, IntegerOverflowFlags(v)), nil
}

// integerOverflowFlagsValue is the inverse of integerOverflowFlagsAttr; it
// also takes the attribute kept as text.
func integerOverflowFlagsValue(a ir.Attribute) (uint64, error) {
	if f, ok := a.(*IntegerOverflowFlagsAttr); ok {
		return uint64(f.Value()), nil
	}
	t, ok := a.(*ir.TextAttr)
	body, ok2 := strings.CutPrefix(textOf(t, ok), "#llvm.overflow<")
	body, ok3 := strings.CutSuffix(body, ">")
	if !ok || !ok2 || !ok3 {
		return 0, fmt.Errorf("want #llvm.overflow<…>, not %v", a)
	}
	if body == "none" {
		return 0, nil
	}
	var v uint64
	for _, p := range strings.Split(body, ",") {
		p = strings.TrimSpace(p)
		found := false
		for _, f := range overflowFlagNames {
			if f.name == p {
				v |= f.bit
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("#llvm.overflow<%s>: unknown flag %q", body, p)
		}
	}
	return v, nil
}

func textOf(t *ir.TextAttr, ok bool) string {
	if !ok {
		return ""
	}
	return t.Text()
}

// readStringAsAttr reads a String member (a string-table index) into a
// StringAttr parameter: DIFileAttr's name and directory, DIBasicTypeAttr's
// name.
func readStringAsAttr(r *bytecode.EntryReader) (ir.Attribute, error) {
	s, err := r.String()
	if err != nil {
		return nil, err
	}
	return builtin.GetStringAttr(r.Context(), s, nil), nil
}

func writeStringAsAttr(w *bytecode.EntryWriter, v ir.Attribute) {
	s, ok := v.(*builtin.StringAttr)
	if !ok {
		w.Fail(fmt.Errorf("want a StringAttr, not %v", v))
		return
	}
	w.String(s.Value())
}

// readOptionalAttrList reads an OptionalArrayRef of attributes: a bool
// saying whether the list is there (it is not when empty), then a count
// and each element as an optional attribute.
func readOptionalAttrList(r *bytecode.EntryReader) ([]ir.Attribute, error) {
	present, err := r.Bool()
	if err != nil || !present {
		return nil, err
	}
	n, err := r.Count(1, "list elements")
	if err != nil {
		return nil, err
	}
	out := make([]ir.Attribute, n)
	for i := range out {
		if out[i], err = r.OptionalAttribute(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func writeOptionalAttrList(w *bytecode.EntryWriter, v []ir.Attribute) {
	w.Bool(len(v) > 0)
	if len(v) == 0 {
		return
	}
	w.VarInt(uint64(len(v)))
	for _, a := range v {
		w.OptionalAttribute(a)
	}
}

// readOptionalUint64List reads an OptionalArrayRef of integers: a bool,
// then a count and each element as a varint.
func readOptionalUint64List(r *bytecode.EntryReader) ([]uint64, error) {
	present, err := r.Bool()
	if err != nil || !present {
		return nil, err
	}
	n, err := r.Count(1, "list elements")
	if err != nil {
		return nil, err
	}
	out := make([]uint64, n)
	for i := range out {
		if out[i], err = r.VarInt(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func writeOptionalUint64List(w *bytecode.EntryWriter, v []uint64) {
	w.Bool(len(v) > 0)
	if len(v) == 0 {
		return
	}
	w.VarInt(uint64(len(v)))
	for _, x := range v {
		w.VarInt(x)
	}
}

// readOptionalUint32 reads an OptionalInt: varint((v << 1) | present). An
// absent value reads as 0, as does a present 0 (the parameter does not
// keep the difference).
func readOptionalUint32(r *bytecode.EntryReader) (uint32, error) {
	at := r.Offset()
	v, _, err := r.VarIntWithFlag()
	if err != nil {
		return 0, err
	}
	if v > 1<<32-1 {
		return 0, r.ErrorAt(at, "a 32-bit value", wire.ErrOverflow)
	}
	return uint32(v), nil
}

// writeOptionalUint32 writes 0 as absent.
func writeOptionalUint32(w *bytecode.EntryWriter, v uint32) {
	w.VarIntWithFlag(uint64(v), v != 0)
}
