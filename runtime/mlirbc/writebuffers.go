package mlirbc

import "sync"

// A write needs tables as large as the module (an entry per attribute,
// type and op, the IR section, the attribute data). Allocating them anew
// for every write makes the garbage collector rescan the whole IR every
// few writes; writeBuffers keeps them from one write to the next instead.
// What they held is cleared when they are taken again, not when a write
// ends: a program that writes once does not pay for it. Until then a
// pooled buffer keeps the IR it last held alive, for at most the two
// garbage collections after which sync.Pool drops what it holds.
type writeBuffers struct {
	byID        []uint32 // entry refs by context ID
	entries     chunks[entry]
	ops         chunks[opNum]
	ordered     [3][]*entry // attributes, types, op names
	tmpl        []byte
	many        []*entry // sort's scratch
	refs        []tmplRef
	ir          []byte // the IR section's flat data
	attrData    []byte
	attrOffsets []byte
	props       []byte
	headers     []byte
	sections    []nestedSection
	file        []byte // what Write builds before handing it to its writer
}

var writeBufferPool = sync.Pool{New: func() any { return new(writeBuffers) }}

func getWriteBuffers() *writeBuffers {
	b := writeBufferPool.Get().(*writeBuffers)
	b.reset()
	return b
}

// release returns b to the pool.
func (b *writeBuffers) release() { writeBufferPool.Put(b) }

// reset empties b, clearing what it refers to.
func (b *writeBuffers) reset() {
	clear(b.byID)
	b.entries.reset()
	b.ops.reset()
	// The ordered attributes and types point into entries, and recorded
	// references hold no pointers: neither keeps anything alive, so
	// neither needs clearing. Op names point to the last write's kinds.
	clear(b.ordered[2])
	for i := range b.ordered {
		b.ordered[i] = b.ordered[i][:0]
	}
	b.tmpl, b.refs = b.tmpl[:0], b.refs[:0]
	b.ir, b.attrData, b.attrOffsets = b.ir[:0], b.attrData[:0], b.attrOffsets[:0]
	b.props, b.headers, b.sections = b.props[:0], b.headers[:0], b.sections[:0]
	b.file = b.file[:0]
	clear(b.many)
	b.many = b.many[:0]
}

// chunks is an append-only list in fixed-size chunks: pointers to its
// elements stay valid as it grows, and reset keeps the chunks for reuse.
type chunks[T any] struct {
	chunks [][]T
	n      int
}

const chunkShift = 10 // 1024 elements a chunk

func (l *chunks[T]) Len() int { return l.n }

// Next returns a pointer to a new zero element.
func (l *chunks[T]) Next() *T {
	c, off := l.n>>chunkShift, l.n&(1<<chunkShift-1)
	if c == len(l.chunks) {
		l.chunks = append(l.chunks, make([]T, 1<<chunkShift))
	}
	l.n++
	return &l.chunks[c][off]
}

// Append adds v and returns its index.
func (l *chunks[T]) Append(v T) int {
	*l.Next() = v
	return l.n - 1
}

// At returns a pointer to element i, which must be below Len.
func (l *chunks[T]) At(i int) *T { return &l.chunks[i>>chunkShift][i&(1<<chunkShift-1)] }

// reset empties the list, zeroing what it held (only that: a small write
// does not pay for clearing whole chunks).
func (l *chunks[T]) reset() {
	for i, c := range l.chunks {
		used := l.n - i<<chunkShift
		if used <= 0 {
			break
		}
		clear(c[:min(used, len(c))])
	}
	l.n = 0
}
