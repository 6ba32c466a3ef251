package mlirtext

import "iter"

// chunks is a list that is only appended to and then read in order. It
// grows by chunks, each twice the last up to maxChunk elements, and never
// moves what it holds: a slice grown to 100k location fixups copied each
// element about twice and left the old arrays behind.
type chunks[T any] struct {
	full [][]T
	last []T
}

const maxChunk = 4096

func (c *chunks[T]) add(v T) {
	if len(c.last) == cap(c.last) {
		size := min(max(2*cap(c.last), 16), maxChunk)
		if c.last != nil {
			c.full = append(c.full, c.last)
		}
		c.last = make([]T, 0, size)
	}
	c.last = append(c.last, v)
}

// all yields the elements in the order they were added.
func (c *chunks[T]) all() iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, chunk := range c.full {
			for _, v := range chunk {
				if !yield(v) {
					return
				}
			}
		}
		for _, v := range c.last {
			if !yield(v) {
				return
			}
		}
	}
}
