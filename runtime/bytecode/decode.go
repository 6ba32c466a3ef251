package bytecode

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"

	"github.com/dialectgen/dialectgen/runtime/internal/prefault"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Decoder decodes a file's attribute and type entries on demand with the
// dialects registered in its context. It implements Tables. It is not safe
// for concurrent use; Ahead has a second goroutine decode entries into the
// same cache while it is used.
type Decoder struct {
	f        *File
	ctx      *ir.Context
	maxDepth int
	attrs    *pages[ir.Attribute]
	types    *pages[ir.Type]
	// role is what this decoder's claims on entries read: claimedByReader,
	// or claimedAhead for the decoder of Ahead.
	role  uint32
	depth int
	// reach is the deepest nesting the entries being decoded have reached,
	// cached entries counted at their height.
	reach int
	// yielded is set when the decoder of Ahead met an entry the reader is
	// decoding: what it decodes until its next entry is not kept.
	yielded bool
	// failed remembers entries that did not decode, so that a hostile
	// file cannot make the decoder redo a long failing chain per entry.
	failed map[entryRef]error
	// frames are the readers of the entries being decoded, one per
	// nesting depth, reused from entry to entry.
	frames []*frame
	// dialects caches the codecs of each file dialect.
	dialects []codecs
	// versions are the file's versions of dialects that version
	// themselves, which their codecs read entries at.
	versions DialectVersions
	resolved []bool
}

// pages caches decoded entries in pages allocated on first use, so that a
// table of millions of entries costs memory only where it is used.
type pages[T comparable] struct {
	p []atomic.Pointer[page[T]]
	// waited says the reader waited for an entry Ahead's decoder was
	// decoding: it has caught up (see aheadOf).
	waited atomic.Bool
}

const pageSize = 64

// An entry's state is one of these, or entryDone with doneByReader when
// the reader's decoder decoded it and the entry's height (1 for an entry
// that refers to no other) above the three low bits.
const (
	entryEmpty      = 0
	claimedByReader = 1
	claimedAhead    = 2
	entryDone       = 3
	doneByReader    = 4
	heightShift     = 3
	maxHeight       = 1<<(32-heightShift) - 1
)

type page[T comparable] struct {
	vals [pageSize]T
	// state tells whether vals holds the entry, or which decoder is
	// decoding it: its own claim met again is an entry that refers to
	// itself.
	state [pageSize]atomic.Uint32
}

func newPages[T comparable](n int) *pages[T] {
	return &pages[T]{p: make([]atomic.Pointer[page[T]], (n+pageSize-1)/pageSize)}
}

// page returns the page of entry i, allocating it.
func (c *pages[T]) page(i uint64) *page[T] {
	p := &c.p[i/pageSize]
	if pg := p.Load(); pg != nil {
		return pg
	}
	// Read (state) before written: see prefault.Touch.
	pg := prefault.TouchObject(new(page[T]))
	if p.CompareAndSwap(nil, pg) {
		return pg
	}
	return p.Load()
}

// stateOf is entry i's state, without allocating its page.
func (c *pages[T]) stateOf(i uint64) uint32 {
	if pg := c.p[i/pageSize].Load(); pg != nil {
		return pg.state[i%pageSize].Load()
	}
	return entryEmpty
}

// get returns entry i if it is decoded.
func (c *pages[T]) get(i uint64) (T, bool) {
	if c.stateOf(i)&entryDone == entryDone {
		return c.p[i/pageSize].Load().vals[i%pageSize], true
	}
	var zero T
	return zero, false
}

type frame struct {
	r  wire.Reader
	er EntryReader
}

// newFrame makes the frame of a nesting depth, its entry reader set up
// once: storing the reader's pointers anew for every entry took a write
// barrier per pointer while the collector marked.
func (d *Decoder) newFrame() *frame {
	fr := &frame{}
	fr.er = EntryReader{Reader: &fr.r, Target: Target{Version: d.f.Version, Release: d.f.Release}, ctx: d.ctx, tables: d, views: true}
	if d.versions != nil {
		fr.er.Dialects = &d.versions
	}
	return fr
}

type entryRef struct {
	isType bool
	i      uint64
}

// SetDialectVersions sets the versions of dialects that version themselves
// (see VersionedDialect) which the file's entries are decoded at. It must
// not be called while Ahead runs.
func (d *Decoder) SetDialectVersions(v DialectVersions) {
	d.versions = v
	d.frames = nil // their readers point at the versions, or at none
}

// NewDecoder prepares to decode f's entries into ctx, refusing entries
// nested deeper than limits allow.
func NewDecoder(ctx *ir.Context, f *File, limits ir.Limits) *Decoder {
	return &Decoder{f: f, ctx: ctx, maxDepth: limits.AttrDepth(), role: claimedByReader,
		attrs: newPages[ir.Attribute](f.Attrs.Len()), types: newPages[ir.Type](f.Types.Len())}
}

// Context is the context the decoder makes attributes and types in.
func (d *Decoder) Context() *ir.Context { return d.ctx }

// String resolves a string index.
func (d *Decoder) String(i uint64) (string, error) {
	s, ok := d.f.Strings.Lookup(i)
	if !ok {
		return "", fmt.Errorf("%w: string index %d of %d", wire.ErrInvalid, i, d.f.Strings.Len())
	}
	return s, nil
}

// Resource resolves a dialect resource handle index.
func (d *Decoder) Resource(i uint64) (ir.ResourceHandle, error) {
	if i >= uint64(len(d.f.Resources)) {
		return ir.ResourceHandle{}, fmt.Errorf("%w: resource index %d of %d", wire.ErrInvalid, i, len(d.f.Resources))
	}
	return d.f.Resources[i], nil
}

// Attribute decodes attribute entry i (once; later calls return it).
func (d *Decoder) Attribute(i uint64) (ir.Attribute, error) {
	if i >= uint64(d.f.Attrs.Len()) {
		return nil, fmt.Errorf("%w: attribute index %d of %d", wire.ErrInvalid, i, d.f.Attrs.Len())
	}
	return lookup(d, d.attrs, entryRef{false, i})
}

// Type decodes type entry i.
func (d *Decoder) Type(i uint64) (ir.Type, error) {
	if i >= uint64(d.f.Types.Len()) {
		return nil, fmt.Errorf("%w: type index %d of %d", wire.ErrInvalid, i, d.f.Types.Len())
	}
	return lookup(d, d.types, entryRef{true, i})
}

// lookup returns the entry ref from c, decoding it first if no decoder
// has. The decoder that claims an entry decodes it; the reader waits for
// an entry Ahead's decoder claimed, which never waits for the reader (it
// yields instead), so neither waits for the other in a circle.
func lookup[T comparable](d *Decoder, c *pages[T], ref entryRef) (T, error) {
	var zero T
	pg := c.page(ref.i)
	k := ref.i % pageSize
	st := &pg.state[k]
	for spins := 0; ; spins++ {
		s := st.Load()
		if s&entryDone == entryDone {
			if err := d.reached(ref, int(s>>heightShift)); err != nil {
				return zero, err
			}
			return pg.vals[k], nil
		}
		if s == entryEmpty {
			if !st.CompareAndSwap(entryEmpty, d.role) {
				continue
			}
			v, height, err := d.decodeOnce(ref, false)
			if err != nil || d.yielded {
				st.Store(entryEmpty)
				if err == nil {
					err = errYield
				}
				return zero, err
			}
			pg.vals[k] = v.(T)
			done := entryDone | uint32(min(height, maxHeight))<<heightShift
			if d.role == claimedByReader {
				done |= doneByReader
			}
			st.Store(done)
			return pg.vals[k], nil
		}
		if s == d.role {
			_, _, err := d.decodeOnce(ref, true)
			return zero, err
		}
		if d.role == claimedAhead {
			d.yielded = true
			return zero, errYield
		}
		// Ahead's decoder is on it, and finishes or yields soon.
		if spins == 0 {
			c.waited.Store(true)
		}
		if spins%64 == 63 {
			runtime.Gosched()
		}
	}
}

// errYield is what Ahead's decoder gives up an entry with.
var errYield = errors.New("entry left to the reader")

// reached accounts for a decoded entry of that height met at the current
// depth: it is as deep as decoding it there would have gone, so the limit
// does not depend on which entries happen to be decoded already.
func (d *Decoder) reached(ref entryRef, height int) error {
	r := d.depth + height
	if r > d.maxDepth {
		return d.tooDeep(ref)
	}
	if r > d.reach {
		d.reach = r
	}
	return nil
}

// ErrCycle reports an entry that refers to itself.
var ErrCycle = errors.New("entry refers to itself")

// ErrTooDeep reports entries nested deeper than the decoder's limit; it
// wraps wire.ErrInvalid.
var ErrTooDeep = fmt.Errorf("%w: entries nested too deep", wire.ErrInvalid)

// decodeOnce decodes an entry, or returns the error it failed with before.
// busy says the entry is being decoded by this decoder already.
func (d *Decoder) decodeOnce(ref entryRef, busy bool) (any, int, error) {
	if d.failed != nil {
		if err, ok := d.failed[ref]; ok {
			return nil, 0, err
		}
	}
	outermost := d.depth == 0
	v, height, err := d.decode(ref, busy)
	// Failures that are the entry's own are remembered. The depth limit
	// depends on where the entry was reached, and so does a cycle seen
	// from inside, so those are not; nor is an entry given up to the
	// reader.
	if err != nil && !d.yielded && !errors.Is(err, ErrTooDeep) && (outermost || !errors.Is(err, ErrCycle)) {
		if d.failed == nil {
			d.failed = map[entryRef]error{}
		}
		d.failed[ref] = err
	}
	return v, height, err
}

// decode decodes an entry and returns it with its height.
func (d *Decoder) decode(ref entryRef, busy bool) (any, int, error) {
	fr, entry := d.frameFor(ref)
	r := &fr.r
	if busy {
		return nil, 0, r.ErrorAt(entry.Offset, "an entry that does not refer to itself", ErrCycle)
	}
	if d.depth >= d.maxDepth {
		return nil, 0, d.tooDeep(ref)
	}
	outer := d.reach
	d.depth++
	d.reach = d.depth
	v, err := d.decodeEntry(ref, entry, fr)
	height := d.reach - d.depth + 1
	d.depth--
	d.reach = max(outer, d.reach)
	if err != nil {
		if d.yielded {
			return nil, 0, errYield // not worth naming
		}
		// Name the entry; nested failures read as a path of entries.
		return nil, 0, &EntryError{Entry: d.entryName(ref), Err: err}
	}
	return v, height, nil
}

// frameFor sets up the frame of the current depth to read entry ref.
func (d *Decoder) frameFor(ref entryRef) (*frame, Entry) {
	table, section := &d.f.Attrs, "AttrType"
	if ref.isType {
		table = &d.f.Types
	}
	entry := table.At(int(ref.i))
	if d.depth >= len(d.frames) {
		d.frames = append(d.frames, d.newFrame())
	}
	fr := d.frames[d.depth]
	fr.r.Reset(entry.Data, entry.Offset, section)
	return fr, entry
}

func (d *Decoder) tooDeep(ref entryRef) error {
	fr, entry := d.frameFor(ref)
	return fr.r.ErrorAt(entry.Offset, fmt.Sprintf("entries nested at most %d deep", d.maxDepth), ErrTooDeep)
}

// EntryError names the table entry whose decoding failed; Err is usually a
// *wire.Error with the byte offset, or another EntryError for a nested one.
type EntryError struct {
	Entry string
	Err   error
}

// Error lists the path of entries, shortened in the middle when deep, then
// the innermost error. It walks the chain once, so deep paths stay cheap.
func (e *EntryError) Error() string {
	var path []string
	var err error = e
	for {
		ee, ok := err.(*EntryError)
		if !ok {
			break
		}
		path = append(path, ee.Entry)
		err = ee.Err
	}
	if len(path) > 8 {
		path = append(append(path[:4:4], fmt.Sprintf("... %d more ...", len(path)-8)), path[len(path)-4:]...)
	}
	return strings.Join(path, ": ") + ": " + err.Error()
}
func (e *EntryError) Unwrap() error { return e.Err }

func (d *Decoder) entryName(ref entryRef) string {
	if ref.isType {
		return fmt.Sprintf("type entry %d", ref.i)
	}
	return fmt.Sprintf("attribute entry %d", ref.i)
}

// codecs is what a file dialect's registered dialect implements, asserted
// once per file rather than once per entry.
type codecs struct {
	name  string
	text  TextCodec
	attrs AttrCodec
	types TypeCodec
}

func (d *Decoder) codecsOf(dialect int) *codecs {
	if d.dialects == nil {
		d.dialects = make([]codecs, len(d.f.Dialects))
		d.resolved = make([]bool, len(d.f.Dialects))
	}
	c := &d.dialects[dialect]
	if !d.resolved[dialect] {
		c.name = d.f.Dialects[dialect].Name
		reg := d.ctx.Dialect(c.name)
		c.text, _ = reg.(TextCodec)
		c.attrs, _ = reg.(AttrCodec)
		c.types, _ = reg.(TypeCodec)
		d.resolved[dialect] = true
	}
	return c
}

func (d *Decoder) decodeEntry(ref entryRef, entry Entry, fr *frame) (any, error) {
	r := &fr.r
	c := d.codecsOf(entry.Dialect)
	dialect := c.name
	if !entry.Custom {
		text := entry.Data
		if len(text) == 0 || text[len(text)-1] != 0 {
			return nil, r.ErrorAt(entry.Offset, "a NUL-terminated textual entry", wire.ErrInvalid)
		}
		s := string(text[:len(text)-1])
		if tc := c.text; tc != nil {
			var v any
			var err error
			if ref.isType {
				var t ir.Type
				if t, err = tc.ParseType(d.ctx, s, d.f.Release); t != nil {
					v = t
				}
			} else {
				var a ir.Attribute
				if a, err = tc.ParseAttribute(d.ctx, s, d.f.Release); a != nil {
					v = a
				}
			}
			if err != nil {
				return nil, r.ErrorAt(entry.Offset, "a textual entry the dialect reads", err)
			}
			if v != nil {
				return v, nil
			}
		}
		if ref.isType {
			return ir.GetTextType(d.ctx, dialect, s), nil
		}
		return ir.GetTextAttr(d.ctx, dialect, s), nil
	}
	er := &fr.er
	var v any
	var err error
	if ref.isType {
		if c.types == nil {
			return ir.GetEncodedType(d.ctx, dialect, entry.Data), nil
		}
		var t ir.Type
		t, err = c.types.ReadType(er)
		v = t
	} else {
		if c.attrs == nil {
			return ir.GetEncodedAttr(d.ctx, dialect, entry.Data), nil
		}
		var a ir.Attribute
		a, err = c.attrs.ReadAttribute(er)
		v = a
	}
	if err != nil {
		return nil, err
	}
	if v == nil {
		// A codec's bug, not the file's; refused rather than stored as
		// an entry nobody can use.
		return nil, r.ErrorAt(entry.Offset, "a value from dialect "+dialect+"'s codec", fmt.Errorf("%w: it returned none", wire.ErrInvalid))
	}
	if !r.Empty() {
		return nil, r.Errorf("the end of the entry", fmt.Errorf("%w: %d trailing bytes", wire.ErrInvalid, r.Len()))
	}
	return v, nil
}

// Numbering returns a Numbering that gives every value decoded so far its
// index in this file, for re-encoding entries with the file's numbering.
func (d *Decoder) Numbering() Numbering {
	n := &fileNumbering{attrs: map[ir.Attribute]uint64{}, types: map[ir.Type]uint64{}, strings: map[string]uint64{}, resources: map[ir.ResourceHandle]uint64{}}
	for i := range uint64(d.f.Attrs.Len()) {
		if a, ok := d.attrs.get(i); ok {
			n.attrs[a] = i
		}
	}
	for i := range uint64(d.f.Types.Len()) {
		if t, ok := d.types.get(i); ok {
			n.types[t] = i
		}
	}
	for i := d.f.Strings.Len() - 1; i >= 0; i-- {
		n.strings[d.f.Strings.At(i)] = uint64(i)
	}
	for i, h := range d.f.Resources {
		n.resources[h] = uint64(i)
	}
	return n
}

type fileNumbering struct {
	attrs     map[ir.Attribute]uint64
	types     map[ir.Type]uint64
	strings   map[string]uint64
	resources map[ir.ResourceHandle]uint64
}

func (n *fileNumbering) AttributeIndex(a ir.Attribute) (uint64, error) {
	if i, ok := n.attrs[a]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("attribute %s %s is not in the file's table", a.Dialect(), a.Kind())
}

func (n *fileNumbering) TypeIndex(t ir.Type) (uint64, error) {
	if i, ok := n.types[t]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("type %s %s is not in the file's table", t.Dialect(), t.Kind())
}

func (n *fileNumbering) StringIndex(s string) uint64 { return n.strings[s] }

func (n *fileNumbering) ResourceIndex(h ir.ResourceHandle) (uint64, error) {
	if i, ok := n.resources[h]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("resource %s.%s is not in the file", h.Dialect, h.Key)
}

// EncodeAttribute encodes a as a table entry: custom-encoded by its
// dialect's codec when it has one at the target, else as text with a NUL.
// It is an Encoder of one entry; writers of many keep an Encoder.
func EncodeAttribute(ctx *ir.Context, buf []byte, num Numbering, target Target, a ir.Attribute) (out []byte, custom bool, err error) {
	return NewEncoder(ctx, num, target).Attribute(buf, a)
}

// EncodeType is EncodeAttribute for types.
func EncodeType(ctx *ir.Context, buf []byte, num Numbering, target Target, t ir.Type) (out []byte, custom bool, err error) {
	return NewEncoder(ctx, num, target).Type(buf, t)
}
