package builtin_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// hostileFile builds a version-6 bytecode file whose attribute and type
// entries are all custom-encoded builtin entries (dialect 0), for tests
// that feed the builtin codecs hand-made payloads. strs are the string
// table after "builtin".
func hostileFile(producer string, strs []string, attrs, types [][]byte) []byte {
	var st wire.StringTable
	st.Intern("builtin")
	for _, s := range strs {
		st.Intern(s)
	}
	dialect := []byte{0x03, 0x01, 0x01} // one dialect (string 0), no op names
	offsets := wire.AppendVarInt(nil, uint64(len(attrs)))
	offsets = wire.AppendVarInt(offsets, uint64(len(types)))
	var data []byte
	for _, list := range [][][]byte{attrs, types} {
		if len(list) == 0 {
			continue
		}
		offsets = wire.AppendVarInt(offsets, 0)
		offsets = wire.AppendVarInt(offsets, uint64(len(list)))
		for _, e := range list {
			offsets = wire.AppendVarIntWithFlag(offsets, uint64(len(e)), true)
			data = append(data, e...)
		}
	}
	b := append([]byte{}, bytecode.Magic...)
	b = wire.AppendVarInt(b, 6)
	b = wire.AppendCString(b, producer)
	b = wire.AppendSection(b, bytecode.SectionDialect, 0, dialect)
	b = wire.AppendSection(b, bytecode.SectionAttrTypeOffset, 0, offsets)
	b = wire.AppendSection(b, bytecode.SectionAttrType, 0, data)
	b = wire.AppendSection(b, bytecode.SectionIR, 0, []byte{0x01})
	b = wire.AppendSection(b, bytecode.SectionString, 0, st.AppendTo(nil))
	return wire.AppendSection(b, bytecode.SectionProperties, 0, []byte{0x01})
}

// entry concatenates varints (uint64 and int as PrefixVarInts, int64 as
// signed ones) and raw bytes ([]byte) into one entry payload.
func entry(parts ...any) []byte {
	var b []byte
	for _, p := range parts {
		switch p := p.(type) {
		case int:
			b = wire.AppendVarInt(b, uint64(p))
		case uint64:
			b = wire.AppendVarInt(b, p)
		case int64:
			b = wire.AppendSignedVarInt(b, p)
		case []byte:
			b = append(b, p...)
		default:
			panic(fmt.Sprintf("entry: %T", p))
		}
	}
	return b
}

// decodeEntries parses data and decodes every entry with the builtin
// dialect, returning the first error. A panic is reported as a test
// failure naming what, not left to crash the test binary.
func decodeEntries(t *testing.T, what string, data []byte) (f *bytecode.File, dec *bytecode.Decoder, ctx *ir.Context, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic: %v", what, r)
		}
	}()
	if f, err = bytecode.ParseFile(data); err != nil {
		return nil, nil, nil, err
	}
	ctx = ir.NewContext(builtin.Dialect)
	dec = bytecode.NewDecoder(ctx, f, ir.Limits{})
	var first error
	for i := range f.Attrs.Len() {
		if _, err := dec.Attribute(uint64(i)); err != nil && first == nil {
			first = err
		}
	}
	for i := range f.Types.Len() {
		if _, err := dec.Type(uint64(i)); err != nil && first == nil {
			first = err
		}
	}
	return f, dec, ctx, first
}

// wireError asserts err is a *wire.Error at offset off wrapping target
// (a sentinel, a pointer to an error type for errors.As, or nil).
func wireError(t *testing.T, err error, off int64, target any) *wire.Error {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
	}
	if we.Offset != off {
		t.Errorf("error %q at offset %#x, want %#x", err, we.Offset, off)
	}
	switch target := target.(type) {
	case nil:
	case error:
		if !errors.Is(err, target) {
			t.Errorf("error %q does not wrap %q", err, target)
		}
	default:
		if !errors.As(err, target) {
			t.Errorf("error %q does not wrap a %T", err, target)
		}
	}
	return we
}
