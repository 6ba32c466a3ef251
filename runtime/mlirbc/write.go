package mlirbc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/internal/prefault"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// WriteOptions choose what Write produces.
type WriteOptions struct {
	// Version is the bytecode version to write; it must be set (V(6),
	// Latest, or what Module.Options gives for the version read).
	Version Version
	// Producer is written in the header ("MLIR22.1.8" for mlir-opt 22).
	Producer string
	// Release is the LLVM release whose op property layouts and encoding
	// variants to write; 0 means the newest the dialects know.
	Release int
	// ElideResourceData writes resource entries without their data, as
	// mlir-opt's --elide-resource-data-from-bytecode does.
	ElideResourceData bool
	// Limits bound nesting as Read applies them; IR beyond them is
	// refused, so that every file written reads back.
	Limits ir.Limits
	// Dialects are the versions to write dialects that version themselves
	// at (bytecode.VersionedDialect); one not named is written at its
	// current version. Ops are written as their dialect says they are at
	// the target, or refused with what the target cannot hold.
	Dialects bytecode.DialectVersions
}

// Options returns the options that write m as it was read.
func (m *Module) Options() WriteOptions {
	return WriteOptions{Version: m.Version, Producer: m.Producer, Release: m.Release, Dialects: m.Versions}
}

// Append appends the file for m to b.
func Append(b []byte, ctx *ir.Context, m *Module, opts WriteOptions) ([]byte, error) {
	var out []byte
	err := encode(ctx, m, opts, func(e *emitter) (err error) {
		if len(b) == 0 {
			// The file starts at b[0], where section alignment is
			// reckoned from: build it in place.
			out, err = e.write(b, nil, m)
			return err
		}
		file, err := e.write(nil, nil, m)
		out = append(b, file...)
		return err
	})
	if err != nil {
		return b, err
	}
	return out, nil
}

// Write writes m as a bytecode file. Regions not loaded yet are loaded.
// Resource blobs go to w without being copied.
//
// It first checks m as Verify does and refuses, with a *ir.VerifyError,
// IR that would not read back as built (an operand out of scope, a nil
// element, an op in two places, nesting beyond opts.Limits). The IR is
// only read, but its Mark fields serve as scratch: the same IR must not be
// written, or verified, from two goroutines at once. Ops of a dialect
// written at an older version (WriteOptions.Dialects) have the name and
// attributes of that version for the duration of the write.
func Write(w io.Writer, ctx *ir.Context, m *Module, opts WriteOptions) error {
	return encode(ctx, m, opts, func(e *emitter) error {
		// w must not keep what it is given, so the buffer is reused.
		out, err := e.write(e.n.buf.file[:0], w, m)
		e.n.buf.file = out[:0]
		return err
	})
}

// encode checks and numbers m and hands the emitter to emit; the IR is
// restored (releases, dialect versions) when emit returns.
func encode(ctx *ir.Context, m *Module, opts WriteOptions, emit func(*emitter) error) error {
	if !opts.Version.Valid() {
		return fmt.Errorf("%w: WriteOptions.Version is %s: choose one of 0 to %d, e.g. mlirbc.Latest, or write as read with Module.Options", wire.ErrUnsupportedVersion, opts.Version, bytecode.MaxVersion)
	}
	if r, v := opts.Release, opts.Version.Number(); r != 0 && r < firstRelease(v) {
		// The target's reader would refuse the file.
		newest := 0
		for firstRelease(newest+1) <= r {
			newest++
		}
		reads := "version 0 only"
		if newest > 0 {
			reads = fmt.Sprintf("versions 0 to %d", newest)
		}
		return &wire.VersionError{What: fmt.Sprintf("bytecode version %d", v), Needs: bytecode.ReleasesText(firstRelease(v), 0), Target: bytecode.ReleaseName(r) + ", which reads " + reads}
	}
	if strings.IndexByte(opts.Producer, 0) >= 0 {
		return fmt.Errorf("producer %q: the header stores it NUL-terminated, so it cannot hold a NUL byte", opts.Producer)
	}
	if m == nil || m.Op == nil {
		return errors.New("the module has no top-level op")
	}
	// The IR is checked as the release it holds describes it; written for
	// another, it is checked again once convertRelease gave it the
	// target's form (LLVM 16's scf.parallel ends in scf.yield, 19's in
	// scf.reduce).
	if err := Verify(ctx, m.Op, m.Release, opts.Limits); err != nil {
		return err
	}
	if err := checkResources(m); err != nil {
		return err
	}
	b, err := bytecode.BuiltinOf(ctx)
	if err != nil {
		return err
	}
	targets, err := writeTargets(ctx, opts)
	if err != nil {
		return err
	}
	unconvert, err := convertRelease(ctx, m.Op, m.Release, opts.Release)
	if err != nil {
		return err
	}
	defer unconvert()
	if m.Release != opts.Release {
		if err := Verify(ctx, m.Op, opts.Release, opts.Limits); err != nil {
			return err
		}
	}
	restore, err := downgrade(ctx, m.Op, targets)
	if err != nil {
		return err
	}
	defer restore()
	n := newNumbering(ctx, b, m, opts.Version.Number(), opts.Release, opts.Limits)
	defer n.giveBack()
	if targets != nil {
		n.targets = targets
		n.target.Dialects = &n.targets
	}
	if err := n.run(m.Op); err != nil {
		return err
	}
	// The tables start at their final size where it is known (one
	// properties entry a property set, about), or bounded: a Go map grown
	// from empty rehashes at every doubling, a seventh of writing a
	// thousand small functions.
	e := &emitter{n: n, opts: opts, version: opts.Version.Number(), propIndex: newKeyIndex()}
	e.propIndex.Reserve(int(n.propSetCount))
	e.strings.Grow(distinctStrings(n.refStrings) + len(n.dialects) + len(n.kinds))
	// Read before written: see prefault.Touch.
	e.propSets = prefault.Touch(make([]uint64, n.propSetCount))
	e.num = &final{n: n, strings: &e.strings}
	e.enc = bytecode.NewEncoder(ctx, e.num, n.target)
	buf := n.buf
	e.props, e.headers, e.sections = buf.props, buf.headers, buf.sections
	defer func() {
		buf.props, buf.headers, buf.sections = e.props, e.headers, e.sections
	}()
	return emit(e)
}

// MaxBlobAlignment is the largest resource blob alignment Read and Write
// accept (MLIR's text form stores it in 32 bits).
const MaxBlobAlignment = 1 << 31

// checkResources refuses resources that cannot be written as given.
func checkResources(m *Module) error {
	// What is wrong with r, or "": the resource's name is only formatted
	// for an error, not once for each of thousands of resources.
	problem := func(r *Resource) string {
		switch {
		case r == nil:
			return " is nil"
		case r.Kind > ResourceString:
			return fmt.Sprintf(" has kind %d; there are blob, bool and string", r.Kind)
		case r.Kind == ResourceBlob && (r.Alignment&(r.Alignment-1) != 0 || r.Alignment > MaxBlobAlignment):
			return fmt.Sprintf(": blob alignment %d is not a power of two up to 2^31 (0 means 1)", r.Alignment)
		}
		return ""
	}
	for h, r := range m.Resources {
		if p := problem(r); p != "" {
			return fmt.Errorf("resource %s.%s%s", h.Dialect, h.Key, p)
		}
	}
	for _, g := range m.External {
		for i, r := range g.Entries {
			if p := problem(r); p != "" {
				return fmt.Errorf("resource %d of external group %q%s", i, g.Name, p)
			}
		}
	}
	return nil
}

type emitter struct {
	n       *numbering
	opts    WriteOptions
	version int
	num     *final
	enc     *bytecode.Encoder
	strings wire.StringTable
	// props holds the size-prefixed properties entries back to back;
	// propIndex numbers them. lastProp views the entry returned last,
	// lastPropIndex is its index.
	props         []byte
	propIndex     keyIndex
	lastProp      []byte
	lastPropIndex uint64
	propBody      []byte
	// propSets holds, per property set of the numbering, its entry's
	// index plus one once written.
	propSets []uint64
	// sections are the nested IR sections in order of their starts; open
	// lists those being written, innermost last; headers holds their
	// headers back to back.
	sections []nestedSection
	open     []int
	headers  []byte
}

// bothPay says whether the entries and the IR are each enough work to
// encode on goroutines of their own. Starting one wakes a thread: writing
// a module again and again on two cores, the 60 smallest upstream files
// took 1.65 ms with it and 1.27 without. Above a few thousand entries the
// measurements disagree (10,000 ops: 3.3 ms with, 2.1 without, on two
// cores; 15,000 ops in 1,000 functions, one core: 5 % faster with), so
// only small files are written on one goroutine.
func (e *emitter) bothPay() bool {
	const least = 1 << 11
	n := e.n
	return len(n.orderedAttrs)+len(n.orderedTypes) >= least && n.ops.Len() >= least
}

// write appends the file to out, which must be empty (the file's first
// byte is where alignment is reckoned from). With w set, the file is
// never whole in memory: the section bodies already built (attribute
// data, IR) and the resource blobs go to w as they are, and out only
// gathers the small parts between them; the bytes returned are then only
// what was built last.
func (e *emitter) write(out []byte, w io.Writer, m *Module) ([]byte, error) {
	dialects := e.dialectSection()
	// The attribute and type entries and the IR are independent once
	// everything is numbered: encode them at the same time. Only the
	// entries add strings (the IR's properties refer to attributes), so
	// the string table keeps MLIR's order.
	var offsets, data []byte
	var attrErr error
	var irBody []byte
	var irErr error
	if e.bothPay() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			offsets, data, attrErr = e.attrTypeSections()
		}()
		irBody, irErr = e.irSection(m.Op)
		<-done
	} else {
		irBody, irErr = e.irSection(m.Op)
		offsets, data, attrErr = e.attrTypeSections()
	}
	if attrErr != nil {
		return out, attrErr
	}
	if irErr != nil {
		return out, irErr
	}
	irLen := len(irBody) + len(e.headers)
	resOffsets, resChunks, resLen, align := e.resourceSections(m)
	var strSplices []splice
	strings := e.strings.AppendSplicing(nil, bytecode.SpliceMin, func(at int, s []byte) {
		strSplices = append(strSplices, splice{at, s})
	})
	f := &fileOut{w: w, out: out}
	if w == nil {
		// Everything, with room for the section headers.
		f.reserve(len(bytecode.Magic) + 2*wire.MaxVarIntLen + len(e.opts.Producer) + 1 +
			len(dialects) + len(offsets) + splicedLen(data, e.num.splices) + irLen + len(resOffsets) + splicedLen(strings, strSplices) + len(e.props) + 8*16 + resLen)
	}
	f.out = append(f.out, bytecode.Magic...)
	f.out = wire.AppendVarInt(f.out, uint64(e.version))
	f.out = wire.AppendCString(f.out, e.opts.Producer)
	f.section(bytecode.SectionDialect, 0, dialects)
	f.section(bytecode.SectionAttrTypeOffset, 0, offsets)
	f.spliced(bytecode.SectionAttrType, data, e.num.splices)
	f.header(bytecode.SectionIR, 0, irLen)
	prev := 0
	for _, s := range e.sections { // in order of their starts
		f.bytes(irBody[prev:s.start])
		f.out = append(f.out, e.headers[s.hdr:s.hdrEnd]...)
		prev = s.start
	}
	f.bytes(irBody[prev:])
	f.section(bytecode.SectionResourceOffset, 0, resOffsets)
	// The resource section's header, then its data as chunks: blobs are
	// written from where they are.
	f.header(bytecode.SectionResource, align, resLen)
	for _, c := range resChunks {
		f.blob(c)
	}
	f.spliced(bytecode.SectionString, strings, strSplices)
	if e.version >= 5 {
		f.header(bytecode.SectionProperties, 0, wire.VarIntLen(uint64(e.propIndex.Len()))+len(e.props))
		f.out = wire.AppendVarInt(f.out, uint64(e.propIndex.Len()))
		f.bytes(e.props)
	}
	f.flush()
	return f.out, f.err
}

// fileOut builds a file in out or, when w is set, hands it to w piece by
// piece: small parts gather in out, large ones go to w as they are.
// Section alignment is reckoned from the file's first byte, which is base
// bytes before out's.
type fileOut struct {
	w    io.Writer
	out  []byte
	base int
	err  error
}

// directBytes is the size from which a part goes to w without a copy.
const directBytes = 64 << 10

func (f *fileOut) reserve(n int) {
	if cap(f.out)-len(f.out) < n {
		f.out = append(make([]byte, 0, len(f.out)+n), f.out...)
	}
}

func (f *fileOut) header(id byte, alignment uint64, length int) {
	f.out = wire.MLIRSection.AppendHeaderAt(f.out, f.base, id, alignment, length)
}

func (f *fileOut) section(id byte, alignment uint64, body []byte) {
	f.header(id, alignment, len(body))
	f.bytes(body)
}

// spliced adds a section of body with blobs spliced into it, each written
// from where it is.
func (f *fileOut) spliced(id byte, body []byte, splices []splice) {
	f.header(id, 0, splicedLen(body, splices))
	prev := 0
	for _, sp := range splices {
		f.bytes(body[prev:sp.at])
		f.blob(sp.b)
		prev = sp.at
	}
	f.bytes(body[prev:])
}

// splicedLen is the length of body with splices spliced into it.
func splicedLen(body []byte, splices []splice) int {
	n := len(body)
	for _, sp := range splices {
		n += len(sp.b)
	}
	return n
}

// bytes adds b, which w may keep no longer than the call. Writing to w,
// out is handed on once it holds directBytes, rather than grown: a file
// of many small nested sections (a function each) would otherwise gather
// its whole IR section in out, through copies that double its size.
func (f *fileOut) bytes(b []byte) {
	if f.w == nil || len(b) < directBytes {
		f.out = append(f.out, b...)
		if f.w != nil && len(f.out) >= directBytes {
			f.flush()
		}
		return
	}
	f.blob(b)
}

// blob hands b to w itself (a resource blob may be a view of the mapped
// input, which w copies file to file).
func (f *fileOut) blob(b []byte) {
	if f.w == nil {
		f.out = append(f.out, b...)
		return
	}
	f.flush()
	f.put(b)
}

func (f *fileOut) flush() {
	if f.w != nil && len(f.out) > 0 {
		f.put(f.out)
		f.out = f.out[:0]
	}
}

func (f *fileOut) put(b []byte) {
	if f.err == nil {
		_, f.err = f.w.Write(b)
	}
	f.base += len(b)
}

func (e *emitter) dialectSection() []byte {
	n := e.n
	b := wire.AppendVarInt(nil, uint64(len(n.dialects)))
	for _, d := range n.dialects {
		i := e.strings.Intern(d.name)
		if e.version < 1 {
			b = wire.AppendVarInt(b, i)
			continue
		}
		payload, ok := n.versionPayload(d.name)
		b = wire.AppendVarIntWithFlag(b, i, ok)
		if ok {
			b = wire.AppendSection(b, bytecode.SectionDialectVersions, 0, payload)
		}
	}
	if e.version >= 4 {
		b = wire.AppendVarInt(b, uint64(len(n.orderedNames)))
	}
	eachGroup(n, n.orderedNames, func(d *dialectNum, group []*entry) {
		b = wire.AppendVarInt(b, d.index)
		b = wire.AppendVarInt(b, uint64(len(group)))
		for _, en := range group {
			name := &n.kindList[en.id].name
			i := e.strings.Intern(name.Op)
			if e.version >= 5 {
				b = wire.AppendVarIntWithFlag(b, i, name.Registered)
			} else {
				b = wire.AppendVarInt(b, i)
			}
		}
	})
	return b
}

// eachGroup calls fn for each run of entries of one dialect.
func eachGroup(n *numbering, list []*entry, fn func(*dialectNum, []*entry)) {
	for i := 0; i < len(list); {
		j := i + 1
		for j < len(list) && list[j].dialect == list[i].dialect {
			j++
		}
		fn(n.dialects[list[i].dialect], list[i:j])
		i = j
	}
}

func (e *emitter) attrTypeSections() (offsets, data []byte, err error) {
	n := e.n
	count := len(n.orderedAttrs) + len(n.orderedTypes)
	offsets, data = n.buf.attrOffsets[:0], n.buf.attrData[:0]
	if cap(offsets) < 2*count+32 {
		offsets = make([]byte, 0, 2*count+32)
	}
	if cap(data) < 8*count {
		data = make([]byte, 0, 8*count)
	}
	defer func() { n.buf.attrOffsets, n.buf.attrData = offsets, data }()
	offsets = wire.AppendVarInt(offsets, uint64(len(n.orderedAttrs)))
	offsets = wire.AppendVarInt(offsets, uint64(len(n.orderedTypes)))
	for i, list := range [][]*entry{n.orderedAttrs, n.orderedTypes} {
		attrs := i == 0
		eachGroup(n, list, func(d *dialectNum, group []*entry) {
			offsets = wire.AppendVarInt(offsets, d.index)
			offsets = wire.AppendVarInt(offsets, uint64(len(group)))
			for _, en := range group {
				start, spliced := len(data), len(e.num.splices)
				var custom bool
				var werr error
				if en.recorded {
					data, werr = e.replay(data, en)
					custom = en.custom
				} else if attrs {
					data, custom, werr = e.enc.Attribute(data, n.unrecorded[en.body].(ir.Attribute))
				} else {
					data, custom, werr = e.enc.Type(data, n.unrecorded[en.body].(ir.Type))
				}
				if werr != nil && err == nil {
					err = werr
				}
				size := splicedLen(data[start:], e.num.splices[spliced:])
				offsets = wire.AppendVarIntWithFlag(offsets, uint64(size), custom)
			}
		})
	}
	return offsets, data, err
}

// replay appends an entry recorded while numbering, with the final
// indices in place of its placeholders.
func (e *emitter) replay(b []byte, en *entry) ([]byte, error) {
	n := e.n
	body := n.tmpl[en.body:en.bodyEnd]
	prev := int32(0)
	for i := range n.refs[en.ref : en.ref+uint32(en.nrefs)] {
		r := &n.refs[int(en.ref)+i]
		b = append(b, body[prev:r.pos]...)
		prev = r.end()
		var index uint64
		switch r.kind {
		case refBlob:
			e.num.splices = append(e.num.splices, splice{len(b), n.blobs[r.i]})
			continue
		case refEntry:
			re := n.referred(r)
			if re == nil {
				return b, errors.New("an attribute or type of another context")
			}
			index = uint64(re.index)
		case refString:
			index = e.strings.Intern(n.refStrings[r.i])
		case refResource:
			h := n.resRefs[r.i]
			var ok bool
			if index, ok = n.resources[h]; !ok {
				return b, fmt.Errorf("resource %s.%s was not numbered", h.Dialect, h.Key)
			}
		}
		if r.flag {
			b = wire.AppendVarIntWithFlag(b, index, true)
		} else {
			b = wire.AppendVarInt(b, index)
		}
	}
	return append(b, body[prev:]...), nil
}

// irSection returns the IR section's data without the headers of the
// nested sections, which assemble inserts.
func (e *emitter) irSection(root *ir.Operation) ([]byte, error) {
	// An op with two operands and a result takes about fourteen bytes.
	buf := e.n.buf
	b := buf.ir[:0]
	if want := 16*e.n.ops.Len() + 16; cap(b) < want {
		b = make([]byte, 0, want)
	}
	b = wire.AppendVarIntWithFlag(b, 1, false)
	b, err := e.op(b, root)
	if b != nil {
		buf.ir = b
	}
	return b, err
}

// nestedSection is a nested IR section written without its header: its
// data is flat[start:end], the headers of the sections nested in it add
// extra bytes, and its own header is headers[hdr:hdrEnd].
type nestedSection struct {
	start, end  int
	extra       int
	hdr, hdrEnd int
}

func (e *emitter) openSection(start int) int {
	e.sections = append(e.sections, nestedSection{start: start})
	e.open = append(e.open, len(e.sections)-1)
	return len(e.sections) - 1
}

// closeSection ends section i. Sections close innermost first, so the
// length of everything nested in it, headers included, is known.
func (e *emitter) closeSection(i, end int) {
	s := &e.sections[i]
	s.end = end
	s.hdr = len(e.headers)
	e.headers = wire.MLIRSection.AppendHeader(e.headers, bytecode.SectionIR, 0, end-s.start+s.extra)
	s.hdrEnd = len(e.headers)
	e.open = e.open[:len(e.open)-1]
	if len(e.open) > 0 {
		e.sections[e.open[len(e.open)-1]].extra += s.hdrEnd - s.hdr + s.extra
	}
}

// distinctStrings estimates how many distinct strings refs holds, to
// make room for them up front: all of them when they are few, else as
// many as the first stringSample suggest. References may repeat a few
// strings many times (room for them all would be memory never used), or
// name a string each (20,000 attribute names: a table grown step by step
// was a tenth of writing them).
func distinctStrings(refs []string) int {
	if len(refs) <= stringSample {
		return len(refs)
	}
	seen := make(map[string]struct{}, stringSample)
	for _, s := range refs[:stringSample] {
		seen[s] = struct{}{}
	}
	return len(refs) * len(seen) / stringSample
}

// stringSample is how many references distinctStrings counts at most.
const stringSample = 4096

func (e *emitter) op(b []byte, op *ir.Operation) ([]byte, error) {
	n := e.n
	info := n.op_(op)
	b = wire.AppendVarInt(b, uint64(e.n.kindOf(info).entry.index))
	maskAt := len(b)
	b = append(b, 0)
	var mask byte
	b = wire.AppendVarInt(b, uint64(n.entryOf(info.loc).index))
	if info.dict != 0 {
		mask |= maskAttrs
		b = wire.AppendVarInt(b, uint64(n.entryOf(info.dict).index))
	}
	if e.version >= 5 {
		if set := info.propSet; set != 0 && e.propSets[set-1] != 0 {
			mask |= maskProperties
			b = wire.AppendVarInt(b, e.propSets[set-1]-1)
		} else if i, ok, err := e.properties(op, info); err != nil {
			return nil, err
		} else if ok {
			mask |= maskProperties
			b = wire.AppendVarInt(b, i)
			if set != 0 {
				e.propSets[set-1] = i + 1
			}
		}
	}
	if op.NumResults() > 0 {
		mask |= maskResults
		b = wire.AppendVarInt(b, uint64(op.NumResults()))
		for _, v := range op.Results() {
			b = wire.AppendVarInt(b, uint64(n.typeEntry(v.Type()).index))
		}
	}
	if op.NumOperands() > 0 {
		mask |= maskOperands
		b = wire.AppendVarInt(b, uint64(op.NumOperands()))
		for _, v := range op.Operands() {
			id, ok := n.gen.Value(v)
			if !ok {
				// Verify refuses such IR before numbering starts.
				return nil, fmt.Errorf("op %s: an operand is not defined in a region the op can see", op.Name())
			}
			b = wire.AppendVarInt(b, id)
		}
	}
	if op.NumSuccessors() > 0 {
		mask |= maskSuccessors
		b = wire.AppendVarInt(b, uint64(op.NumSuccessors()))
		for _, s := range op.Successors() {
			id, ok := n.gen.Block(s)
			if !ok {
				return nil, fmt.Errorf("op %s: a successor is not a block of any region", op.Name())
			}
			b = wire.AppendVarInt(b, id)
		}
	}
	if e.version >= 3 {
		var used bool
		if b, used = e.useLists(b, op.Results()); used {
			mask |= maskUseLists
		}
	}
	if op.NumRegions() > 0 {
		mask |= maskRegions
	}
	b[maskAt] = mask
	if op.NumRegions() == 0 {
		return b, nil
	}
	b = wire.AppendVarIntWithFlag(b, uint64(op.NumRegions()), info.isolated())
	if info.isolated() && e.version >= 2 {
		// The regions go in a nested section, whose header is inserted
		// when the IR is assembled: copying each body into its parent
		// would cost time quadratic in the depth.
		s := e.openSection(len(b))
		var err error
		for _, r := range op.Regions() {
			if b, err = e.region(b, r); err != nil {
				return nil, err
			}
		}
		e.closeSection(s, len(b))
		return b, nil
	}
	var err error
	for _, r := range op.Regions() {
		if b, err = e.region(b, r); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (e *emitter) region(b []byte, r *ir.Region) ([]byte, error) {
	if r.NumBlocks() == 0 {
		return wire.AppendVarInt(b, 0), nil
	}
	n := e.n
	b = wire.AppendVarInt(b, uint64(r.NumBlocks()))
	nv, _ := n.gen.Region(r)
	b = wire.AppendVarInt(b, nv)
	for _, blk := range r.Blocks() {
		b = wire.AppendVarIntWithFlag(b, uint64(blk.NumOps()), blk.NumArgs() > 0)
		if blk.NumArgs() > 0 {
			b = wire.AppendVarInt(b, uint64(blk.NumArgs()))
			unknown := n.unknown
			for _, a := range blk.Args() {
				t := uint64(n.typeEntry(a.Type()).index)
				if e.version >= 4 {
					hasLoc := a.Loc() != unknown
					b = wire.AppendVarIntWithFlag(b, t, hasLoc)
					if hasLoc {
						b = wire.AppendVarInt(b, uint64(n.attrEntry(a.Loc()).index))
					}
				} else {
					b = wire.AppendVarInt(b, t)
					b = wire.AppendVarInt(b, uint64(n.attrEntry(a.Loc()).index))
				}
			}
			if e.version >= 3 {
				at := len(b)
				b = append(b, 0)
				var used bool
				if b, used = e.useLists(b, blk.Args()); used {
					b[at] = maskUseLists
				}
			}
		}
		var err error
		for _, op := range blk.Ops() {
			if b, err = e.op(b, op); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

// useLists appends the use-list orders of a range of values, if any.
func (e *emitter) useLists(b []byte, vals []*ir.Value) ([]byte, bool) {
	var orders []useOrderPayload
	for i, v := range vals {
		order := v.UseOrder()
		if order == nil || len(order) != e.n.uses[v] || len(order) < 2 {
			continue
		}
		orders = append(orders, useOrderPayload{index: i, order: order})
	}
	if len(orders) == 0 {
		return b, false
	}
	denseMapOrder(orders)
	return appendUseLists(b, len(vals), orders), true
}

// properties appends the op's properties entry to the table (once per
// distinct entry) and returns its index.
func (e *emitter) properties(op *ir.Operation, info *opNum) (uint64, bool, error) {
	n := e.n
	body := e.propBody[:0]
	defer func() { e.propBody = body }()
	switch {
	case info.props():
		s := e.n.kindOf(info).schema
		var err error
		n.eachProperty(op, s, func(f bytecode.PropField, a ir.Attribute) {
			switch kind := f.Kind; {
			case kind == bytecode.PropNative:
				var perr error
				if body, perr = f.Native.AppendProp(body, a); perr != nil && err == nil {
					err = fmt.Errorf("op %s: property %s: %w", op.Name(), f.Name, perr)
				}
			case kind == bytecode.PropOptionalAttr && a == nil:
				body = wire.AppendVarInt(body, 0)
			case kind == bytecode.PropOptionalAttr:
				body = wire.AppendVarIntWithFlag(body, uint64(n.attrEntry(a).index), true)
			default:
				body = wire.AppendVarInt(body, uint64(n.attrEntry(a).index))
			}
		})
		if n.err != nil {
			err = n.err
		}
		if err != nil {
			return 0, false, err
		}
		if e.version >= 6 {
			if s.OperandSegments {
				body = appendSparse(body, fitSegments(op.OperandSegments(), s.OperandGroups))
			}
			if s.ResultSegments {
				body = appendSparse(body, fitSegments(op.ResultSegments(), s.ResultGroups))
			}
		}
	case e.n.kindOf(info).schema == nil && op.Properties() != nil:
		body = wire.AppendVarInt(body, uint64(n.attrEntry(op.Properties()).index))
	default:
		return 0, false, nil
	}
	// The entry is written after the table's last, then dropped if the
	// table holds it already. Bytes once in props never change (a larger
	// props copies them), so the index's keys can view them.
	start := len(e.props)
	e.props = wire.AppendVarInt(e.props, uint64(len(body)))
	e.props = append(e.props, body...)
	entry := e.props[start:]
	// Neighbouring ops often have the same properties: compare with the
	// last entry before hashing.
	if bytes.Equal(entry, e.lastProp) {
		e.props = e.props[:start]
		return e.lastPropIndex, true, nil
	}
	i, h := e.propIndex.Find(e.props, entry)
	if i >= 0 {
		e.props = e.props[:start]
		entry = e.propIndex.Key(e.props, i)
	} else {
		var err error
		if i, err = e.propIndex.Add(start, len(e.props), h); err != nil {
			return 0, false, err
		}
	}
	e.lastProp, e.lastPropIndex = entry, uint64(i)
	return uint64(i), true, nil
}

// resourceSections builds the ResourceOffset section and the Resource
// section's data (as chunks, blobs not copied), its length and alignment.
func (e *emitter) resourceSections(m *Module) (offsets []byte, chunks [][]byte, length int, align uint64) {
	var cur []byte // section data not yet moved to chunks
	flushed := 0   // bytes of section data in chunks
	size := func() int { return flushed + len(cur) }
	align = 1
	type rec struct {
		key  string
		kind ResourceKind
		size int
	}
	var group []rec
	prev := 0
	add := func(key string, kind ResourceKind) {
		group = append(group, rec{key, kind, size() - prev})
		prev = size()
	}
	emit := func(r *Resource) {
		if e.opts.ElideResourceData || r.Declared {
			add(r.Key, r.Kind)
			return
		}
		switch r.Kind {
		case ResourceBlob:
			a := max(r.Alignment, 1)
			cur = wire.AppendVarInt(cur, a)
			cur = wire.AppendVarInt(cur, uint64(len(r.Data)))
			if a > 1 {
				for uint64(size())&(a-1) != 0 {
					cur = append(cur, wire.PaddingByte)
				}
				align = max(align, a)
			}
			if len(r.Data) > 0 {
				chunks = append(chunks, cur, r.Data)
				flushed += len(cur) + len(r.Data)
				cur = nil
			}
		case ResourceBool:
			cur = append(cur, boolByte(r.Bool))
		case ResourceString:
			cur = wire.AppendVarInt(cur, e.strings.Intern(r.String))
		}
		add(r.Key, r.Kind)
	}
	writeGroup := func(id uint64) {
		offsets = wire.AppendVarInt(offsets, id)
		offsets = wire.AppendVarInt(offsets, uint64(len(group)))
		for _, g := range group {
			offsets = wire.AppendVarInt(offsets, e.strings.Intern(g.key))
			offsets = wire.AppendVarInt(offsets, uint64(g.size))
			offsets = append(offsets, byte(g.kind))
		}
		group = group[:0]
	}
	offsets = wire.AppendVarInt(offsets, uint64(len(m.External)))
	for _, g := range m.External {
		for _, r := range g.Entries {
			emit(r)
		}
		writeGroup(e.strings.Intern(g.Name))
	}
	for i, d := range e.n.dialects {
		for _, h := range e.n.resourceOrder[i] {
			r := m.Resources[h]
			if r == nil {
				r = &Resource{Key: h.Key, Kind: ResourceBlob, Declared: true}
			}
			emit(r)
		}
		if len(group) > 0 {
			writeGroup(d.index)
		}
	}
	if len(cur) > 0 {
		chunks = append(chunks, cur)
	}
	flushed += len(cur)
	cur = nil
	return offsets, chunks, size(), align
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
