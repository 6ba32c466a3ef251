package bytecode_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func TestReleaseOf(t *testing.T) {
	for _, c := range []struct {
		producer string
		want     int
	}{
		{"MLIR19.1.7", 19},
		{"MLIR23.0.0git", 23},
		{"MLIR16.0.6", 16},
		{"MLIR22.1.8", 22},
		{"MLIR22", 22},
		{"StableHLO_v1.1.0", 0},
		{"", 0},
		{"MLIR", 0},
		{"MLIRx.1", 0},
		{"mlir19.1.7", 0},
	} {
		if got := bytecode.ReleaseOf(c.producer); got != c.want {
			t.Errorf("ReleaseOf(%q) = %d, want %d", c.producer, got, c.want)
		}
	}
}

// TestParseFileValid parses a hand-built file at every version and checks
// every table, then decodes and re-encodes its entries with no dialects.
func TestParseFileValid(t *testing.T) {
	for v := uint64(0); v <= bytecode.MaxVersion; v++ {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			s := baseSpec(v)
			if v >= 1 {
				s.dialects[1].version = []byte{0xAA, 0xBB}
			}
			// No external groups; dialect 0 has one resource keyed "blob".
			ro := wire.AppendVarInt(nil, 0)
			ro = wire.AppendVarInt(ro, 0)
			ro = wire.AppendVarInt(ro, 1)
			ro = wire.AppendVarInt(ro, 3)
			ro = wire.AppendVarInt(ro, 4)
			s.resourceOffset, s.resource = append(ro, 0), []byte{1, 2, 3, 4}
			data, l := s.build()
			f, err := bytecode.ParseFile(data)
			if err != nil {
				t.Fatal(err)
			}
			if f.Version != int(v) || f.Producer != "MLIR19.1.7" || f.Release != 19 {
				t.Errorf("header: version %d producer %q release %d", f.Version, f.Producer, f.Release)
			}
			if got := f.Target(); got != (bytecode.Target{Version: int(v), Release: 19}) {
				t.Errorf("Target() = %+v", got)
			}
			if len(f.Order) != len(s.sections()) {
				t.Errorf("Order = %v", f.Order)
			}
			for id, off := range l.data {
				if sec := f.Sections[id]; sec == nil || sec.Offset != off || sec.HeaderOffset != l.header[id] {
					t.Errorf("section %s: %+v, want data at %#x", bytecode.SectionName(id), sec, off)
				}
			}
			if len(f.Dialects) != 2 || f.Dialects[0].Name != "test" || f.Dialects[1].Name != "foo" {
				t.Fatalf("dialects %+v", f.Dialects)
			}
			if wantVer := s.dialects[1].version; !bytes.Equal(f.Dialects[1].Version, wantVer) || f.Dialects[0].Version != nil {
				t.Errorf("dialect versions %+v, want %x for foo", f.Dialects, wantVer)
			}
			if len(f.OpNames) != 1 || f.OpNames[0] != (bytecode.OpName{Dialect: 0, Name: "op", Registered: true}) {
				t.Errorf("op names %+v", f.OpNames)
			}
			if len(f.Resources) != 1 || f.Resources[0] != (ir.ResourceHandle{Dialect: "test", Key: "blob"}) {
				t.Errorf("resources %+v", f.Resources)
			}
			check := func(what string, got []bytecode.Entry, want []entrySpec) {
				if len(got) != len(want) {
					t.Fatalf("%d %s, want %d", len(got), what, len(want))
				}
				for i, e := range got {
					w := want[i]
					if e.Dialect != int(w.dialect) || e.Custom != w.custom || !bytes.Equal(e.Data, w.data) {
						t.Errorf("%s %d: %+v, want %+v", what, i, e, w)
					}
					if !bytes.Equal(data[e.Offset:e.Offset+int64(len(e.Data))], e.Data) {
						t.Errorf("%s %d: offset %#x does not hold its data", what, i, e.Offset)
					}
					if cap(e.Data) != len(e.Data) {
						t.Errorf("%s %d: capacity not clipped", what, i)
					}
				}
			}
			check("attributes", entries(&f.Attrs), s.attrs)
			check("types", entries(&f.Types), s.types)

			// With no dialects, text entries stay text and custom ones stay
			// opaque; both re-encode byte for byte.
			ctx := ir.NewContext()
			dec, err := decodeAll(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			num := dec.Numbering()
			for i, e := range f.Attrs.All() {
				a, _ := dec.Attribute(uint64(i))
				if e.Custom != (a.Kind() == "EncodedAttr") || a.Dialect() != f.Dialects[e.Dialect].Name {
					t.Errorf("attribute %d decoded to %s %s", i, a.Dialect(), a.Kind())
				}
				got, custom, err := bytecode.EncodeAttribute(ctx, nil, num, f.Target(), a)
				if err != nil || custom != e.Custom || !bytes.Equal(got, e.Data) {
					t.Errorf("attribute %d re-encoded to %x custom=%v err=%v, want %x", i, got, custom, err, e.Data)
				}
				if idx, err := num.AttributeIndex(a); err != nil || idx != uint64(i) {
					t.Errorf("attribute %d numbered %d, %v", i, idx, err)
				}
			}
			for i, e := range f.Types.All() {
				ty, _ := dec.Type(uint64(i))
				if tt, ok := ty.(*ir.TextType); !ok || tt.Text() != "!foo.t" {
					t.Errorf("type %d decoded to %#v", i, ty)
				}
				got, custom, err := bytecode.EncodeType(ctx, nil, num, f.Target(), ty)
				if err != nil || custom != e.Custom || !bytes.Equal(got, e.Data) {
					t.Errorf("type %d re-encoded to %x custom=%v err=%v, want %x", i, got, custom, err, e.Data)
				}
			}
		})
	}
}

// TestParseFileHeaderErrors covers the magic, version and producer.
func TestParseFileHeaderErrors(t *testing.T) {
	good, _ := baseSpec(6).build()
	for _, c := range []struct {
		name     string
		data     []byte
		sentinel error
		off      int64
		contains []string
	}{
		{"empty", nil, wire.ErrInvalid, 0, []string{"magic"}},
		{"short magic", []byte("ML"), wire.ErrInvalid, 0, []string{"magic"}},
		{"bad magic", append([]byte("MLIR"), good[4:]...), wire.ErrInvalid, 0, []string{"magic"}},
		{"magic only", bytecode.Magic, wire.ErrTruncated, 4, []string{"varint"}},
		{"truncated version", append(bytes.Clone(bytecode.Magic), 0x00, 0x07), wire.ErrTruncated, 4, nil},
		{"version 7", header(7, "MLIR23.0.0git"), wire.ErrUnsupportedVersion, 4, []string{"version 7", "up to 6"}},
		{"version 2^40", header(1<<40, "x"), wire.ErrUnsupportedVersion, 4, []string{"version 1099511627776"}},
		{"version max uint64", header(1<<64-1, "x"), wire.ErrUnsupportedVersion, 4, []string{"version 18446744073709551615"}},
		{"unterminated producer", append(wire.AppendVarInt(bytes.Clone(bytecode.Magic), 6), "MLIR19"...), wire.ErrTruncated, 5, []string{"NUL-terminated"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := bytecode.ParseFile(c.data)
			if f != nil {
				t.Errorf("got a File with the error")
			}
			checkWireError(t, err, c.sentinel, c.off, "header", c.contains...)
		})
	}
}

// TestParseFileSectionErrors covers the top-level section list.
func TestParseFileSectionErrors(t *testing.T) {
	t.Run("missing required section", func(t *testing.T) {
		for _, v := range []uint64{0, 4, 5, 6} {
			s := baseSpec(v)
			required := []byte{bytecode.SectionString, bytecode.SectionDialect, bytecode.SectionAttrType, bytecode.SectionAttrTypeOffset, bytecode.SectionIR}
			if v >= 5 {
				required = append(required, bytecode.SectionProperties)
			}
			for _, id := range required {
				data, _ := assemble(v, "p", without(s.sections(), id))
				_, err := bytecode.ParseFile(data)
				checkWireError(t, err, wire.ErrTruncated, int64(len(data)), "header", "a "+bytecode.SectionName(id)+" section", "missing")
			}
		}
	})
	t.Run("no Properties section before v5", func(t *testing.T) {
		data, _ := baseSpec(4).build()
		if _, err := bytecode.ParseFile(data); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Properties section below v5", func(t *testing.T) {
		s := baseSpec(4)
		data, l := assemble(4, "p", append(s.sections(), section{bytecode.SectionProperties, []byte{1}}))
		_, err := bytecode.ParseFile(data)
		checkWireError(t, err, wire.ErrInvalid, l.header[bytecode.SectionProperties], "header", "id 8")
	})
	for _, id := range []byte{bytecode.SectionString, bytecode.SectionIR, bytecode.SectionAttrType, bytecode.SectionProperties} {
		t.Run("duplicate "+bytecode.SectionName(id), func(t *testing.T) {
			s := baseSpec(6)
			data, l := assemble(6, "p", append(s.sections(), section{id, []byte{1}}))
			_, err := bytecode.ParseFile(data)
			checkWireError(t, err, wire.ErrInvalid, l.header[id], "header", "duplicate "+bytecode.SectionName(id)+" section")
		})
	}
	for _, id := range []byte{bytecode.SectionDialectVersions, 9, 0x7f} {
		t.Run(fmt.Sprintf("top-level id %d", id), func(t *testing.T) {
			s := baseSpec(6)
			data, l := assemble(6, "p", append(s.sections(), section{id, nil}))
			_, err := bytecode.ParseFile(data)
			checkWireError(t, err, wire.ErrInvalid, l.header[id], "header", fmt.Sprintf("id %d", id))
		})
	}
	t.Run("resource without offsets", func(t *testing.T) {
		s := baseSpec(6)
		data, _ := assemble(6, "p", append(s.sections(), section{bytecode.SectionResource, []byte{1}}))
		_, err := bytecode.ParseFile(data)
		checkWireError(t, err, wire.ErrInvalid, int64(len(data)), "header", "both resource sections")
	})

	// Section framing errors name the section whose header is broken.
	good, _ := assemble(6, "p", without(baseSpec(6).sections(), bytecode.SectionIR))
	// An alignment the data after a 3-byte aligned header misses.
	align := uint64(2)
	for (uint64(len(good))+3)%align == 0 {
		align *= 2
	}
	for _, c := range []struct {
		name     string
		frame    []byte // appended to good: a broken IR section
		sentinel error
		off      int64 // relative to len(good)
		contains []string
	}{
		{"lying length", append(wire.AppendVarInt([]byte{bytecode.SectionIR}, 100), 1, 2, 3), wire.ErrTruncated, 2, []string{"100 bytes"}},
		{"lying length 2^60", append(wire.AppendVarInt([]byte{bytecode.SectionIR}, 1<<60), 1, 2, 3), wire.ErrTruncated, 10, []string{"1152921504606846976 bytes"}},
		{"truncated length", []byte{bytecode.SectionIR, 0x00, 1, 2}, wire.ErrTruncated, 1, []string{"length"}},
		{"no length", []byte{bytecode.SectionIR}, wire.ErrTruncated, 1, []string{"length"}},
		{"bad alignment", []byte{bytecode.SectionIR | 0x80, 0x03, 0x07, 1}, wire.ErrInvalid, 2, []string{"power-of-two alignment"}},
		{"bad padding", append(wire.AppendVarInt([]byte{bytecode.SectionIR | 0x80, 0x03}, align), make([]byte, align)...), wire.ErrInvalid, 3, []string{"padding byte 0xCB"}},
		{"padding past the end", append(wire.AppendVarInt([]byte{bytecode.SectionIR | 0x80, 0x03}, 1<<31), 0xCB), wire.ErrTruncated, 7, []string{"padding bytes"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := append(bytes.Clone(good), c.frame...)
			_, err := bytecode.ParseFile(data)
			checkWireError(t, err, c.sentinel, int64(len(good))+c.off, "IR", c.contains...)
		})
	}
}

// TestParseFileTableErrors covers the String, Dialect, AttrTypeOffset,
// AttrType and ResourceOffset sections.
func TestParseFileTableErrors(t *testing.T) {
	type tc struct {
		name     string
		version  uint64
		id       byte // the section whose body is replaced
		body     func(s spec) []byte
		sentinel error
		section  string
		off      func(s spec) int64 // relative to the section's data
		contains []string
	}
	at := func(n int) func(spec) int64 { return func(spec) int64 { return int64(n) } }
	cases := []tc{
		{"string size 0", 6, bytecode.SectionString, func(spec) []byte { return []byte{0x03, 0x01, 0x00} }, wire.ErrInvalid, "String", at(1), []string{"at least 1"}},
		{"string count lies", 6, bytecode.SectionString, func(spec) []byte { return []byte{0x81, 0x05} }, wire.ErrTruncated, "String", at(0), []string{"strings"}},
		{"dialect count lies", 6, bytecode.SectionDialect, func(spec) []byte { return wire.AppendVarInt(nil, 50) }, wire.ErrTruncated, "Dialect", at(0), []string{"dialects", "not 50"}},
		{"dialect count 2^62", 6, bytecode.SectionDialect, func(spec) []byte { return wire.AppendVarInt(nil, 1<<62) }, wire.ErrTruncated, "Dialect", at(0), []string{"dialects"}},
		{"dialect name index out of range", 6, bytecode.SectionDialect, func(s spec) []byte {
			s.dialects[1].name = 9
			return s.dialectBody()
		}, wire.ErrInvalid, "Dialect", at(2), []string{"dialect name string index"}},
		{"dialect name index out of range v0", 0, bytecode.SectionDialect, func(s spec) []byte {
			s.dialects[0].name = 4
			return s.dialectBody()
		}, wire.ErrInvalid, "Dialect", at(1), []string{"dialect name string index"}},
		{"dialect version not a DialectVersions section", 6, bytecode.SectionDialect, func(spec) []byte {
			b := []byte{0x03, 0x03} // one dialect, name 0 with a version
			return wire.AppendSection(b, bytecode.SectionIR, 0, []byte{1})
		}, wire.ErrInvalid, "Dialect", at(2), []string{"a DialectVersions section"}},
		{"dialect version truncated", 6, bytecode.SectionDialect, func(spec) []byte {
			return []byte{0x03, 0x03, bytecode.SectionDialectVersions, 0x09, 1}
		}, wire.ErrTruncated, "Dialect", at(4), []string{"4 bytes"}},
		{"op-name total lies", 6, bytecode.SectionDialect, func(s spec) []byte {
			b := s.dialectBody()
			return append(b[:len(b)-4:len(b)-4], 0xFF) // total 127, nothing follows
		}, wire.ErrTruncated, "Dialect", func(s spec) int64 { return int64(len(s.dialectBody()) - 4) }, []string{"op names"}},
		{"op-name dialect index out of range", 6, bytecode.SectionDialect, func(s spec) []byte {
			s.ops[0].dialect = 5
			return s.dialectBody()
		}, wire.ErrInvalid, "Dialect", func(s spec) int64 { return int64(len(s.dialectBody()) - 3) }, []string{"a dialect index below 2"}},
		{"op-name string index out of range", 6, bytecode.SectionDialect, func(s spec) []byte {
			s.ops[0].name = 40
			return s.dialectBody()
		}, wire.ErrInvalid, "Dialect", func(s spec) int64 { return int64(len(s.dialectBody()) - 1) }, []string{"op name string index"}},
		{"op-name string index out of range v3", 3, bytecode.SectionDialect, func(s spec) []byte {
			s.ops[0].name = 4
			return s.dialectBody()
		}, wire.ErrInvalid, "Dialect", func(s spec) int64 { return int64(len(s.dialectBody()) - 1) }, []string{"op name string index"}},
		{"entry counts lie", 6, bytecode.SectionAttrTypeOffset, func(spec) []byte { return wire.AppendVarInt(wire.AppendVarInt(nil, 200), 0) }, wire.ErrTruncated, "AttrTypeOffset", at(0), []string{"attributes"}},
		{"entry counts exceed the section", 6, bytecode.SectionAttrTypeOffset, func(spec) []byte { return []byte{0x05, 0x05, 0x01, 0x01} }, wire.ErrTruncated, "AttrTypeOffset", at(2), []string{"4 offset entries"}},
		{"entry dialect index out of range", 6, bytecode.SectionAttrTypeOffset, func(s spec) []byte {
			s.attrs[0].dialect = 5
			s.attrs[1].dialect = 5
			return offsetBody(s.attrs, s.types)
		}, wire.ErrInvalid, "AttrTypeOffset", at(2), []string{"a dialect index below 2"}},
		{"entry group too long", 6, bytecode.SectionAttrTypeOffset, func(spec) []byte {
			return []byte{0x03, 0x01, 0x01, 0x05, 0x01, 0x01} // 1 attr, 0 types, dialect 0 group of 2
		}, wire.ErrInvalid, "AttrTypeOffset", at(3), []string{"at most 1 more entries"}}, // the count,
		{"entry group count lies", 6, bytecode.SectionAttrTypeOffset, func(spec) []byte {
			return []byte{0x03, 0x01, 0x01, 0x0F} // group of 7 in 0 bytes
		}, wire.ErrTruncated, "AttrTypeOffset", at(3), []string{"entries"}},
		{"entry size past AttrType", 6, bytecode.SectionAttrTypeOffset, func(s spec) []byte {
			s.types[0].data = make([]byte, 100)
			return offsetBody(s.attrs, s.types)
		}, wire.ErrInvalid, "AttrTypeOffset", func(s spec) int64 { return int64(len(offsetBody(s.attrs, s.types)) - 1) }, []string{"an entry size within the AttrType section (7 bytes left)"}},
		{"entry size 2^62", 6, bytecode.SectionAttrTypeOffset, func(s spec) []byte {
			b := offsetBody(s.attrs, s.types)
			return wire.AppendVarIntWithFlag(b[:len(b)-1:len(b)-1], 1<<62, false)
		}, wire.ErrInvalid, "AttrTypeOffset", func(s spec) int64 { return int64(len(offsetBody(s.attrs, s.types)) - 1) }, []string{"entry size"}},
		{"trailing bytes in AttrTypeOffset", 6, bytecode.SectionAttrTypeOffset, func(s spec) []byte {
			return append(offsetBody(s.attrs, s.types), 0x01)
		}, wire.ErrInvalid, "AttrTypeOffset", func(s spec) int64 { return int64(len(offsetBody(s.attrs, s.types))) }, []string{"the end of the AttrTypeOffset section"}},
		{"trailing bytes after the last entry", 6, bytecode.SectionAttrType, func(s spec) []byte {
			return append(attrTypeBody(s.attrs, s.types), 0xAB, 0xCD)
		}, wire.ErrInvalid, "AttrType", func(s spec) int64 { return int64(len(attrTypeBody(s.attrs, s.types))) }, []string{"no bytes after the last entry"}},
		{"resource key string index out of range", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return []byte{0x01, 0x01, 0x03, 0x3D, 0x09, 0x00} // dialect 0, 1 resource, key 30
		}, wire.ErrInvalid, "ResourceOffset", at(3), []string{"a string index below 4"}},
		{"resource dialect index out of range", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return []byte{0x01, 0x0F, 0x03, 0x07, 0x09, 0x00}
		}, wire.ErrInvalid, "ResourceOffset", at(1), []string{"a dialect index"}},
		{"resource count lies", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return []byte{0x01, 0x01, 0x79}
		}, wire.ErrTruncated, "ResourceOffset", at(2), []string{"resources"}},
		{"external group count lies", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return []byte{0x09, 0x01}
		}, wire.ErrTruncated, "ResourceOffset", at(0), []string{"external resource groups"}},
		{"external group key out of range", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return []byte{0x03, 0x41, 0x01}
		}, wire.ErrInvalid, "ResourceOffset", at(1), []string{"a string index below 4"}},
		{"resource kind missing", 6, bytecode.SectionResourceOffset, func(spec) []byte {
			return wire.AppendVarInt([]byte{0x01, 0x01, 0x03, 0x07}, 200) // no kind byte after the size
		}, wire.ErrTruncated, "ResourceOffset", at(6), []string{"a byte"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := baseSpec(c.version)
			if c.id == bytecode.SectionResourceOffset {
				s.resourceOffset, s.resource = []byte{0x01}, []byte{}
			}
			data, l := assemble(c.version, "p", replace(s.sections(), c.id, c.body(baseSpec(c.version))))
			_, err := bytecode.ParseFile(data)
			checkWireError(t, err, c.sentinel, l.data[c.id]+c.off(baseSpec(c.version)), c.section, c.contains...)
		})
	}
}

// fileWith builds a v6 file whose attributes and types are all of dialect
// "test" (index 0), custom-encoded unless given as text().
func fileWith(t *testing.T, attrs, types [][]byte) *bytecode.File {
	t.Helper()
	s := baseSpec(6)
	s.attrs, s.types = nil, nil
	for _, a := range attrs {
		s.attrs = append(s.attrs, entrySpec{dialect: 0, custom: len(a) == 0 || a[len(a)-1] != 0, data: a})
	}
	for _, ty := range types {
		s.types = append(s.types, entrySpec{dialect: 0, custom: len(ty) == 0 || ty[len(ty)-1] != 0, data: ty})
	}
	data, _ := s.build()
	f, err := bytecode.ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestDecodeCycles(t *testing.T) {
	ctx := ir.NewContext(testDialect{})
	t.Run("attribute refers to itself", func(t *testing.T) {
		f := fileWith(t, [][]byte{{0, 0x01}}, nil)
		_, err := bytecode.NewDecoder(ctx, f, ir.Limits{}).Attribute(0)
		checkWireError(t, err, bytecode.ErrCycle, f.Attrs.At(0).Offset, "AttrType", "attribute entry 0: offset", "refers to itself")
	})
	t.Run("type refers to itself", func(t *testing.T) {
		f := fileWith(t, [][]byte{{4}}, [][]byte{{4}, {2, 0x03}})
		_, err := bytecode.NewDecoder(ctx, f, ir.Limits{}).Type(1)
		checkWireError(t, err, bytecode.ErrCycle, f.Types.At(1).Offset, "AttrType", "type entry 1: offset", "refers to itself")
	})
	t.Run("two-entry cycle", func(t *testing.T) {
		f := fileWith(t, [][]byte{{0, 0x03}, {0, 0x01}, {4}}, nil)
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		_, err := dec.Attribute(0)
		checkWireError(t, err, bytecode.ErrCycle, f.Attrs.At(0).Offset, "AttrType", "attribute entry 0: attribute entry 1: offset")
		// Entry 0's failure is remembered, so entry 1 reports the cycle
		// where it was first found: closing at entry 0.
		_, err = dec.Attribute(1)
		checkWireError(t, err, bytecode.ErrCycle, f.Attrs.At(0).Offset, "AttrType", "attribute entry 1: attribute entry 0: attribute entry 1: offset")
		// The failed attempts leave nothing behind.
		if _, err := dec.Attribute(2); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("attribute and type cycle", func(t *testing.T) {
		f := fileWith(t, [][]byte{{2, 0x01}}, [][]byte{{0, 0x01}})
		_, err := bytecode.NewDecoder(ctx, f, ir.Limits{}).Type(0)
		checkWireError(t, err, bytecode.ErrCycle, f.Types.At(0).Offset, "AttrType", "type entry 0: attribute entry 0: offset")
	})
	t.Run("shared reference is not a cycle", func(t *testing.T) {
		f := fileWith(t, [][]byte{{0, 0x03}, {4}, {0, 0x03}, {0, 0x05}}, nil)
		dec, err := decodeAll(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		a0, _ := dec.Attribute(0)
		a2, _ := dec.Attribute(2)
		if a0 != a2 {
			t.Errorf("equal entries decoded to %v and %v", a0, a2)
		}
	})
	t.Run("nesting limit", func(t *testing.T) {
		n := ir.DefaultMaxAttrDepth + 10
		attrs := make([][]byte, n)
		for i := range attrs[:n-1] {
			attrs[i] = wire.AppendVarInt([]byte{0}, uint64(i+1))
		}
		attrs[n-1] = []byte{4}
		f := fileWith(t, attrs, nil)
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		_, err := dec.Attribute(0)
		if err == nil || !errors.Is(err, wire.ErrInvalid) {
			t.Fatalf("got %v, want a nesting error", err)
		}
		var we *wire.Error
		if !errors.As(err, &we) || we.Expected != fmt.Sprintf("entries nested at most %d deep", ir.DefaultMaxAttrDepth) {
			t.Fatalf("got %v, want a nesting error", err)
		}
		// Decoded from the innermost out, each entry is found one level
		// below the last, but still as deep as its chain: the limit does
		// not depend on what is decoded already.
		for i := n - 1; i >= 0; i-- {
			_, err := dec.Attribute(uint64(i))
			if tooDeep := n-i > ir.DefaultMaxAttrDepth; tooDeep != errors.Is(err, bytecode.ErrTooDeep) {
				t.Fatalf("attribute %d, %d deep: got %v, want a nesting error: %v", i, n-i, err, tooDeep)
			}
		}
	})
}

func TestDecodeEntryErrors(t *testing.T) {
	ctx := ir.NewContext(testDialect{})
	for _, c := range []struct {
		name     string
		attrs    [][]byte
		sentinel error
		entry    int   // the entry the error is in, reached from entry 0
		off      int64 // relative to that entry
		contains []string
	}{
		{"string index out of range", [][]byte{{1, 0x65}}, wire.ErrInvalid, 0, 1, []string{"a string index", "string index 50 of 4"}},
		{"attribute index out of range", [][]byte{{0, 0xC7}}, wire.ErrInvalid, 0, 1, []string{"an attribute index", "attribute index 99 of 1"}},
		{"type index out of range", [][]byte{{2, 0x01}}, wire.ErrInvalid, 0, 1, []string{"a type index", "type index 0 of 0"}},
		{"resource index out of range", [][]byte{{3, 0x01}}, wire.ErrInvalid, 0, 1, []string{"a resource index", "resource index 0 of 0"}},
		{"huge index", [][]byte{{0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}}, wire.ErrInvalid, 0, 1, []string{"an attribute index"}},
		{"truncated index", [][]byte{{0, 0x00, 0xFF}}, wire.ErrTruncated, 0, 1, []string{"varint"}},
		{"empty custom entry", [][]byte{{}}, wire.ErrTruncated, 0, 0, []string{"a byte"}},
		{"trailing bytes", [][]byte{{4, 9, 9}}, wire.ErrInvalid, 0, 1, []string{"the end of the entry", "2 trailing bytes"}},
		{"error in a referenced entry", [][]byte{{0, 0x03}, {1, 0x65}}, wire.ErrInvalid, 1, 1, []string{"a string index"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fileWith(t, c.attrs, nil)
			_, err := bytecode.NewDecoder(ctx, f, ir.Limits{}).Attribute(0)
			path := "attribute entry 0: "
			if c.entry != 0 {
				path += fmt.Sprintf("attribute entry %d: ", c.entry)
			}
			checkWireError(t, err, c.sentinel, f.Attrs.At(c.entry).Offset+c.off, "AttrType", append(c.contains, path+"offset")...)
		})
	}
	t.Run("text without NUL", func(t *testing.T) {
		s := baseSpec(6)
		s.attrs = []entrySpec{{dialect: 0, data: text("#test.x")}, {dialect: 0, data: []byte("#test.y")}}
		data, _ := s.build()
		f, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatal(err)
		}
		_, err = bytecode.NewDecoder(ctx, f, ir.Limits{}).Attribute(1)
		checkWireError(t, err, wire.ErrInvalid, f.Attrs.At(1).Offset, "AttrType", "attribute entry 1: offset", "NUL-terminated")
	})
	t.Run("empty text entry", func(t *testing.T) {
		s := baseSpec(6)
		s.types = []entrySpec{{dialect: 1, data: nil}}
		data, _ := s.build()
		f, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatal(err)
		}
		_, err = bytecode.NewDecoder(ir.NewContext(), f, ir.Limits{}).Type(0)
		checkWireError(t, err, wire.ErrInvalid, f.Types.At(0).Offset, "AttrType", "type entry 0: offset", "NUL-terminated")
	})
	t.Run("indices out of range", func(t *testing.T) {
		f := fileWith(t, [][]byte{{4}}, [][]byte{{4}})
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		for _, err := range []error{
			func() error { _, err := dec.Attribute(1); return err }(),
			func() error { _, err := dec.Attribute(1 << 63); return err }(),
			func() error { _, err := dec.Type(1); return err }(),
			func() error { _, err := dec.String(4); return err }(),
			func() error { _, err := dec.Resource(0); return err }(),
		} {
			if !errors.Is(err, wire.ErrInvalid) {
				t.Errorf("got %v, want an invalid index error", err)
			}
		}
	})
	t.Run("no dialects: custom entries are not read", func(t *testing.T) {
		f := fileWith(t, [][]byte{{0, 0x01}, {}}, [][]byte{{9, 9, 9}})
		dec, err := decodeAll(ir.NewContext(), f)
		if err != nil {
			t.Fatal(err)
		}
		if a, _ := dec.Attribute(0); a.Kind() != "EncodedAttr" {
			t.Errorf("attribute 0 is %s", a.Kind())
		}
		if ty, _ := dec.Type(0); ty.Kind() != "EncodedType" {
			t.Errorf("type 0 is %s", ty.Kind())
		}
	})
}

// entries lists a table's entries.
func entries(t *bytecode.EntryTable) []bytecode.Entry {
	var out []bytecode.Entry
	for _, e := range t.All() {
		out = append(out, e)
	}
	return out
}
