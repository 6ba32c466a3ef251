package vhlo

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// verifyBoolean accepts what VHLO's reader accepts for #vhlo.bool_v1: 0 or 1.
func verifyBoolean(v uint64) error {
	if v > 1 {
		return fmt.Errorf("a bool_v1 is 0 or 1, not %d", v)
	}
	return nil
}

// readSubAxisInfo reads AxisRefV1's optional sub-axis: a varint saying
// whether an attribute follows (VhloBytecode.cpp reads any non-zero value
// as "present"; only 0 and 1 are accepted here, which its writer writes).
func readSubAxisInfo(r *bytecode.EntryReader) (ir.Attribute, error) {
	at := r.Offset()
	has, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	switch has {
	case 0:
		return nil, nil
	case 1:
		return r.Attribute()
	}
	return nil, r.ErrorAt(at, "0 or 1 for whether a sub-axis follows", wire.ErrInvalid)
}

func writeSubAxisInfo(w *bytecode.EntryWriter, sub ir.Attribute) {
	if sub == nil {
		w.VarInt(0)
		return
	}
	w.VarInt(1)
	w.Attribute(sub)
}
