package bytecode_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// checkFuzzError: every error is a *wire.Error that points into the input,
// says what was expected and wraps a sentinel.
func checkFuzzError(t *testing.T, data []byte, err error) {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %q (%T) is not a *wire.Error", err, err)
	}
	if we.Offset < 0 || we.Offset > int64(len(data)) {
		t.Fatalf("error %q: offset outside the %d-byte input", err, len(data))
	}
	if we.Expected == "" || we.Section == "" {
		t.Fatalf("error %q names no section or expectation", err)
	}
	if !errors.Is(err, wire.ErrTruncated) && !errors.Is(err, wire.ErrInvalid) && !errors.Is(err, wire.ErrOverflow) &&
		!errors.Is(err, wire.ErrUnsupportedVersion) && !errors.Is(err, bytecode.ErrCycle) {
		t.Fatalf("error %q wraps no sentinel", err)
	}
}

// Seeds: testdata/fuzz/FuzzParseFile holds mlir-opt 16, 19 and 22 output
// for small inputs at several versions; the f.Add seeds are hand-built.
func FuzzParseFile(f *testing.F) {
	for v := uint64(0); v <= bytecode.MaxVersion; v++ {
		s := baseSpec(v)
		if v >= 1 {
			s.dialects[1].version = []byte{1}
		}
		s.resourceOffset = []byte{0x01, 0x01, 0x03, 0x07, 0x09, 0x00}
		s.resource = []byte{1, 2, 3, 4}
		data, _ := s.build()
		f.Add(data)
	}
	data, _ := baseSpec(6).build()
	f.Add(data[:len(data)-3])
	f.Add(header(7, "MLIR23.0.0git"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := bytecode.ParseFile(data)
		if err != nil {
			checkFuzzError(t, data, err)
			return
		}
		for _, list := range []*bytecode.EntryTable{&file.Attrs, &file.Types} {
			for i, e := range list.All() {
				if e.Dialect < 0 || e.Dialect >= len(file.Dialects) {
					t.Fatalf("entry %d: dialect %d of %d", i, e.Dialect, len(file.Dialects))
				}
				if e.Offset < 0 || e.Offset+int64(len(e.Data)) > int64(len(data)) || !bytes.Equal(data[e.Offset:e.Offset+int64(len(e.Data))], e.Data) {
					t.Fatalf("entry %d: offset %#x does not hold its %d bytes", i, e.Offset, len(e.Data))
				}
			}
		}
		// With no dialects every entry stays text or an opaque payload,
		// so decoding never reads inside one and re-encoding gives back
		// the same bytes.
		ctx := ir.NewContext()
		dec := bytecode.NewDecoder(ctx, file, ir.Limits{})
		attrs := make([]ir.Attribute, file.Attrs.Len())
		types := make([]ir.Type, file.Types.Len())
		for i := range file.Attrs.Len() {
			if attrs[i], err = dec.Attribute(uint64(i)); err != nil {
				checkFuzzError(t, data, err)
			}
		}
		for i := range file.Types.Len() {
			if types[i], err = dec.Type(uint64(i)); err != nil {
				checkFuzzError(t, data, err)
			}
		}
		num := dec.Numbering()
		for i, a := range attrs {
			if a == nil {
				continue
			}
			got, custom, err := bytecode.EncodeAttribute(ctx, nil, num, file.Target(), a)
			if e := file.Attrs.At(i); err != nil || custom != e.Custom || !bytes.Equal(got, e.Data) {
				t.Fatalf("attribute %d: re-encoded to %x custom=%v err=%v, want %x custom=%v", i, got, custom, err, e.Data, e.Custom)
			}
		}
		for i, ty := range types {
			if ty == nil {
				continue
			}
			got, custom, err := bytecode.EncodeType(ctx, nil, num, file.Target(), ty)
			if e := file.Types.At(i); err != nil || custom != e.Custom || !bytes.Equal(got, e.Data) {
				t.Fatalf("type %d: re-encoded to %x custom=%v err=%v, want %x custom=%v", i, got, custom, err, e.Data, e.Custom)
			}
		}
	})
}
