package builtin_test

import (
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// FuzzDecodeBuiltin parses arbitrary bytes, decodes every entry with the
// builtin dialect and re-encodes every entry that decoded with the file's
// numbering. Nothing may panic; every error must be a *wire.Error inside
// the input; re-encoding may fail only with a *wire.VersionError.
//
// Seeds: testdata/fuzz/FuzzDecodeBuiltin holds mlir-opt 16, 19 and 22
// output for small inputs at several versions; the f.Add seeds are
// hand-built builtin entries.
func FuzzDecodeBuiltin(f *testing.F) {
	for _, seed := range builtinSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := bytecode.ParseFile(data)
		if err != nil {
			checkErrorIn(t, "ParseFile", err, len(data))
			return
		}
		ctx := ir.NewContext(builtin.Dialect)
		dec := bytecode.NewDecoder(ctx, file, ir.Limits{})
		attrs := make([]ir.Attribute, file.Attrs.Len())
		types := make([]ir.Type, file.Types.Len())
		for i := range file.Attrs.Len() {
			if attrs[i], err = dec.Attribute(uint64(i)); err != nil {
				checkErrorIn(t, "decoding", err, len(data))
			}
		}
		for i := range file.Types.Len() {
			if types[i], err = dec.Type(uint64(i)); err != nil {
				checkErrorIn(t, "decoding", err, len(data))
			}
		}
		num := dec.Numbering()
		check := func(what string, i int, err error) {
			var ve *wire.VersionError
			if err != nil && !errors.As(err, &ve) {
				t.Fatalf("%s %d: re-encoding: %v", what, i, err)
			}
		}
		for i, a := range attrs {
			if a != nil {
				_, _, err := bytecode.EncodeAttribute(ctx, nil, num, file.Target(), a)
				check("attribute", i, err)
			}
		}
		for i, ty := range types {
			if ty != nil {
				_, _, err := bytecode.EncodeType(ctx, nil, num, file.Target(), ty)
				check("type", i, err)
			}
		}
	})
}

// builtinSeeds are hand-built files of builtin entries mlir-opt seeds may
// lack: wide integers, dense strings, both scalable vector forms, a
// FileLineColRange in the range form and a non-MLIR producer.
func builtinSeeds() [][]byte {
	i8, i32 := entry(typeInteger, 8<<2), entry(typeInteger, 32<<2)
	var out [][]byte
	for _, s := range []struct {
		producer     string
		strs         []string
		attrs, types [][]byte
	}{
		{"MLIR22.1.8", nil, [][]byte{entry(attrInteger, 0, int64(-7))}, [][]byte{i32}},
		{"MLIR22.1.8", nil, [][]byte{entry(attrInteger, 0, 2, int64(-1), int64(3))}, [][]byte{entry(typeInteger, 128<<2)}},
		{"MLIR22.1.8", []string{"a", "b"}, [][]byte{entry(attrDenseStrings, 1, 0, 1, 2)}, [][]byte{i8, entry(typeRankedTensor, 1, int64(2), 0)}},
		{"MLIR16.0.6", nil, nil, [][]byte{i8, entry(typeVectorScal, 1, 2, int64(2), int64(4), 0)}},
		{"MLIR19.1.7", nil, nil, [][]byte{i8, entry(typeVectorScal, 2, []byte{1, 0}, 2, int64(2), int64(4), 0)}},
		{"MLIR22.1.8", []string{"f.c"}, [][]byte{entry(2, 1), entry(22, 0, 3, 1, 2, 9)}, nil},
		{"StableHLO_v1.1.0", nil, [][]byte{entry(7), entry(attrDistinct, 0), entry(attrArray, 2, 0, 1)}, nil},
	} {
		out = append(out, hostileFile(s.producer, s.strs, s.attrs, s.types))
	}
	return out
}

// TestBuiltinSeeds: the hand-built seeds are valid, so the fuzzer starts
// from files that reach the codecs' success paths.
func TestBuiltinSeeds(t *testing.T) {
	for i, seed := range builtinSeeds() {
		f, dec, ctx, err := decodeEntries(t, "seed", seed)
		if err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
		num := dec.Numbering()
		for j := range f.Attrs.Len() {
			a, _ := dec.Attribute(uint64(j))
			if a.Dialect() != "builtin" || a.Kind() == "EncodedAttr" {
				t.Errorf("seed %d attribute %d: %s %s", i, j, a.Dialect(), a.Kind())
			}
			if _, _, err := bytecode.EncodeAttribute(ctx, nil, num, f.Target(), a); err != nil {
				t.Errorf("seed %d attribute %d: %v", i, j, err)
			}
		}
		for j := range f.Types.Len() {
			ty, _ := dec.Type(uint64(j))
			if _, _, err := bytecode.EncodeType(ctx, nil, num, f.Target(), ty); err != nil {
				t.Errorf("seed %d type %d: %v", i, j, err)
			}
		}
	}
}

// FuzzBuiltinEntries is FuzzDecodeBuiltin with the file structure fixed:
// the fuzzer writes two attribute and two type entries, which follow
// valid entries they can refer to (types i8, i32, f32, tensor<2xi8>,
// index; attributes "a", unit, loc(unknown); strings "a", "b", "f.c"), so
// nearly every input reaches the builtin codecs. rel picks the producer.
func FuzzBuiltinEntries(f *testing.F) {
	f.Add(uint8(2), entry(attrInteger, 1, int64(5)), entry(attrDenseStrings, 3, 0, 1, 2), entry(19, 1, int64(4), 0), entry(typeInteger, 8<<2))
	f.Add(uint8(0), entry(attrArray, 2, 0, 1), entry(22, 0, 3, 1, 2, 9), entry(typeVectorScal, 1, 2, int64(2), int64(4), 0), entry(2, 1, 0, 1, 2))
	f.Add(uint8(1), entry(attrDistinct, 0), entry(1, 1, 0, 1), entry(typeVectorScal, 2, []byte{1, 0}, 2, int64(2), int64(4), 0), entry(10, 1, int64(3), 2, 1))
	f.Add(uint8(3), entry(18, 3, 2, []byte{1, 2}), entry(17, 0, int64(2), 2, []byte{3, 4}), entry(13, 2, int64(-1<<63), int64(2), 0), entry(9, 2))
	producers := []string{"MLIR16.0.6", "MLIR19.1.7", "MLIR22.1.8", "StableHLO_v1.1.0"}
	fixedTypes := [][]byte{entry(typeInteger, 8<<2), entry(typeInteger, 32<<2), entry(5), entry(typeRankedTensor, 1, int64(2), 0), entry(1)}
	fixedAttrs := [][]byte{entry(2, 1), entry(7), entry(15)}
	f.Fuzz(func(t *testing.T, rel uint8, a0, a1, t0, t1 []byte) {
		attrs := append(append([][]byte{}, fixedAttrs...), a0, a1)
		types := append(append([][]byte{}, fixedTypes...), t0, t1)
		data := hostileFile(producers[int(rel)%len(producers)], []string{"a", "b", "f.c"}, attrs, types)
		file, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatalf("the built file does not parse: %v", err)
		}
		ctx := ir.NewContext(builtin.Dialect)
		dec := bytecode.NewDecoder(ctx, file, ir.Limits{})
		for i := range file.Attrs.Len() {
			if _, err := dec.Attribute(uint64(i)); err != nil {
				if i < len(fixedAttrs) {
					t.Fatalf("fixed attribute %d: %v", i, err)
				}
				checkErrorIn(t, "decoding", err, len(data))
			}
		}
		for i := range file.Types.Len() {
			if _, err := dec.Type(uint64(i)); err != nil {
				if i < len(fixedTypes) {
					t.Fatalf("fixed type %d: %v", i, err)
				}
				checkErrorIn(t, "decoding", err, len(data))
			}
		}
		num := dec.Numbering()
		for i := range file.Attrs.Len() {
			if a, err := dec.Attribute(uint64(i)); err == nil {
				_, _, err := bytecode.EncodeAttribute(ctx, nil, num, file.Target(), a)
				var ve *wire.VersionError
				if err != nil && !errors.As(err, &ve) {
					t.Fatalf("attribute %d: re-encoding: %v", i, err)
				}
			}
		}
		for i := range file.Types.Len() {
			if ty, err := dec.Type(uint64(i)); err == nil {
				_, _, err := bytecode.EncodeType(ctx, nil, num, file.Target(), ty)
				var ve *wire.VersionError
				if err != nil && !errors.As(err, &ve) {
					t.Fatalf("type %d: re-encoding: %v", i, err)
				}
			}
		}
	})
}
