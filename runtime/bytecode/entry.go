// Package bytecode holds the MLIR bytecode pieces that dialect codecs use:
// the entry reader and writer that generated attribute and type codecs
// call (MLIR's DialectBytecodeReader/Writer), the codec interfaces a
// dialect implements, and the attribute/type tables of a file.
package bytecode

import (
	"errors"
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Target says which encodings apply: the container version and the LLVM
// release (major number) of the producer. A zero Release means the newest
// release the definitions know. Dialects points to the versions of
// dialects that version themselves (VersionedDialect) where older than
// their newest; nil when none is (a pointer keeps Target comparable).
type Target struct {
	Version  int
	Release  int
	Dialects *DialectVersions
}

// Tables resolves the indices an entry refers to while reading.
type Tables interface {
	Attribute(i uint64) (ir.Attribute, error)
	Type(i uint64) (ir.Type, error)
	String(i uint64) (string, error)
	Resource(i uint64) (ir.ResourceHandle, error)
}

// EntryReader decodes one custom-encoded attribute or type entry.
type EntryReader struct {
	*wire.Reader
	Target
	ctx    *ir.Context
	tables Tables
	views  bool
}

// Views reports whether the bytes r reads stay unchanged for as long as
// the context holds what is made of them: a codec may then keep a blob it
// read instead of copying it. A Decoder's readers do (the data of a File
// must not change while what was decoded from it is in use);
// NewEntryReader's do not.
func (r *EntryReader) Views() bool { return r.views }

// NewEntryReader reads an entry held in r, resolving references through t.
func NewEntryReader(ctx *ir.Context, r *wire.Reader, t Tables, target Target) *EntryReader {
	return &EntryReader{Reader: r, Target: target, ctx: ctx, tables: t}
}

func (r *EntryReader) Context() *ir.Context { return r.ctx }

// wrap turns a resolution error into an offset-carrying one. Errors of
// nested entries already carry theirs; only the top of the chain is
// looked at, since walking it at every level of a deep reference chain
// costs time quadratic in its depth.
func (r *EntryReader) wrap(at int64, what string, err error) error {
	switch err.(type) {
	case *wire.Error, *EntryError:
		return err
	}
	return r.ErrorAt(at, what, err)
}

func (r *EntryReader) String() (string, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return "", err
	}
	s, err := r.tables.String(i)
	if err != nil {
		return "", r.wrap(at, "a string index", err)
	}
	return s, nil
}

func (r *EntryReader) Attribute() (ir.Attribute, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	a, err := r.tables.Attribute(i)
	if err != nil {
		return nil, r.wrap(at, "an attribute index", err)
	}
	return a, nil
}

// OptionalAttribute reads MLIR's optional form: 0 for null, else
// (index<<1)|1. A null attribute is returned as nil.
func (r *EntryReader) OptionalAttribute() (ir.Attribute, error) {
	at := r.Offset()
	i, present, err := r.VarIntWithFlag()
	if err != nil || !present {
		return nil, err
	}
	a, err := r.tables.Attribute(i)
	if err != nil {
		return nil, r.wrap(at, "an attribute index", err)
	}
	return a, nil
}

func (r *EntryReader) Type() (ir.Type, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	t, err := r.tables.Type(i)
	if err != nil {
		return nil, r.wrap(at, "a type index", err)
	}
	return t, nil
}

func (r *EntryReader) Resource() (ir.ResourceHandle, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return ir.ResourceHandle{}, err
	}
	h, err := r.tables.Resource(i)
	if err != nil {
		return h, r.wrap(at, "a resource index", err)
	}
	return h, nil
}

// Blob reads varint(size) and returns that many bytes without copying.
func (r *EntryReader) Blob() ([]byte, error) {
	n, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	return r.Bytes(n)
}

// Bool reads one byte; any non-zero value is true, as MLIR reads it.
func (r *EntryReader) Bool() (bool, error) {
	b, err := r.Byte()
	return b != 0, err
}

// MaxIntegerWidth is the widest integer MLIR allows (IntegerType::kMaxWidth);
// APInt rejects wider ones.
const MaxIntegerWidth = 1<<24 - 1

// APInt reads an integer of known width: one raw byte up to 8 bits, a
// signed varint of the zero-extended value up to 64 bits, and above that
// varint(activeWords) followed by each word as a signed varint.
func (r *EntryReader) APInt(width uint32) (ir.APInt, error) {
	switch {
	case width <= 8:
		b, err := r.Byte()
		return ir.APIntFromUint64(width, uint64(b)), err
	case width <= 64:
		v, err := r.SignedVarInt()
		return ir.APIntFromUint64(width, uint64(v)), err
	}
	at := r.Offset()
	if width > MaxIntegerWidth {
		// The value is held at its full width, so a hostile width would
		// allocate up to 512 MiB before a single word is read.
		return ir.APInt{}, r.ErrorAt(at, fmt.Sprintf("an integer width up to %d, not %d", MaxIntegerWidth, width), wire.ErrInvalid)
	}
	n, err := r.VarInt()
	if err != nil {
		return ir.APInt{}, err
	}
	max := (uint64(width) + 63) / 64
	if n == 0 || n > max {
		return ir.APInt{}, r.ErrorAt(at, fmt.Sprintf("1 to %d active words for an i%d", max, width), wire.ErrInvalid)
	}
	// Every word takes at least one byte.
	if n > uint64(r.Len()) {
		return ir.APInt{}, r.ErrorAt(at, fmt.Sprintf("%d words in the %d bytes left", n, r.Len()), wire.ErrTruncated)
	}
	words := make([]uint64, n)
	for i := range words {
		w, err := r.SignedVarInt()
		if err != nil {
			return ir.APInt{}, err
		}
		words[i] = uint64(w)
	}
	return ir.NewAPInt(width, words), nil
}

// Numbering gives the index of everything an entry refers to while
// writing. While numbering a module, an implementation records the
// references in the order the codec writes them.
type Numbering interface {
	AttributeIndex(ir.Attribute) (uint64, error)
	TypeIndex(ir.Type) (uint64, error)
	StringIndex(string) uint64
	ResourceIndex(ir.ResourceHandle) (uint64, error)
}

// Recorder is a Numbering that also learns where each index it hands out
// is written, so that an entry can later be written again with other
// indices without running its codec (MLIR writers number everything
// first, then write). Written is called right after the index of the
// Numbering call before it is written, with where it sits in the
// writer's buffer and whether it went with the presence flag of
// OptionalAttribute.
type Recorder interface {
	Numbering
	Written(start, end int, flag bool)
}

// Splicer is a Numbering that takes long blobs by reference, so that a
// dense constant of many megabytes is not copied from buffer to buffer
// on its way to the file: Splice(at, b) reports whether it keeps b, which
// belongs at offset at of what the writer has written, for the output.
// Only blobs of at least SpliceMin bytes are offered.
type Splicer interface {
	Splice(at int, b []byte) bool
}

// SpliceMin is the length from which a blob is offered to a Splicer.
const SpliceMin = 64 << 10

// EntryWriter encodes one custom-encoded attribute or type entry.
type EntryWriter struct {
	Target
	buf []byte
	num Numbering
	rec Recorder // num, if it records
	sp  Splicer  // num, if it splices
	err error
}

// index appends an index the Numbering gave, telling a Recorder where.
func (w *EntryWriter) index(i uint64, flag bool) {
	start := len(w.buf)
	if flag {
		w.buf = wire.AppendVarIntWithFlag(w.buf, i, true)
	} else {
		w.buf = wire.AppendVarInt(w.buf, i)
	}
	if w.rec != nil {
		w.rec.Written(start, len(w.buf), flag)
	}
}

// NewEntryWriter appends to buf using num for references.
func NewEntryWriter(buf []byte, num Numbering, target Target) *EntryWriter {
	rec, _ := num.(Recorder)
	sp, _ := num.(Splicer)
	return &EntryWriter{Target: target, buf: buf, num: num, rec: rec, sp: sp}
}

// Bytes returns what was written; Err the first reference that could not
// be numbered.
func (w *EntryWriter) Bytes() []byte { return w.buf }
func (w *EntryWriter) Err() error    { return w.err }

// Reset starts a new entry, keeping the buffer's capacity.
func (w *EntryWriter) Reset() { w.buf = w.buf[:0]; w.err = nil }

func (w *EntryWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *EntryWriter) VarInt(v uint64)      { w.buf = wire.AppendVarInt(w.buf, v) }
func (w *EntryWriter) SignedVarInt(v int64) { w.buf = wire.AppendSignedVarInt(w.buf, v) }
func (w *EntryWriter) Byte(b byte)          { w.buf = append(w.buf, b) }
func (w *EntryWriter) String(s string)      { w.index(w.num.StringIndex(s), false) }
func (w *EntryWriter) VarIntWithFlag(v uint64, f bool) {
	w.buf = wire.AppendVarIntWithFlag(w.buf, v, f)
}

func (w *EntryWriter) Bool(v bool) {
	if v {
		w.Byte(1)
	} else {
		w.Byte(0)
	}
}

// errNilValue is what a codec writing a nil attribute or type gets: a
// value built with a nil where one is required.
var errNilValue = errors.New("a nil attribute or type where the encoding needs one")

func (w *EntryWriter) Attribute(a ir.Attribute) {
	if a == nil {
		w.fail(fmt.Errorf("%w (nil attribute)", errNilValue))
		return
	}
	i, err := w.num.AttributeIndex(a)
	if err != nil {
		w.fail(err)
	}
	w.index(i, false)
}

// OptionalAttribute writes 0 for nil, else (index<<1)|1.
func (w *EntryWriter) OptionalAttribute(a ir.Attribute) {
	if a == nil {
		w.VarInt(0)
		return
	}
	i, err := w.num.AttributeIndex(a)
	if err != nil {
		w.fail(err)
	}
	w.index(i, true)
}

func (w *EntryWriter) Type(t ir.Type) {
	if t == nil {
		w.fail(fmt.Errorf("%w (nil type)", errNilValue))
		return
	}
	i, err := w.num.TypeIndex(t)
	if err != nil {
		w.fail(err)
	}
	w.index(i, false)
}

func (w *EntryWriter) Resource(h ir.ResourceHandle) {
	i, err := w.num.ResourceIndex(h)
	if err != nil {
		w.fail(err)
	}
	w.index(i, false)
}

func (w *EntryWriter) Blob(b []byte) {
	w.VarInt(uint64(len(b)))
	w.buf = appendOrSplice(w.buf, w.sp, b)
}

// appendOrSplice appends b to buf unless sp keeps it.
func appendOrSplice(buf []byte, sp Splicer, b []byte) []byte {
	if len(b) >= SpliceMin && sp != nil && sp.Splice(len(buf), b) {
		return buf
	}
	return append(buf, b...)
}

// APInt writes v with the known-width rules of EntryReader.APInt.
func (w *EntryWriter) APInt(v ir.APInt) {
	switch {
	case v.Width() <= 8:
		w.Byte(byte(v.Uint64()))
	case v.Width() <= 64:
		w.SignedVarInt(int64(v.Uint64()))
	default:
		words := v.Words()
		if len(words) == 0 {
			words = []uint64{0}
		}
		w.VarInt(uint64(len(words)))
		for _, x := range words {
			w.SignedVarInt(int64(x))
		}
	}
}

// Fail records an error from a hand-written field codec.
func (w *EntryWriter) Fail(err error) { w.fail(err) }

// AttrAvailability is implemented by a dialect some of whose attributes
// exist only in some LLVM releases or dialect versions (since/until in
// its definitions): AttributeAvailable returns nil where a exists at t,
// else a *wire.VersionError naming what a needs. The writer asks before
// writing a, as bytecode or as text: the target's reader would not know
// it either way (xegpu's MemoryScopeAttr, which LLVM 22 dropped).
type AttrAvailability interface {
	AttributeAvailable(t Target, a ir.Attribute) error
}

// TypeAvailability is AttrAvailability for types (builtin's f8E3M4,
// which LLVM 20 added).
type TypeAvailability interface {
	TypeAvailable(t Target, ty ir.Type) error
}

// AttrCodec is implemented by a dialect with custom attribute encodings.
type AttrCodec interface {
	ReadAttribute(r *EntryReader) (ir.Attribute, error)
	// WriteAttribute encodes a; false means the dialect has no custom
	// encoding for it at w's target, and the writer falls back to text.
	WriteAttribute(w *EntryWriter, a ir.Attribute) (bool, error)
}

// TypeCodec is AttrCodec for types.
type TypeCodec interface {
	ReadType(r *EntryReader) (ir.Type, error)
	WriteType(w *EntryWriter, t ir.Type) (bool, error)
}

// TextCodec is implemented by a dialect that reads and prints the textual
// form its text-encoded entries use. Parse returns (nil, nil) for text it
// does not model, which then stays an ir.TextAttr or ir.TextType. release
// is the LLVM major of the producer (0: the newest), because releases
// canonicalize some values differently (affine expressions, for one).
type TextCodec interface {
	ParseAttribute(ctx *ir.Context, text string, release int) (ir.Attribute, error)
	ParseType(ctx *ir.Context, text string, release int) (ir.Type, error)
	PrintAttribute(a ir.Attribute) (string, bool)
	PrintType(t ir.Type) (string, bool)
}

// ReleaseTextCodec is implemented by a dialect whose text forms differ
// between releases: the writer prints a value in its target release's
// syntax (0: the newest).
type ReleaseTextCodec interface {
	PrintAttributeFor(a ir.Attribute, release int) (string, bool)
	PrintTypeFor(t ir.Type, release int) (string, bool)
}

// BitWidthType is implemented by types whose values have a known bit
// width (integers, index, floats); codecs of integer and float values use
// it to size the value.
type BitWidthType interface {
	ir.Type
	BitWidth() uint32
}

// BitWidth returns t's bit width or an error naming the type.
func BitWidth(t ir.Type) (uint32, error) {
	if b, ok := t.(BitWidthType); ok {
		return b.BitWidth(), nil
	}
	if t == nil {
		return 0, errors.New("no type to take a bit width from")
	}
	return 0, fmt.Errorf("%s.%s has no known bit width", t.Dialect(), t.Kind())
}
