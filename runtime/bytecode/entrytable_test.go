package bytecode

import (
	"bytes"
	"testing"
)

// TestEntryTableWidths: the table gives the same entries whether it keeps
// four bytes an entry or eight (which only sections of 2 GiB and more
// need, too large to build in a test).
func TestEntryTableWidths(t *testing.T) {
	data := []byte("..aaabbbbbcddddddd")
	ends := []int{5, 10, 11, 18} // the first entry starts at 2
	custom := []bool{true, false, true, false}
	for _, wide := range []bool{false, true} {
		tab := newEntryTable(data, 100, 2, len(ends), wide)
		tab.groups = []entryGroup{{first: 0, dialect: 3}, {first: 2, dialect: 7}}
		for i, e := range ends {
			tab.setEnd(i, e, custom[i])
		}
		if tab.Len() != len(ends) {
			t.Fatalf("wide %v: %d entries, want %d", wide, tab.Len(), len(ends))
		}
		start := 2
		for i, e := range ends {
			got := tab.At(i)
			want := Entry{Dialect: 3, Custom: custom[i], Offset: 100 + int64(start), Data: data[start:e]}
			if i >= 2 {
				want.Dialect = 7
			}
			if got.Dialect != want.Dialect || got.Custom != want.Custom || got.Offset != want.Offset || !bytes.Equal(got.Data, want.Data) {
				t.Errorf("wide %v: entry %d = %+v, want %+v", wide, i, got, want)
			}
			start = e
		}
	}
}
