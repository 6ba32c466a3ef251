package mlirbc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/internal/prefault"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The numbering reproduces mlir-opt's IRNumberingState: the order in
// which it first meets dialects, op names, attributes, types and
// resources, how it counts references, and how it sorts them.

// entry is one numbered attribute, type or op name. There is one per
// distinct attribute and type (locations, mostly: about one per op), so
// it is kept small (32 bytes) and holds no pointer: the collector need
// not scan the entries. Most entries are written from what their dry
// run recorded; the few that are not (text kept as read, entries too
// large to record) have their value in numbering.unrecorded, and an op
// name is its kind's.
type entry struct {
	refs int32
	// index is the entry's number in the file: a table in memory holds
	// fewer than 2^32 entries.
	index uint32
	// id is the entry's place in numbering.entries, by which recorded
	// references name it; for an op name, its kind's id (kindList).
	id uint32
	// body, bodyEnd, ref and nrefs locate what the dry run recorded:
	// tmpl[body:bodyEnd] with placeholders where refs[ref:ref+nrefs] go.
	// For an entry not recorded, body indexes numbering.unrecorded.
	body, bodyEnd uint32
	ref           uint32
	// dialect indexes numbering.dialects (see maxDialects).
	dialect uint16
	nrefs   uint16
	// height is how deeply the attribute or type nests: 1 for one that
	// refers to no other (see maxHeight).
	height uint16
	// recorded says the dry run kept the entry's bytes; custom is what
	// the codec returned.
	recorded, custom bool
}

// An entry holds its dialect, the number of its recorded references and
// its height in 16 bits each. A file of more dialects is refused, an
// entry of more references is encoded again when the file is written
// (as one too large to record), and nesting deeper than maxHeight is
// refused whatever the limit asked for.
const (
	maxDialects  = math.MaxUint16
	maxEntryRefs = math.MaxUint16
	maxHeight    = math.MaxUint16
)

// tmplRef is a reference in a recorded entry: an attribute or type
// entry, a string (an index into numbering.refStrings) or a resource (an
// index into numbering.resRefs), whose index replaces the placeholder
// tmpl[pos:pos+size]; or a blob the entry holds (an index into
// numbering.blobs), which goes at pos, its placeholder empty. There is one for about every op (its location's
// file name): it holds no pointer, so that storing it needs no write
// barrier and the collector need not scan the lists of them, and it is 12
// bytes.
type tmplRef struct {
	pos int32
	// i indexes refStrings or resRefs, as kind says; for an entry it is
	// the entry's id plus one, 0 for none (a value of another context).
	i int32
	// size is the placeholder's: a varint, at most wire.MaxVarIntLen.
	size uint8
	kind refKind
	flag bool // written with OptionalAttribute's presence flag
}

// end is where the placeholder ends.
func (r *tmplRef) end() int32 { return r.pos + int32(r.size) }

type refKind uint8

const (
	refEntry refKind = iota
	refString
	refResource
	refBlob
)

// opKind is what the writer keeps per distinct op name: its entry in the
// op-name table and its schema.
type opKind struct {
	name   ir.OpName
	entry  entry // refs is 0 until an op of the name is numbered
	schema *bytecode.OpSchema
	// nativeOnly says the schema's properties are all native: the
	// properties entry refers to no attribute, so numbering skips it.
	nativeOnly bool
	// attrOnly says the properties entry is made of attribute indices
	// alone, so the attributes decide it: ops of the name referring to
	// the same ones share a property set (see numbering.propSet).
	attrOnly bool
	// id numbers the kinds in the order met; lastSet is the property set
	// (plus one) of the op of the kind met last, and lastKey its key's
	// number in numbering.propSets plus one (0: a set not indexed).
	id      uint32
	lastSet int32
	lastKey int32
	// lastList and lastLen are the attribute list of the op of the kind
	// whose dictionary dictFor built last, lastDict (see dictFor).
	lastList *ir.NamedAttr
	lastLen  int
	lastDict ir.Attribute
}

// opKindSlot is one slot of the cache in front of numbering.kinds.
type opKindSlot struct {
	name ir.OpName
	kind *opKind
}

type dialectNum struct {
	name  string
	index uint64 // below 2^32: see num
	// resources referenced from attributes, in first-reference order.
	resources []ir.ResourceHandle
	seen      map[string]bool
}

// opNum is what the writer needs per op: 16 bytes and no pointer, so
// that the table of a million ops is small and the collector need not
// scan it.
type opNum struct {
	// flags holds the op's kind, an index into numbering.kindList, in
	// its low 30 bits, and opProps and opIsolated.
	flags uint32
	// dict and loc are the entries (their ids plus one, 0 for none) of
	// the dictionary written for the op and of its location.
	dict, loc uint32
	// propSet is the op's property set plus one, 0 for none: the emitter
	// writes each set's entry once and gives its other ops the index.
	propSet int32
}

const (
	opProps    = 1 << 31 // the op writes a properties entry (v5+)
	opIsolated = 1 << 30 // the op's regions are isolated from above
	opKindMask = opIsolated - 1
)

func (o *opNum) props() bool    { return o.flags&opProps != 0 }
func (o *opNum) isolated() bool { return o.flags&opIsolated != 0 }

// set sets or clears flag.
func (o *opNum) set(flag uint32, on bool) {
	if on {
		o.flags |= flag
	} else {
		o.flags &^= flag
	}
}

// kindOf is the kind of an op.
func (n *numbering) kindOf(o *opNum) *opKind { return n.kindList[o.flags&opKindMask] }

type numbering struct {
	ctx     *ir.Context
	m       *Module
	version int
	release int
	target  bytecode.Target

	dialects     []*dialectNum
	dialectIndex map[string]*dialectNum
	// byID indexes the entries of attributes and types by the values'
	// context IDs, which are dense and shared by both kinds: it holds
	// entry refs (see entryRef), which the collector need not scan nor
	// the allocator clear.
	byID    []uint32
	entries *chunks[entry]
	// kinds holds the op names met, and kindList the same by id;
	// kindCache, indexed by a cheap hash of the name, answers most
	// lookups without hashing the strings.
	kinds        map[ir.OpName]*opKind
	kindList     []*opKind
	kindCache    [64]opKindSlot
	orderedAttrs []*entry
	orderedTypes []*entry
	orderedNames []*entry

	// Ops, values, blocks and regions carry their numbers in their Mark:
	// the walk's generation in the high 32 bits, so that marks left by
	// an earlier walk do not count, and the number in the low 32 bits
	// (an index into ops for ops, the value count for regions).
	gen         ir.MarkGeneration
	ops         *chunks[opNum]
	lastDialect *dialectNum       // attributes often follow one of their dialect
	uses        map[*ir.Value]int // uses of values with a use-list order
	resources   map[ir.ResourceHandle]uint64
	// resourceOrder lists, per dialect in dialect order, the handles of
	// its group: those with data first, then declarations.
	resourceOrder [][]ir.ResourceHandle

	nextValue uint64
	err       error
	// tmpl and refs hold the recorded entries; depthBufs and depthRefs
	// are where the codec of each nesting depth records; resRefs are the
	// resources referred to.
	tmpl       []byte
	refs       []tmplRef
	unrecorded []any // the values of entries not recorded
	depthBufs  [][]byte
	depthRefs  [][]tmplRef
	resRefs    []ir.ResourceHandle
	refStrings []string
	// blobs are the long blobs of recorded entries, which stay where
	// they are until written (see bytecode.Splicer).
	blobs       [][]byte
	attrScratch []ir.NamedAttr
	// propSets indexes the property sets met, keyed by their kind's id
	// and their entries' ids, which propSetData holds back to back;
	// propSetNums is each indexed key's set number, and propSetCount
	// counts the sets, indexed or not (see propSet). propIDs is scratch
	// space for a key.
	propSets     keyIndex
	propSetData  []byte
	propSetNums  []int32
	propSetCount int32
	propIDs      []byte
	// attrDepth is how deeply the attribute or type being numbered sits;
	// childHeight the greatest height among what it refers to so far.
	attrDepth, maxAttrDepth, childHeight int

	builtin       bytecode.Builtin
	unknown       ir.Location
	recorder      recorder
	encoder       *bytecode.Encoder // the dry runs', writing to recorder
	segmentsAttrs map[*ir.Operation][2]ir.Attribute
	// targets are the versions of dialects written older than current.
	targets bytecode.DialectVersions
	// buf lends the large tables, given back by release.
	buf *writeBuffers
}

func newNumbering(ctx *ir.Context, b bytecode.Builtin, m *Module, version, release int, limits ir.Limits) *numbering {
	n := &numbering{
		ctx: ctx, m: m, version: version, release: release, maxAttrDepth: min(limits.AttrDepth(), maxHeight),
		target:       bytecode.Target{Version: version, Release: release},
		dialectIndex: map[string]*dialectNum{},
		kinds:        map[ir.OpName]*opKind{},
		gen:          ir.NewMarkGeneration(),
		uses:         map[*ir.Value]int{},
		resources:    map[ir.ResourceHandle]uint64{},
		builtin:      b,
		unknown:      b.UnknownLoc(ctx),
	}
	n.recorder.n = n
	n.buf = getWriteBuffers()
	n.byID = n.buf.byID
	n.entries, n.ops = &n.buf.entries, &n.buf.ops
	n.orderedAttrs, n.orderedTypes, n.orderedNames = n.buf.ordered[0], n.buf.ordered[1], n.buf.ordered[2]
	n.tmpl, n.refs = n.buf.tmpl, n.buf.refs
	return n
}

// giveBack hands the tables back for the next write; n is not used after.
func (n *numbering) giveBack() {
	b := n.buf
	b.byID = n.byID
	b.ordered = [3][]*entry{n.orderedAttrs, n.orderedTypes, n.orderedNames}
	b.tmpl, b.refs = n.tmpl, n.refs
	n.buf = nil
	b.release()
}

// mark and marked store and read a number in an IR element's Mark.

func (n *numbering) op_(op *ir.Operation) *opNum {
	id, _ := n.gen.Op(op)
	return n.ops.At(int(id))
}

// newEntry hands out entries from a reused list, set to v.
func (n *numbering) newEntry(v entry) *entry {
	v.id = uint32(n.entries.Len())
	e := n.entries.Next()
	*e = v
	return e
}

// entryRef is e's id plus one, 0 for nil: how op records and recorded
// references name an entry; entryOf finds it again.
func entryRef(e *entry) uint32 {
	if e == nil {
		return 0
	}
	return e.id + 1
}

// entryOf is the entry entryRef gave ref for, nil for 0.
func (n *numbering) entryOf(ref uint32) *entry {
	if ref == 0 {
		return nil
	}
	return n.entries.At(int(ref - 1))
}

// refTo is a recorded reference to e, which may be nil.
func refTo(e *entry) tmplRef { return tmplRef{kind: refEntry, i: int32(entryRef(e))} }

// referred is the entry a recorded reference names, nil for none.
func (n *numbering) referred(r *tmplRef) *entry { return n.entryOf(uint32(r.i)) }

func (n *numbering) lookupEntry(id uint64) *entry {
	if id < uint64(len(n.byID)) {
		return n.entryOf(n.byID[id])
	}
	return nil
}

func (n *numbering) storeEntry(id uint64, e *entry) {
	if id >= uint64(len(n.byID)) {
		n.growByID(max(2*len(n.byID), int(id)+1, 256))
	}
	n.byID[id] = entryRef(e)
}

// growByID makes byID size entries long.
func (n *numbering) growByID(size int) {
	// Lookups read byID before it is written: see prefault.Touch.
	grown := prefault.Touch(make([]uint32, size))
	copy(grown, n.byID)
	n.byID = grown
}

// attrEntry and typeEntry return the entry of a value met before. IDs
// are unique in a context only: a value of another context may have the
// ID of one numbered here.
func (n *numbering) attrEntry(a ir.Attribute) *entry {
	if id, here := ir.AttrIDIn(n.ctx, a); here {
		return n.lookupEntry(id)
	}
	return nil
}

func (n *numbering) typeEntry(t ir.Type) *entry {
	if id, here := ir.TypeIDIn(n.ctx, t); here {
		return n.lookupEntry(id)
	}
	return nil
}

func (n *numbering) fail(err error) {
	if n.err == nil {
		n.err = err
	}
}

func (n *numbering) dialect(name string) *dialectNum {
	if d := n.lastDialect; d != nil && d.name == name {
		return d
	}
	d := n.dialectIndex[name]
	if d == nil {
		if len(n.dialects) >= maxDialects {
			n.fail(fmt.Errorf("more than %d dialects", maxDialects))
		}
		d = &dialectNum{name: name, index: uint64(len(n.dialects))}
		n.dialects = append(n.dialects, d)
		n.dialectIndex[name] = d
	}
	n.lastDialect = d
	return d
}

// num is the dialect's index as entries hold it (see maxDialects).
func (d *dialectNum) num() uint16 { return uint16(d.index) }

// recorder is the Numbering codecs write to while the module is numbered:
// it numbers what they reference, in the order they write it.
type recorder struct{ n *numbering }

func (r recorder) AttributeIndex(a ir.Attribute) (uint64, error) {
	n := r.n
	e := n.attr(a)
	n.childHeight = max(n.childHeight, heightOf(e))
	n.addRef(refTo(e))
	return 0, nil
}

func (r recorder) TypeIndex(t ir.Type) (uint64, error) {
	n := r.n
	e := n.typ(t)
	n.childHeight = max(n.childHeight, heightOf(e))
	n.addRef(refTo(e))
	return 0, nil
}

func (r recorder) StringIndex(s string) uint64 {
	if len(r.n.refStrings) >= math.MaxInt32 {
		r.n.fail(errors.New("more than 2^31 string references in attributes and types"))
		return 0
	}
	r.n.addRef(tmplRef{kind: refString, i: int32(len(r.n.refStrings))})
	r.n.refStrings = append(r.n.refStrings, s)
	return 0
}

// Written completes the reference added last at this depth.
func (r recorder) Written(start, end int, flag bool) {
	refs := r.n.depthRefs[r.n.attrDepth]
	last := &refs[len(refs)-1]
	last.pos, last.size, last.flag = int32(start), uint8(end-start), flag
}

// Splice records a long blob by reference: the entry's template does not
// hold it.
func (r recorder) Splice(at int, b []byte) bool {
	n := r.n
	if len(n.blobs) >= math.MaxInt32 || at > math.MaxInt32 {
		return false
	}
	n.addRef(tmplRef{kind: refBlob, pos: int32(at), i: int32(len(n.blobs))})
	n.blobs = append(n.blobs, b)
	return true
}

func (r recorder) ResourceIndex(h ir.ResourceHandle) (uint64, error) {
	if len(r.n.resRefs) >= math.MaxInt32 {
		r.n.fail(errors.New("more than 2^31 resource references in attributes and types"))
		return 0, nil
	}
	r.n.addRef(tmplRef{kind: refResource, i: int32(len(r.n.resRefs))})
	r.n.resRefs = append(r.n.resRefs, h)
	d := r.n.dialect(h.Dialect)
	if d.seen == nil {
		d.seen = map[string]bool{}
	}
	if !d.seen[h.Key] {
		d.seen[h.Key] = true
		d.resources = append(d.resources, h)
	}
	return 0, nil
}

// heightOf is the height of an entry, 0 for none.
func heightOf(e *entry) int {
	if e == nil {
		return 0
	}
	return int(e.height)
}

// attr numbers a (once; later calls count references) and returns its
// entry, nil for an attribute of another context.
func (n *numbering) attr(a ir.Attribute) *entry {
	id, here := ir.AttrIDIn(n.ctx, a)
	if !here {
		n.foreign(a.Dialect(), a.Kind())
		return nil
	}
	if e := n.lookupEntry(id); e != nil {
		e.refs++
		return e
	}
	e := n.newEntry(entry{refs: 1, height: 1})
	n.storeEntry(id, e)
	n.orderedAttrs = append(n.orderedAttrs, e)
	dialect := a.Dialect()
	e.dialect = n.dialect(dialect).num()
	switch a := a.(type) {
	case *ir.TextAttr:
		n.textCarries(a.Dialect(), a.Text(), false)
		n.keepValue(e, a)
		return e
	case *ir.EncodedAttr:
		n.fail(fmt.Errorf("cannot re-encode attribute %s.%s: it is custom-encoded by a dialect with no codec here", a.Dialect(), a.Kind()))
		return e
	}
	// A dry run of the codec numbers the nested values in write order.
	e.height = uint16(n.nested(e, dialect, a, nil))
	if !e.recorded {
		n.keepValue(e, a)
	}
	return e
}

// textCarries refuses the text of a value kept as read (not modeled
// here) where it is written for another release than it was read in and
// its dialect spells values per release: the text is then known to be
// valid for the target only where the target's forms read it, or where
// its kind has the same form in both releases (asmformat's SameForm).
// Sparse tensor encodings of LLVM 16 (dimLevelType = [...]) are text LLVM
// 19 does not read: its encoding is another form, of 19 on.
func (n *numbering) textCarries(dialect, text string, isType bool) {
	from, to := n.m.Release, n.release
	if from == 0 || to == 0 || from == to {
		return
	}
	d := n.ctx.Dialect(dialect)
	tc, ok := d.(bytecode.TextCodec)
	if _, perRelease := d.(bytecode.ReleaseTextCodec); !ok || !perRelease {
		return
	}
	var parsed bool
	if isType {
		t, err := tc.ParseType(n.ctx, text, to)
		parsed = err == nil && t != nil
	} else {
		a, err := tc.ParseAttribute(n.ctx, text, to)
		parsed = err == nil && a != nil
	}
	kind := 0
	if isType {
		kind = 1
	}
	if forms, ok := d.(asmformat.AsmFormsOf); !parsed && ok && forms.AsmForms().SameForm(text, kind, from, to) {
		// A form these definitions do not read, the same in both
		// releases (spirv's vce triples): carried as it is.
		parsed = true
	}
	if !parsed {
		const most = 60
		if len(text) > most {
			cut := most
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			text = text[:cut] + "…"
		}
		n.fail(&wire.VersionError{What: fmt.Sprintf("%s text %s", dialect, text),
			Needs:  fmt.Sprintf("%s (it was read as text there, and is not known to be spelled so in another release)", bytecode.ReleaseName(from)),
			Target: bytecode.ReleaseName(to)})
	}
}

// keepValue keeps the value of an entry its dry run did not record, for
// the final write to encode.
func (n *numbering) keepValue(e *entry, v any) {
	e.body = uint32(len(n.unrecorded))
	n.unrecorded = append(n.unrecorded, v)
}

func (n *numbering) typ(t ir.Type) *entry {
	id, here := ir.TypeIDIn(n.ctx, t)
	if !here {
		n.foreign(t.Dialect(), t.Kind())
		return nil
	}
	if e := n.lookupEntry(id); e != nil {
		e.refs++
		return e
	}
	e := n.newEntry(entry{refs: 1, height: 1})
	n.storeEntry(id, e)
	n.orderedTypes = append(n.orderedTypes, e)
	dialect := t.Dialect()
	e.dialect = n.dialect(dialect).num()
	switch t := t.(type) {
	case *ir.TextType:
		n.textCarries(t.Dialect(), t.Text(), true)
		n.keepValue(e, t)
		return e
	case *ir.EncodedType:
		n.fail(fmt.Errorf("cannot re-encode type %s.%s: it is custom-encoded by a dialect with no codec here", t.Dialect(), t.Kind()))
		return e
	}
	e.height = uint16(n.nested(e, dialect, nil, t))
	if !e.recorded {
		n.keepValue(e, t)
	}
	return e
}

// addRef notes a reference of the entry being recorded.
func (n *numbering) addRef(r tmplRef) {
	n.depthRefs[n.attrDepth] = append(n.depthRefs[n.attrDepth], r)
}

// startEntry readies the buffers of the current depth for recording an
// entry: the codec of each depth writes to its own, since an entry's
// codec numbers (so records) what it refers to while it writes.
func (n *numbering) startEntry() int {
	d := n.attrDepth
	for len(n.depthBufs) <= d {
		n.depthBufs = append(n.depthBufs, nil)
		n.depthRefs = append(n.depthRefs, nil)
	}
	n.depthBufs[d] = n.depthBufs[d][:0]
	n.depthRefs[d] = n.depthRefs[d][:0]
	return d
}

// keep stores the entry recorded at depth d for the final write.
func (n *numbering) keep(e *entry, d int, body []byte, custom bool, err error) {
	if err != nil {
		return
	}
	n.depthBufs[d] = body[:0]
	if len(body) > math.MaxInt32 || len(n.tmpl)+len(body) > math.MaxUint32 || len(n.refs)+len(n.depthRefs[d]) > math.MaxUint32 || len(n.depthRefs[d]) > maxEntryRefs {
		// Beyond what the offsets hold: the final write runs the codec again.
		return
	}
	e.recorded, e.custom = true, custom
	e.body = uint32(len(n.tmpl))
	n.tmpl = append(n.tmpl, body...)
	e.bodyEnd = uint32(len(n.tmpl))
	e.ref = uint32(len(n.refs))
	// Most entries (a location and its file name) refer to one other:
	// a single append is cheaper than the bulk copy.
	if refs := n.depthRefs[d]; len(refs) == 1 {
		n.refs = append(n.refs, refs[0])
	} else {
		n.refs = append(n.refs, refs...)
	}
	e.nrefs = uint16(len(n.refs) - int(e.ref))
}

// nested runs the dry-run encoding of a (or t) into entry e and returns
// its height. Readers refuse chains of nested entries longer than the limit;
// refusing heights above it here means every reading order succeeds.
func (n *numbering) nested(e *entry, dialect string, a ir.Attribute, t ir.Type) int32 {
	kind := func() string {
		if a != nil {
			return a.Kind()
		}
		return t.Kind()
	}
	if n.attrDepth >= n.maxAttrDepth {
		n.fail(fmt.Errorf("%s.%s: attributes and types nested more than %d deep: %w", dialect, kind(), n.maxAttrDepth, ir.ErrTooDeep))
		return 1
	}
	n.attrDepth++
	outer := n.childHeight
	n.childHeight = 0
	d := n.startEntry()
	var body []byte
	var custom bool
	var err error
	if a != nil {
		body, custom, err = n.encoder.Attribute(n.depthBufs[d], a)
	} else {
		body, custom, err = n.encoder.Type(n.depthBufs[d], t)
	}
	n.keep(e, d, body, custom, err)
	height := int32(n.childHeight + 1)
	n.childHeight = outer
	n.attrDepth--
	if err != nil {
		n.fail(err)
	}
	if int(height) > n.maxAttrDepth {
		n.fail(fmt.Errorf("%s.%s: attributes and types nested %d deep, more than %d: %w", dialect, kind(), height, n.maxAttrDepth, ir.ErrTooDeep))
	}
	return height
}

// foreign refuses a value of another context than the one being written:
// IDs are only unique within one context.
func (n *numbering) foreign(dialect, kind string) {
	n.fail(fmt.Errorf("%s.%s belongs to another ir.Context than the one being written", dialect, kind))
}

// kind returns the record of an op name, looking its schema up the
// first time the name is met.
func (n *numbering) kind(name ir.OpName) *opKind {
	h := uint(len(name.Op))*7 + uint(len(name.Dialect))*131
	if len(name.Op) > 0 {
		h += uint(name.Op[0])*3 + uint(name.Op[len(name.Op)-1])
	}
	slot := &n.kindCache[h%uint(len(n.kindCache))]
	if slot.kind != nil && slot.name == name {
		return slot.kind
	}
	k := n.kinds[name]
	if k == nil {
		k = &opKind{name: name, id: uint32(len(n.kinds)), schema: lookupSchema(n.ctx, name, n.release, n.targets)}
		if k.schema == nil && n.targets[name.Dialect] == nil {
			n.absentOp(name)
		}
		if s := k.schema; s != nil {
			k.nativeOnly = !s.OperandSegments && !s.ResultSegments
			// Before v6 the segment sizes are attributes in the entry.
			k.attrOnly = n.version < 6 || k.nativeOnly
			for _, p := range s.Properties {
				k.nativeOnly = k.nativeOnly && p.Kind == bytecode.PropNative
				k.attrOnly = k.attrOnly && p.Kind != bytecode.PropNative
			}
		}
		k.entry.id = k.id
		if len(n.kindList) > opKindMask {
			n.fail(fmt.Errorf("more than %d op names", opKindMask))
		}
		n.kinds[name] = k
		n.kindList = append(n.kindList, k)
	}
	*slot = opKindSlot{name: name, kind: k}
	return k
}

// opName counts a reference to the op's name, numbering it at the first.
func (n *numbering) opName(k *opKind) {
	e := &k.entry
	if e.refs == 0 {
		e.dialect = n.dialect(k.name.Dialect).num()
		n.orderedNames = append(n.orderedNames, e)
	}
	e.refs++
}

// reserve sizes the tables for a module of the given number of ops, so
// that a first write does not grow them (copying, and leaving garbage for
// the collector to find). The module cannot use more attributes than its
// context holds, nor, as most ops have a location of their own, many more
// than it has ops; each attribute refers to about one other (a location
// to its file name). Room never used costs address space only: the
// kernel backs a page when it is first written.
func (n *numbering) reserve(ops int) {
	limit := 8*ops + 4096
	ids := min(n.ctx.NumAttributes()+n.ctx.NumTypes()+1, limit)
	if len(n.byID) < ids {
		n.growByID(ids)
	}
	attrs := min(n.ctx.NumAttributes(), limit)
	n.orderedAttrs = slices.Grow(n.orderedAttrs, attrs+64)
	n.tmpl = slices.Grow(n.tmpl, 8*ops+256)
	n.refs = slices.Grow(n.refs, attrs+attrs/4+64)
}

// run numbers the module rooted at root.
func (n *numbering) run(root *ir.Operation) error {
	n.encoder = bytecode.NewEncoder(n.ctx, n.recorder, n.target)
	if err := n.isolation(root); err != nil {
		return err
	}
	n.reserve(n.ops.Len())
	n.op(root)
	type work struct {
		r     *ir.Region
		first uint64
	}
	var stack []work
	push := func(op *ir.Operation) {
		if op.NumRegions() == 0 {
			return
		}
		first := n.nextValue
		if n.op_(op).isolated() {
			first = 0
		}
		for _, r := range op.Regions() {
			stack = append(stack, work{r, first})
		}
	}
	push(root)
	for len(stack) > 0 && n.err == nil {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.nextValue = w.first
		n.region(w.r)
		for _, b := range w.r.Blocks() {
			for _, op := range b.Ops() {
				push(op)
			}
		}
	}
	if n.err != nil {
		return n.err
	}
	n.sort()
	n.finishResources()
	return nil
}

func (n *numbering) region(r *ir.Region) {
	first := n.nextValue
	for i, b := range r.Blocks() {
		n.gen.SetBlock(b, uint64(i))
		for _, a := range b.Args() {
			n.gen.SetValue(a, n.nextValue)
			n.nextValue++
			if a.Loc() == nil {
				n.fail(fmt.Errorf("block argument %d has no location", a.Index()))
				return
			}
			n.attr(a.Loc())
			n.typ(a.Type())
		}
		for _, op := range b.Ops() {
			n.op(op)
		}
	}
	n.gen.SetRegion(r, n.nextValue-first)
}

func (n *numbering) op(op *ir.Operation) {
	info := n.op_(op)
	if op.OpaqueProperties() != nil {
		n.fail(&MissingSchemaError{Op: op.Name().String(), Release: n.m.Release})
	}
	kind := n.kindOf(info)
	n.opName(kind)
	for _, v := range op.Results() {
		n.gen.SetValue(v, n.nextValue)
		n.nextValue++
		n.typ(v.Type())
	}
	for _, v := range op.Operands() {
		if v.UseOrder() != nil {
			n.uses[v]++
		}
	}
	s := kind.schema
	info.set(opProps, n.version >= 5 && s != nil && s.HasProperties() && hasPropertyStorage(n.release))
	if dict := n.dictFor(op, info); dict != nil {
		info.dict = entryRef(n.attr(dict))
	}
	if n.version >= 5 {
		if info.props() && !kind.nativeOnly {
			ids := binary.LittleEndian.AppendUint32(n.propIDs[:0], kind.id)
			entries := n.entries.Len()
			n.eachProperty(op, s, func(f bytecode.PropField, a ir.Attribute) {
				var e *entry
				if a != nil && f.Kind != bytecode.PropNative {
					e = n.attr(a)
				}
				if kind.attrOnly {
					ids = binary.LittleEndian.AppendUint32(ids, entryRef(e))
				}
			})
			if kind.attrOnly && n.err == nil {
				info.propSet = n.propSet(kind, ids, n.entries.Len() > entries)
			}
			n.propIDs = ids
		} else if p := op.Properties(); s == nil && p != nil {
			n.attr(p)
		}
	}
	if op.Loc() == nil {
		n.fail(fmt.Errorf("op %s has no location", op.Name()))
		return
	}
	info.loc = entryRef(n.attr(op.Loc()))
}

// maxPropSetHint bounds the room made for property sets up front.
const maxPropSetHint = 1024

// propSet returns the number (plus one) of the property set with the
// key given: k's id, then its entries' ids. fresh says an entry of the key
// was made for this op, so that no set before has the key: the set is
// numbered without a lookup, and not indexed (a probe of a table larger
// than the cache either way, for a set a function's symbol or a constant's
// value makes new). A later op with the same key gets a number of its
// own; the emitter, which finds entries by their bytes, writes one entry
// for both.
func (n *numbering) propSet(k *opKind, key []byte, fresh bool) int32 {
	if fresh {
		n.propSetCount++
		k.lastSet, k.lastKey = n.propSetCount, 0
		return k.lastSet
	}
	// Neighbouring ops of a kind mostly share their properties.
	if k.lastKey != 0 && bytes.Equal(key, n.propSets.Key(n.propSetData, int(k.lastKey-1))) {
		return k.lastSet
	}
	if n.propSets.slots == nil {
		// Room for a set every 64 ops, within bounds: a module of small
		// functions has a set or two a function.
		n.propSets = newKeyIndex()
		n.propSets.Reserve(min(n.ops.Len()/64+1, maxPropSetHint))
	}
	i, h := n.propSets.Find(n.propSetData, key)
	if i < 0 {
		start := len(n.propSetData)
		n.propSetData = append(n.propSetData, key...)
		var err error
		if i, err = n.propSets.Add(start, len(n.propSetData), h); err != nil {
			n.fail(err)
			return 0
		}
		n.propSetCount++
		n.propSetNums = append(n.propSetNums, n.propSetCount)
	}
	k.lastSet, k.lastKey = n.propSetNums[i], int32(i+1)
	return k.lastSet
}

// dictFor builds the dictionary the op writes: before v5 its attributes
// with properties merged in, from v5 on only the discardable ones of ops
// that write properties.
func (n *numbering) dictFor(op *ir.Operation, info *opNum) ir.Attribute {
	k := n.kindOf(info)
	s := k.schema
	var segs []ir.NamedAttr
	if s != nil && !info.props() {
		if seg := op.OperandSegments(); s.OperandSegments && seg != nil {
			segs = append(segs, ir.NamedAttr{Name: segmentsDictName(false, n.release), Value: n.builtin.Int32Array(n.ctx, seg)})
		}
		if seg := op.ResultSegments(); s.ResultSegments && seg != nil {
			segs = append(segs, ir.NamedAttr{Name: segmentsDictName(true, n.release), Value: n.builtin.Int32Array(n.ctx, seg)})
		}
	}
	attrs := op.Attrs()
	if info.props() {
		// The discardable attributes, in a buffer reused from op to op:
		// the dictionary built from them copies what it keeps.
		attrs = n.attrScratch[:0]
		for _, a := range op.Attrs() {
			if !isInherent(s, a.Name) {
				attrs = append(attrs, a)
			}
		}
		n.attrScratch = attrs
	} else if len(segs) > 0 || hasNative(s) {
		// Before v5 MLIR writes the attributes and segment sizes, but not
		// native properties: they are lost (reading gives their defaults).
		kept := make([]ir.NamedAttr, 0, len(attrs)+len(segs))
		for _, a := range attrs {
			if !isNative(s, a.Name) {
				kept = append(kept, a)
			}
		}
		for _, sa := range segs {
			kept = insertSorted(kept, sa)
		}
		attrs = kept
	}
	if len(attrs) == 0 {
		return nil
	}
	if d := op.Dictionary(); d != nil && n.sameEntries(d, attrs) {
		return d
	}
	// An op's own list, never written in place, that the last op of its
	// kind held too (a reader gives ops of one dictionary one list) has
	// that op's dictionary: no need to build it again.
	own := len(op.Attrs()) == len(attrs) && unsafe.SliceData(op.Attrs()) == unsafe.SliceData(attrs)
	if own && unsafe.SliceData(attrs) == k.lastList && len(attrs) == k.lastLen {
		return k.lastDict
	}
	var d ir.Attribute
	if i := int(op.AttrsFrom()) - 1; own && i >= 0 && i < n.m.dicts.Len() {
		d = *n.m.dicts.At(i) // the dictionary the list was read from
	}
	if d == nil || !n.sameEntries(d, attrs) {
		d = n.builtin.Dictionary(n.ctx, attrs)
	}
	if own {
		k.lastList, k.lastLen, k.lastDict = unsafe.SliceData(attrs), len(attrs), d
	}
	return d
}

// sameEntries reports whether dictionary d holds exactly attrs.
func (n *numbering) sameEntries(d ir.Attribute, attrs []ir.NamedAttr) bool {
	size, ok := n.builtin.DictionaryLen(d)
	if !ok || size != len(attrs) {
		return false
	}
	for i, a := range attrs {
		if e := n.builtin.DictionaryEntry(d, i); e.Value != a.Value || e.Name != a.Name {
			return false
		}
	}
	return true
}

// hasNative reports whether an op's schema has native properties.
func hasNative(s *bytecode.OpSchema) bool {
	if s == nil {
		return false
	}
	for _, p := range s.Properties {
		if p.Kind == bytecode.PropNative {
			return true
		}
	}
	return false
}

func isNative(s *bytecode.OpSchema, name string) bool {
	if s == nil {
		return false
	}
	for _, p := range s.Properties {
		if p.Name == name {
			return p.Kind == bytecode.PropNative
		}
	}
	return false
}

func isInherent(s *bytecode.OpSchema, name string) bool {
	for _, p := range s.Properties {
		if p.Name == name {
			return true
		}
	}
	return false
}

// eachProperty calls fn for every attribute the op's properties entry
// refers to, in wire order, with how it is written and nil for absent
// optional ones; before v6 that includes the segment-size arrays.
func (n *numbering) eachProperty(op *ir.Operation, s *bytecode.OpSchema, fn func(f bytecode.PropField, a ir.Attribute)) {
	legacy := func(i int) {
		if n.version >= 6 {
			return
		}
		if s.OperandSegments && legacyPos(s, legacyOperandSegments) == i {
			fn(bytecode.PropField{Kind: bytecode.PropAttr}, n.segments(op, false))
		}
		if s.ResultSegments && legacyPos(s, legacyResultSegments) == i {
			fn(bytecode.PropField{Kind: bytecode.PropAttr}, n.segments(op, true))
		}
	}
	for i, p := range s.Properties {
		legacy(i)
		a := op.Attr(p.Name)
		if a == nil && p.Kind == bytecode.PropAttr {
			n.fail(fmt.Errorf("op %s: required attribute %q is missing (the op of %s requires it)", op.Name(), p.Name, n.targetRelease()))
			return
		}
		fn(p, a)
	}
	legacy(len(s.Properties))
}

// absentOp refuses a registered op of a dialect that defines it for other
// LLVM releases than the target (bytecode.OpReleases): written without
// its schema, the target's reader would not know it.
//
// An op its dialect's definitions lack altogether, read from a release
// older than those they describe (bytecode.DescribedReleases: LLVM 16's
// memref.tensor_store, which 18 dropped), is refused where it is written
// for another release: the definitions hold every op of the releases
// they describe, so those lack it (mlir-opt-19 refused such files:
// "unregistered operation", or, in a dialect that allows unknown ops,
// kept the op without its meaning). An unknown op read from a described
// release is one its dialect allows (shape's, llvm's) and is written as
// it is.
func (n *numbering) absentOp(name ir.OpName) {
	d, ok := n.ctx.Dialect(name.Dialect).(bytecode.OpReleases)
	if !ok {
		return
	}
	releases, ok := d.OpReleases(name.Op)
	switch {
	case ok && name.Registered:
		n.fail(&wire.VersionError{What: "op " + name.String(), Needs: releases, Target: n.targetRelease()})
	case !ok && n.m.Release != 0 && n.m.Release < oldestDescribed(d) && n.release != n.m.Release:
		n.fail(&wire.VersionError{What: "op " + name.String(), Needs: bytecode.ReleaseName(n.m.Release) + ", which it was read from (no release the " + name.Dialect + " definitions cover has it)", Target: n.targetRelease()})
	}
}

// oldestDescribed is the oldest LLVM release d's definitions describe, 0
// where they do not say.
func oldestDescribed(d any) int {
	if r, ok := d.(bytecode.DescribedReleases); ok {
		return r.OldestRelease()
	}
	return 0
}

// targetRelease names the LLVM release written for.
func (n *numbering) targetRelease() string { return bytecode.ReleaseName(n.release) }

// absentAttrs refuses an inherent attribute the target release's op does
// not have: that release would read it as a discardable attribute.
func (n *numbering) absentAttrs(op *ir.Operation, s *bytecode.OpSchema) error {
	for _, a := range s.Absent {
		if op.Attr(a.Name) == nil {
			continue
		}
		return &wire.VersionError{What: fmt.Sprintf("attribute '%s' of op %s", a.Name, op.Name()), Needs: a.Releases(), Target: n.targetRelease()}
	}
	return nil
}

// isolation decides, for every op with regions, whether it is isolated
// from above. LLVM 16 went by the IsolatedFromAbove trait alone; later
// releases also count ops none of whose nested ops use a value defined
// outside them. A file of no known release is written back as it was
// marked (Module.byTrait).
func (n *numbering) isolation(root *ir.Operation) error {
	type state struct {
		op         *ir.Operation
		idx        int // into n.ops
		unresolved bool
		known      bool // isolation decided
	}
	byTrait := n.release != 0 && n.release < 17 || n.release == 0 && n.m.Release == 0 && n.m.byTrait
	// The ops with regions being walked, by value: a pointer each was a
	// heap object per function.
	var stack []state
	var walk func(op *ir.Operation) error
	walk = func(op *ir.Operation) error {
		if err := op.Materialize(); err != nil {
			return err
		}
		k := n.kind(op.Name())
		s := k.schema
		if s != nil && len(s.Absent) > 0 {
			if err := n.absentAttrs(op, s); err != nil {
				return err
			}
		}
		if s != nil && (s.OperandSegments || s.ResultSegments) {
			if err := checkSegments(op, s, n.targetRelease(), n.version >= 6); err != nil {
				return err
			}
		}
		idx := n.ops.Append(opNum{flags: k.id})
		n.gen.SetOp(op, uint64(idx))
		if len(stack) > 0 && stack[len(stack)-1].unresolved && !byTrait {
			parent := op.Parent()
			for _, v := range op.Operands() {
				def := definingRegion(v)
				if parent != nil && def == parent.Parent() {
					continue
				}
				var container *ir.Operation
				if def != nil {
					container = def.Parent()
				}
				j := len(stack) - 1
				for ; j >= 0; j-- {
					if !stack[j].unresolved || stack[j].op == container {
						break
					}
				}
				stop := j >= 0 && stack[j].unresolved
				for k := len(stack) - 1; k > j; k-- {
					stack[k].unresolved = stop
					n.ops.At(stack[k].idx).set(opIsolated, false)
					stack[k].known = true
				}
			}
		}
		trait := s != nil && s.Isolated
		n.ops.At(idx).set(opIsolated, trait)
		if op.NumRegions() == 0 {
			return nil
		}
		at := len(stack)
		stack = append(stack, state{op: op, idx: idx, known: trait, unresolved: !trait})
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, o := range b.Ops() {
					if err := walk(o); err != nil {
						return err
					}
				}
			}
		}
		known := stack[at].known
		stack = stack[:at]
		if !known && !byTrait {
			n.ops.At(idx).set(opIsolated, true)
		}
		return nil
	}
	return walk(root)
}

func definingRegion(v *ir.Value) *ir.Region {
	switch {
	case v.Block() != nil:
		return v.Block().Parent()
	case v.Op() != nil && v.Op().Parent() != nil:
		return v.Op().Parent().Parent()
	}
	return nil
}

// sort orders attributes, types and op names as MLIR does: by reference
// count, then grouped by dialect within each varint-size slice.
func (n *numbering) sort() {
	many := n.buf.many[:0]
	for _, list := range [][]*entry{n.orderedAttrs, n.orderedTypes, n.orderedNames} {
		many = sortByRefs(list, many[:0])
		groupByDialectPerByte(list, n.release != 0 && n.release <= lastLooseDialectOrder)
	}
	n.buf.many = many
}

// sortByRefs sorts list by descending reference count, stably. Most
// entries (locations, above all) are referred to once: those go last in
// the order they are in, moved within list, and only the others are
// collected in many (scratch space, returned for reuse) and sorted.
func sortByRefs(list, many []*entry) []*entry {
	// From the end, so that once-referred entries are written at or
	// after where they are read.
	w := len(list)
	for i := len(list) - 1; i >= 0; i-- {
		if e := list[i]; e.refs > 1 {
			many = append(many, e)
		} else {
			w--
			list[w] = e
		}
	}
	slices.Reverse(many)
	copy(list, many)
	slices.SortStableFunc(list[:len(many)], func(a, b *entry) int { return int(b.refs) - int(a.refs) })
	return many
}

// lastLooseDialectOrder is the last release whose writer grouped entries
// by dialect with a comparison that is not a strict weak order (see
// looseDialectSort).
const lastLooseDialectOrder = 16

// groupByDialectPerByte sorts slices of 128, 16256, … entries (the number
// of indices each varint length adds, as MLIR computes it) so that entries
// of one dialect sit together, starting with the dialect the previous
// slice ended with. loose sorts as LLVM 16 did (looseDialectSort).
func groupByDialectPerByte(list []*entry, loose bool) {
	if len(list) == 0 {
		return
	}
	first := uint16(0)
	inGroup := uint64(0)
	rest := list
	for i := uint(1); i < 9; i++ {
		inGroup = (1 << (7 * i)) - inGroup
		size := min(uint64(len(rest)), inGroup)
		slice := rest[:size]
		rest = rest[size:]
		d := first
		byDialect := func(a, b *entry) int {
			ad, bd := a.dialect, b.dialect
			switch {
			case ad == bd:
				return 0
			case ad == d:
				return -1
			case bd == d:
				return 1
			case ad < bd:
				return -1
			}
			return 1
		}
		switch {
		case loose:
			looseDialectSort(slice, d)
		// Large slices are mostly of one dialect, often in order already.
		case !slices.IsSortedFunc(slice, byDialect):
			slices.SortStableFunc(slice, byDialect)
		}
		first = slice[len(slice)-1].dialect
		if len(rest) == 0 {
			break
		}
	}
	for i, e := range list {
		e.index = uint32(i)
	}
}

// looseDialectSort orders a slice as LLVM 16's writer did. Its comparison
// put the dialect to order first before the others, but did not say that
// another came after it: an entry of a lower-numbered dialect compared
// less than one of the first dialect too. That is not a strict weak
// order, so what std::stable_sort made of it depends on the steps it
// takes: these are libstdc++'s (a merge sort of runs of 7 sorted by
// insertion, with a buffer of half the slice), which Debian's mlir-opt-16
// uses. A slice whose first dialect has the lowest number, as the first
// one always has, sorts as the strict order does.
func looseDialectSort(s []*entry, first uint16) {
	less := func(a, b *entry) bool {
		if a.dialect == first {
			return b.dialect != first
		}
		return a.dialect < b.dialect
	}
	n := len(s)
	if n < 2 {
		return
	}
	buf := make([]*entry, (n+1)/2)
	mid := (n + 1) / 2
	gnuMergeSortWithBuffer(s[:mid], buf, less)
	gnuMergeSortWithBuffer(s[mid:], buf, less)
	// Merge the halves through the buffer: forwards when the first is
	// not longer, else backwards from the end.
	if len1, len2 := mid, n-mid; len1 <= len2 {
		copy(buf, s[:mid])
		gnuMerge(buf[:len1], s[mid:], s, less)
	} else {
		copy(buf, s[mid:])
		l1, l2, r := len1-1, len2-1, n
		for l2 >= 0 {
			r--
			if less(buf[l2], s[l1]) {
				s[r] = s[l1]
				if l1 == 0 {
					copy(s[r-(l2+1):r], buf[:l2+1])
					return
				}
				l1--
			} else {
				s[r] = buf[l2]
				l2--
			}
		}
	}
}

// gnuMergeSortWithBuffer is libstdc++'s __merge_sort_with_buffer: runs of
// 7 sorted by insertion, then merged pairwise into buf and back, the run
// length doubling each pass.
func gnuMergeSortWithBuffer(s, buf []*entry, less func(a, b *entry) bool) {
	const chunk = 7
	i := 0
	for ; len(s)-i >= chunk; i += chunk {
		gnuInsertionSort(s[i:i+chunk], less)
	}
	gnuInsertionSort(s[i:], less)
	tmp := buf[:len(s)]
	for step := chunk; step < len(s); step *= 4 {
		gnuMergeLoop(s, tmp, step, less)
		gnuMergeLoop(tmp, s, 2*step, less)
	}
}

// gnuMergeLoop merges the runs of step entries of src pairwise into dst
// (__merge_sort_loop): on a tie, the first run's entry goes first.
func gnuMergeLoop(src, dst []*entry, step int, less func(a, b *entry) bool) {
	r, i := 0, 0
	for ; len(src)-i >= 2*step; i += 2 * step {
		r += gnuMerge(src[i:i+step], src[i+step:i+2*step], dst[r:], less)
	}
	step = min(len(src)-i, step)
	gnuMerge(src[i:i+step], src[i+step:], dst[r:], less)
}

// gnuMerge merges runs a and b into dst and returns how many it wrote
// (__move_merge): on a tie, a's entry goes first. b may be the tail of dst
// after len(a) entries, as in the final merge through the buffer.
func gnuMerge(a, b, dst []*entry, less func(a, b *entry) bool) int {
	i, j, r := 0, 0, 0
	for i < len(a) && j < len(b) {
		if less(b[j], a[i]) {
			dst[r], j = b[j], j+1
		} else {
			dst[r], i = a[i], i+1
		}
		r++
	}
	r += copy(dst[r:], a[i:])
	return r + copy(dst[r:], b[j:])
}

// gnuInsertionSort is libstdc++'s __insertion_sort: an entry less than
// the first goes first, any other moves down past those it is less than.
func gnuInsertionSort(s []*entry, less func(a, b *entry) bool) {
	for i := 1; i < len(s); i++ {
		v := s[i]
		if less(v, s[0]) {
			copy(s[1:i+1], s[:i])
			s[0] = v
			continue
		}
		j := i
		for less(v, s[j-1]) {
			s[j] = s[j-1]
			j--
		}
		s[j] = v
	}
}

// finishResources orders each dialect's resources as mlir-opt writes
// them: those with data in first-reference order, then declarations.
func (n *numbering) finishResources() {
	next := uint64(0)
	n.resourceOrder = make([][]ir.ResourceHandle, len(n.dialects))
	for i, d := range n.dialects {
		var decls []ir.ResourceHandle
		for _, h := range d.resources {
			if r := n.m.Resources[h]; r != nil && !r.Declared {
				n.resources[h] = next
				next++
				n.resourceOrder[i] = append(n.resourceOrder[i], h)
			} else {
				decls = append(decls, h)
			}
		}
		for _, h := range decls {
			n.resources[h] = next
			next++
		}
		n.resourceOrder[i] = append(n.resourceOrder[i], decls...)
	}
}

// final is the Numbering codecs use while the file is emitted.
type final struct {
	n       *numbering
	strings *wire.StringTable
	// splices are the long blobs of the attribute and type section, by
	// their offsets in it.
	splices []splice
}

// splice is a blob that goes at offset at of a section's bytes.
type splice struct {
	at int
	b  []byte
}

// Splice keeps a long blob of an entry being encoded again: the codec
// writes straight to the section's bytes, so at is where it goes there.
func (f *final) Splice(at int, b []byte) bool {
	f.splices = append(f.splices, splice{at, b})
	return true
}

func (f *final) AttributeIndex(a ir.Attribute) (uint64, error) {
	if e := f.n.attrEntry(a); e != nil {
		return uint64(e.index), nil
	}
	return 0, fmt.Errorf("attribute %s.%s was not numbered", a.Dialect(), a.Kind())
}

func (f *final) TypeIndex(t ir.Type) (uint64, error) {
	if e := f.n.typeEntry(t); e != nil {
		return uint64(e.index), nil
	}
	return 0, fmt.Errorf("type %s.%s was not numbered", t.Dialect(), t.Kind())
}

func (f *final) StringIndex(s string) uint64 { return f.strings.Intern(s) }

func (f *final) ResourceIndex(h ir.ResourceHandle) (uint64, error) {
	if i, ok := f.n.resources[h]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("resource %s.%s was not numbered", h.Dialect, h.Key)
}
