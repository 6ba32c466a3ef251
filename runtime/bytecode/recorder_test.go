package bytecode_test

import (
	"bytes"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// fixedRecorder hands out fixed indices and notes where they are written.
type fixedRecorder struct {
	index   uint64
	written [][3]int // start, end, flag
}

func (r *fixedRecorder) AttributeIndex(ir.Attribute) (uint64, error)     { return r.index, nil }
func (r *fixedRecorder) TypeIndex(ir.Type) (uint64, error)               { return r.index, nil }
func (r *fixedRecorder) StringIndex(string) uint64                       { return r.index }
func (r *fixedRecorder) ResourceIndex(ir.ResourceHandle) (uint64, error) { return r.index, nil }
func (r *fixedRecorder) Written(start, end int, flag bool) {
	f := 0
	if flag {
		f = 1
	}
	r.written = append(r.written, [3]int{start, end, f})
}

// TestRecorderLearnsWhereIndicesGo writes every kind of reference with
// literal bytes between them: the recorder must be told each index's
// place and form, so that replacing them gives what a writer with the
// final indices writes.
func TestRecorderLearnsWhereIndicesGo(t *testing.T) {
	ctx := ir.NewContext()
	a := ir.GetTextAttr(ctx, "test", "#test.a")
	ty := ir.GetTextType(ctx, "test", "!test.t")
	h := ir.ResourceHandle{Dialect: "test", Key: "blob"}
	write := func(num bytecode.Numbering) []byte {
		w := bytecode.NewEntryWriter([]byte{0xEE}, num, bytecode.Target{Version: 6})
		w.VarInt(300)
		w.Attribute(a)
		w.Byte(7)
		w.OptionalAttribute(a)
		w.OptionalAttribute(nil) // no index: a literal 0
		w.Type(ty)
		w.String("s")
		w.Resource(h)
		w.SignedVarInt(-5)
		if err := w.Err(); err != nil {
			t.Fatal(err)
		}
		return w.Bytes()
	}
	rec := &fixedRecorder{index: 0}
	tmpl := write(rec)
	if len(rec.written) != 5 {
		t.Fatalf("told of %d indices, want 5 (attribute, optional attribute, type, string, resource)", len(rec.written))
	}
	if rec.written[1][2] != 1 || rec.written[0][2] != 0 {
		t.Errorf("flags %v: only the optional attribute carries one", rec.written)
	}
	const final = 1000 // two bytes as a varint, three with the flag
	var replayed []byte
	prev := 0
	for _, wr := range rec.written {
		replayed = append(replayed, tmpl[prev:wr[0]]...)
		if wr[2] == 1 {
			replayed = wire.AppendVarIntWithFlag(replayed, final, true)
		} else {
			replayed = wire.AppendVarInt(replayed, final)
		}
		prev = wr[1]
	}
	replayed = append(replayed, tmpl[prev:]...)
	if want := write(&fixedRecorder{index: final}); !bytes.Equal(replayed, want) {
		t.Errorf("replayed % x\nwritten  % x", replayed, want)
	}
}

// TestEncoderMatchesEncodeAttribute: the Encoder, which caches codecs and
// writers, writes what the one-shot functions write, also for values
// nested in values.
func TestEncoderMatchesEncodeAttribute(t *testing.T) {
	ctx := all.NewContext()
	num := &fixedRecorder{index: 3}
	target := bytecode.Target{Version: 6}
	enc := bytecode.NewEncoder(ctx, num, target)
	file := builtin.GetStringAttr(ctx, "f.mlir", builtin.GetNoneType(ctx))
	loc := builtin.GetFileLineColRange(ctx, file, 3, 4, 3, 9, 3)
	i32 := builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless)
	for _, a := range []ir.Attribute{
		ir.GetTextAttr(ctx, "test", "#test.a"), file, loc,
		builtin.GetArrayAttr(ctx, []ir.Attribute{loc, file, builtin.GetTypeAttr(ctx, i32)}),
	} {
		want, wantCustom, err := bytecode.EncodeAttribute(ctx, []byte{1}, num, target, a)
		if err != nil {
			t.Fatal(err)
		}
		got, custom, err := enc.Attribute([]byte{1}, a)
		if err != nil || custom != wantCustom || !bytes.Equal(got, want) {
			t.Errorf("%v: Encoder gives % x (custom %v, %v), EncodeAttribute % x (custom %v)", a, got, custom, err, want, wantCustom)
		}
	}
	for _, ty := range []ir.Type{ir.GetTextType(ctx, "test", "!test.t"), i32, builtin.GetFunctionType(ctx, []ir.Type{i32}, nil)} {
		want, _, _ := bytecode.EncodeType(ctx, nil, num, target, ty)
		if got, _, err := enc.Type(nil, ty); err != nil || !bytes.Equal(got, want) {
			t.Errorf("type %v: Encoder gives % x (%v), EncodeType % x", ty, got, err, want)
		}
	}
}
