package ir

import (
	"sync"
	"sync/atomic"
)

// kindName is a dialect and a kind of attribute or type in it.
type kindName struct{ dialect, kind string }

// kinds numbers the kinds of this process from 1. Keys start with the
// number, which stands for the same pair in every context. Kinds are few
// (those of the dialects linked in), so the numbers are never dropped.
var kinds struct {
	mu  sync.Mutex
	ids map[kindName]uint64
	// recent caches numbers by a hash of the names, so that the key of
	// every uniqued value does not take the lock.
	recent [1 << recentBits]atomic.Pointer[kindEntry]
}

type kindEntry struct {
	kindName
	id uint64
}

const recentBits = 12

// recentSlot hashes a few bytes of the names, enough to tell kinds apart
// (names are short and fixed in the code); a collision only costs the
// lock.
func recentSlot(dialect, kind string) uint64 {
	h := uint64(len(dialect))<<40 | uint64(len(kind))
	if n := len(kind); n > 0 {
		h |= uint64(kind[0])<<8 | uint64(kind[n/3])<<16 | uint64(kind[n/2])<<24 | uint64(kind[n-1])<<32
	}
	if len(dialect) > 0 {
		h |= uint64(dialect[0]) << 48
	}
	return h * 0x9e3779b97f4a7c15 >> (64 - recentBits)
}

// kindID returns the number of the pair, numbering it on first use.
func kindID(dialect, kind string) uint64 {
	slot := &kinds.recent[recentSlot(dialect, kind)]
	if e := slot.Load(); e != nil && e.kind == kind && e.dialect == dialect {
		return e.id
	}
	name := kindName{dialect, kind}
	kinds.mu.Lock()
	id, ok := kinds.ids[name]
	if !ok {
		if kinds.ids == nil {
			kinds.ids = map[kindName]uint64{}
		}
		id = uint64(len(kinds.ids)) + 1
		kinds.ids[name] = id
	}
	kinds.mu.Unlock()
	slot.Store(&kindEntry{name, id})
	return id
}

// Is reports whether v is a T. Generated codecs compare a value with a
// parameterless kind this way: such a kind has one value a context, so
// the test agrees with comparing to it, without asking the context for it.
func Is[T any](v any) bool {
	_, ok := v.(T)
	return ok
}
