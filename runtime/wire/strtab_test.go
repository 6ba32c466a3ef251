package wire

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestStringTableExactBytes(t *testing.T) {
	var st StringTable
	for _, tc := range []struct {
		s    string
		want uint64
	}{{"builtin", 0}, {"module", 1}, {"builtin", 0}, {"arith.constant_op", 2}, {"module", 1}} {
		if got := st.Intern(tc.s); got != tc.want {
			t.Errorf("Intern(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
	if st.Len() != 3 || !slices.Equal(st.Strings(), []string{"builtin", "module", "arith.constant_op"}) {
		t.Fatalf("table: %q", st.Strings())
	}
	if i, ok := st.Lookup("module"); !ok || i != 1 {
		t.Errorf("Lookup(module) = %d, %v", i, ok)
	}
	if _, ok := st.Lookup("nope"); ok {
		t.Errorf("Lookup(nope) found")
	}
	// N=3 → 07; sizes in reverse index order, NUL included:
	// "arith.constant_op" 18 → 25, "module" 7 → 0f, "builtin" 8 → 11.
	want := append(hx(t, "07 25 0f 11"), "builtin\x00module\x00arith.constant_op\x00"...)
	got := st.AppendTo([]byte{0xEE})
	if !bytes.Equal(got[1:], want) {
		t.Fatalf("got  % x\nwant % x", got[1:], want)
	}

	const base = 0x30
	r := NewReader(want, base, "String")
	strs, err := ReadStringTable(r)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Empty() || strs.Len() != 3 {
		t.Fatalf("Len %d, %d bytes left", strs.Len(), r.Len())
	}
	for i, s := range []string{"builtin", "module", "arith.constant_op"} {
		if strs.At(i) != s || string(strs.Bytes(i)) != s {
			t.Errorf("string %d = %q / %q, want %q", i, strs.At(i), strs.Bytes(i), s)
		}
		if b := strs.Bytes(i); cap(b) != len(b) {
			t.Errorf("Bytes(%d) capacity not clipped", i)
		}
		if got, ok := strs.Lookup(uint64(i)); !ok || got != s {
			t.Errorf("Lookup(%d) = %q, %v", i, got, ok)
		}
	}
	if off := strs.Offset(1); off != base+4+8 || want[off-base] != 'm' {
		t.Errorf("Offset(1) = %#x", off)
	}
	// Zero-copy: the bytes are the input's.
	if &strs.Bytes(0)[0] != &want[4] {
		t.Errorf("Bytes(0) copied")
	}
	if _, ok := strs.Lookup(3); ok {
		t.Errorf("Lookup(3) found")
	}
	if _, ok := strs.Lookup(1 << 63); ok {
		t.Errorf("Lookup(2^63) found")
	}
}

func TestStringTableRoundTrip(t *testing.T) {
	// Empty strings, embedded NULs, and enough strings for 2-byte sizes.
	in := []string{"", "a\x00b", "x"}
	for i := range 200 {
		in = append(in, string(bytes.Repeat([]byte{byte('a' + i%26)}, i)))
	}
	var st StringTable
	for _, s := range in {
		st.Intern(s)
	}
	// "" at index 0 and the 0-length repeat dedup to one entry.
	uniq := st.Strings()
	if len(uniq) != len(in)-1 {
		t.Fatalf("%d unique, want %d", len(uniq), len(in)-1)
	}
	body := st.AppendTo(nil)
	strs, err := ReadStringTable(NewReader(body, 0, "String"))
	if err != nil {
		t.Fatal(err)
	}
	if strs.Len() != len(uniq) {
		t.Fatalf("read %d strings, want %d", strs.Len(), len(uniq))
	}
	for i, s := range uniq {
		if strs.At(i) != s {
			t.Fatalf("string %d = %q, want %q", i, strs.At(i), s)
		}
	}

	// The empty table.
	var empty StringTable
	body = empty.AppendTo(nil)
	if !bytes.Equal(body, []byte{1}) {
		t.Fatalf("empty table = % x", body)
	}
	if strs, err := ReadStringTable(NewReader(body, 0, "")); err != nil || strs.Len() != 0 {
		t.Fatalf("empty: %d, %v", strs.Len(), err)
	}
}

func TestStringTableRejects(t *testing.T) {
	const base = 0x100
	good := append(hx(t, "05 0d 05"), "a\x00bcdef\x00"...) // "a", "bcdef"
	if _, err := ReadStringTable(NewReader(good, base, "String")); err != nil {
		t.Fatalf("good table: %v", err)
	}
	for _, tc := range []struct {
		name     string
		in       []byte
		sentinel error
		off      int64
	}{
		{"trailing byte", append(append([]byte{}, good...), 0), ErrInvalid, base + 3},
		{"trailing on empty", hx(t, "01 00"), ErrInvalid, base + 1},
		{"short data", good[:len(good)-1], ErrTruncated, base + 2},
		{"missing NUL", append(hx(t, "05 0d 05"), "a\x00bcdefg"...), ErrInvalid, base + 3 + 7},
		{"missing first NUL", append(hx(t, "05 0d 05"), "abbcdef\x00"...), ErrInvalid, base + 3 + 1},
		{"zero size", append(hx(t, "03 01"), 0), ErrInvalid, base + 1},
		{"huge size", append(append(hx(t, "03"), AppendVarInt(nil, 1<<62)...), 0), ErrTruncated, base + 1},
		{"huge count", AppendVarInt(nil, 1<<62), ErrTruncated, base},
		{"count over half", append(hx(t, "07 03 03"), 'a', 0, 'b'), ErrTruncated, base},
		{"no count", nil, ErrTruncated, base},
		{"truncated size", hx(t, "03 04 00"), ErrTruncated, base + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(tc.in, base, "String")
			_, err := ReadStringTable(r)
			we := wantErr(t, err, tc.sentinel, tc.off)
			if we.Section != "String" {
				t.Errorf("section %q", we.Section)
			}
			if r.Offset() != base {
				t.Errorf("cursor at %#x after error", r.Offset())
			}
		})
	}
}

func TestStringTableHugeCountDoesNotAllocate(t *testing.T) {
	// 2^24 strings claimed in a 4-byte body: rejected before an 8*2^24-byte
	// offset slice is made.
	in := append(AppendVarInt(nil, 1<<24), 3, 0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 10 {
		if _, err := ReadStringTable(NewReader(in, 0, "String")); err == nil {
			t.Fatal("accepted")
		}
	}
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 64<<10 {
		t.Fatalf("allocated %d bytes rejecting a huge count", d)
	}
}

func TestIndicesOf(t *testing.T) {
	var st StringTable
	for _, s := range []string{"f", "main", "", "mai", "mainx"} {
		st.Intern(s)
	}
	enc := st.AppendTo(nil)
	strs, err := ReadStringTable(NewReader(enc, 0, "String"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strs.IndicesOf("main"); !slices.Equal(got, []uint64{1}) {
		t.Errorf(`IndicesOf("main") = %v, want [1]`, got)
	}
	if got := strs.IndicesOf(""); !slices.Equal(got, []uint64{2}) {
		t.Errorf(`IndicesOf("") = %v, want [2]`, got)
	}
	if got := strs.IndicesOf("nope"); got != nil {
		t.Errorf(`IndicesOf("nope") = %v, want none`, got)
	}
	// Sizes in reverse order, then the bytes: "x" twice.
	dup := append(hx(t, "05 05 05"), "x\x00x\x00"...)
	strs, err = ReadStringTable(NewReader(dup, 0, "String"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strs.IndicesOf("x"); !slices.Equal(got, []uint64{0, 1}) {
		t.Errorf(`IndicesOf("x") on a table holding it twice = %v, want [0 1]`, got)
	}
}

// AppendSplicing leaves the long strings out, and putting them back where
// it says gives AppendTo's bytes.
func TestStringTableAppendSplicing(t *testing.T) {
	var st StringTable
	for _, s := range []string{"a", strings.Repeat("L", 100), "", "bc", strings.Repeat("M", 64), "d"} {
		st.Intern(s)
	}
	want := st.AppendTo(nil)
	var spliced []string
	var at []int
	body := st.AppendSplicing(nil, 64, func(i int, s []byte) { at, spliced = append(at, i), append(spliced, string(s)) })
	if len(spliced) != 2 || len(body) != len(want)-164 {
		t.Fatalf("left out %d strings, body %d bytes of %d", len(spliced), len(body), len(want))
	}
	var got []byte
	prev := 0
	for i, s := range spliced {
		got = append(append(got, body[prev:at[i]]...), s...)
		prev = at[i]
	}
	if got = append(got, body[prev:]...); !bytes.Equal(got, want) {
		t.Fatalf("spliced back:\n%q\nwant\n%q", got, want)
	}
}
