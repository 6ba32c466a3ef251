// Package chunked is an append-only list stored in chunks that are never
// moved: growing it never copies what it holds, so a list of millions of
// entries peaks at its size rather than at the two or three times a slice
// reaches while it doubles. The first chunks are small and double (16, 16,
// 32, … 2048 elements), so a small list stays small; from 4096 elements on
// every chunk holds 4096.
package chunked

import "math/bits"

const (
	firstShift = 4 // the first chunk holds 16
	bigShift   = 12
	big        = 1 << bigShift // elements of every chunk from the small ones on
	smallCount = bigShift - firstShift + 1
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
	c, off := locate(l.n)
	if c == len(l.chunks) {
		size := big
		if c < smallCount {
			size = chunkSize(c)
		}
		l.chunks = append(l.chunks, make([]T, size))
	}
	l.chunks[c][off] = v
	l.n++
	return l.n - 1
}

// At returns a pointer to element i, which must be below Len.
func (l *List[T]) At(i int) *T {
	c, off := locate(i)
	return &l.chunks[c][off]
}

// chunkSize is the size of small chunk c: 16, 16, 32, 64, … 2048.
func chunkSize(c int) int {
	if c == 0 {
		return 1 << firstShift
	}
	return 1 << (firstShift + c - 1)
}

// locate finds the chunk and offset of element i.
func locate(i int) (chunk, off int) {
	if i >= big {
		return smallCount + (i-big)>>bigShift, (i - big) & (big - 1)
	}
	c := bits.Len(uint(i) >> firstShift) // 0 for i < 16, then one per doubling
	if c == 0 {
		return 0, i
	}
	return c, i - 1<<(firstShift+c-1)
}
