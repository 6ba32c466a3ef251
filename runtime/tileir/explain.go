package tileir

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Explain reads data as Read does and tells tr what every byte range
// holds: the header, each section's framing, the string, type and
// constant tables entry by entry, globals, the function table, every op
// down to its fields, the debug entries and the producer. It returns the
// error Read would give; what came before it is already reported, which
// is what one wants when a writer got a byte wrong.
//
// Type entries are decoded up front, in table order, so that each is
// explained where it lies rather than where it is first used.
func Explain(d Dialect, data []byte, opts ReadOptions, tr wire.Tracer) error {
	if _, err := ReadHeader(data); err != nil {
		return err
	}
	tr.Span(0, int64(len(Magic)), `magic "\x7FTileIR\x00"`)
	v, _ := ReadHeader(data)
	tr.Span(int64(len(Magic)), 12, "version "+v.Full())
	_, err := read(d, data, opts, tr)
	return err
}

// explainFraming reports each section's header and extent, and the end
// marker.
func explainFraming(data []byte, secs [numSections]*wire.Section, tr wire.Tracer) {
	for id, s := range secs {
		if s == nil {
			continue
		}
		name := sectionNames[id]
		tr.Span(s.HeaderOffset, s.Offset, fmt.Sprintf("section header: %s, %d bytes", name, len(s.Data)))
		tr.Span(s.HeaderOffset, s.Offset+int64(len(s.Data)), name+" section")
	}
	if n := int64(len(data)); n > 12 {
		tr.Span(n-1, n, "end marker")
	}
}

// explainTable reports an offset table's count, padding and offsets, and
// returns where its data starts.
func explainTable(s wire.Section, name string, width int, tr wire.Tracer) (n uint64, dataOff int64) {
	r := s.Reader(name)
	n, err := r.ULEB128()
	if err != nil {
		return 0, 0
	}
	tr.Span(s.Offset, r.Offset(), fmt.Sprintf("%d entries", n))
	if n == 0 {
		if end := s.Offset + int64(len(s.Data)); r.Offset() < end {
			tr.Span(r.Offset(), end, "padding") // the writer pads even an empty table
		}
		return 0, 0
	}
	pad := int64(uint64(-(r.Offset() - s.Offset)) & uint64(width-1))
	if pad > 0 {
		tr.Span(r.Offset(), r.Offset()+pad, "padding")
	}
	at := r.Offset() + pad
	end := at + int64(n)*int64(width)
	tr.Span(at, end, fmt.Sprintf("%d offsets of %d bytes", n, width))
	return n, end
}

// explainStrings reports every string of the table.
func explainStrings(s wire.Section, t *stringTable, tr wire.Tracer) {
	_, base := explainTable(s, "String", 4, tr)
	for i := range t.len() {
		str, _ := t.get(uint64(i))
		start := base + int64(min(t.offs[i], uint64(len(t.data))))
		tr.Span(start, start+int64(len(str)), fmt.Sprintf("string %d: %q", i, str))
	}
}

// explainTypes decodes every type entry where it lies. An entry that does
// not decode is named with its error; reading goes on, and fails where
// the entry is used, as Read does.
func explainTypes(s wire.Section, dec *Decoder, tr wire.Tracer) {
	explainTable(s, "Type", 4, tr)
	t := &dec.types
	for i := range t.entries {
		start, end := t.offsets[i], t.offsets[i]+int64(len(t.entries[i]))
		typ, err := t.get(dec, uint64(i))
		if err != nil {
			tr.Span(start, end, fmt.Sprintf("type %d: does not decode: %v", i, err))
			continue
		}
		tr.Span(start, end, fmt.Sprintf("type %d: %v", i, typ))
	}
}

// explainConstants reports each constant's size and bytes.
func explainConstants(s wire.Section, consts [][]byte, tr wire.Tracer) {
	_, base := explainTable(s, "Constant", 8, tr)
	offs, _, _, err := offsetTable(s, "Constant", 8)
	if err != nil {
		return
	}
	for i, c := range consts {
		start := base + int64(offs[i])
		end := start + int64(wire.ULEB128Len(uint64(len(c)))) + int64(len(c))
		tr.Span(start, end-int64(len(c)), "size")
		tr.Span(end-int64(len(c)), end, "data")
		tr.Span(start, end, fmt.Sprintf("constant %d: %d bytes", i, len(c)))
	}
}

// explainDebug reports the Debug section's tables and every entry, as
// what it decodes to.
func explainDebug(s wire.Section, t *debugTable, tr wire.Tracer) {
	r := s.Reader("Debug")
	table := func(what string, width int64) {
		at := r.Offset()
		n, err := r.ULEB128()
		if err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("%d %s", n, what))
		if pad := int64(uint64(-(r.Offset() - s.Offset)) & uint64(width-1)); pad > 0 && pad <= int64(r.Len()) {
			tr.Span(r.Offset(), r.Offset()+pad, "padding")
			r.Skip(uint64(pad))
		}
		if n > uint64(r.Len())/uint64(width) {
			return
		}
		at = r.Offset()
		r.Skip(n * uint64(width))
		tr.Span(at, r.Offset(), fmt.Sprintf("%s (%d bytes each)", what, width))
	}
	table("function slot offsets", 4)
	table("debug-info indices", 8)
	table("entry offsets", 4)
	for k := range t.offs {
		start, end := int64(t.offs[k]), int64(len(t.data))
		if k+1 < len(t.offs) {
			end = int64(t.offs[k+1])
		}
		if start > end || end > int64(len(t.data)) {
			continue
		}
		what := fmt.Sprintf("debug entry %d", k+1)
		if l, err := t.entry(uint64(k + 1)); err == nil {
			what += ": " + describeLocation(l)
		} else {
			what += fmt.Sprintf(": does not decode: %v", err)
		}
		tr.Span(t.dataOff+start, t.dataOff+end, what)
	}
}

// describeLocation says what a debug entry holds, with the fields its
// kind has.
func describeLocation(l *Location) string {
	if l == nil {
		// Tag 0, or a tag upstream reads as an unknown location; NVIDIA's
		// Python writer writes one such entry when it has no other.
		return "unknown"
	}
	switch l.Kind {
	case DebugLoc, DebugCallSite, DebugFile:
		return l.Kind.String() + " " + l.String()
	case DebugCompileUnit:
		return fmt.Sprintf("compile_unit of %v", l.File)
	case DebugLexicalBlock:
		return fmt.Sprintf("lexical_block %v:%d:%d", l.File, l.Line, l.Column)
	case DebugSubprogram:
		return fmt.Sprintf("subprogram %q (linkage name %q) at %v:%d", l.Name, l.LinkageName, l.File, l.Line)
	}
	return l.Kind.String()
}
