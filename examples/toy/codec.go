package toy

import (
	"fmt"
	"math"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The field {custom: TileRange, outputs: [first, last]} of TileAttr's
// encodings names this pair. The generated reader calls
//
//	first, last, err = readTileRange(r)
//
// and the generated writer calls
//
//	writeTileRange(w, a.first, a.last)
//
// so the reader returns the outputs in order followed by an error, and the
// writer takes them in the same order (after any args, of which this field
// has none).
//
// On the wire the range is its first index as a signed varint followed by
// its length minus one (last - first) as a varint, which cannot describe an
// empty or reversed range.

// readTileRange reads a tile range; it rejects ranges ending beyond
// MaxInt64.
func readTileRange(r *bytecode.EntryReader) (first, last int64, err error) {
	if first, err = r.SignedVarInt(); err != nil {
		return 0, 0, err
	}
	at := r.Offset()
	n, err := r.VarInt()
	if err != nil {
		return 0, 0, err
	}
	// The distance from first to MaxInt64, computed without overflow.
	if room := uint64(math.MaxInt64) - uint64(first); n > room {
		return 0, 0, r.ErrorAt(at, fmt.Sprintf("a tile range that ends by index %d", int64(math.MaxInt64)), wire.ErrOverflow)
	}
	return first, int64(uint64(first) + n), nil
}

// writeTileRange writes a tile range. A reversed range has no wire form:
// the writer records the error, and encoding the attribute fails with it.
func writeTileRange(w *bytecode.EntryWriter, first, last int64) {
	if last < first {
		w.Fail(fmt.Errorf("toy TileAttr: last tile %d is before first tile %d", last, first))
	}
	w.SignedVarInt(first)
	w.VarInt(uint64(last) - uint64(first)) // exact even when last-first overflows int64
}
