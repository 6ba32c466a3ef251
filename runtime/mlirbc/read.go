package mlirbc

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/internal/chunked"
	"github.com/dialectgen/dialectgen/runtime/internal/prefault"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// ReadOptions tune Read.
type ReadOptions struct {
	// Release selects the LLVM release whose op property layouts decode
	// the file; 0 takes it from the producer string ("MLIR19.1.7" → 19),
	// and a producer that names none means the newest.
	Release int
	// Lazy leaves the regions of isolated ops (bytecode v2+, where they
	// sit in sections of their own) unread until Operation.Materialize,
	// which may be called from several goroutines.
	Lazy bool
	// Limits bound nesting; the zero value means ir's defaults, which are
	// also what Write enforces.
	Limits ir.Limits
	// Verify checks the IR as Write does before writing it (every operand
	// in scope and dominating its use, successors in their region, the
	// isolation of isolated ops). With Lazy, each op's regions are checked
	// when they are materialized.
	Verify bool
}

// ErrTooDeep is wrapped by errors for regions nested beyond the limit.
var ErrTooDeep = errors.New("regions nested too deeply")

// Read decodes a bytecode file into ctx. The module's resource blobs and
// strings, and the blobs of the attributes it adds to ctx (dense
// constants), are views into data, which must not change while they are
// in use.
func Read(ctx *ir.Context, data []byte, opts ReadOptions) (*Module, error) {
	f, err := bytecode.ParseFile(data)
	if err != nil {
		return nil, err
	}
	return Decode(ctx, f, opts)
}

// ReadFile reads the file at path as Read does, from a memory mapping
// where the system allows: nothing is copied. Call the module's Close
// once nothing read from it is in use.
func ReadFile(ctx *ir.Context, path string, opts ReadOptions) (*Module, error) {
	fm, err := filemap.Open(path)
	if err != nil {
		return nil, err
	}
	m, err := Read(ctx, fm.Data, opts)
	if err != nil {
		fm.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m.file = fm
	return m, nil
}

// Decode decodes the IR of a file whose tables ParseFile has read.
func Decode(ctx *ir.Context, f *bytecode.File, opts ReadOptions) (*Module, error) {
	return decode(ctx, f, opts, nil)
}

func decode(ctx *ir.Context, f *bytecode.File, opts ReadOptions, tr wire.Tracer) (*Module, error) {
	// No room is reserved in the context for the file's entries: most of
	// a large table is locations, which the context keeps in groups of
	// their own (see ir.Key.Near), and the rest grows by doubling.
	release := opts.Release
	if release == 0 {
		release = f.Release
	}
	b, err := bytecode.BuiltinOf(ctx)
	if err != nil {
		return nil, err
	}
	rd := &reader{
		tr:       tr,
		builtin:  b,
		unknown:  b.UnknownLoc(ctx),
		ctx:      ctx,
		f:        f,
		dec:      bytecode.NewDecoder(ctx, f, opts.Limits),
		release:  release,
		lazy:     opts.Lazy,
		verify:   opts.Verify,
		maxDepth: opts.Limits.RegionDepth(),
		names:    make([]opNameInfo, len(f.OpNames)),
	}
	// Ops and values fill most of the memory read: their next chunks are
	// mapped ahead.
	rd.opSlab.ahead, rd.vals.ahead = true, true
	m := &Module{Version: V(f.Version), Producer: f.Producer, Release: release, Resources: map[ir.ResourceHandle]*Resource{}}
	for _, d := range f.Dialects {
		if d.Version != nil {
			if m.DialectVersions == nil {
				m.DialectVersions = map[string][]byte{}
			}
			m.DialectVersions[d.Name] = d.Version
		}
	}
	if rd.versions, err = readDialectVersions(ctx, f); err != nil {
		return nil, err
	}
	rd.dec.SetDialectVersions(rd.versions)
	m.Versions = rd.versions
	// With a second core, the file's attributes and types are decoded
	// there while this one reads the ops that refer to them. A lazy read
	// decodes only what it needs, and Explain traces entries in order.
	// The count is the file's, checked against its offsets section (a
	// byte an entry at least), so what it makes room for stays within a
	// small multiple of the file.
	ctx.Expect(f.Attrs.Len())
	stopAhead := func() {}
	if !opts.Lazy && tr == nil && aheadPays(f) && runtime.GOMAXPROCS(0) > 1 {
		stopAhead = rd.dec.Ahead()
	}
	defer stopAhead()
	if err := rd.readProperties(); err != nil {
		return nil, err
	}
	if err := rd.readResources(m); err != nil {
		return nil, err
	}
	if m.Op, err = rd.readIR(); err != nil {
		return nil, err
	}
	stopAhead()
	m.body, m.dicts = rd.root, rd.dicts
	// A lazy read has not seen the flags of the ops it left unread.
	m.byTrait = !rd.lazy && !rd.beyondTrait
	if rd.verify {
		if err := rd.check(m.Op); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// aheadPays reports whether f's entries are worth decoding on another
// core while its ops are read. Not when it has few (minAheadEntries), nor
// when its IR is thin beside them (minIRPerEntry): then the reader has
// little to do but make entries too, and the two goroutines make them
// side by side, each waiting for the other at the context's locks. On
// eighteen shapes of file, the goroutine made those below 4 bytes of IR
// an entry 13 to 24 % slower (20,000 strings, one op of 20,000
// attributes, call-site locations, unregistered ops with properties:
// 3.3 bytes and less) and those above 6 up to 20 % faster (100,000 ops
// in a chain, 13 bytes), or no slower.
func aheadPays(f *bytecode.File) bool {
	n := f.Attrs.Len() + f.Types.Len()
	return n >= minAheadEntries && len(f.Sections[bytecode.SectionIR].Data) >= minIRPerEntry*n
}

const (
	// minAheadEntries is the fewest entries worth decoding on another
	// core: below it, waking the goroutine costs more than it saves.
	minAheadEntries = 256
	minIRPerEntry   = 4
)

type reader struct {
	// mu serializes lazy loads: they share the decoder and the chunks.
	mu sync.Mutex
	// tr, when set, is told what each byte range of the IR holds (see
	// Explain); ops counts the ops read, for its labels.
	tr  wire.Tracer
	ops int
	// argLocs collects a block's argument locations for argExtras.
	argLocs   []ir.Location
	argExtras ir.ArgLocs
	builtin   bytecode.Builtin
	unknown   ir.Location
	ctx       *ir.Context
	f         *bytecode.File
	dec       *bytecode.Decoder
	release   int
	versions  bytecode.DialectVersions // of dialects read at an older version
	lazy      bool
	verify    bool
	maxDepth  int
	names     []opNameInfo
	props     propEntries
	depth     int
	// What blocks and ops hold is carved from shared chunks (see carver).
	opSlab   carver[ir.Operation]
	vals     carver[ir.Value]
	opPtrs   carver[*ir.Operation]
	valPtrs  carver[*ir.Value]
	attrList carver[ir.NamedAttr]
	// propsRead are the properties entries read so far, by index.
	propsRead []propsRead
	regions   carver[ir.Region]
	rgPtrs    carver[*ir.Region]
	blocks    carver[ir.Block]
	blkPtrs   carver[*ir.Block]
	extras    ir.OpExtras
	// scopes are value scopes free for the next isolated region.
	scopes []*valueScope
	// propR and propDec read one properties entry at a time; reusing
	// them saves two allocations per op.
	propR   wire.Reader
	propDec propReader
	// root is the lazily read root op's body; spliced are ops Symbol
	// read from it ahead of the rest, by offset.
	root    *lazyBody
	spliced map[int64]spliced
	// dicts become Module.dicts (not kept by a lazy read, whose loads
	// may come while a writer reads them).
	dicts chunked.List[ir.Attribute]
	// beyondTrait says an op without the IsolatedFromAbove trait was
	// marked isolated (see Module.byTrait).
	beyondTrait bool
}

// carver hands out slices cut from shared chunks, with their capacity
// clipped so that appending to one never touches its neighbours: a
// function's dozen ops, its values, and the operand lists of each op
// would otherwise be a small heap object each, spread over the heap.
// Chunks start small, for reads that touch few ops (lazy ones), and
// double up to maxCarveBytes. A slice larger than a chunk's quarter (the
// ops of a long block) gets a slab of its own, which the kernel maps on
// the other core while the reader fills it when it is large (prefault).
// Filling a chunk front to back, the reader faults every few ops: a
// carver that looks ahead has the next chunk made and mapped on the other
// core once chunks reach aheadCarveBytes. (Mapping the chunk being filled
// gained nothing, both threads faulting the same pages; looking ahead for
// every carver, not only the ops' and values', cost memory for no time.)
type carver[T any] struct {
	free  []T
	last  int // elements of the last chunk
	next  []T // the chunk after free, when looking ahead
	ahead bool
	// taken is where the slice take cut last from free starts, for keep:
	// an address, not a slice, so that no take stores a pointer (a write
	// barrier while the collector marks, on every op read).
	taken uintptr
}

// A first chunk of 2 KiB for each of nine carvers was most of what
// reading a small file allocated and zeroed: 512 bytes read the 60
// smallest upstream files in 0.87 of the time, larger files as fast.
const (
	firstCarveBytes = 512
	maxCarveBytes   = 256 << 10
	aheadCarveBytes = 64 << 10
)

func (c *carver[T]) take(n int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if n*size > maxCarveBytes/4 {
		c.taken = 0
		s := make([]T, n)
		prefault.Slice(s)
		return s
	}
	if len(c.free) < n {
		c.last = min(max(2*c.last, firstCarveBytes/size), maxCarveBytes/size)
		if len(c.next) >= n {
			c.free, c.next = c.next, nil
		} else {
			c.free = make([]T, max(c.last, n))
		}
		if c.ahead && c.last*size >= aheadCarveBytes {
			c.next = make([]T, min(2*c.last, maxCarveBytes/size))
			prefault.Ahead(c.next)
		}
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	c.taken = uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	return s
}

// keep gives back the room s, the slice take returned last, has beyond
// its first n elements, and returns those: the reader takes room for
// every property an op may have, and most ops have a few.
func (c *carver[T]) keep(s []T, n int) []T {
	at := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	var zero T
	if n < cap(s) && len(c.free) > 0 && at == c.taken &&
		at+uintptr(cap(s))*unsafe.Sizeof(zero) == uintptr(unsafe.Pointer(unsafe.SliceData(c.free))) {
		// s lies just before c.free in one chunk: nothing was taken since.
		// (Adjacent addresses alone could be two allocations: a slice of
		// its own ending where a chunk given back whole begins.)
		c.free = unsafe.Slice(unsafe.SliceData(s[n:]), cap(s)-n+len(c.free))
		c.taken = 0
	}
	return s[:n:n]
}

type opNameInfo struct {
	resolved bool
	name     ir.OpName
	shared   *ir.OpName // name, for the ops to share
	schema   *bytecode.OpSchema
	// lastDict is the attribute dictionary of the op of the name read
	// last, and lastAttrs its entries as a list.
	lastDict  ir.Attribute
	lastAttrs []ir.NamedAttr
	lastFrom  uint32 // for SetAttrsFrom: 1 + lastDict's index in dicts, or 0
	// defaults is the op's dialect where it populates defaults for the
	// op at the file's release; popIn is the list of attributes it last
	// completed, popOut what that became (nil before the first: an op of
	// no attributes gains a default, and any other list stays one).
	defaults      bytecode.DefaultPopulator
	popIn, popOut []ir.NamedAttr
	// propsEntry is 1 + the properties entry an op of the name read last
	// (0: none), propsAttrs what it holds.
	propsEntry uint64
	propsAttrs []ir.NamedAttr
}

func (rd *reader) opName(r *wire.Reader) (*opNameInfo, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	if i >= uint64(len(rd.names)) {
		return nil, r.ErrorAt(at, fmt.Sprintf("an op name index below %d", len(rd.names)), wire.ErrInvalid)
	}
	info := &rd.names[i]
	if !info.resolved {
		n := rd.f.OpNames[i]
		// LLVM 16 joins the two parts with a dot, even before an empty
		// op part ("foo."); later releases drop the dot there.
		info.name = ir.OpName{Dialect: rd.f.Dialects[n.Dialect].Name, Op: n.Name, Dotted: n.Name == "" && rd.release != 0 && rd.release <= 16}
		info.schema = lookupSchema(rd.ctx, info.name, rd.release, rd.versions)
		if _, closed := rd.ctx.Dialect(info.name.Dialect).(bytecode.ClosedDialect); closed && info.schema == nil {
			return nil, r.ErrorAt(at, "an op of dialect "+info.name.Dialect+" known here", fmt.Errorf("%w: %s is not one (a newer version of the dialect?)", wire.ErrUnsupportedVersion, info.name))
		}
		if rd.f.Version >= 5 {
			info.name.Registered = n.Registered
		} else {
			// Older files do not say; ops we have definitions for count
			// as registered, as they are in mlir-opt.
			info.name.Registered = info.schema != nil
		}
		info.shared = ir.SharedName(info.name)
		if p, ok := rd.ctx.Dialect(info.name.Dialect).(bytecode.DefaultPopulator); ok && info.schema != nil && info.name.Registered {
			// An op with nothing set gets every default there is.
			if _, some := p.PopulateDefaults(rd.ctx, info.name.Op, rd.release, nil); some {
				info.defaults = p
			}
		}
		info.resolved = true
	}
	return info, nil
}

func (rd *reader) readProperties() error {
	s := rd.f.Sections[bytecode.SectionProperties]
	if s == nil {
		return nil
	}
	r := s.Reader("Properties")
	cat := r.Offset()
	n, err := r.Count(1, "properties entries")
	if err != nil {
		return err
	}
	if rd.tr != nil {
		rd.tr.Span(cat, r.Offset(), fmt.Sprintf("%d properties entries", n))
	}
	rd.props = propEntries{data: s.Data, offset: s.Offset, start: uint64(r.Offset() - s.Offset), ends: make([]uint64, n)}
	for i := range rd.props.ends {
		at := r.Offset()
		size, err := r.VarInt()
		if err != nil {
			return err
		}
		if _, err := r.Bytes(size); err != nil {
			return r.ErrorAt(at, fmt.Sprintf("a properties entry of %d bytes", size), err)
		}
		rd.props.ends[i] = uint64(r.Offset() - s.Offset)
		if rd.tr != nil {
			rd.tr.Span(at, r.Offset(), fmt.Sprintf("properties entry %d (%d bytes)", i, size))
		}
	}
	if !r.Empty() {
		return r.Errorf("the end of the Properties section", wire.ErrInvalid)
	}
	return nil
}

// propEntries are the entries of the Properties section: where each ends
// in the section's data, eight bytes per entry and no pointers, however
// many ops a file holds.
type propEntries struct {
	data   []byte
	offset int64  // of data[0] in the file
	start  uint64 // where the first entry starts, after the count
	ends   []uint64
}

func (p *propEntries) len() int { return len(p.ends) }

// entry is entry i's bytes (after its size) and their file offset.
func (p *propEntries) entry(i int) ([]byte, int64) {
	start := p.start
	if i > 0 {
		start = p.ends[i-1]
	}
	// The size before the bytes was read once already: it is valid.
	start += uint64(wire.EncodedLen(p.data[start]))
	return p.data[start:p.ends[i]:p.ends[i]], p.offset + int64(start)
}

// valueScope is the value table of one isolation scope: the value ranges
// of the regions currently open in it, innermost last.
type valueScope struct {
	ranges []valueRange
	next   uint64
	// orders are use-list orders to check once the scope is read, when
	// every use of their values is known; the reader counts uses in the
	// values' marks.
	orders []pendingOrder
	uses   ir.MarkGeneration
}

type valueRange struct {
	base    uint64
	vals    []ir.Value
	defined int
}

type pendingOrder struct {
	v       *ir.Value
	indices []uint32
	pairs   bool
	at      int64
	r       *wire.Reader
}

// lookup finds value i. Open ranges are laid out one after another, so a
// binary search finds the one holding i.
func (sc *valueScope) lookup(i uint64) *ir.Value {
	j := sort.Search(len(sc.ranges), func(j int) bool {
		rg := &sc.ranges[j]
		return rg.base+uint64(len(rg.vals)) > i
	})
	if j == len(sc.ranges) {
		return nil
	}
	rg := &sc.ranges[j]
	if i < rg.base {
		return nil
	}
	return &rg.vals[i-rg.base]
}

// define hands out the next value slot of the innermost region.
func (sc *valueScope) define(r *wire.Reader) (*ir.Value, error) {
	if len(sc.ranges) == 0 {
		return nil, r.Errorf("no values outside regions", wire.ErrInvalid)
	}
	rg := &sc.ranges[len(sc.ranges)-1]
	if rg.defined == len(rg.vals) {
		return nil, r.Errorf(fmt.Sprintf("at most the %d values the region declares", len(rg.vals)), wire.ErrInvalid)
	}
	v := &rg.vals[rg.defined]
	rg.defined++
	return v, nil
}

func (rd *reader) readIR() (*ir.Operation, error) {
	r := rd.f.Sections[bytecode.SectionIR].Reader("IR")
	at := r.Offset()
	n, hasArgs, err := r.VarIntWithFlag()
	if err != nil {
		return nil, err
	}
	if n != 1 || hasArgs {
		return nil, r.ErrorAt(at, "one top-level operation and no block arguments", wire.ErrInvalid)
	}
	if rd.tr != nil {
		rd.tr.Span(at, r.Offset(), "1 top-level op")
	}
	top := &valueScope{uses: ir.NewMarkGeneration()}
	op := &ir.Operation{}
	if err := rd.readOp(r, op, top, nil); err != nil {
		return nil, err
	}
	if op.NumResults() > 0 {
		return nil, r.ErrorAt(at, "a top-level operation without results", wire.ErrInvalid)
	}
	if err := top.resolveOrders(); err != nil {
		return nil, err
	}
	if !r.Empty() {
		return nil, r.Errorf("the end of the IR section after the top-level operation", wire.ErrInvalid)
	}
	return op, nil
}

func (rd *reader) attrOf(r *wire.Reader, what string) (ir.Attribute, int64, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return nil, at, err
	}
	a, err := rd.dec.Attribute(i)
	if err != nil {
		return nil, at, r.ErrorAt(at, "an attribute index for "+what, err)
	}
	return a, at, nil
}

func (rd *reader) typeOf(r *wire.Reader, what string) (ir.Type, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	t, err := rd.dec.Type(i)
	if err != nil {
		return nil, r.ErrorAt(at, "a type index for "+what, err)
	}
	return t, nil
}

func (rd *reader) location(r *wire.Reader, what string) (ir.Location, error) {
	a, at, err := rd.attrOf(r, what)
	if err != nil {
		return nil, err
	}
	loc, ok := a.(ir.Location)
	if !ok {
		return nil, r.ErrorAt(at, "a location attribute for "+what, wire.ErrInvalid)
	}
	return loc, nil
}

const (
	maskAttrs       = 0x01
	maskResults     = 0x02
	maskOperands    = 0x04
	maskSuccessors  = 0x08
	maskRegions     = 0x10
	maskUseLists    = 0x20
	maskProperties  = 0x40
	minOpSize       = 3 // name, mask and location
	minBlockSize    = 1
	minRegionSize   = 1
	minValueSize    = 1 // a block argument's or result's type index
	minOperandBytes = 1
)

// readOp reads one op into op. blocks are the blocks of the enclosing
// region, which successors index.
func (rd *reader) readOp(r *wire.Reader, op *ir.Operation, sc *valueScope, blocks []*ir.Block) error {
	if rd.tr == nil {
		_, err := rd.readOpBody(r, op, sc, blocks)
		return err
	}
	// Traced: the op's span closes after those of its parts. (Not a
	// defer in readOpBody, which would cost every untraced op.)
	start, opIndex := r.Offset(), rd.ops
	info, err := rd.readOpBody(r, op, sc, blocks)
	if info != nil {
		rd.tr.Span(start, r.Offset(), fmt.Sprintf("op #%d %s", opIndex, info.name))
	}
	return err
}

// readOpBody is readOp; it returns the op's name once it is read.
func (rd *reader) readOpBody(r *wire.Reader, op *ir.Operation, sc *valueScope, blocks []*ir.Block) (*opNameInfo, error) {
	start := r.Offset()
	info, err := rd.opName(r)
	if err != nil {
		return nil, err
	}
	op.ShareName(info.shared)
	root := rd.ops == 0
	rd.ops++
	if rd.tr != nil {
		rd.tr.Span(start, r.Offset(), "op name "+info.name.String())
	}
	fail := func(err error) error {
		var inner *wire.OpError
		if errors.As(err, &inner) {
			return err // name the innermost op only
		}
		return &wire.OpError{Op: info.name.String(), Offset: start, Err: err}
	}
	maskAt := r.Offset()
	mask, err := r.Byte()
	if err != nil {
		return info, fail(err)
	}
	allowed := byte(maskAttrs | maskResults | maskOperands | maskSuccessors | maskRegions)
	if rd.f.Version >= 3 {
		allowed |= maskUseLists
	}
	if rd.f.Version >= 5 {
		allowed |= maskProperties
	}
	if mask&^allowed != 0 {
		return info, fail(r.ErrorAt(maskAt, fmt.Sprintf("an op encoding mask within 0x%02x for version %d, not 0x%02x", allowed, rd.f.Version, mask), wire.ErrInvalid))
	}
	if rd.tr != nil {
		rd.tr.Span(maskAt, maskAt+1, "mask "+maskText(mask))
	}
	locAt := r.Offset()
	loc, err := rd.location(r, "the op location")
	if err != nil {
		return info, fail(err)
	}
	op.SetLoc(loc)
	if rd.tr != nil {
		rd.tr.Span(locAt, r.Offset(), "location "+fmt.Sprint(op.Loc()))
	}
	if mask&maskAttrs != 0 {
		a, at, err := rd.attrOf(r, "the attribute dictionary")
		if err != nil {
			return info, fail(err)
		}
		if a != info.lastDict {
			n, ok := rd.builtin.DictionaryLen(a)
			if !ok {
				return info, fail(r.ErrorAt(at, "a DictionaryAttr for the attribute dictionary", wire.ErrInvalid))
			}
			attrs := rd.attrList.take(n)
			for i := range attrs {
				attrs[i] = rd.builtin.DictionaryEntry(a, i)
			}
			info.lastDict, info.lastAttrs, info.lastFrom = a, attrs[:n:n], 0
			if !rd.lazy && rd.dicts.Len() < math.MaxUint32 {
				info.lastFrom = uint32(rd.dicts.Append(a) + 1)
			}
		}
		// The ops of a name mostly have the same dictionary as the one
		// before them: they share its list (SetAttrs never writes to it),
		// and a writer finds the dictionary by its number.
		op.SetAttrsFrom(info.lastAttrs, info.lastFrom)
		if rd.tr != nil {
			rd.tr.Span(at, r.Offset(), fmt.Sprintf("attribute dictionary (%d entries)", len(info.lastAttrs)))
		}
		if info.schema != nil && (rd.f.Version < 5 || !hasPropertyStorage(rd.release)) {
			if err := rd.takeSegments(r, at, op, info.schema); err != nil {
				return info, fail(err)
			}
		}
	}
	if mask&maskProperties != 0 {
		pat := r.Offset()
		if err := rd.readOpProperties(r, op, info); err != nil {
			return info, fail(err)
		}
		if rd.tr != nil {
			rd.tr.Span(pat, r.Offset(), "properties entry")
		}
	}
	if rd.release != 0 && (op.OperandSegments() != nil || op.ResultSegments() != nil) {
		// Releases may order as many groups otherwise: the accessors
		// need to know whose groups the sizes count.
		op.SetSegmentsRelease(rd.release)
	}
	if info.defaults != nil {
		rd.populate(op, info)
	}
	if err := rd.upgrade(op); err != nil {
		return info, fail(err)
	}
	if mask&maskResults != 0 {
		n, err := r.Count(minValueSize, "results")
		if err != nil {
			return info, fail(err)
		}
		if rd.tr != nil {
			rd.tr.Span(r.Offset()-int64(len(wire.AppendVarInt(nil, uint64(n)))), r.Offset(), fmt.Sprintf("%d results", n))
		}
		results := rd.valPtrs.take(n)
		op.SetResults(results)
		for i := range results {
			tat := r.Offset()
			t, err := rd.typeOf(r, "a result type")
			if err != nil {
				return info, fail(err)
			}
			if rd.tr != nil {
				rd.tr.Span(tat, r.Offset(), fmt.Sprintf("result %d: type %v", i, t))
			}
			v, err := sc.define(r)
			if err != nil {
				return info, fail(err)
			}
			v.SetType(t)
			v.SetResultOf(op, i) // keep the mark: it counts uses read before
			results[i] = v
		}
	}
	if mask&maskOperands != 0 {
		n, err := r.Count(minOperandBytes, "operands")
		if err != nil {
			return info, fail(err)
		}
		if rd.tr != nil {
			rd.tr.Span(r.Offset()-int64(len(wire.AppendVarInt(nil, uint64(n)))), r.Offset(), fmt.Sprintf("%d operands", n))
		}
		operands := rd.valPtrs.take(n)
		op.SetOperands(operands)
		for i := range operands {
			at := r.Offset()
			x, err := r.VarInt()
			if err != nil {
				return info, fail(err)
			}
			if rd.tr != nil {
				rd.tr.Span(at, r.Offset(), fmt.Sprintf("operand %d: value %d", i, x))
			}
			v := sc.lookup(x)
			if v == nil {
				return info, fail(r.ErrorAt(at, fmt.Sprintf("a value index below %d", sc.next), wire.ErrInvalid))
			}
			n, _ := sc.uses.Value(v)
			sc.uses.SetValue(v, n+1)
			operands[i] = v
		}
	}
	if mask&maskSuccessors != 0 {
		nat := r.Offset()
		n, err := r.Count(1, "successors")
		if err != nil {
			return info, fail(err)
		}
		if rd.tr != nil {
			rd.tr.Span(nat, r.Offset(), fmt.Sprintf("%d successors", n))
		}
		succs := rd.blkPtrs.take(n)
		rd.extras.Give(op)
		op.SetSuccessors(succs)
		for i := range succs {
			at := r.Offset()
			x, err := r.VarInt()
			if err != nil {
				return info, fail(err)
			}
			if x >= uint64(len(blocks)) {
				return info, fail(r.ErrorAt(at, fmt.Sprintf("a successor block index below %d", len(blocks)), wire.ErrInvalid))
			}
			if rd.tr != nil {
				rd.tr.Span(at, r.Offset(), fmt.Sprintf("successor %d: block %d", i, x))
			}
			succs[i] = blocks[x]
		}
	}
	if mask&maskUseLists != 0 {
		uat := r.Offset()
		if err := readUseLists(r, op.Results(), sc); err != nil {
			return info, fail(err)
		}
		if rd.tr != nil {
			rd.tr.Span(uat, r.Offset(), "use-list orders of the results")
		}
	}
	if mask&maskRegions != 0 {
		at := r.Offset()
		n, isolated, err := r.VarIntWithFlag()
		if err != nil {
			return info, fail(err)
		}
		if n == 0 || n > uint64(r.Len()) {
			return info, fail(r.ErrorAt(at, fmt.Sprintf("between 1 and %d regions", r.Len()), wire.ErrInvalid))
		}
		if rd.tr != nil {
			what := fmt.Sprintf("%d regions", n)
			if isolated {
				what += ", isolated from above"
			}
			rd.tr.Span(at, r.Offset(), what)
		}
		if isolated && (info.schema == nil || !info.schema.Isolated) {
			rd.beyondTrait = true
		}
		if isolated && rd.f.Version >= 2 {
			sat := r.Offset()
			s, err := r.Section()
			if err != nil {
				return info, fail(err)
			}
			if s.ID != bytecode.SectionIR {
				return info, fail(r.ErrorAt(sat, "a nested IR section for isolated regions", wire.ErrInvalid))
			}
			if rd.tr != nil {
				rd.tr.Span(sat, s.Offset, fmt.Sprintf("nested IR section header (%d bytes)", len(s.Data)))
			}
			if rd.lazy {
				// The regions are read later, at the depth they sit at.
				depth := rd.depth
				if root {
					rd.root = &lazyBody{rd: rd, op: op, section: s, regions: int(n), depth: depth}
				}
				op.SetLoader(func(op *ir.Operation) error {
					rd.mu.Lock()
					defer rd.mu.Unlock()
					rd.depth = depth
					err := rd.readNestedSection(s, op, int(n))
					if err == nil && rd.verify {
						err = rd.check(op)
					}
					if err != nil {
						op.SetRegions(nil)
						return &wire.OpError{Op: op.Name().String(), Offset: start, Err: err}
					}
					return nil
				})
				return info, nil
			}
			if err := rd.readNestedSection(s, op, int(n)); err != nil {
				return info, fail(err)
			}
			return info, nil
		}
		if isolated {
			err = rd.readIsolatedRegions(r, op, int(n))
		} else {
			err = rd.readRegions(r, op, int(n), sc)
		}
		if err != nil {
			return info, fail(err)
		}
	}
	return info, nil
}

func (rd *reader) readOpProperties(r *wire.Reader, op *ir.Operation, info *opNameInfo) error {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return err
	}
	if i >= uint64(rd.props.len()) {
		return r.ErrorAt(at, fmt.Sprintf("a properties index below %d", rd.props.len()), wire.ErrInvalid)
	}
	data, offset := rd.props.entry(int(i))
	pr := &rd.propR
	s := info.schema
	if s == nil {
		pr.Reset(data, offset, "Properties")
		if info.name.Registered {
			// Keep what no dialect here describes, to look at: only
			// writing it needs the layout.
			rd.extras.GiveRare(op)
			op.SetOpaqueProperties(data)
			return nil
		}
		// Unregistered ops keep their properties as one attribute.
		a, _, err := rd.attrOf(pr, "the properties of an unregistered op")
		if err != nil {
			return err
		}
		if a != nil {
			rd.extras.GiveRare(op)
		}
		op.SetProperties(a)
		return nil
	}
	// Ops of a kind mostly share their properties entry: it is read once
	// for them and they hold one list of what it holds (SetAttrs never
	// writes to it). Segment sizes are set on each op, so those are read
	// for each.
	shared := !s.OperandSegments && !s.ResultSegments
	if shared {
		// Ops of several names may share an entry (arith's addi, muli and
		// subi with the same overflowFlags): the entry read last for the
		// name is kept too, not only the name read last for the entry.
		if info.propsEntry == i+1 {
			op.SetAttrs(rd.mergeAttrs(op.Attrs(), info.propsAttrs))
			return nil
		}
		if rd.propsRead == nil {
			rd.propsRead = make([]propsRead, rd.props.len())
		}
		if e := &rd.propsRead[i]; e.schema == s {
			info.propsEntry, info.propsAttrs = i+1, e.attrs
			op.SetAttrs(rd.mergeAttrs(op.Attrs(), e.attrs))
			return nil
		}
	}
	pr.Reset(data, offset, "Properties")
	if rd.propDec.r == nil {
		rd.propDec = propReader{r: pr, dec: rd.dec, version: rd.f.Version, builtin: rd.builtin}
	}
	if !shared {
		rd.extras.GiveRare(op) // for the segment sizes
	}
	props, err := readProperties(op, s, &rd.propDec, rd.attrList.take(len(s.Properties))[:0])
	if err != nil {
		return err
	}
	props = rd.attrList.keep(props, len(props))
	if shared {
		rd.propsRead[i] = propsRead{schema: s, attrs: props}
		info.propsEntry, info.propsAttrs = i+1, props
	}
	// MLIR ignores bytes left in an entry; so do we.
	op.SetAttrs(rd.mergeAttrs(op.Attrs(), props))
	return nil
}

// populate gives op the defaults its release populates where the file
// leaves them out, as MLIR does when it creates the op (files MLIR wrote
// leave none out). The ops of a name mostly have the attributes of the
// one before, so what those became is kept.
func (rd *reader) populate(op *ir.Operation, info *opNameInfo) {
	attrs := op.Attrs()
	if info.popOut != nil && slices.Equal(attrs, info.popIn) {
		op.SetAttrs(info.popOut)
		return
	}
	// Clipped, so that an attribute added goes in a list of its own: the
	// one read may be shared.
	out, _ := info.defaults.PopulateDefaults(rd.ctx, info.name.Op, rd.release, slices.Clip(attrs))
	info.popIn, info.popOut = attrs, out
	op.SetAttrs(out)
}

// propsRead is what a properties entry holds for the ops of one schema.
type propsRead struct {
	schema *bytecode.OpSchema
	attrs  []ir.NamedAttr
}

// mergeAttrs merges inherent attributes into the sorted dictionary. The
// properties come sorted by name, so alone they are the dictionary.
func (rd *reader) mergeAttrs(dict []ir.NamedAttr, props []ir.NamedAttr) []ir.NamedAttr {
	switch {
	case len(props) == 0:
		return dict
	case len(dict) == 0:
		return props[:len(props):len(props)]
	}
	out := rd.attrList.take(len(dict) + len(props))[:0]
	out = append(out, dict...)
	for _, p := range props {
		out = insertSorted(out, p)
	}
	return out
}

func insertSorted(list []ir.NamedAttr, a ir.NamedAttr) []ir.NamedAttr {
	i := len(list)
	for i > 0 && list[i-1].Name > a.Name {
		i--
	}
	list = append(list, ir.NamedAttr{})
	copy(list[i+1:], list[i:])
	list[i] = a
	return list
}

func (rd *reader) enter(r *wire.Reader) error {
	rd.depth++
	if rd.depth > rd.maxDepth {
		return r.Errorf(fmt.Sprintf("regions nested at most %d deep", rd.maxDepth), ErrTooDeep)
	}
	return nil
}

// readNestedSection reads the n isolated regions of op from section s,
// which they must fill.
func (rd *reader) readNestedSection(s wire.Section, op *ir.Operation, n int) error {
	sr := s.Reader("IR")
	if err := rd.readIsolatedRegions(sr, op, n); err != nil {
		return err
	}
	if !sr.Empty() {
		return sr.Errorf("the end of the nested IR section", wire.ErrInvalid)
	}
	return nil
}

// readIsolatedRegions reads an isolated op's regions in a scope of their own.
func (rd *reader) readIsolatedRegions(r *wire.Reader, op *ir.Operation, n int) error {
	sc := rd.newScope()
	defer rd.freeScope(sc)
	if err := rd.readRegions(r, op, n, sc); err != nil {
		return err
	}
	return sc.resolveOrders()
}

// newScope returns an empty value scope, reusing one a finished isolated
// region gave back: a thousand functions need not make a thousand scopes
// and their tables.
func (rd *reader) newScope() *valueScope {
	k := len(rd.scopes)
	if k == 0 {
		return &valueScope{uses: ir.NewMarkGeneration()}
	}
	sc := rd.scopes[k-1]
	rd.scopes = rd.scopes[:k-1]
	*sc = valueScope{ranges: sc.ranges[:0], orders: sc.orders[:0], uses: ir.NewMarkGeneration()}
	return sc
}

// freeScope takes back a scope no longer used, dropping what it points at.
func (rd *reader) freeScope(sc *valueScope) {
	clear(sc.ranges[:cap(sc.ranges)])
	clear(sc.orders[:cap(sc.orders)])
	rd.scopes = append(rd.scopes, sc)
}

func (rd *reader) readRegions(r *wire.Reader, op *ir.Operation, n int, sc *valueScope) error {
	if err := rd.enter(r); err != nil {
		return err
	}
	defer func() { rd.depth-- }()
	regions := rd.regions.take(n)
	ptrs := rd.rgPtrs.take(n)
	rd.extras.Give(op)
	op.SetRegions(ptrs)
	for i := range regions {
		rg := &regions[i]
		rg.SetParent(op)
		ptrs[i] = rg
		if err := rd.readRegion(r, rg, sc); err != nil {
			op.SetRegions(nil)
			return err
		}
	}
	return nil
}

func (rd *reader) readRegion(r *wire.Reader, region *ir.Region, sc *valueScope) error {
	at := r.Offset()
	nb, err := r.Count(minBlockSize, "blocks")
	if err != nil || nb == 0 {
		if err == nil && rd.tr != nil {
			rd.tr.Span(at, r.Offset(), "an empty region")
		}
		return err
	}
	nv, err := r.Count(minValueSize, "values")
	if err != nil {
		return err
	}
	if rd.tr != nil {
		rd.tr.Span(at, r.Offset(), fmt.Sprintf("region: %d blocks, %d values", nb, nv))
	}
	blocks := rd.blocks.take(nb)
	ptrs := rd.blkPtrs.take(nb)
	for i := range blocks {
		blocks[i].SetParent(region)
		ptrs[i] = &blocks[i]
	}
	region.SetBlocks(ptrs)
	sc.ranges = append(sc.ranges, valueRange{base: sc.next, vals: rd.vals.take(int(nv))})
	sc.next += uint64(nv)
	for _, b := range ptrs {
		if err := rd.readBlock(r, b, sc, ptrs); err != nil {
			return err
		}
	}
	rg := sc.ranges[len(sc.ranges)-1]
	if rg.defined != len(rg.vals) {
		return r.Errorf(fmt.Sprintf("the %d values the region declares, not %d", len(rg.vals), rg.defined), wire.ErrInvalid)
	}
	sc.ranges = sc.ranges[:len(sc.ranges)-1]
	sc.next -= uint64(nv)
	return nil
}

func (rd *reader) readBlock(r *wire.Reader, b *ir.Block, sc *valueScope, blocks []*ir.Block) error {
	at := r.Offset()
	numOps, hasArgs, err := r.VarIntWithFlag()
	if err != nil {
		return err
	}
	if rd.tr != nil {
		what := fmt.Sprintf("block: %d ops", numOps)
		if hasArgs {
			what += ", with arguments"
		}
		rd.tr.Span(at, r.Offset(), what)
	}
	if hasArgs {
		nat := r.Offset()
		n, err := r.Count(minValueSize, "block arguments")
		if err != nil {
			return err
		}
		if rd.tr != nil {
			rd.tr.Span(nat, r.Offset(), fmt.Sprintf("%d block arguments", n))
		}
		args := rd.valPtrs.take(n)
		b.SetArgs(args)
		locs := rd.argLocs[:0]
		for i := range args {
			aat := r.Offset()
			var t ir.Type
			var loc ir.Location
			if rd.f.Version >= 4 {
				tat := r.Offset()
				ti, hasLoc, err := r.VarIntWithFlag()
				if err != nil {
					return err
				}
				if t, err = rd.dec.Type(ti); err != nil {
					return r.ErrorAt(tat, "a type index for a block argument", err)
				}
				if hasLoc {
					if loc, err = rd.location(r, "a block argument location"); err != nil {
						return err
					}
				} else {
					loc = rd.unknown
				}
			} else {
				if t, err = rd.typeOf(r, "a block argument"); err != nil {
					return err
				}
				if loc, err = rd.location(r, "a block argument location"); err != nil {
					return err
				}
			}
			v, err := sc.define(r)
			if err != nil {
				return err
			}
			v.SetType(t)
			v.SetArgOf(b, i)
			locs = append(locs, loc)
			if rd.tr != nil {
				rd.tr.Span(aat, r.Offset(), fmt.Sprintf("argument %d: type %v, location %v", i, t, loc))
			}
			args[i] = v
		}
		rd.argExtras.Set(b, locs)
		rd.argLocs = locs[:0]
		if rd.f.Version >= 3 {
			mat := r.Offset()
			marker, err := r.Byte()
			if err != nil {
				return err
			}
			if rd.tr != nil {
				rd.tr.Span(mat, mat+1, fmt.Sprintf("use-list marker 0x%02x", marker))
			}
			switch marker {
			case 0:
			case maskUseLists:
				uat := r.Offset()
				if err := readUseLists(r, args, sc); err != nil {
					return err
				}
				if rd.tr != nil {
					rd.tr.Span(uat, r.Offset(), "use-list orders of the block arguments")
				}
			default:
				return r.ErrorAt(mat, fmt.Sprintf("a use-list marker 0x00 or 0x20, not 0x%02x", marker), wire.ErrInvalid)
			}
		}
	}
	if numOps > uint64(r.Len()/minOpSize) {
		return r.ErrorAt(at, fmt.Sprintf("at most %d ops in the %d bytes left, not %d", r.Len()/minOpSize, r.Len(), numOps), wire.ErrTruncated)
	}
	ops := rd.opSlab.take(int(numOps))
	ptrs := rd.opPtrs.take(int(numOps))
	b.SetOps(ptrs)
	for i := range ops {
		if rd.spliced != nil {
			if sp, ok := rd.spliced[r.Offset()]; ok {
				// Symbol read this op already.
				if err := r.Skip(uint64(sp.end - r.Offset())); err != nil {
					return err
				}
				sp.op.SetParent(b)
				ptrs[i] = sp.op
				continue
			}
		}
		op := &ops[i]
		op.SetParent(b)
		ptrs[i] = op
		if err := rd.readOp(r, op, sc, blocks); err != nil {
			return err
		}
	}
	return nil
}

// MissingSchemaError is returned when writing a registered op that carries
// properties no dialect in the context defines for the release it was
// read with: the reader kept them as opaque bytes, which refer to the
// input's tables in a layout nobody here knows.
type MissingSchemaError struct {
	Op      string
	Release int
}

func (e *MissingSchemaError) Error() string {
	rel := "the newest release"
	if e.Release != 0 {
		rel = fmt.Sprintf("LLVM %d", e.Release)
	}
	return fmt.Sprintf("op %s carries properties, but no registered dialect defines it for %s: they were read as opaque bytes and cannot be written", e.Op, rel)
}

// maskText spells out an op's encoding mask.
func maskText(mask byte) string {
	s := fmt.Sprintf("0x%02x:", mask)
	for _, p := range []struct {
		bit  byte
		name string
	}{{maskAttrs, "attributes"}, {maskProperties, "properties"}, {maskResults, "results"}, {maskOperands, "operands"},
		{maskSuccessors, "successors"}, {maskUseLists, "use-lists"}, {maskRegions, "regions"}} {
		if mask&p.bit != 0 {
			s += " " + p.name
		}
	}
	return s
}
