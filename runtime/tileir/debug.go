package tileir

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// DebugKind is the tag of a debug-info entry.
type DebugKind uint8

// Debug-info entry kinds.
const (
	DebugUnknown      DebugKind = 0
	DebugCompileUnit  DebugKind = 1
	DebugFile         DebugKind = 2
	DebugLexicalBlock DebugKind = 3
	DebugLoc          DebugKind = 4
	DebugSubprogram   DebugKind = 5
	DebugCallSite     DebugKind = 6
)

var debugKindNames = [...]string{"unknown", "compile_unit", "file", "lexical_block", "loc", "subprogram", "callsite"}

func (k DebugKind) String() string {
	if int(k) < len(debugKindNames) {
		return debugKindNames[k]
	}
	return fmt.Sprintf("DebugKind(%d)", k)
}

// Location is one debug-info entry: a file, compile unit, scope or
// location. Which fields mean something depends on Kind:
//
//	CompileUnit:  File
//	File:         Name, Directory
//	LexicalBlock: Scope, File, Line, Column
//	Loc:          Scope, Name (the file name), Line, Column
//	Subprogram:   File, Line, Name, LinkageName, CompileUnit, ScopeLine
//	CallSite:     Callee, Caller (nil = unknown)
//
// Entries are shared by pointer; the writer deduplicates them by pointer,
// as upstream does by attribute identity.
type Location struct {
	Kind                 DebugKind
	File, Scope, Unit    *Location
	Callee, Caller       *Location
	Name, Directory      string
	LinkageName          string
	Line, Column, Scope2 uint64 // Scope2 is a subprogram's scope line
}

func (l *Location) String() string {
	if l == nil {
		return "unknown"
	}
	switch l.Kind {
	case DebugLoc:
		return fmt.Sprintf("%s:%d:%d", l.Name, l.Line, l.Column)
	case DebugCallSite:
		return fmt.Sprintf("callsite(%s at %s)", l.Callee, l.Caller)
	case DebugFile:
		return l.Directory + "/" + l.Name
	}
	return l.Kind.String()
}

// debugTable is the parsed Debug section.
type debugTable struct {
	slotStart []uint32
	indices   []uint64
	offs      []uint32
	data      []byte
	dataOff   int64
	strings   *stringTable
	cache     []*Location
	state     []uint8
	// height is 1 for an entry that refers to none, else 1 + the largest
	// height of those it refers to. It may not exceed limit: a property
	// of the entry, not of the order entries are read in, so the writer
	// can apply the same rule.
	height []int
	limit  int
	depth  int // entries being parsed
}

func pad(r *wire.Reader, base int64, width int64) error {
	if r.Empty() {
		// Upstream's padding skip fails at the end of the payload, so a
		// Debug section may not end right after one of its counts.
		return r.Errorf("more Debug data after a count (upstream rejects a section that ends here)", wire.ErrTruncated)
	}
	n := uint64(-(r.Offset() - base)) & uint64(width-1)
	if err := r.Skip(n); err != nil {
		return r.Errorf(fmt.Sprintf("%d padding bytes", n), wire.ErrTruncated)
	}
	return nil
}

func parseDebug(s wire.Section, strs *stringTable, limit int) (*debugTable, error) {
	r := s.Reader("Debug")
	t := &debugTable{strings: strs, limit: limit}
	n, err := r.ULEB128()
	if err != nil {
		return nil, err
	}
	if err := pad(r, s.Offset, 4); err != nil {
		return nil, err
	}
	if n > uint64(r.Len()/4) {
		return nil, r.Errorf(fmt.Sprintf("%d function slot offsets (only %d bytes left)", n, r.Len()), wire.ErrTruncated)
	}
	t.slotStart = make([]uint32, n)
	for i := range t.slotStart {
		t.slotStart[i], _ = r.Uint32()
	}
	if n, err = r.ULEB128(); err != nil {
		return nil, err
	}
	if err := pad(r, s.Offset, 8); err != nil {
		return nil, err
	}
	if n > uint64(r.Len()/8) {
		return nil, r.Errorf(fmt.Sprintf("%d debug-info indices (only %d bytes left)", n, r.Len()), wire.ErrTruncated)
	}
	t.indices = make([]uint64, n)
	for i := range t.indices {
		t.indices[i], _ = r.Uint64()
	}
	if n, err = r.ULEB128(); err != nil {
		return nil, err
	}
	if err := pad(r, s.Offset, 4); err != nil {
		return nil, err
	}
	if n > uint64(r.Len()/4) {
		return nil, r.Errorf(fmt.Sprintf("%d debug-info entry offsets (only %d bytes left)", n, r.Len()), wire.ErrTruncated)
	}
	t.offs = make([]uint32, n)
	for i := range t.offs {
		t.offs[i], _ = r.Uint32()
	}
	t.data, t.dataOff = r.Rest(), r.Offset()
	t.cache = make([]*Location, n)
	t.state = make([]uint8, n)
	t.height = make([]int, n)
	return t, nil
}

// entry returns debug entry id (1-based; 0 is unknown, nil).
func (t *debugTable) entry(id uint64) (*Location, error) {
	if id == 0 {
		return nil, nil
	}
	k := id - 1
	if k >= uint64(len(t.offs)) {
		return nil, fmt.Errorf("debug entry %d out of range (the section has %d): %w", id, len(t.offs), wire.ErrInvalid)
	}
	switch t.state[k] {
	case 2:
		return t.cache[k], nil
	case 1:
		return nil, fmt.Errorf("debug entry %d refers to itself: %w", id, wire.ErrInvalid)
	}
	start, end := uint64(t.offs[k]), uint64(len(t.data))
	if k+1 < uint64(len(t.offs)) {
		end = uint64(t.offs[k+1])
	}
	if end < start || end > uint64(len(t.data)) {
		return nil, fmt.Errorf("debug entry %d spans bytes %d..%d of %d: %w", id, start, end, len(t.data), wire.ErrInvalid)
	}
	if t.depth >= t.limit {
		return nil, fmt.Errorf("debug entries nested at most %d deep (entry %d is deeper): %w", t.limit, id, wire.ErrInvalid)
	}
	t.state[k] = 1
	t.depth++
	l, h, err := t.parse(wire.NewReader(t.data[start:end:end], t.dataOff+int64(start), "Debug"))
	t.depth--
	if err == nil && h > t.limit {
		err = fmt.Errorf("debug entries nested at most %d deep (entry %d nests %d): %w", t.limit, id, h, wire.ErrInvalid)
	}
	if err != nil {
		t.state[k] = 0
		return nil, err
	}
	t.cache[k], t.state[k], t.height[k] = l, 2, h
	return l, nil
}

// parse reads an entry and returns it with its height.
func (t *debugTable) parse(r *wire.Reader) (*Location, int, error) {
	tag, err := r.ULEB128()
	if err != nil {
		return nil, 0, err
	}
	l := &Location{Kind: DebugKind(tag)}
	h := 1
	ref := func(dst **Location, want ...DebugKind) error {
		at := r.Offset()
		id, err := r.ULEB128()
		if err != nil {
			return err
		}
		e, err := t.entry(id)
		if err != nil {
			return r.ErrorAt(at, "a debug entry id", err)
		}
		if id > 0 {
			h = max(h, t.height[id-1]+1)
		}
		if len(want) > 0 {
			ok := false
			for _, w := range want {
				ok = ok || e != nil && e.Kind == w
			}
			if !ok {
				return r.ErrorAt(at, fmt.Sprintf("a %v entry for a %s, not %s", want, l.Kind, e), wire.ErrInvalid)
			}
		}
		*dst = e
		return nil
	}
	str := func(dst *string) error {
		at := r.Offset()
		i, err := r.ULEB128()
		if err != nil {
			return err
		}
		s, ok := t.strings.get(i)
		if !ok {
			return r.ErrorAt(at, fmt.Sprintf("a string index below %d, not %d", t.strings.len(), i), wire.ErrInvalid)
		}
		*dst = s
		return nil
	}
	num := func(dst *uint64) error {
		v, err := r.ULEB128()
		*dst = v
		return err
	}
	scope := []DebugKind{DebugSubprogram, DebugLexicalBlock}
	switch l.Kind {
	case DebugCompileUnit:
		err = ref(&l.File, DebugFile)
	case DebugFile:
		if err = str(&l.Name); err == nil {
			err = str(&l.Directory)
		}
	case DebugLexicalBlock:
		err = first(func() error { return ref(&l.Scope, scope...) }, func() error { return ref(&l.File, DebugFile) },
			func() error { return num(&l.Line) }, func() error { return num(&l.Column) })
	case DebugLoc:
		err = first(func() error { return ref(&l.Scope, scope...) }, func() error { return str(&l.Name) },
			func() error { return num(&l.Line) }, func() error { return num(&l.Column) })
	case DebugSubprogram:
		err = first(func() error { return ref(&l.File, DebugFile) }, func() error { return num(&l.Line) },
			func() error { return str(&l.Name) }, func() error { return str(&l.LinkageName) },
			func() error { return ref(&l.Unit, DebugCompileUnit) }, func() error { return num(&l.Scope2) })
	case DebugCallSite:
		err = first(func() error { return ref(&l.Callee) }, func() error { return ref(&l.Caller) })
	default:
		// Upstream reads unknown tags as an unknown location.
		return nil, 1, nil
	}
	return l, h, err
}

func first(fns ...func() error) error {
	for _, f := range fns {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// debugCursor hands out one function's locations in order: the
// function's own first, then one per op in pre-order.
type debugCursor struct {
	t    *debugTable
	pos  uint64
	none bool
	err  error
}

func (t *debugTable) cursor(locIndex uint64) (*debugCursor, error) {
	if locIndex == 0 || t == nil {
		if locIndex != 0 {
			return nil, fmt.Errorf("location index %d, but the file has no Debug section: %w", locIndex, wire.ErrInvalid)
		}
		return &debugCursor{none: true}, nil
	}
	if locIndex-1 >= uint64(len(t.slotStart)) {
		return nil, fmt.Errorf("location index %d out of range (%d functions have debug info): %w", locIndex, len(t.slotStart), wire.ErrInvalid)
	}
	return &debugCursor{t: t, pos: uint64(t.slotStart[locIndex-1])}, nil
}

func (c *debugCursor) next() (*Location, error) {
	if c == nil || c.none {
		return nil, nil
	}
	if c.pos >= uint64(len(c.t.indices)) {
		return nil, fmt.Errorf("a debug-info index for the next op, but the %d indices are used up: %w", len(c.t.indices), wire.ErrInvalid)
	}
	id := c.t.indices[c.pos]
	c.pos++
	return c.t.entry(id)
}

// debugWriter collects the Debug section: entries deduplicated by
// pointer, dependencies first, and one slot of entry ids per function
// that has a location.
type debugWriter struct {
	ids     map[*Location]uint64
	entries [][]byte
	slots   [][]uint64
	e       *Encoder // for string indices, registered when the section is written
	pending []*Location
	height  []int // of pending[i]: see debugTable.height
	limit   int
	depth   int
}

// debugRef is a reference from one entry to another, with the kinds a
// reader accepts there (none: any, or none at all).
type debugRef struct {
	name string
	to   *Location
	want []DebugKind
}

var debugScopes = []DebugKind{DebugSubprogram, DebugLexicalBlock}

// refs lists what l refers to, in the order the reader resolves it.
func (l *Location) refs() []debugRef {
	file := []DebugKind{DebugFile}
	switch l.Kind {
	case DebugCompileUnit:
		return []debugRef{{"file", l.File, file}}
	case DebugLexicalBlock:
		return []debugRef{{"scope", l.Scope, debugScopes}, {"file", l.File, file}}
	case DebugLoc:
		return []debugRef{{"scope", l.Scope, debugScopes}}
	case DebugSubprogram:
		return []debugRef{{"file", l.File, file}, {"unit", l.Unit, []DebugKind{DebugCompileUnit}}}
	case DebugCallSite:
		return []debugRef{{"callee", l.Callee, nil}, {"caller", l.Caller, nil}}
	}
	return nil
}

func (w *debugWriter) id(l *Location) (uint64, error) {
	if l == nil || l.Kind == DebugUnknown {
		return 0, nil
	}
	if id, ok := w.ids[l]; ok {
		return id, nil
	}
	if l.Kind > DebugCallSite {
		return 0, fmt.Errorf("a location of unknown kind %d", l.Kind)
	}
	if w.depth >= w.limit {
		return 0, fmt.Errorf("locations nested more than %d deep, or in a cycle", w.limit)
	}
	w.depth++
	defer func() { w.depth-- }()
	h := 1
	for _, r := range l.refs() {
		if len(r.want) > 0 && (r.to == nil || !slices.Contains(r.want, r.to.Kind)) {
			got := "missing"
			if r.to != nil {
				got = "a " + r.to.Kind.String() // not r.to.String(), which may not end on a cycle
			}
			return 0, fmt.Errorf("the %s of a %s location is %s, not a %v", r.name, l.Kind, got, r.want)
		}
		id, err := w.id(r.to)
		if err != nil {
			return 0, err
		}
		if id > 0 {
			h = max(h, w.height[id-1]+1)
		}
	}
	if h > w.limit {
		return 0, fmt.Errorf("locations nested more than %d deep", w.limit)
	}
	w.pending = append(w.pending, l)
	w.height = append(w.height, h)
	id := uint64(len(w.pending))
	w.ids[l] = id
	return id, nil
}

// startFunc opens a slot for a function with a location and returns its
// 1-based index, or 0 when the function has none (its ops' locations are
// then dropped, as upstream does).
func (w *debugWriter) startFunc(l *Location) (uint64, error) {
	if l == nil || l.Kind == DebugUnknown {
		return 0, nil
	}
	id, err := w.id(l)
	if err != nil {
		return 0, err
	}
	w.slots = append(w.slots, []uint64{id})
	return uint64(len(w.slots)), nil
}

func (w *debugWriter) op(slot uint64, l *Location) error {
	if slot == 0 {
		return nil
	}
	id, err := w.id(l)
	if err != nil {
		return err
	}
	w.slots[slot-1] = append(w.slots[slot-1], id)
	return nil
}

func (w *debugWriter) empty() bool { return len(w.slots) == 0 && len(w.pending) == 0 }

// payload encodes the section; strings are interned through e now, after
// every body string, as upstream does.
func (w *debugWriter) payload(e *Encoder) []byte {
	var b []byte
	padTo := func(n int) {
		for len(b)%n != 0 {
			b = append(b, wire.PaddingByte)
		}
	}
	b = wire.AppendULEB128(b, uint64(len(w.slots)))
	padTo(4)
	total := 0
	for _, s := range w.slots {
		b = binary.LittleEndian.AppendUint32(b, uint32(total))
		total += len(s)
	}
	b = wire.AppendULEB128(b, uint64(total))
	padTo(8)
	for _, s := range w.slots {
		for _, id := range s {
			b = binary.LittleEndian.AppendUint64(b, id)
		}
	}
	var data []byte
	offs := make([]uint32, len(w.pending))
	for i, l := range w.pending {
		offs[i] = uint32(len(data))
		data = wire.AppendULEB128(data, uint64(l.Kind))
		ref := func(x *Location) { data = wire.AppendULEB128(data, w.ids[x]) }
		str := func(s string) { data = wire.AppendULEB128(data, e.StringIndex(s)) }
		num := func(v uint64) { data = wire.AppendULEB128(data, v) }
		switch l.Kind {
		case DebugCompileUnit:
			ref(l.File)
		case DebugFile:
			str(l.Name)
			str(l.Directory)
		case DebugLexicalBlock:
			ref(l.Scope)
			ref(l.File)
			num(l.Line)
			num(l.Column)
		case DebugLoc:
			ref(l.Scope)
			str(l.Name)
			num(l.Line)
			num(l.Column)
		case DebugSubprogram:
			ref(l.File)
			num(l.Line)
			str(l.Name)
			str(l.LinkageName)
			ref(l.Unit)
			num(l.Scope2)
		case DebugCallSite:
			ref(l.Callee)
			ref(l.Caller)
		}
	}
	b = wire.AppendULEB128(b, uint64(len(offs)))
	padTo(4)
	for _, o := range offs {
		b = binary.LittleEndian.AppendUint32(b, o)
	}
	return append(b, data...)
}
