package asm

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

func TestLexer(t *testing.T) {
	src := `%0 = cuda_tile.addi %a#1, %cst_-1_i16 : !cuda_tile.tile<2x4xf32> loc(#loc3) // comment
	@"a b" @sym ^bb0 -> ... "s\22\n" 0x1F 1.5e-3 2. 7 {-# #-} testing$func`
	l := NewLexer(src)
	var got []string
	for {
		tk := l.Next()
		if tk.Kind == EOF {
			break
		}
		got = append(got, tk.Kind.String()+":"+tk.Text)
	}
	want := []string{"SSA value:%0", "punctuation:=", "identifier:cuda_tile.addi", "SSA value:%a", "attribute alias:#1", "punctuation:,",
		"SSA value:%cst_-1_i16", "punctuation::", "type alias:!cuda_tile.tile", "punctuation:<", "integer:2", "identifier:x4xf32",
		"punctuation:>", "identifier:loc", "punctuation:(", "attribute alias:#loc3", "punctuation:)",
		`symbol:@"a b"`, "symbol:@sym", "block label:^bb0", "punctuation:->", "punctuation:...", `string:"s\22\n"`,
		"integer:0x1F", "float:1.5e-3", "float:2.", "integer:7", "punctuation:{-#", "punctuation:#-}", "identifier:testing$func"}
	if !slices.Equal(got, want) {
		t.Errorf("tokens:\n got  %q\n want %q", got, want)
	}
	if s := Unquote(`"s\22\n\\\t"`); s != "s\"\n\\\t" {
		t.Errorf("Unquote: %q", s)
	}
}

func TestParserErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"\n  \"abc", "f:2:3: expected '\"' in string literal"},
		{"a\n  %", "f:2:3: invalid SSA value name"},
		{"a b", "f:1:4: expected ':'"},
		{"\"\\q\"", "f:1:2: unknown escape in string literal"},
		{"a\n `", "f:2:2: unexpected character '`'"},
	} {
		p := NewParser("f", []byte(c.src))
		for !p.Failed() && p.Tok().Kind != EOF {
			if p.Tok().Is("b") {
				p.Next()
				p.Expect(":")
				continue
			}
			p.Next()
		}
		if err := p.Err(); err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v, want %s", c.src, err, c.want)
		}
	}
}

func TestDimensionList(t *testing.T) {
	for _, c := range []struct {
		src       string
		trailingX bool
		want      []int64
		rest      string
	}{
		{"2x4xf32>", true, []int64{2, 4}, "f32"},
		{"?x32xf32", true, []int64{Dynamic, 32}, "f32"},
		{"f32", true, []int64{}, "f32"},
		{"0x1xi8", true, []int64{0, 1}, "i8"},
		{"8x4)", false, []int64{8, 4}, ")"},
	} {
		p := NewParser("f", []byte(c.src))
		dims := p.DimensionList(true, c.trailingX)
		if p.Failed() || !slices.Equal(dims, c.want) || p.Tok().Text != c.rest {
			t.Errorf("%q: got %v then %q (%v), want %v then %q", c.src, dims, p.Tok().Text, p.Err(), c.want, c.rest)
		}
	}
}

func TestNames(t *testing.T) {
	n := NewNames[string]()
	top := n.Save()
	n.Enter(top)
	n.SetName("a", "x")
	n.SetName("b", "x")   // x_0
	n.SetName("c", "")    // 0
	n.SetName("d", "1st") // _1st
	n.Arg("e")            // arg0
	inner := n.Save()
	n.Enter(inner)
	n.SetName("f", "x") // x_1: the outer x and x_0 are visible
	n.Number("g")       // 1
	n.Enter(inner)      // a sibling starts from the same counters
	n.SetName("h", "x")
	var got []string
	for _, v := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		s, _ := n.Name(v)
		got = append(got, s)
	}
	if want := []string{"x", "x_0", "0", "_1st", "arg0", "x_1", "1", "x_1"}; !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
}

func TestAliases(t *testing.T) {
	a := NewAliases()
	a.Visit("unknown", "loc", false, true, nil)
	a.Visit("di", "loc", false, true, func() {
		a.Visit("file:1:1", "loc", false, true, nil)
		a.Visit("sp", "di_subprogram", false, true, func() { a.Visit("f", "di_file", false, true, nil) })
	})
	a.Visit("file:2:2", "loc", false, true, nil)
	a.Visit("n2", "x2", false, true, nil)
	a.Finish()
	var got []string
	a.Definitions(func(key any, alias string, deferred bool) { got = append(got, key.(string)+"="+alias) })
	want := []string{"f=#di_file", "unknown=#loc", "file:1:1=#loc1", "file:2:2=#loc2", "n2=#x2_", "sp=#di_subprogram", "di=#loc3"}
	if !slices.Equal(got, want) {
		t.Errorf("aliases %v, want %v", got, want)
	}
}

// TestSpacing runs the spacing rules over addf's format: the text between
// the elements, as mlir-tblgen's printer prints it.
func TestSpacing(t *testing.T) {
	var s Spacing
	var b strings.Builder
	elem := func(v string) {
		if s.Element() {
			b.WriteByte(' ')
		}
		b.WriteString(v)
	}
	lit := func(v string) {
		if s.Literal(v) {
			b.WriteByte(' ')
		}
		b.WriteString(v)
	}
	elem("%a")
	lit(",")
	elem("%b")
	elem("") // custom<IEEERoundingMode>, printing nothing
	lit("flush_to_zero")
	s.AttrDict()
	lit(":")
	elem("tile<f32>")
	if got, want := b.String(), " %a, %b  flush_to_zero : tile<f32>"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Long string literals, which str skims a window at a time, end where
// the byte-by-byte reading ends them: at their quote, past escapes, and
// in an error at a line break or a bad escape, wherever it falls.
func TestLexerLongStrings(t *testing.T) {
	long := func(n int) string { return strings.Repeat("AB", n/2) }
	for _, c := range []struct {
		name, lit string
		kind      Kind
		errAt     int // offset of the error in the literal, for Invalid
	}{
		{"short", `"` + long(10) + `"`, String, 0},
		{"past the threshold", `"` + long(longString+2) + `"`, String, 0},
		{"over a window", `"` + long(3*plainWindow) + `"`, String, 0},
		{"escape in the second window", `"` + long(plainWindow+100) + `\22\n` + long(500) + `"`, String, 0},
		{"escaped quote at a window's end", `"` + long(plainWindow-2) + `\"` + long(10) + `"`, String, 0},
		{"line break in the third window", `"` + long(2*plainWindow+6) + "\n" + long(4) + `"`, Invalid, 1 + 2*plainWindow + 6},
		{"form feed", `"` + long(1000) + "\f" + `"`, Invalid, 1001},
		{"bad escape", `"` + long(plainWindow+40) + `\q"`, Invalid, 1 + plainWindow + 40},
		{"no end", `"` + long(2*plainWindow), Invalid, 0},
	} {
		l := NewLexer(c.lit + " x")
		tk := l.Next()
		if tk.Kind != c.kind {
			t.Errorf("%s: %s token, want %s", c.name, tk.Kind, c.kind)
			continue
		}
		switch {
		case c.kind == String && tk.Text != c.lit:
			t.Errorf("%s: the literal read is %d bytes, want %d", c.name, len(tk.Text), len(c.lit))
		case c.kind == Invalid && tk.Off != c.errAt:
			t.Errorf("%s: error at %d, want %d", c.name, tk.Off, c.errAt)
		}
	}
}

func TestIntLiterals(t *testing.T) {
	for _, c := range []struct {
		src    string
		i64    int64
		i64Err string
		u64    uint64
		u64Err string
	}{
		{src: "0"},
		{src: "007", i64: 7, u64: 7},
		{src: "9999999999999999999", i64Err: "too large", u64: 9999999999999999999},
		{src: "9223372036854775807", i64: 9223372036854775807, u64: 9223372036854775807},
		{src: "9223372036854775808", i64Err: "too large", u64: 9223372036854775808},
		{src: "18446744073709551615", i64Err: "too large", u64: 18446744073709551615},
		{src: "18446744073709551616", i64Err: "too large", u64Err: "out of range"},
		{src: "0x1F", i64: 31, u64: 31},
		{src: "-5", i64: -5, u64Err: "out of range"},
		{src: "x", i64Err: "expected n", u64Err: "expected n"},
	} {
		p := NewParserString("t", c.src)
		i64 := p.ExpectInt64("n")
		if err := p.Err(); c.i64Err != "" && (err == nil || !strings.Contains(err.Error(), c.i64Err)) || c.i64Err == "" && (err != nil || i64 != c.i64) {
			t.Errorf("ExpectInt64(%s) = %d, %v; want %d or an error with %q", c.src, i64, err, c.i64, c.i64Err)
		}
		p = NewParserString("t", c.src)
		u64 := p.ExpectUint64("n")
		if err := p.Err(); c.u64Err != "" && (err == nil || !strings.Contains(err.Error(), c.u64Err)) || c.u64Err == "" && (err != nil || u64 != c.u64) {
			t.Errorf("ExpectUint64(%s) = %d, %v; want %d or an error with %q", c.src, u64, err, c.u64, c.u64Err)
		}
		p = NewParserString("t", c.src)
		if l, ok := p.OptionalInt(); ok {
			if v, ok := l.Uint64(); c.u64Err == "" && (!ok || v != c.u64) {
				t.Errorf("OptionalInt(%s).Uint64() = %d, %v; want %d", c.src, v, ok, c.u64)
			}
		}
	}
}

// TestCharClasses checks the lexer's table against the characters MLIR's
// lexer puts in each class.
func TestCharClasses(t *testing.T) {
	for i := range 256 {
		b := byte(i)
		letter := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
		want := map[uint8]bool{
			space:  strings.IndexByte(" \t\n\r", b) >= 0,
			punct1: strings.IndexByte(":,=<>}[]()?+*|", b) >= 0,
			bare:   letter || strings.IndexByte("_$.", b) >= 0,
			suffix: letter || strings.IndexByte("_$.-", b) >= 0,
		}
		for c, w := range want {
			if got := class[b]&c != 0; got != w {
				t.Errorf("byte %q in class %b: %v, want %v", b, c, got, w)
			}
		}
	}
}

// TestPrinterGrowth checks that the buffer doubles as it grows: printing
// 4 MiB ten bytes at a time moves it at most once per doubling.
func TestPrinterGrowth(t *testing.T) {
	var p Printer
	grew, last := 0, -1
	for p.Len() < 4<<20 {
		switch p.Len() % 5 {
		case 0:
			p.Write("abcdefghij")
		case 1:
			p.Uint(1234567890)
		case 2:
			p.Quoted("abcdefgh")
		default:
			p.Byte('x')
			p.Newline()
		}
		if c := cap(p.Bytes()); c != last {
			grew, last = grew+1, c
		}
	}
	if grew > 25 {
		t.Errorf("the buffer moved %d times to reach 4 MiB", grew)
	}
}

// TestPrinterChunks prints the same text into a printer in chunks and
// into one that is not, and compares what each gives; a chunk, once
// full, must not move.
func TestPrinterChunks(t *testing.T) {
	var flat, chunked Printer
	chunked.InChunks()
	var first *byte
	for i := 0; flat.Len() < 3*chunkSize+5000; i++ {
		for _, p := range []*Printer{&flat, &chunked} {
			p.Write("abcdefghij")
			p.Uint(uint64(i))
			p.Quoted("q\n")
			p.Set(append(p.Append(), " appended"...))
			p.Grow(3 * chunkSize) // nothing in chunks
			p.Newline()
		}
		if first == nil && len(chunked.done) > 0 {
			first = unsafe.SliceData(chunked.done[0])
		}
	}
	if first == nil || unsafe.SliceData(chunked.done[0]) != first || cap(chunked.done[0]) != chunkSize {
		t.Fatalf("the first chunk moved, or was never full")
	}
	if chunked.Len() != flat.Len() {
		t.Fatalf("Len %d in chunks, %d flat", chunked.Len(), flat.Len())
	}
	var w bytes.Buffer
	if n, err := chunked.WriteTo(&w); err != nil || n != int64(flat.Len()) || !bytes.Equal(w.Bytes(), flat.Bytes()) {
		t.Fatalf("WriteTo wrote %d bytes (%v), not the flat printer's %d", n, err, flat.Len())
	}
	for _, n := range []int{flat.Len() - 3, 2*chunkSize + 7, 100} {
		flat.Truncate(n)
		chunked.Truncate(n)
		if !bytes.Equal(chunked.Bytes(), flat.Bytes()) {
			t.Fatalf("after Truncate(%d) the printers differ", n)
		}
	}
}

// idKey is a key with an ID, as MLIR attributes and types are.
type idKey struct {
	id   uint64
	name string
}

func (k *idKey) ID() uint64 { return k.id }

// TestAliasesByID visits keys with IDs: in runs, far apart, with no ID,
// and two keys of one ID (values of two contexts), each of which must
// keep its own alias and its own deferrability.
func TestAliasesByID(t *testing.T) {
	a := NewAliases()
	var keys []*idKey
	for _, id := range []uint64{1, 2, 511, 512, 1 << 40, 0, 0, 2, 1<<40 + 1} {
		k := &idKey{id: id, name: "loc"}
		keys = append(keys, k)
		a.Visit(k, k.name, false, true, nil)
	}
	// A second visit of the second key with ID 2, not from a location,
	// must not make the first one non-deferrable.
	if !a.Revisit(keys[7], false) {
		t.Fatal("a key visited before is not found")
	}
	if a.Revisit(&idKey{id: 3}, true) || a.Revisit(&idKey{id: 2}, true) || a.Revisit(&idKey{}, true) {
		t.Error("an unvisited key is found")
	}
	a.Finish()
	for i, k := range keys {
		want := "#loc"
		if i > 0 {
			want += strconv.Itoa(i)
		}
		if got, ok := a.Alias(k); !ok || got != want {
			t.Errorf("key %d (ID %d) has alias %q, %v; want %q", i, k.id, got, ok, want)
		}
	}
	var deferred []uint64
	a.Definitions(func(key any, alias string, d bool) {
		if d {
			deferred = append(deferred, key.(*idKey).id)
		}
	})
	if want := []uint64{1, 2, 511, 512, 1 << 40, 0, 0, 1<<40 + 1}; !slices.Equal(deferred, want) {
		t.Errorf("deferred aliases of IDs %v, want %v", deferred, want)
	}
}
