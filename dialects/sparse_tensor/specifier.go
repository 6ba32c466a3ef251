package sparsetensor

import (
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// soaProp is the one level property that changes how a level is stored
// (a level's coordinates as a structure of arrays).
const soaProp = 4

// normalizeSpecifierEncoding is the storage specifier's builder: it keeps
// of the encoding only what decides the storage, as MLIR's
// StorageSpecifierType::get does, so that encodings differing elsewhere
// give one specifier type. The levels keep their formats and soa, the
// maps go (an empty map prints as the identity), the widths become 0 and
// the explicit and implicit values go; the dimension slices stay.
//
// The normalized encoding is an attribute of its own: where a tensor's
// encoding says map = (d0, d1) -> (d0 : dense, d1 : compressed), its
// specifier's prints the same but is another value, and mlir-opt gives
// the two aliases of their own (#sparse, #sparse1).
func normalizeSpecifierEncoding(ctx *ir.Context, encoding ir.Attribute) ir.Attribute {
	enc, ok := encoding.(*SparseTensorEncodingAttr)
	if !ok {
		return encoding
	}
	levels := make([]uint64, len(enc.LvlTypes()))
	for i, lt := range enc.LvlTypes() {
		levels[i] = lt &^ (propMask &^ soaProp)
	}
	return GetSparseTensorEncodingAttr(ctx, levels, affine.Map{}, affine.Map{}, 0, 0, nil, nil, enc.DimSlices())
}
