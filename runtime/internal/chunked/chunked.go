// Package chunked is an append-only list stored in fixed-size chunks:
// growing it never copies what it holds, so a list of millions of entries
// peaks at its size rather than at the two or three times a slice reaches
// while it doubles.
package chunked

const (
	shift = 12
	size  = 1 << shift
)

// List is an append-only list; the zero value is empty and ready to use.
// Pointers to its elements stay valid as it grows.
type List[T any] struct {
	chunks [][]T
	n      int
}

// Len is the number of elements.
func (l *List[T]) Len() int { return l.n }

// Append adds v and returns its index.
func (l *List[T]) Append(v T) int {
	if l.n&(size-1) == 0 {
		l.chunks = append(l.chunks, make([]T, size))
	}
	l.chunks[l.n>>shift][l.n&(size-1)] = v
	l.n++
	return l.n - 1
}

// At returns a pointer to element i, which must be below Len.
func (l *List[T]) At(i int) *T { return &l.chunks[i>>shift][i&(size-1)] }
