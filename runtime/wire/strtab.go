package wire

import (
	"slices"
	"strconv"
	"unsafe"
)

// MLIR's string section body:
//
//	varint(N) varint(size[N-1]) … varint(size[0]) str[0] NUL … str[N-1] NUL
//
// Sizes come in reverse index order and include the NUL. MLIR's reader
// carves strings off the end of the section, so nothing may sit between the
// sizes and the string data.

// StringTable builds an MLIR string section. Strings get indices in
// first-insertion order; the zero value is ready to use.
type StringTable struct {
	index map[string]uint64
	strs  []string
}

// Intern returns s's index, adding s if it is new.
func (t *StringTable) Intern(s string) uint64 {
	if i, ok := t.index[s]; ok {
		return i
	}
	if t.index == nil {
		t.index = make(map[string]uint64)
	}
	i := uint64(len(t.strs))
	t.index[s] = i
	t.strs = append(t.strs, s)
	return i
}

// Grow makes room for about n strings in a table that has none yet, so
// that interning them does not grow it step by step; it does nothing to
// a table in use.
func (t *StringTable) Grow(n int) {
	if t.index == nil {
		t.index = make(map[string]uint64, n)
		t.strs = make([]string, 0, n)
	}
}

// Lookup returns s's index if s was interned.
func (t *StringTable) Lookup(s string) (uint64, bool) {
	i, ok := t.index[s]
	return i, ok
}

// Len is the number of distinct strings.
func (t *StringTable) Len() int { return len(t.strs) }

// Strings returns the strings in index order (a copy).
func (t *StringTable) Strings() []string { return slices.Clone(t.strs) }

// AppendTo appends the string section body (not the section header).
// Strings may contain NUL bytes: sizes, not terminators, delimit them.
func (t *StringTable) AppendTo(b []byte) []byte { return t.AppendSplicing(b, 0, nil) }

// AppendSplicing is AppendTo, but leaves out each string of n bytes or
// more (n > 0), calling splice with where in b it belongs and its bytes
// (to be read only) instead: a writer hands a string of megabytes (a GPU
// binary) on from where it is.
func (t *StringTable) AppendSplicing(b []byte, n int, splice func(at int, s []byte)) []byte {
	b = AppendVarInt(b, uint64(len(t.strs)))
	for i := len(t.strs) - 1; i >= 0; i-- {
		b = AppendVarInt(b, uint64(len(t.strs[i]))+1)
	}
	for _, s := range t.strs {
		if n > 0 && len(s) >= n {
			splice(len(b), unsafe.Slice(unsafe.StringData(s), len(s)))
		} else {
			b = append(b, s...)
		}
		b = append(b, 0)
	}
	return b
}

// Strings is a decoded string table: a zero-copy view of the input. Strings
// returned by At alias the input bytes, which must not be modified while
// they are in use.
type Strings struct {
	data []byte // all string bytes, NULs included
	base int64  // absolute offset of data[0]
	ends []int  // ends[i]: offset in data just past string i's NUL
}

// Len is the number of strings.
func (s Strings) Len() int { return len(s.ends) }

func (s Strings) span(i int) (start, end int) {
	if i > 0 {
		start = s.ends[i-1]
	}
	return start, s.ends[i] - 1 // drop the NUL
}

// Bytes returns string i without its NUL, zero-copy with clipped capacity.
// It panics if i is out of range, like slice indexing.
func (s Strings) Bytes(i int) []byte {
	start, end := s.span(i)
	return s.data[start:end:end]
}

// At returns string i; the string shares memory with the input (see
// Strings). It panics if i is out of range, like slice indexing.
func (s Strings) At(i int) string {
	start, end := s.span(i)
	if start == end {
		return ""
	}
	return unsafe.String(&s.data[start], end-start)
}

// IndicesOf returns the indices of the strings equal to str, in order (a
// table written by MLIR holds each string once; a crafted one may not).
func (s Strings) IndicesOf(str string) []uint64 {
	var out []uint64
	start := 0
	for i, end := range s.ends {
		if end-1-start == len(str) && string(s.data[start:end-1]) == str {
			out = append(out, uint64(i))
		}
		start = end
	}
	return out
}

// Lookup returns string i, or false if i is out of range; for indices read
// from the input.
func (s Strings) Lookup(i uint64) (string, bool) {
	if i >= uint64(len(s.ends)) {
		return "", false
	}
	return s.At(int(i)), true
}

// Offset is the absolute file offset of string i's first byte.
func (s Strings) Offset(i int) int64 {
	start, _ := s.span(i)
	return s.base + int64(start)
}

// ReadStringTable decodes an MLIR string section body. It consumes all of
// r: the strings must end exactly where r does. Every string must end in a
// NUL. On error the cursor is left where it was.
func ReadStringTable(r *Reader) (Strings, error) {
	start := r.pos
	s, err := readStringTable(r)
	if err != nil {
		r.pos = start
	}
	return s, err
}

func readStringTable(r *Reader) (Strings, error) {
	// Each string needs at least one size byte and its NUL.
	n, err := r.Count(2, "strings")
	if err != nil {
		return Strings{}, err
	}
	ends := make([]int, n)
	var sum uint64 // ≤ r.Len() throughout, so it cannot overflow
	for k := n - 1; k >= 0; k-- {
		pos := r.pos
		size, err := r.varInt("a string size")
		if err != nil {
			// Name the string only now: a table has thousands.
			r.pos = pos
			_, err = r.varInt("the size of string " + strconv.Itoa(k))
			return Strings{}, err
		}
		if size == 0 {
			return Strings{}, r.errAt(pos, "a string size of at least 1 (the NUL)", ErrInvalid)
		}
		if left := uint64(r.Len()); sum > left || size > left-sum {
			return Strings{}, r.errAt(pos, "string "+strconv.Itoa(k)+" of "+
				strconv.FormatUint(size, 10)+" bytes to fit in the section", ErrTruncated)
		}
		ends[k] = int(size)
		sum += size
	}
	// The loop keeps sum ≤ r.Len(), so a mismatch means trailing bytes.
	if left := uint64(r.Len()); left != sum {
		return Strings{}, r.errAt(r.pos, strconv.FormatUint(sum, 10)+
			" bytes of string data, found "+strconv.FormatUint(left, 10), ErrInvalid)
	}
	data := r.Rest()
	acc := 0
	for i, size := range ends {
		acc += size
		ends[i] = acc
		if data[acc-1] != 0 {
			return Strings{}, r.errAt(r.pos+acc-1, "a NUL ending string "+strconv.Itoa(i), ErrInvalid)
		}
	}
	st := Strings{data: data, base: r.Offset(), ends: ends}
	r.pos = len(r.data)
	return st, nil
}
