package tileir

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// offsetTable reads the shape shared by the string, type and constant
// sections: count, padding to width (relative to the payload start, which
// the section alignment makes absolute), count offsets of width bytes,
// then the data the offsets point into.
func offsetTable(s wire.Section, name string, width int) (offs []uint64, data []byte, dataOff int64, err error) {
	r := s.Reader(name)
	n, err := r.ULEB128()
	if err != nil {
		return nil, nil, 0, err
	}
	if n == 0 {
		return nil, nil, 0, nil // the writer may pad an empty table; ignore the rest
	}
	pad := uint64(-(r.Offset() - s.Offset)) & uint64(width-1)
	if err := r.Skip(pad); err != nil {
		return nil, nil, 0, r.Errorf(strconv.FormatUint(pad, 10)+" padding bytes before the offsets", wire.ErrTruncated)
	}
	if n > uint64(r.Len()/width) {
		return nil, nil, 0, r.Errorf(fmt.Sprintf("%d offsets of %d bytes (only %d bytes left)", n, width, r.Len()), wire.ErrTruncated)
	}
	offs = make([]uint64, n)
	for i := range offs {
		if width == 4 {
			v, _ := r.Uint32()
			offs[i] = uint64(v)
		} else {
			offs[i], _ = r.Uint64()
		}
	}
	return offs, r.Rest(), r.Offset(), nil
}

// stringTable resolves strings the way the C++ reader does: string i is
// data[off[i] : off[i]+(off[i+1]-off[i])], with 32-bit wrap-around and
// clamping to the data, and the last string runs to the end. Offsets are
// not validated; a damaged table yields odd strings, not an error, which is
// what upstream's invalid_attribute_name vector relies on.
type stringTable struct {
	offs  []uint64
	data  []byte
	cache []string
	done  []bool
}

func (t *stringTable) len() int { return len(t.offs) }

func (t *stringTable) get(i uint64) (string, bool) {
	if i >= uint64(len(t.offs)) {
		return "", false
	}
	if t.done[i] {
		return t.cache[i], true
	}
	size := uint64(len(t.data))
	start := min(t.offs[i], size)
	var n uint64
	if i+1 < uint64(len(t.offs)) {
		n = uint64(uint32(t.offs[i+1]) - uint32(t.offs[i]))
	} else {
		n = size - start
	}
	n = min(n, size-start)
	s := string(t.data[start : start+n])
	t.cache[i], t.done[i] = s, true
	return s, true
}

// typeTable parses entries on first use; references between entries may
// point forward, and a cycle is an error.
type typeTable struct {
	entries [][]byte
	offsets []int64
	types   []Type
	state   []uint8 // 0 unread, 1 reading, 2 done
	// height is 1 for a type without nested types, else 1 + the largest
	// height of its nested types. The nesting limit applies to it: a
	// property of the type, not of where it is first used, which Read and
	// Write do not share (hints are read before signatures).
	height []int
}

func (t *typeTable) get(d *Decoder, i uint64) (Type, error) {
	if i >= uint64(len(t.entries)) {
		return nil, fmt.Errorf("type index %d out of range (the table has %d types): %w", i, len(t.entries), wire.ErrInvalid)
	}
	switch t.state[i] {
	case 2:
		d.typeHeight = max(d.typeHeight, t.height[i])
		return t.types[i], nil
	case 1:
		return nil, fmt.Errorf("type %d refers to itself: %w", i, wire.ErrInvalid)
	}
	if d.typeDepth >= d.limit {
		return nil, fmt.Errorf("types nested more than %d deep: %w", d.limit, wire.ErrInvalid)
	}
	t.state[i] = 1
	saved, height := d.r, d.typeHeight
	d.r, d.typeHeight = wire.NewReader(t.entries[i], t.offsets[i], "Type"), 0
	d.typeDepth++
	typ, err := t.read(d, i)
	d.typeDepth--
	h := d.typeHeight + 1
	d.r, d.typeHeight = saved, max(height, h)
	if err == nil && h > d.limit {
		err = fmt.Errorf("types nested more than %d deep: %w", d.limit, wire.ErrInvalid)
	}
	if err != nil {
		t.state[i] = 0
		return nil, err
	}
	t.types[i], t.state[i], t.height[i] = typ, 2, h
	return typ, nil
}

func (t *typeTable) read(d *Decoder, i uint64) (Type, error) {
	tag, err := d.ULEB128("a type tag")
	if err != nil {
		return nil, err
	}
	typ, err := d.d.ReadType(d, tag)
	if err != nil {
		return nil, err
	}
	return typ, nil
}

func newTypeTable(s wire.Section) (typeTable, error) {
	offs, data, base, err := offsetTable(s, "Type", 4)
	if err != nil {
		return typeTable{}, err
	}
	// Upstream ignores bytes left over in an entry; so do we.
	t := typeTable{entries: make([][]byte, len(offs)), offsets: make([]int64, len(offs)),
		types: make([]Type, len(offs)), state: make([]uint8, len(offs)), height: make([]int, len(offs))}
	for i, o := range offs {
		end := uint64(len(data))
		if i+1 < len(offs) {
			end = offs[i+1]
		}
		if o > end || end > uint64(len(data)) {
			return typeTable{}, wire.NewReader(nil, base, "Type").Errorf(
				fmt.Sprintf("type offsets within the %d data bytes and increasing (entry %d: %d..%d)", len(data), i, o, end), wire.ErrInvalid)
		}
		t.entries[i] = data[o:end:end]
		t.offsets[i] = base + int64(o)
	}
	return t, nil
}

func newConstTable(s wire.Section) ([][]byte, error) {
	offs, data, base, err := offsetTable(s, "Constant", 8)
	if err != nil {
		return nil, err
	}
	// The values are the module's own, not views of the input, which the
	// caller may reuse or unmap (ReadFile does) once Read returns: one
	// copy of the section's data holds them all.
	data = bytes.Clone(data)
	out := make([][]byte, len(offs))
	for i, o := range offs {
		end := uint64(len(data))
		if i+1 < len(offs) {
			end = offs[i+1]
		}
		if o > end || end > uint64(len(data)) {
			return nil, wire.NewReader(nil, base, "Constant").Errorf(
				fmt.Sprintf("constant offsets within the %d data bytes and increasing (entry %d: %d..%d)", len(data), i, o, end), wire.ErrInvalid)
		}
		r := wire.NewReader(data[o:end:end], base+int64(o), "Constant")
		size, err := r.ULEB128()
		if err != nil {
			return nil, err
		}
		b, err := r.Bytes(size)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func newStringTable(s wire.Section) (stringTable, error) {
	offs, data, _, err := offsetTable(s, "String", 4)
	if err != nil {
		return stringTable{}, err
	}
	return stringTable{offs: offs, data: data, cache: make([]string, len(offs)), done: make([]bool, len(offs))}, nil
}

// appendOffsetTable writes count, padding, offsets and data for entries.
func appendOffsetTable(b []byte, entries [][]byte, width int) []byte {
	start := len(b)
	b = wire.AppendULEB128(b, uint64(len(entries)))
	for (len(b)-start)%width != 0 {
		b = append(b, wire.PaddingByte)
	}
	off := uint64(0)
	for _, e := range entries {
		if width == 4 {
			b = binary.LittleEndian.AppendUint32(b, uint32(off))
		} else {
			b = binary.LittleEndian.AppendUint64(b, off)
		}
		off += uint64(len(e))
	}
	for _, e := range entries {
		b = append(b, e...)
	}
	return b
}
