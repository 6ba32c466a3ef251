package bytecode

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestEntryTable reads random offsets sections, in groups of random
// dialects and sizes, most of them one byte (regular blocks), some not,
// some groups empty, and compares every entry with where it must be: the
// same bytes, dialect, offset and custom bit, whatever kind of block
// holds it.
func TestEntryTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		const dialects = 5
		var sec []byte
		type want struct {
			start, end int
			dialect    int
			custom     bool
		}
		var wants []want
		pos := rng.IntN(8)
		first := pos
		bigOdds := 1 + rng.IntN(40)
		for range rng.IntN(6) {
			d, count := rng.IntN(dialects), rng.IntN(60)
			if rng.IntN(5) == 0 {
				count = 0
			}
			sec = wire.AppendVarInt(sec, uint64(d))
			sec = wire.AppendVarInt(sec, uint64(count))
			for range count {
				size := rng.IntN(64)
				if rng.IntN(bigOdds) == 0 {
					size = rng.IntN(400)
				}
				custom := rng.IntN(2) == 0
				sec = wire.AppendVarIntWithFlag(sec, uint64(size), custom)
				wants = append(wants, want{pos, pos + size, d, custom})
				pos += size
			}
		}
		data := make([]byte, pos)
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		secOff, dataOff := int64(1000+rng.IntN(10)), int64(5000)
		f := &File{Dialects: make([]Dialect, dialects)}
		f.Sections[SectionAttrTypeOffset] = &wire.Section{Offset: secOff, Data: sec}
		dataSec := &wire.Section{Offset: dataOff, Data: data}
		r := wire.NewReader(sec, secOff, "AttrTypeOffset")
		tab, end, err := f.readEntryTable(r, dataSec, first, len(wants))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if end != pos || tab.Len() != len(wants) {
			t.Fatalf("trial %d: %d entries ending at %d, want %d ending at %d", trial, tab.Len(), end, len(wants), pos)
		}
		for i, w := range wants {
			got := tab.At(i)
			if got.Dialect != w.dialect || got.Custom != w.custom || got.Offset != dataOff+int64(w.start) || !bytes.Equal(got.Data, data[w.start:w.end]) {
				t.Fatalf("trial %d: entry %d = {%d %v %d %d bytes}, want {%d %v %d %d bytes}", trial, i,
					got.Dialect, got.Custom, got.Offset, len(got.Data), w.dialect, w.custom, dataOff+int64(w.start), w.end-w.start)
			}
			if b, c := tab.Bytes(i); c != w.custom || !bytes.Equal(b, got.Data) {
				t.Fatalf("trial %d: Bytes(%d) differs from At", trial, i)
			}
		}
	}
}

// TestEntryTableRefuses: sizes past the data and more entries than the
// table holds are errors, with the offset of the size or count.
func TestEntryTableRefuses(t *testing.T) {
	f := &File{Dialects: make([]Dialect, 1)}
	for _, c := range []struct {
		name string
		sec  []byte
		n    int
		at   int64
	}{
		{"a size past the data", wire.AppendVarIntWithFlag(append(wire.AppendVarInt(wire.AppendVarInt(nil, 0), 2), 0x05), 200, false), 2, 3},
		{"more entries than the table", wire.AppendVarInt(wire.AppendVarInt(nil, 0), 3), 2, 1},
		// A block of sixteen one-byte sizes that overruns is read one by
		// one: the second entry is the one that does not fit.
		{"sixteen sizes past the data", append(wire.AppendVarInt(wire.AppendVarInt(nil, 0), 16), bytes.Repeat([]byte{0xfd}, 16)...), 16, 3},
	} {
		f.Sections[SectionAttrTypeOffset] = &wire.Section{Data: c.sec}
		r := wire.NewReader(c.sec, 0, "AttrTypeOffset")
		_, _, err := f.readEntryTable(r, &wire.Section{Data: make([]byte, 100)}, 0, c.n)
		var we *wire.Error
		if !errors.As(err, &we) || we.Offset != c.at {
			t.Errorf("%s: %v, want an error at offset %d", c.name, err, c.at)
		}
	}
}
