package bytecode_test

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestEntryReaderAPInt feeds APInt widths and word counts that lie.
func TestEntryReaderAPInt(t *testing.T) {
	const base = 0x100
	read := func(width uint32, data []byte) (ir.APInt, error) {
		r := bytecode.NewEntryReader(ir.NewContext(), wire.NewReader(data, base, "AttrType"), nil, bytecode.Target{Version: 6})
		return r.APInt(width)
	}
	words := func(n uint64, ws ...int64) []byte {
		b := wire.AppendVarInt(nil, n)
		for _, w := range ws {
			b = wire.AppendSignedVarInt(b, w)
		}
		return b
	}
	for _, c := range []struct {
		name     string
		width    uint32
		data     []byte
		sentinel error
		contains string
	}{
		{"width 2^24", 1 << 24, words(1, 1), wire.ErrInvalid, "an integer width up to 16777215, not 16777216"},
		{"width 2^31", 1 << 31, words(1, 1), wire.ErrInvalid, "up to 16777215"},
		{"width 2^32-1", 1<<32 - 1, words(1, 1), wire.ErrInvalid, "up to 16777215"},
		{"no words", 65, words(0), wire.ErrInvalid, "1 to 2 active words for an i65"},
		{"too many words", 65, words(3, 1, 2, 3), wire.ErrInvalid, "1 to 2 active words"},
		{"word count lies", 1<<24 - 1, words(1 << 18), wire.ErrTruncated, "262144 words in the 0 bytes left"},
		{"word missing", 128, words(2, 1), wire.ErrTruncated, "2 words in the 1 bytes left"},
		{"truncated word", 128, append(words(1), 0x00, 0x01), wire.ErrTruncated, "a signed varint"},
		{"no byte", 8, nil, wire.ErrTruncated, "a byte"},
		{"no varint", 64, nil, wire.ErrTruncated, "a signed varint"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := read(c.width, c.data)
			off := int64(base)
			if c.name == "truncated word" {
				off++
			}
			checkWireError(t, err, c.sentinel, off, "AttrType", c.contains)
		})
	}
	for _, c := range []struct {
		width uint32
		data  []byte
		want  []uint64
	}{
		{1, []byte{0x01}, []uint64{1}},
		{8, []byte{0xFF}, []uint64{0xFF}},
		{32, wire.AppendSignedVarInt(nil, 0xFFFFFFF9), []uint64{0xFFFFFFF9}},
		{64, wire.AppendSignedVarInt(nil, -1), []uint64{1<<64 - 1}},
		{128, words(1, 5), []uint64{5}}, // high zero words are not stored
		{128, words(2, -1, -1), []uint64{1<<64 - 1, 1<<64 - 1}},
		{1<<24 - 1, words(1, 7), nil},
	} {
		v, err := read(c.width, c.data)
		if err != nil {
			t.Errorf("i%d % x: %v", c.width, c.data, err)
			continue
		}
		if v.Width() != c.width || (c.want != nil && !equalWords(v.Words(), c.want)) {
			t.Errorf("i%d % x: got %v", c.width, c.data, v)
		}
	}
}

func equalWords(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestNestedErrorKeepsItsOffset: an error inside a referenced entry keeps
// the offset of the byte that failed there, and the message names the path
// of entries that led to it.
func TestNestedErrorKeepsItsOffset(t *testing.T) {
	ctx := ir.NewContext(testDialect{})
	f := fileWith(t, [][]byte{{0, 0x03}, {0, 0x05}, {1, 0x7F}}, nil)
	_, err := bytecode.NewDecoder(ctx, f, ir.Limits{}).Attribute(0)
	checkWireError(t, err, wire.ErrInvalid, f.Attrs.At(2).Offset+1, "AttrType", "a string index")
	if msg := err.Error(); !strings.HasPrefix(msg, "attribute entry 0: attribute entry 1: attribute entry 2: offset") {
		t.Errorf("message %q does not name the path of entries", msg)
	}
}

// TestCodecReturningNothing: a codec that returns no value and no error
// (a bug of its own) gets an error naming the entry and its dialect, not
// a panic, for an attribute and for a type, each referred to by another.
func TestCodecReturningNothing(t *testing.T) {
	ctx := ir.NewContext(testDialect{})
	f := fileWith(t, [][]byte{{0, 0x03}, {5}, {2, 0x01}}, [][]byte{{5}})
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	_, err := dec.Attribute(0)
	checkWireError(t, err, wire.ErrInvalid, f.Attrs.At(1).Offset, "AttrType", "attribute entry 0: attribute entry 1:", "dialect test's codec")
	_, err = dec.Attribute(2)
	checkWireError(t, err, wire.ErrInvalid, f.Types.At(0).Offset, "AttrType", "attribute entry 2: type entry 0:", "dialect test's codec")
}

// A reader made by NewEntryReader does not promise that its bytes outlive
// what is made of them, so codecs copy the blobs they read from it.
func TestEntryReaderViews(t *testing.T) {
	r := bytecode.NewEntryReader(ir.NewContext(), wire.NewReader(nil, 0, "AttrType"), nil, bytecode.Target{Version: 6})
	if r.Views() {
		t.Fatal("NewEntryReader's reader says its bytes may be kept")
	}
}
