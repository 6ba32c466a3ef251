package sdy

import (
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// OptionalInt is an integer that may be absent, such as a dimension
// sharding's priority: absent and 0 are different values.
type OptionalInt struct {
	Value   int64
	Present bool
}

// Int64 returns a present value.
func Int64(v int64) OptionalInt { return OptionalInt{Value: v, Present: true} }

// AppendKey keys the value for uniquing.
func (o OptionalInt) AppendKey(k *ir.Key) {
	k.Bool(o.Present)
	k.Int(o.Value)
}

// readOptionalVarInt reads Shardy's optional varint: varint((v << 1) |
// present). The C++ reader keeps the bits of a uint64, so does this.
func readOptionalVarInt(r *bytecode.EntryReader) (OptionalInt, error) {
	v, present, err := r.VarIntWithFlag()
	if err != nil || !present {
		return OptionalInt{}, err
	}
	return Int64(int64(v)), nil
}

func writeOptionalVarInt(w *bytecode.EntryWriter, o OptionalInt) {
	if !o.Present {
		w.VarIntWithFlag(0, false)
		return
	}
	w.VarIntWithFlag(uint64(o.Value), true)
}

// anyShardingHasUnreducedAxes picks the encoding of a
// TensorShardingPerValueAttr: the newer code when a sharding has
// unreduced axes, which older readers do not know.
func anyShardingHasUnreducedAxes(shardings []*TensorShardingAttr) bool {
	for _, s := range shardings {
		if s != nil && len(s.UnreducedAxes()) > 0 {
			return true
		}
	}
	return false
}
