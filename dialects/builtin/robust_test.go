package builtin_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestRobustness damages the bytecode mlir-opt 16, 19 and 22 write for
// every corpus input at every version each writes, and checks that the
// reader fails cleanly:
//
//   - every prefix of every file (all of them: ParseFile rejects a prefix
//     before it reaches the tables, since the String section, or from v5
//     the Properties section, comes last, so this is cheap) must fail in
//     ParseFile or in decoding, with a *wire.Error inside the prefix;
//   - every entry that the builtin codecs read (builtin custom entries)
//     or that must end in NUL (every text entry), cut short at every
//     length, must fail to decode;
//   - every byte of the AttrType section set to 0x00, 0xFF and its value
//     plus one must not panic; an error and a successful decode (then
//     re-encoded) are both fine. Every byte is perturbed for the v0 and
//     v6 files (the only version 16 writes is v0); for v1 to v5 every
//     fifth byte, starting at byte v mod 5, so each of the five starts at a
//     different residue (their AttrType sections mostly share one layout,
//     so together they reach nearly every position). This keeps the test near
//     25 s of CPU (-short: every seventh byte of every file, about 12 s).
//
// A panic anywhere fails the test with the length or offset that caused it.
func TestRobustness(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	lessGC(t)
	forEachOracleFile(t, inputs, func(t *testing.T, in corpus.Input, rel oracle.Release, v int, bc []byte) {
		f, _, _, err := decodeEntries(t, "the whole file", bc)
		if err != nil {
			t.Fatalf("the file itself: %v", err)
		}
		checkPrefixes(t, bc)
		checkEntryTruncation(t, f)
		step, first := 1, 0
		if v != 0 && v != 6 {
			step, first = 5, v%5
		}
		if testing.Short() {
			step, first = 7, v%7
		}
		checkPerturbations(t, bc, f, f.Sections[bytecode.SectionAttrType], first, step)
	})
}

// lessGC lets the heap grow to five times its live size before collecting
// (GOGC=400) until t and its subtests end: decoding every damaged file
// from scratch allocates much and keeps little, and collecting at the
// default pace costs a third of the CPU.
func lessGC(t *testing.T) {
	old := debug.SetGCPercent(400)
	t.Cleanup(func() { debug.SetGCPercent(old) })
}

// guard runs f and turns a panic into a test failure naming what.
func guard(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic: %v\n%s", what, r, debug.Stack())
		}
	}()
	f()
}

// parseAndDecode parses data and decodes every entry with the builtin
// dialect, returning the first error.
func parseAndDecode(data []byte) (*bytecode.File, *bytecode.Decoder, *ir.Context, error) {
	f, err := bytecode.ParseFile(data)
	if err != nil {
		return nil, nil, nil, err
	}
	dec, ctx, err := decodeAll(f)
	return f, dec, ctx, err
}

// decodeAll decodes every entry of f with the builtin dialect into a new
// context, returning the first error.
func decodeAll(f *bytecode.File) (*bytecode.Decoder, *ir.Context, error) {
	ctx := ir.NewContext(builtin.Dialect)
	ctx.Reserve(f.Attrs.Len()) // as mlirbc.Read does
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	for i := range f.Attrs.Len() {
		if _, err := dec.Attribute(uint64(i)); err != nil {
			return dec, ctx, err
		}
	}
	for i := range f.Types.Len() {
		if _, err := dec.Type(uint64(i)); err != nil {
			return dec, ctx, err
		}
	}
	return dec, ctx, nil
}

// checkErrorIn asserts err is a *wire.Error pointing into data[:n].
func checkErrorIn(t *testing.T, what string, err error, n int) {
	t.Helper()
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("%s: error %v (%T) is not a *wire.Error", what, err, err)
	}
	if we.Offset < 0 || we.Offset > int64(n) || we.Section == "" || we.Expected == "" {
		t.Fatalf("%s: error %q does not point into the %d bytes", what, err, n)
	}
}

func checkPrefixes(t *testing.T, bc []byte) {
	t.Helper()
	for n := range len(bc) {
		what := fmt.Sprintf("prefix of %d of %d bytes", n, len(bc))
		guard(t, what, func() {
			_, _, _, err := parseAndDecode(bc[:n:n])
			if err == nil {
				t.Fatalf("%s: parsed and decoded without error", what)
			}
			checkErrorIn(t, what, err, n)
		})
	}
}

// checkEntryTruncation cuts each entry the reader must understand to every
// shorter length and decodes it from a file rebuilt around the cut entry.
func checkEntryTruncation(t *testing.T, f *bytecode.File) {
	t.Helper()
	ctx := ir.NewContext(builtin.Dialect)
	for _, isType := range []bool{false, true} {
		list, kind := &f.Attrs, "attribute"
		if isType {
			list, kind = &f.Types, "type"
		}
		for i := range list.Len() {
			e := list.At(i)
			if e.Custom && f.Dialects[e.Dialect].Name != "builtin" {
				continue // an opaque payload: any bytes are fine
			}
			for n := range len(e.Data) {
				what := fmt.Sprintf("%s %d (custom=%v) cut to %d of %d bytes", kind, i, e.Custom, n, len(e.Data))
				cut, err := bytecode.ParseFile(withEntryCut(f, isType, i, n))
				if err != nil {
					t.Fatalf("%s: the rebuilt file does not parse: %v", what, err)
				}
				guard(t, what, func() {
					dec := bytecode.NewDecoder(ctx, cut, ir.Limits{})
					var err error
					if isType {
						_, err = dec.Type(uint64(i))
					} else {
						_, err = dec.Attribute(uint64(i))
					}
					if err == nil {
						t.Fatalf("%s: decoded without error", what)
					}
					var we *wire.Error
					if !errors.As(err, &we) {
						t.Fatalf("%s: error %v (%T) is not a *wire.Error", what, err, err)
					}
				})
			}
		}
	}
}

// withEntryCut rebuilds f's bytes with entry i of the attribute (or type)
// table cut to its first n bytes: the two table sections are written anew,
// the others copied.
func withEntryCut(f *bytecode.File, isType bool, i, n int) []byte {
	var offsets, data []byte
	offsets = wire.AppendVarInt(offsets, uint64(f.Attrs.Len()))
	offsets = wire.AppendVarInt(offsets, uint64(f.Types.Len()))
	for _, table := range []*bytecode.EntryTable{&f.Attrs, &f.Types} {
		cutHere := table == &f.Types == isType
		for j := 0; j < table.Len(); j++ {
			e := table.At(j)
			offsets = wire.AppendVarInt(offsets, uint64(e.Dialect))
			offsets = wire.AppendVarInt(offsets, 1)
			d := e.Data
			if cutHere && j == i {
				d = d[:n]
			}
			offsets = wire.AppendVarIntWithFlag(offsets, uint64(len(d)), e.Custom)
			data = append(data, d...)
		}
	}
	out := append([]byte(nil), bytecode.Magic...)
	out = wire.AppendVarInt(out, uint64(f.Version))
	out = wire.AppendCString(out, f.Producer)
	for _, id := range f.Order {
		s := f.Sections[id]
		body := s.Data
		switch id {
		case bytecode.SectionAttrTypeOffset:
			body = offsets
		case bytecode.SectionAttrType:
			body = data
		}
		out = wire.AppendSection(out, id, s.Alignment, body)
	}
	return out
}

// checkPerturbations sets bytes first, first+step, ... of the AttrType
// section to 0x00, 0xFF and their value plus one in turn.
//
// ParseFile does not read the AttrType section (entries are slices of it),
// so every perturbed file parses into the tables of f, which points into
// bc: f is decoded again instead of parsing each perturbed file, unless a
// file whose AttrType bytes are all changed parses differently (then each
// is parsed, as the reader would).
func checkPerturbations(t *testing.T, bc []byte, f *bytecode.File, sec *wire.Section, first, step int) {
	t.Helper()
	orig := bytes.Clone(bc)
	reuse := parsesWithoutAttrType(bc, f, sec)
	for i := first; i < len(sec.Data); i += step {
		pos := sec.Offset + int64(i)
		old := bc[pos]
		for _, b := range []byte{0x00, 0xFF, old + 1} {
			if b == old {
				continue
			}
			bc[pos] = b
			what := fmt.Sprintf("AttrType byte %d (offset %#x) %#02x → %#02x", i, pos, old, b)
			guard(t, what, func() {
				f := f
				var dec *bytecode.Decoder
				var ctx *ir.Context
				var err error
				if reuse {
					dec, ctx, err = decodeAll(f)
				} else {
					f, dec, ctx, err = parseAndDecode(bc)
				}
				if err != nil {
					checkErrorIn(t, what, err, len(bc))
					return
				}
				num := dec.Numbering()
				for i := range f.Attrs.Len() {
					a, _ := dec.Attribute(uint64(i))
					_, _, _ = bytecode.EncodeAttribute(ctx, nil, num, f.Target(), a)
				}
				for i := range f.Types.Len() {
					ty, _ := dec.Type(uint64(i))
					_, _, _ = bytecode.EncodeType(ctx, nil, num, f.Target(), ty)
				}
			})
		}
		bc[pos] = old
	}
	if !bytes.Equal(bc, orig) {
		t.Fatal("the perturbations were not undone")
	}
}

// parsesWithoutAttrType reports whether bc with every byte of its AttrType
// section changed parses into the same tables as f.
func parsesWithoutAttrType(bc []byte, f *bytecode.File, sec *wire.Section) bool {
	c := bytes.Clone(bc)
	for i := range sec.Data {
		c[sec.Offset+int64(i)] ^= 0xFF
	}
	g, err := bytecode.ParseFile(c)
	if err != nil || g.Version != f.Version || g.Producer != f.Producer || !slices.Equal(g.Order, f.Order) ||
		g.Attrs.Len() != f.Attrs.Len() || g.Types.Len() != f.Types.Len() {
		return false
	}
	for _, pair := range [][2]*bytecode.EntryTable{{&f.Attrs, &g.Attrs}, {&f.Types, &g.Types}} {
		for i := range pair[0].Len() {
			a, b := pair[0].At(i), pair[1].At(i)
			if a.Dialect != b.Dialect || a.Custom != b.Custom || a.Offset != b.Offset || len(a.Data) != len(b.Data) {
				return false
			}
		}
	}
	return true
}
