package ir

import (
	"hash/maphash"
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
	// recent caches numbers by a hash of the kind's name, so that the
	// key of every uniqued value does not take the lock.
	recent [256]atomic.Pointer[kindEntry]
}

type kindEntry struct {
	kindName
	id uint64
}

var kindSeed = maphash.MakeSeed()

// kindID returns the number of the pair, numbering it on first use.
func kindID(dialect, kind string) uint64 {
	slot := &kinds.recent[maphash.String(kindSeed, kind)&(uint64(len(kinds.recent))-1)]
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
