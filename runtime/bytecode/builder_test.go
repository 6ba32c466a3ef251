package bytecode_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// This file builds small MLIR bytecode files by hand for the tests: a spec
// describes the tables, sections() turns it into top-level sections that
// tests may drop, replace or add to, and assemble() lays them out after
// the header, recording where each section's id byte and data landed.

type section struct {
	id   byte
	body []byte
}

type layout struct {
	header map[byte]int64 // section id → absolute offset of its id byte
	data   map[byte]int64 // section id → absolute offset of its data
	size   int64          // the size of magic, version and producer
}

// header returns magic, version and a NUL-terminated producer.
func header(version uint64, producer string) []byte {
	b := append([]byte{}, bytecode.Magic...)
	b = wire.AppendVarInt(b, version)
	return wire.AppendCString(b, producer)
}

// assemble lays sections out after the header. For a duplicated id the
// layout records the last copy.
func assemble(version uint64, producer string, secs []section) ([]byte, layout) {
	b := header(version, producer)
	l := layout{header: map[byte]int64{}, data: map[byte]int64{}, size: int64(len(b))}
	for _, s := range secs {
		l.header[s.id] = int64(len(b))
		b = wire.AppendSection(b, s.id, 0, s.body)
		l.data[s.id] = int64(len(b) - len(s.body))
	}
	return b, l
}

type dialectSpec struct {
	name    uint64 // string index
	version []byte // DialectVersions payload; nil for none
}

type opSpec struct {
	dialect, name uint64
	registered    bool
}

type entrySpec struct {
	dialect uint64
	custom  bool
	data    []byte
}

type spec struct {
	version  uint64
	producer string
	strings  []string
	dialects []dialectSpec
	ops      []opSpec
	attrs    []entrySpec
	types    []entrySpec
	// resourceOffset and resource, when resourceOffset is non-nil, are the
	// bodies of the two resource sections.
	resourceOffset, resource []byte
}

// text is a text-encoded entry body.
func text(s string) []byte { return append([]byte(s), 0) }

// baseSpec is a small valid file at version v: dialects "test" and "foo",
// one op name, text and custom attributes and a text type.
func baseSpec(v uint64) spec {
	return spec{
		version:  v,
		producer: "MLIR19.1.7",
		strings:  []string{"test", "foo", "op", "blob"},
		dialects: []dialectSpec{{name: 0}, {name: 1}},
		ops:      []opSpec{{dialect: 0, name: 2, registered: true}},
		attrs: []entrySpec{
			{dialect: 0, data: text("#test.a")},
			{dialect: 0, data: text("#test.b")},
			{dialect: 1, custom: true, data: []byte{7, 8, 9}},
		},
		types: []entrySpec{{dialect: 1, data: text("!foo.t")}},
	}
}

func (s spec) stringBody() []byte {
	var t wire.StringTable
	for _, str := range s.strings {
		t.Intern(str)
	}
	return t.AppendTo(nil)
}

func (s spec) dialectBody() []byte {
	b := wire.AppendVarInt(nil, uint64(len(s.dialects)))
	for _, d := range s.dialects {
		if s.version < 1 {
			b = wire.AppendVarInt(b, d.name)
			continue
		}
		b = wire.AppendVarIntWithFlag(b, d.name, d.version != nil)
		if d.version != nil {
			b = wire.AppendSection(b, bytecode.SectionDialectVersions, 0, d.version)
		}
	}
	if s.version >= 4 {
		b = wire.AppendVarInt(b, uint64(len(s.ops)))
	}
	for _, op := range s.ops {
		b = wire.AppendVarInt(b, op.dialect)
		b = wire.AppendVarInt(b, 1)
		if s.version >= 5 {
			b = wire.AppendVarIntWithFlag(b, op.name, op.registered)
		} else {
			b = wire.AppendVarInt(b, op.name)
		}
	}
	return b
}

// offsetBody groups runs of entries of one dialect, as MLIR does.
func offsetBody(attrs, types []entrySpec) []byte {
	b := wire.AppendVarInt(nil, uint64(len(attrs)))
	b = wire.AppendVarInt(b, uint64(len(types)))
	for _, list := range [][]entrySpec{attrs, types} {
		for i := 0; i < len(list); {
			j := i
			for j < len(list) && list[j].dialect == list[i].dialect {
				j++
			}
			b = wire.AppendVarInt(b, list[i].dialect)
			b = wire.AppendVarInt(b, uint64(j-i))
			for _, e := range list[i:j] {
				b = wire.AppendVarIntWithFlag(b, uint64(len(e.data)), e.custom)
			}
			i = j
		}
	}
	return b
}

func attrTypeBody(attrs, types []entrySpec) []byte {
	var b []byte
	for _, e := range attrs {
		b = append(b, e.data...)
	}
	for _, e := range types {
		b = append(b, e.data...)
	}
	return b
}

// sections returns the sections in the order mlir-opt writes them.
func (s spec) sections() []section {
	secs := []section{
		{bytecode.SectionDialect, s.dialectBody()},
		{bytecode.SectionAttrTypeOffset, offsetBody(s.attrs, s.types)},
		{bytecode.SectionAttrType, attrTypeBody(s.attrs, s.types)},
		{bytecode.SectionIR, []byte{0x01}},
	}
	if s.resourceOffset != nil {
		secs = append(secs, section{bytecode.SectionResourceOffset, s.resourceOffset}, section{bytecode.SectionResource, s.resource})
	}
	secs = append(secs, section{bytecode.SectionString, s.stringBody()})
	if s.version >= 5 {
		secs = append(secs, section{bytecode.SectionProperties, []byte{0x01}})
	}
	return secs
}

func (s spec) build() ([]byte, layout) { return assemble(s.version, s.producer, s.sections()) }

// replace returns secs with the body of section id replaced.
func replace(secs []section, id byte, body []byte) []section {
	out := make([]section, 0, len(secs))
	for _, s := range secs {
		if s.id == id {
			s.body = body
		}
		out = append(out, s)
	}
	return out
}

// without returns secs without section id.
func without(secs []section, id byte) []section {
	var out []section
	for _, s := range secs {
		if s.id != id {
			out = append(out, s)
		}
	}
	return out
}

// checkWireError asserts err is a *wire.Error at offset off in section
// sec wrapping sentinel, whose message names the offset, the section and
// every string in contains.
func checkWireError(t *testing.T, err error, sentinel error, off int64, sec string, contains ...string) *wire.Error {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %v at offset %#x in section %q", sentinel, off, sec)
	}
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %q (%T) is not a *wire.Error", err, err)
	}
	if sentinel != nil && !errors.Is(err, sentinel) {
		t.Errorf("error %q does not wrap %q", err, sentinel)
	}
	if we.Offset != off {
		t.Errorf("error %q at offset %#x, want %#x", err, we.Offset, off)
	}
	if we.Section != sec {
		t.Errorf("error %q in section %q, want %q", err, we.Section, sec)
	}
	if we.Expected == "" {
		t.Errorf("error %q does not say what was expected", err)
	}
	msg := err.Error()
	for _, want := range append([]string{fmt.Sprintf("offset %#x", off), "(" + sec + " section)"}, contains...) {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	return we
}

// testDialect is a dialect "test" whose custom entries start with a code
// byte: 0 reads an attribute reference, 1 a string index, 2 a type
// reference, 3 a resource index, 4 nothing, and 5 nothing, for which the
// codec returns no value and no error (a codec's bug). Its values are
// text values naming what was read, so they stay distinct.
type testDialect struct{}

func (testDialect) Name() string { return "test" }

func (testDialect) read(r *bytecode.EntryReader) (string, error) {
	code, err := r.Byte()
	if err != nil {
		return "", err
	}
	switch code {
	case 0:
		a, err := r.Attribute()
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("attr(%d)", a.ID()), nil
	case 1:
		s, err := r.String()
		return "string(" + s + ")", err
	case 2:
		t, err := r.Type()
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("type(%d)", t.ID()), nil
	case 3:
		h, err := r.Resource()
		return "resource(" + h.Dialect + "." + h.Key + ")", err
	case 4:
		return "leaf", nil
	case 5:
		return "none", nil
	}
	return "", r.ErrorAt(r.Offset()-1, "a test code", fmt.Errorf("%w: code %d", wire.ErrInvalid, code))
}

func (d testDialect) ReadAttribute(r *bytecode.EntryReader) (ir.Attribute, error) {
	s, err := d.read(r)
	if err != nil || s == "none" {
		return nil, err
	}
	return ir.GetTextAttr(r.Context(), "test", "custom "+s), nil
}

func (d testDialect) ReadType(r *bytecode.EntryReader) (ir.Type, error) {
	s, err := d.read(r)
	if err != nil || s == "none" {
		return nil, err
	}
	return ir.GetTextType(r.Context(), "test", "custom "+s), nil
}

func (testDialect) WriteAttribute(*bytecode.EntryWriter, ir.Attribute) (bool, error) {
	return false, nil
}

func (testDialect) WriteType(*bytecode.EntryWriter, ir.Type) (bool, error) { return false, nil }

// decodeAll decodes every entry, stopping at the first error.
func decodeAll(ctx *ir.Context, f *bytecode.File) (*bytecode.Decoder, error) {
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	for i := range f.Attrs.Len() {
		if _, err := dec.Attribute(uint64(i)); err != nil {
			return dec, err
		}
	}
	for i := range f.Types.Len() {
		if _, err := dec.Type(uint64(i)); err != nil {
			return dec, err
		}
	}
	return dec, nil
}
