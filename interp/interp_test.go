package interp

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestCompare orders integers of both signednesses as Go orders their
// values (the generated code compares within one type; predicates mix a
// parameter with an untyped literal).
func TestCompare(t *testing.T) {
	for _, c := range []struct {
		a, b any
		want int
	}{
		{int64(-1), uint64(0), -1},
		{uint64(math.MaxUint64), int64(math.MaxInt64), 1},
		{int64(math.MinInt64), int64(-1), -1},
		{int64(-5), int64(-5), 0},
		{uint64(7), int64(7), 0},
		{"a", "b", -1},
	} {
		got, err := compare(c.a, c.b)
		if err != nil || got != c.want {
			t.Errorf("compare(%v, %v) = %d, %v, want %d", c.a, c.b, got, err, c.want)
		}
	}
	if _, err := compare(true, int64(1)); err == nil {
		t.Error("compare(bool, int) is not an error")
	}
	if !equal(isNil{}, []any(nil)) || equal([]any{}, isNil{}) || !equal(nil, isNil{}) {
		t.Error("nil compares as Go's nil: a nil list or handle, not an empty list")
	}
}

const tiny = `
dialect: tiny
enums:
  - name: Mode
    values: [{name: Off, value: 0}, {name: On, value: 1}]
attributes:
  - name: PairAttr
    params:
      - {name: a, type: uint32}
      - {name: mode, type: Mode}
    bytecode:
      - {code: 0, when: "mode == On && a > 3", fields: [{packed: [a, {param: mode, bits: 1}]}]}
      - {code: 1, since: llvm 20, fields: [a, mode]}
`

func tinyDialect(t *testing.T) *Dialect {
	d, err := defs.Load("tiny.yaml", []byte(tiny))
	if err != nil {
		t.Fatal(err)
	}
	in, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// varints is MLIR's varint encoding of each value.
func varints(vs ...uint64) []byte {
	var b []byte
	for _, v := range vs {
		b = wire.AppendVarInt(b, v)
	}
	return b
}

func readEntry(in *Dialect, ctx *ir.Context, data []byte, release int) (ir.Attribute, error) {
	r := bytecode.NewEntryReader(ctx, wire.NewReader(data, 100, "AttrType"), nil, bytecode.Target{Version: 6, Release: release})
	return in.ReadAttribute(r)
}

// TestEntryErrors: bad entries are errors at their byte offset, naming
// what was expected, as the generated codecs say it.
func TestEntryErrors(t *testing.T) {
	in := tinyDialect(t)
	ctx := ir.NewContext(in)
	for _, c := range []struct {
		data    []byte
		release int
		want    string
	}{
		{varints(9), 0, "offset 0x64 (AttrType section): expected a known tiny attribute code: invalid encoding: unknown code 9"},
		{varints(1, 4, 1), 19, "expected a tiny attribute code its producer writes"},
		{varints(1, 4, 2), 0, "offset 0x66 (AttrType section): expected a Mode value for a value"},
		{varints(1, 1<<32, 0), 0, "offset 0x65 (AttrType section): expected a value in 32 bits"},
		{varints(0, 1<<33|1), 0, "offset 0x65 (AttrType section): expected a of PairAttr in 32 bits"},
		{varints(1, 4), 0, "offset 0x66 (AttrType section): expected a varint"},
	} {
		_, err := readEntry(in, ctx, c.data, c.release)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("% x: got %v, want %q", c.data, err, c.want)
		}
	}
	var ve *wire.VersionError
	if _, err := readEntry(in, ctx, varints(1, 4, 1), 19); !errors.As(err, &ve) || ve.Needs != "LLVM 20 or newer" {
		t.Errorf("code 1 at llvm 19: got %v, want a version error needing LLVM 20 or newer", err)
	}
}

// TestWrite: the first variant whose predicate holds and that exists at
// the target is written; none at the target is a version error.
func TestWrite(t *testing.T) {
	in := tinyDialect(t)
	ctx := ir.NewContext(in)
	packed, err := readEntry(in, ctx, varints(0, 9), 0) // a = 4, mode = On
	if err != nil {
		t.Fatal(err)
	}
	plain, err := readEntry(in, ctx, varints(1, 2, 1), 0) // a = 2, mode = On
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := readEntry(in, ctx, varints(1, 4, 1), 0); again != packed {
		t.Error("equal parameters are not the same value")
	}
	if s := packed.(*Attr).String(); s != "#tiny.PairAttr<a = 4, mode = on>" {
		t.Errorf("String() = %q", s)
	}
	for _, c := range []struct {
		a       ir.Attribute
		release int
		want    []byte
		err     string
	}{
		{packed, 19, varints(0, 9), ""},
		{plain, 0, varints(1, 2, 1), ""},
		{plain, 19, nil, "tiny PairAttr needs LLVM 20 or newer (code 1)"},
	} {
		w := bytecode.NewEntryWriter(nil, nil, bytecode.Target{Version: 6, Release: c.release})
		ok, err := in.WriteAttribute(w, c.a)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v at llvm %d: got %v, want %q", c.a, c.release, err, c.err)
			}
		case err != nil || !ok || string(w.Bytes()) != string(c.want):
			t.Errorf("%v at llvm %d: wrote % x (%v, %v), want % x", c.a, c.release, w.Bytes(), ok, err, c.want)
		}
	}
}

// TestAvailability: a definition that only some releases have is refused
// where the target lacks it, as the generated AttributeAvailable does
// (since/until: llvm N, release 0 the newest).
func TestAvailability(t *testing.T) {
	d, err := defs.Load("tiny.yaml", []byte(strings.Replace(tiny, "  - name: PairAttr\n", "  - name: PairAttr\n    until: llvm 19\n", 1)))
	if err != nil {
		t.Fatal(err)
	}
	in, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(in)
	a, err := readEntry(in, ctx, varints(0, 9), 0)
	if err != nil {
		t.Fatal(err)
	}
	for release, ok := range map[int]bool{16: true, 19: true, 22: false, 0: false} {
		err := in.AttributeAvailable(bytecode.Target{Version: 6, Release: release}, a)
		var ve *wire.VersionError
		if ok != (err == nil) || !ok && (!errors.As(err, &ve) || ve.What != "tiny PairAttr" || ve.Needs != "LLVM 19 or older") {
			t.Errorf("at llvm %d: %v, want available %v", release, err, ok)
		}
	}
}
