package tileir

import (
	"errors"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

func header(major, minor byte) []byte { return append([]byte(Magic), major, minor, 0, 0) }

func TestHeader(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{[]byte("\x7eTileIR\x00\x01"), "invalid magic number"},
		{[]byte("\x7fTile"), "magic number"},
		{header(13, 0), "unsupported version: Tile IR 13.0.0"},
		{header(13, 4), "unsupported version: Tile IR 13.4.0"},
		{header(12, 1), "unsupported version: Tile IR 12.1.0"},
		{header(13, 1)[:10], "the version"},
	} {
		_, err := ReadHeader(tc.data)
		var we *wire.Error
		if !errors.As(err, &we) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%x: got %v, want a *wire.Error with %q", tc.data, err, tc.want)
		}
	}
	for _, m := range []byte{1, 2, 3} {
		v, err := ReadHeader(append(header(13, m)[:10], 7, 1))
		if err != nil || v != (Version{13, m, 0x107}) {
			t.Errorf("13.%d: %v %v", m, v, err)
		}
	}
}

func TestSections(t *testing.T) {
	for _, tc := range []struct {
		body []byte
		want string
	}{
		{[]byte{0x08, 0x00}, "unknown section ID: 8"},
		{[]byte{0xff}, "unknown section ID: 127"},             // checked before any length
		{[]byte{0x00, 0x01}, "end section is not the last"},   // nothing may follow the marker
		{[]byte{0x80}, "end marker 0x00"},                     // the marker has no alignment bit
		{[]byte{}, "a section id or the end marker"},          // no marker at all
		{[]byte{0x06, 0x05, 0x00}, "bytes of section 6 data"}, // a length past the end
		{[]byte{0x01, 0x00, 0x00}, "multiple of 4"},           // String must be aligned
		{[]byte{0x82, 0x00, 0x04, 0x00}, "multiple of 8"},     // Func needs a multiple of 8
		{[]byte{0x85, 0x00, 0x03, 0x00}, "power-of-two alignment"},
	} {
		_, err := splitSections(append(header(13, 1), tc.body...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("% x: got %v, want %q", tc.body, err, tc.want)
		}
	}
	// Any order, and a repeated id replaces the earlier payload.
	data := header(13, 1)
	data = wire.TileIRSection.Append(data, sectionGlobal, 1, []byte{1})
	data = wire.TileIRSection.Append(data, sectionGlobal, 1, []byte{2})
	secs, err := splitSections(append(data, 0))
	if err != nil || secs[sectionGlobal] == nil || secs[sectionGlobal].Data[0] != 2 {
		t.Fatalf("%v %v", secs[sectionGlobal], err)
	}
}

// The string table follows upstream's unchecked substr arithmetic.
func TestStringTableLenient(t *testing.T) {
	tab := stringTable{offs: []uint64{0x70000, 0, 0, 4}, data: []byte("abcdefgh")}
	tab.cache, tab.done = make([]string, 4), make([]bool, 4)
	for i, want := range []string{"", "", "abcd", "efgh"} {
		// 0: a start past the end is ""; 1: an empty span; 2: 0..4;
		// 3: the last runs to the end.
		if got, ok := tab.get(uint64(i)); !ok || got != want {
			t.Errorf("string %d = %q, want %q", i, got, want)
		}
	}
	dec := stringTable{offs: []uint64{4, 2}, data: []byte("abcdefgh")}
	dec.cache, dec.done = make([]string, 2), make([]bool, 2)
	if got, _ := dec.get(0); got != "efgh" { // a decreasing pair gives the rest
		t.Errorf("decreasing offsets: %q", got)
	}
	if _, ok := tab.get(4); ok {
		t.Error("index 4 of 4 strings resolved")
	}
}

func TestOffsetTableRoundTrip(t *testing.T) {
	for _, width := range []int{4, 8} {
		entries := [][]byte{[]byte("ab"), nil, []byte("cde")}
		payload := appendOffsetTable(nil, entries, width)
		offs, data, _, err := offsetTable(wire.Section{Data: payload}, "T", width)
		if err != nil || len(offs) != 3 || string(data) != "abcde" || offs[2] != 2 {
			t.Errorf("width %d: %v %q %v", width, offs, data, err)
		}
		// An empty table is the count, padded all the same.
		if got := appendOffsetTable(nil, nil, width); len(got) != width || got[0] != 0 {
			t.Errorf("empty table of width %d: % x", width, got)
		}
		// A lying count is refused before anything is allocated.
		if _, _, _, err := offsetTable(wire.Section{Data: []byte{0xff, 0xff, 0x03, 0, 1, 2, 3}}, "T", width); err == nil {
			t.Errorf("width %d: a count of 65535 in 7 bytes was accepted", width)
		}
	}
}

func TestParseVersion(t *testing.T) {
	if v, err := ParseVersion("13.2"); err != nil || v != V13_2 {
		t.Errorf("13.2: %v %v", v, err)
	}
	for _, s := range []string{"13", "13.4", "x", "14.1"} {
		if _, err := ParseVersion(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	e := newEncoder(nil, V13_1, DefaultMaxNesting).TooNew("op 'x.y'", V13_2)
	if e.Error() != "op 'x.y' needs 13.2, but the target is 13.1" {
		t.Error(e.Error())
	}
}
