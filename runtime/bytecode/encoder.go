package bytecode

import (
	"fmt"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Encoder encodes the attribute and type entries of one file as
// EncodeAttribute and EncodeType do, for writers that encode thousands:
// it looks each dialect's codecs up once, not per entry, and reuses its
// entry writers. Codecs may encode nested entries through the same
// Encoder (a numbering pass does), so it keeps one writer per depth. An
// Encoder is not safe for concurrent use.
type Encoder struct {
	ctx     *ir.Context
	target  Target
	num     Numbering
	sp      Splicer        // num, if it splices
	writers []*EntryWriter // writers[d] serves nesting depth d
	depth   int
	last    *dialectCodecs
	codecs  map[string]*dialectCodecs
}

// dialectCodecs are the codec interfaces one dialect implements.
type dialectCodecs struct {
	name      string
	attr      AttrCodec
	typ       TypeCodec
	relText   ReleaseTextCodec
	text      TextCodec
	attrAvail AttrAvailability
	typeAvail TypeAvailability
}

// NewEncoder returns an Encoder resolving references through num.
func NewEncoder(ctx *ir.Context, num Numbering, target Target) *Encoder {
	sp, _ := num.(Splicer)
	return &Encoder{ctx: ctx, target: target, num: num, sp: sp, codecs: map[string]*dialectCodecs{}}
}

func (e *Encoder) dialect(name string) *dialectCodecs {
	if e.last != nil && e.last.name == name {
		return e.last
	}
	d := e.codecs[name]
	if d == nil {
		d = &dialectCodecs{name: name}
		reg := e.ctx.Dialect(name)
		d.attr, _ = reg.(AttrCodec)
		d.typ, _ = reg.(TypeCodec)
		d.relText, _ = reg.(ReleaseTextCodec)
		d.text, _ = reg.(TextCodec)
		d.attrAvail, _ = reg.(AttrAvailability)
		d.typeAvail, _ = reg.(TypeAvailability)
		e.codecs[name] = d
	}
	e.last = d
	return d
}

// writer returns the entry writer of the current depth, set to append to
// buf; done must be called when the entry is written.
func (e *Encoder) writer(buf []byte) *EntryWriter {
	if e.depth == len(e.writers) {
		e.writers = append(e.writers, NewEntryWriter(nil, e.num, e.target))
	}
	w := e.writers[e.depth]
	e.depth++
	w.buf, w.err = buf, nil
	return w
}

func (e *Encoder) done(w *EntryWriter) []byte {
	out := w.buf
	w.buf = nil
	e.depth--
	return out
}

// verbatim appends what an entry carries as it was read (its text, or
// the payload of a dialect with no codec here), unless the Numbering
// splices it.
func (e *Encoder) verbatim(buf []byte, b []byte) []byte { return appendOrSplice(buf, e.sp, b) }

// textOf views a value's text as bytes, which are only read.
func textOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Attribute appends a's entry to buf, as EncodeAttribute does.
func (e *Encoder) Attribute(buf []byte, a ir.Attribute) (out []byte, custom bool, err error) {
	switch a := a.(type) {
	case *ir.TextAttr:
		return append(e.verbatim(buf, textOf(a.Text())), 0), false, nil
	case *ir.EncodedAttr:
		return e.verbatim(buf, a.Payload()), true, nil
	}
	d := e.dialect(a.Dialect())
	if d.attrAvail != nil {
		if err := d.attrAvail.AttributeAvailable(e.target, a); err != nil {
			return nil, false, err
		}
	}
	if d.attr != nil {
		w := e.writer(buf)
		ok, err := d.attr.WriteAttribute(w, a)
		out := e.done(w)
		if err != nil {
			return nil, false, err
		}
		if ok {
			return out, true, nil
		}
	}
	if d.relText != nil {
		if s, ok := d.relText.PrintAttributeFor(a, e.target.Release); ok {
			return append(append(buf, s...), 0), false, nil
		}
	} else if d.text != nil {
		if s, ok := d.text.PrintAttribute(a); ok {
			return append(append(buf, s...), 0), false, nil
		}
	}
	return nil, false, e.noForm(a.Dialect(), a.Kind(), d.relText != nil)
}

// noForm is the error for a value the writer has no form of: where the
// dialect's text forms depend on the release, for the target's.
func (e *Encoder) noForm(dialect, kind string, perRelease bool) error {
	if perRelease && e.target.Release != 0 {
		return fmt.Errorf("%s %s has no custom encoding, and no text form for LLVM %d (the target) is known here", dialect, kind, e.target.Release)
	}
	return fmt.Errorf("%s %s has neither a custom encoding nor a textual form", dialect, kind)
}

// Type appends t's entry to buf, as EncodeType does.
func (e *Encoder) Type(buf []byte, t ir.Type) (out []byte, custom bool, err error) {
	switch t := t.(type) {
	case *ir.TextType:
		return append(e.verbatim(buf, textOf(t.Text())), 0), false, nil
	case *ir.EncodedType:
		return e.verbatim(buf, t.Payload()), true, nil
	}
	d := e.dialect(t.Dialect())
	if d.typeAvail != nil {
		if err := d.typeAvail.TypeAvailable(e.target, t); err != nil {
			return nil, false, err
		}
	}
	if d.typ != nil {
		w := e.writer(buf)
		ok, err := d.typ.WriteType(w, t)
		out := e.done(w)
		if err != nil {
			return nil, false, err
		}
		if ok {
			return out, true, nil
		}
	}
	if d.relText != nil {
		if s, ok := d.relText.PrintTypeFor(t, e.target.Release); ok {
			return append(append(buf, s...), 0), false, nil
		}
	} else if d.text != nil {
		if s, ok := d.text.PrintType(t); ok {
			return append(append(buf, s...), 0), false, nil
		}
	}
	return nil, false, e.noForm(t.Dialect(), t.Kind(), d.relText != nil)
}
