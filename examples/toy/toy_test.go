package toy_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"example.com/toy"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// tables numbers attributes, types and strings for encoding
// (bytecode.Numbering) and resolves the same numbers for decoding
// (bytecode.Tables), standing in for a file's attribute/type tables.
type tables struct {
	attrs     []ir.Attribute
	attrIndex map[ir.Attribute]uint64
	types     []ir.Type
	typeIndex map[ir.Type]uint64
	strs      []string
	strIndex  map[string]uint64
}

func newTables() *tables {
	return &tables{attrIndex: map[ir.Attribute]uint64{}, typeIndex: map[ir.Type]uint64{}, strIndex: map[string]uint64{}}
}

// addAttr and addType put a value in the table (once) and return its index.
func (t *tables) addAttr(a ir.Attribute) uint64 {
	if i, ok := t.attrIndex[a]; ok {
		return i
	}
	t.attrIndex[a] = uint64(len(t.attrs))
	t.attrs = append(t.attrs, a)
	return t.attrIndex[a]
}

func (t *tables) addType(ty ir.Type) uint64 {
	if i, ok := t.typeIndex[ty]; ok {
		return i
	}
	t.typeIndex[ty] = uint64(len(t.types))
	t.types = append(t.types, ty)
	return t.typeIndex[ty]
}

// bytecode.Numbering

func (t *tables) AttributeIndex(a ir.Attribute) (uint64, error) {
	if i, ok := t.attrIndex[a]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("attribute %s %s is not numbered", a.Dialect(), a.Kind())
}

func (t *tables) TypeIndex(ty ir.Type) (uint64, error) {
	if i, ok := t.typeIndex[ty]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("type %s %s is not numbered", ty.Dialect(), ty.Kind())
}

func (t *tables) StringIndex(s string) uint64 {
	if i, ok := t.strIndex[s]; ok {
		return i
	}
	t.strIndex[s] = uint64(len(t.strs))
	t.strs = append(t.strs, s)
	return t.strIndex[s]
}

func (t *tables) ResourceIndex(h ir.ResourceHandle) (uint64, error) {
	return 0, fmt.Errorf("resource %s.%s is not numbered", h.Dialect, h.Key)
}

// bytecode.Tables

func (t *tables) Attribute(i uint64) (ir.Attribute, error) {
	if i >= uint64(len(t.attrs)) {
		return nil, fmt.Errorf("%w: attribute index %d of %d", wire.ErrInvalid, i, len(t.attrs))
	}
	return t.attrs[i], nil
}

func (t *tables) Type(i uint64) (ir.Type, error) {
	if i >= uint64(len(t.types)) {
		return nil, fmt.Errorf("%w: type index %d of %d", wire.ErrInvalid, i, len(t.types))
	}
	return t.types[i], nil
}

func (t *tables) String(i uint64) (string, error) {
	if i >= uint64(len(t.strs)) {
		return "", fmt.Errorf("%w: string index %d of %d", wire.ErrInvalid, i, len(t.strs))
	}
	return t.strs[i], nil
}

func (t *tables) Resource(i uint64) (ir.ResourceHandle, error) {
	return ir.ResourceHandle{}, fmt.Errorf("%w: resource index %d", wire.ErrInvalid, i)
}

var (
	_ bytecode.Numbering = (*tables)(nil)
	_ bytecode.Tables    = (*tables)(nil)
)

// target is any bytecode version; toy's encodings are not version-gated.
var target = bytecode.Target{Version: 6}

// reader returns an entry reader over data.
func reader(ctx *ir.Context, tb *tables, data []byte) *bytecode.EntryReader {
	return bytecode.NewEntryReader(ctx, wire.NewReader(data, 0, "toy entry"), tb, target)
}

// fixture is a context with both dialects and a table holding the builtin
// values the toy values refer to.
type fixture struct {
	ctx       *ir.Context
	tb        *tables
	f32, i8   ir.Type
	unit      ir.Attribute
	mainLabel *builtin.StringAttr
}

func newFixture() *fixture {
	ctx := ir.NewContext(builtin.Dialect, toy.Dialect)
	fx := &fixture{
		ctx:       ctx,
		tb:        newTables(),
		f32:       builtin.GetFloat32Type(ctx),
		i8:        builtin.GetIntegerType(ctx, 8, builtin.SignednessSignless),
		unit:      builtin.GetUnitAttr(ctx),
		mainLabel: builtin.GetStringAttr(ctx, "main", nil),
	}
	fx.tb.addType(fx.f32)       // type 0
	fx.tb.addType(fx.i8)        // type 1
	fx.tb.addAttr(fx.unit)      // attribute 0
	fx.tb.addAttr(fx.mainLabel) // attribute 1
	return fx
}

func TestUniquing(t *testing.T) {
	fx := newFixture()
	ctx := fx.ctx

	m := toy.GetMatrixType(ctx, 2, 3, fx.f32)
	if toy.GetMatrixType(ctx, 2, 3, builtin.GetFloat32Type(ctx)) != m {
		t.Error("equal MatrixType params gave different pointers")
	}
	for _, other := range []*toy.MatrixType{
		toy.GetMatrixType(ctx, 3, 2, fx.f32),
		toy.GetMatrixType(ctx, 2, 3, fx.i8),
		toy.GetMatrixType(ctx, 2, 4, fx.f32),
	} {
		if other == m {
			t.Errorf("MatrixType<%dx%dx%s> is the same pointer as MatrixType<2x3xf32>", other.Rows(), other.Cols(), other.ElementType().Kind())
		}
	}
	if m.Rows() != 2 || m.Cols() != 3 || m.ElementType() != fx.f32 {
		t.Errorf("MatrixType accessors: got %d x %d x %v", m.Rows(), m.Cols(), m.ElementType())
	}
	if m.Dialect() != "toy" || m.Kind() != "MatrixType" {
		t.Errorf("MatrixType names: %s %s", m.Dialect(), m.Kind())
	}

	sizes := []int64{32, 64}
	a := toy.GetTileAttr(ctx, sizes, toy.OrderColMajor, 3, -1, 4, nil)
	sizes[0] = 99 // the constructor copied the list
	if got := a.Sizes(); len(got) != 2 || got[0] != 32 || got[1] != 64 {
		t.Errorf("TileAttr.Sizes() = %v after the caller changed its slice", got)
	}
	if toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, nil) != a {
		t.Error("equal TileAttr params gave different pointers")
	}
	labeled := toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, fx.mainLabel)
	if toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, builtin.GetStringAttr(ctx, "main", nil)) != labeled {
		t.Error("equal labeled TileAttr params gave different pointers")
	}
	for i, other := range []*toy.TileAttr{
		labeled,
		toy.GetTileAttr(ctx, []int64{64, 32}, toy.OrderColMajor, 3, -1, 4, nil),
		toy.GetTileAttr(ctx, []int64{32, 64, 1}, toy.OrderColMajor, 3, -1, 4, nil),
		toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderRowMajor, 3, -1, 4, nil),
		toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 2, -1, 4, nil),
		toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, 0, 4, nil),
		toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 5, nil),
		toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, fx.unit),
	} {
		if other == a {
			t.Errorf("variant %d of the TileAttr is the same pointer", i)
		}
	}
	if labeled.Label() != fx.mainLabel || a.Label() != nil {
		t.Errorf("TileAttr.Label(): got %v and %v", labeled.Label(), a.Label())
	}
	if a.Order() != toy.OrderColMajor || a.Buffers() != 3 || a.First() != -1 || a.Last() != 4 {
		t.Errorf("TileAttr accessors: order %v, buffers %d, range %d..%d", a.Order(), a.Buffers(), a.First(), a.Last())
	}
	if toy.OrderColMajor.String() != "col_major" || toy.Order(7).Valid() || toy.Order(7).String() != "Order(7)" {
		t.Errorf("Order: %q, Valid(7)=%v, %q", toy.OrderColMajor.String(), toy.Order(7).Valid(), toy.Order(7).String())
	}
}

// entry is a value with, optionally, its exact encoding.
type entry struct {
	name string
	v    any // ir.Attribute or ir.Type
	want []byte
}

// entries are the toy values the codec tests encode. The expected bytes
// are worked out by hand from the format: PrefixVarInt writes n < 128 as
// (n<<1)|1 and n < 2^14 as the two little-endian bytes of (n<<2)|0b10;
// signed values are zigzagged first (0→0, -1→1, 1→2, n→2n); list lengths,
// codes and table indices are plain varints.
func (fx *fixture) entries() []entry {
	ctx := fx.ctx
	return []entry{
		{
			name: "matrix<2x3xf32>",
			v:    toy.GetMatrixType(ctx, 2, 3, fx.f32),
			want: []byte{
				0x01, // code 0
				0x09, // rows 2: zigzag 4 → (4<<1)|1
				0x0d, // cols 3: zigzag 6 → (6<<1)|1
				0x01, // elementType: type index 0 (f32)
			},
		},
		{
			name: "matrix<100x200xi8>",
			v:    toy.GetMatrixType(ctx, 100, 200, fx.i8),
			want: []byte{
				0x01,       // code 0
				0x22, 0x03, // rows 100: zigzag 200 ≥ 128 → (200<<2)|2 = 0x0322, little-endian
				0x42, 0x06, // cols 200: zigzag 400 → (400<<2)|2 = 0x0642
				0x03, // elementType: type index 1 (i8)
			},
		},
		{
			name: "tile without label (code 0)",
			v:    toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, nil),
			want: []byte{
				0x01,       // code 0: the predicate "label == nil" holds
				0x05,       // sizes: 2 elements
				0x81,       // 32: zigzag 64 → (64<<1)|1
				0x02, 0x02, // 64: zigzag 128 → (128<<2)|2 = 0x0202
				0x0f, // packed: buffers 3, order ColMajor (1) in the low bit: (3<<1)|1 = 7
				0x03, // custom TileRange: first -1, zigzag 1
				0x0b, //   then last-first = 5
			},
		},
		{
			name: "tile with label (code 1)",
			v:    toy.GetTileAttr(ctx, []int64{32, 64}, toy.OrderColMajor, 3, -1, 4, fx.mainLabel),
			want: []byte{
				0x03,                   // code 1
				0x05, 0x81, 0x02, 0x02, // sizes, as above
				0x0f,       // packed buffers/order
				0x03, 0x0b, // range
				0x03, // label: attribute index 1
			},
		},
		{
			name: "empty tile",
			v:    toy.GetTileAttr(ctx, nil, toy.OrderRowMajor, 0, 0, 0, nil),
			want: []byte{0x01, 0x01, 0x01, 0x01, 0x01}, // code 0, no sizes, packed 0, first 0, count 0
		},
		{
			name: "tile with a large range and unit label",
			v:    toy.GetTileAttr(ctx, []int64{-1, 1 << 40}, toy.OrderRowMajor, 1<<20, -1<<62, 1<<62, fx.unit),
		},
		{
			name: "matrix with 9-byte dimensions",
			v:    toy.GetMatrixType(ctx, -1, 1<<62, fx.f32),
		},
	}
}

// encode encodes an entry's value through the registered dialect.
func (fx *fixture) encode(t testing.TB, e entry) []byte {
	t.Helper()
	var got []byte
	var custom bool
	var err error
	switch v := e.v.(type) {
	case ir.Attribute:
		got, custom, err = bytecode.EncodeAttribute(fx.ctx, nil, fx.tb, target, v)
	case ir.Type:
		got, custom, err = bytecode.EncodeType(fx.ctx, nil, fx.tb, target, v)
	}
	if err != nil {
		t.Fatalf("%s: encode: %v", e.name, err)
	}
	if !custom {
		t.Fatalf("%s: encoded as text %q, want the custom encoding", e.name, got)
	}
	return got
}

// decode reads data back through the generated ReadAttribute/ReadType and
// requires that the whole entry is consumed.
func (fx *fixture) decode(v any, data []byte) (any, error) {
	r := reader(fx.ctx, fx.tb, data)
	var got any
	var err error
	switch v.(type) {
	case ir.Attribute:
		got, err = toy.Dialect.ReadAttribute(r)
	case ir.Type:
		got, err = toy.Dialect.ReadType(r)
	}
	if err != nil {
		return nil, err
	}
	if !r.Empty() {
		return nil, fmt.Errorf("%d trailing bytes", r.Len())
	}
	return got, nil
}

func TestRoundTrip(t *testing.T) {
	fx := newFixture()
	for _, e := range fx.entries() {
		t.Run(e.name, func(t *testing.T) {
			data := fx.encode(t, e)
			if e.want != nil && !bytes.Equal(data, e.want) {
				t.Errorf("encoded\n got  % x\n want % x", data, e.want)
			}
			got, err := fx.decode(e.v, data)
			if err != nil {
				t.Fatalf("decode % x: %v", data, err)
			}
			if got != e.v {
				t.Errorf("decoded %v, want the identical handle %p", got, e.v)
			}
		})
	}
}

// TestVariants checks that the predicate picks code 0 exactly when the
// label is absent and that reading dispatches on either code.
func TestVariants(t *testing.T) {
	fx := newFixture()
	for _, label := range []ir.Attribute{nil, fx.unit, fx.mainLabel} {
		a := toy.GetTileAttr(fx.ctx, []int64{8}, toy.OrderRowMajor, 2, 5, 5, label)
		data := fx.encode(t, entry{name: "tile", v: a})
		wantCode := byte(0x03) // code 1
		if label == nil {
			wantCode = 0x01 // code 0
		}
		if data[0] != wantCode {
			t.Errorf("label %v: code byte %#x, want %#x", label, data[0], wantCode)
		}
		got, err := fx.decode(a, data)
		if err != nil || got != a {
			t.Errorf("label %v: decoded %v, %v", label, got, err)
		}
		if ta, _ := got.(*toy.TileAttr); ta != nil && ta.Label() != label {
			t.Errorf("decoded label %v, want %v", ta.Label(), label)
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	fx := newFixture()
	// The hand-written TileRange writer rejects a reversed range.
	reversed := toy.GetTileAttr(fx.ctx, nil, toy.OrderRowMajor, 0, 4, 3, nil)
	if _, _, err := bytecode.EncodeAttribute(fx.ctx, nil, fx.tb, target, reversed); err == nil {
		t.Error("a reversed tile range encoded without error")
	}
	// A label the numbering does not know cannot be written.
	stray := toy.GetTileAttr(fx.ctx, nil, toy.OrderRowMajor, 0, 0, 0, builtin.GetStringAttr(fx.ctx, "stray", nil))
	if _, _, err := bytecode.EncodeAttribute(fx.ctx, nil, fx.tb, target, stray); err == nil {
		t.Error("a TileAttr with an unnumbered label encoded without error")
	}
	// Nor an element type.
	m := toy.GetMatrixType(fx.ctx, 1, 1, builtin.GetIndexType(fx.ctx))
	if _, _, err := bytecode.EncodeType(fx.ctx, nil, fx.tb, target, m); err == nil {
		t.Error("a MatrixType with an unnumbered element type encoded without error")
	}
}

func TestDecodeErrors(t *testing.T) {
	fx := newFixture()
	for _, c := range []struct {
		name string
		v    any
		data []byte
	}{
		{"unknown attribute code", (*toy.TileAttr)(nil), []byte{0x05}},
		{"unknown type code", (*toy.MatrixType)(nil), []byte{0x03, 0x01, 0x01, 0x01}},
		{"element type index out of range", (*toy.MatrixType)(nil), []byte{0x01, 0x01, 0x01, 0x05}},
		{"label index out of range", (*toy.TileAttr)(nil), []byte{0x03, 0x01, 0x01, 0x01, 0x01, 0x09}},
		{"sizes count beyond the entry", (*toy.TileAttr)(nil), []byte{0x01, 0x7f, 0x01, 0x01, 0x01, 0x01}},
		{"buffers beyond 32 bits", (*toy.TileAttr)(nil), []byte{0x01, 0x01, 0x00, 0, 0, 0, 0, 2, 0, 0, 0, 0x01, 0x01}},
		// first = MaxInt64 (zigzag 2^64-2), count 1: last overflows.
		{"range overflows", (*toy.TileAttr)(nil), []byte{0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x03}},
	} {
		_, err := fx.decode(c.v, c.data)
		var we *wire.Error
		if err == nil {
			t.Errorf("%s: % x decoded without error", c.name, c.data)
		} else if !errors.As(err, &we) {
			t.Errorf("%s: error %v is not a *wire.Error with an offset", c.name, err)
		}
	}
}

// TestTruncated cuts every encoded entry at every length: decoding must
// fail with an error and never panic.
func TestTruncated(t *testing.T) {
	fx := newFixture()
	for _, e := range fx.entries() {
		data := fx.encode(t, e)
		for n := range len(data) {
			cut := bytes.Clone(data[:n])
			err := decodeNoPanic(t, fx, e.v, cut)
			if err == nil {
				t.Errorf("%s: the first %d of %d bytes (% x) decoded without error", e.name, n, len(data), cut)
			}
		}
	}
}

func decodeNoPanic(t *testing.T, fx *fixture, v any, data []byte) (err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("decoding % x panicked: %v", data, p)
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	_, err = fx.decode(v, data)
	return err
}

// FuzzReadAttribute feeds arbitrary entries to the generated attribute
// reader (go test runs the seeds; go test -fuzz explores). Whatever decodes
// must encode again and decode to the same handle.
func FuzzReadAttribute(f *testing.F) {
	seed := newFixture()
	for _, e := range seed.entries() {
		if _, ok := e.v.(ir.Attribute); ok {
			f.Add(seed.encode(f, e))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fx := newFixture()
		v, err := fx.decode((*toy.TileAttr)(nil), data)
		if err != nil {
			return
		}
		again := fx.encode(t, entry{name: "fuzzed", v: v})
		w, err := fx.decode(v, again)
		if err != nil || w != v {
			t.Fatalf("% x decoded to %v, re-encoded as % x, which decodes to %v, %v", data, v, again, w, err)
		}
	})
}

// TestBuildIR builds a module with the generated op builders and reads it
// back through the generated wrappers.
func TestBuildIR(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect, toy.Dialect)
	loc := builtin.GetFileLineColLoc(ctx, "toy.mlir", 1, 1)
	f32 := builtin.GetFloat32Type(ctx)
	m := toy.GetMatrixType(ctx, 2, 2, f32)

	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, builtin.GetStringAttr(ctx, "toy", nil), nil)
	top := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	scope := toy.BuildScopeOp(top, loc, []ir.Type{m})

	body := ir.NewBuilder(ctx, scope.Body().Block(0))
	// A splat of 1.0: f32 0x3f800000, little-endian.
	ones := builtin.GetDenseIntOrFPElementsAttr(ctx, builtin.GetRankedTensorType(ctx, []int64{2, 2}, f32, nil), []byte{0, 0, 0x80, 0x3f})
	tile := toy.GetTileAttr(ctx, []int64{1, 2}, toy.OrderRowMajor, 2, 0, 1, builtin.GetStringAttr(ctx, "main", nil))
	c0 := toy.BuildConstantOp(body, loc, m, ones, tile)
	c1 := toy.BuildConstantOp(body, loc, m, ones, nil)
	sum := toy.BuildAddOp(body, loc, m, c0.Result(), c1.Result())
	yield := toy.BuildYieldOp(body, loc, []*ir.Value{sum.Result()})

	if got := module.BodyRegion().Block(0).Ops(); len(got) != 1 || got[0] != scope.Op() {
		t.Fatalf("module body holds %d ops, want the scope", len(got))
	}
	ops := scope.Body().Block(0).Ops()
	wantNames := []string{toy.ConstantOpName, toy.ConstantOpName, toy.AddOpName, toy.YieldOpName}
	if len(ops) != len(wantNames) {
		t.Fatalf("scope body holds %d ops, want %d", len(ops), len(wantNames))
	}
	for i, op := range ops {
		if op.Name().String() != wantNames[i] || !op.Name().Registered || op.Parent() != scope.Body().Block(0) || op.Loc() != loc {
			t.Errorf("op %d: %s (registered %v), parent %p, loc %v", i, op.Name(), op.Name().Registered, op.Parent(), op.Loc())
		}
	}

	// Wrappers.
	k0, ok := toy.AsConstantOp(ops[0])
	if !ok || k0 != c0 {
		t.Error("AsConstantOp(ops[0]) failed")
	}
	if _, ok := toy.AsAddOp(ops[0]); ok {
		t.Error("AsAddOp accepted a constant")
	}
	if _, ok := toy.AsYieldOp(nil); ok {
		t.Error("AsYieldOp accepted nil")
	}

	// Attributes: typed accessors give back exactly what was built.
	if c0.Value() != ones || c1.Value() != ones {
		t.Errorf("ConstantOp.Value: %v, %v", c0.Value(), c1.Value())
	}
	if c0.Tile() != tile || c1.Tile() != nil {
		t.Errorf("ConstantOp.Tile: %v, %v (want the tile, then nil)", c0.Tile(), c1.Tile())
	}
	if len(c1.Op().Attrs()) != 1 {
		t.Errorf("a constant without a tile has attributes %v, want only value", c1.Op().Attrs())
	}
	if a := c0.Op().Attrs(); len(a) != 2 || a[0].Name != "tile" || a[1].Name != "value" {
		t.Errorf("constant attributes %v, want tile and value sorted by name", a)
	}

	// Operands and results.
	if sum.Lhs() != c0.Result() || sum.Rhs() != c1.Result() {
		t.Error("AddOp operands are not the constants' results")
	}
	if sum.Result().Type() != m || sum.Result().Op() != sum.Op() || sum.Result().Index() != 0 {
		t.Errorf("AddOp result: %+v", sum.Result())
	}
	if v := yield.Values(); len(v) != 1 || v[0] != sum.Result() {
		t.Errorf("YieldOp.Values() = %v", v)
	}
	if r := scope.Results(); len(r) != 1 || r[0].Type() != m {
		t.Errorf("ScopeOp.Results() = %v", r)
	}
	if mt, ok := c0.Result().Type().(*toy.MatrixType); !ok || mt.ElementType() != f32 {
		t.Errorf("constant result type %v", c0.Result().Type())
	}
	if module.SymName() == nil || module.SymName().Value() != "toy" {
		t.Errorf("module sym_name %v", module.SymName())
	}

	// An empty yield and a scope without results are fine too.
	empty := toy.BuildScopeOp(top, loc, nil)
	toy.BuildYieldOp(ir.NewBuilder(ctx, empty.Body().Block(0)), loc, nil)
	if len(empty.Results()) != 0 || empty.Body().Block(0).NumOps() != 1 {
		t.Error("empty scope")
	}

	n := 0
	module.Op().Walk(func(*ir.Operation) bool { n++; return true })
	if n != 8 { // module, 2 scopes, 2 constants, add, 2 yields
		t.Errorf("walked %d ops, want 8", n)
	}
}

// TestPackedOutOfRange: a value whose packed part does not fit its bits
// (here an Order outside the enum, in a 1-bit part) must either fail to
// encode or come back as the same handle; it must never decode as a
// different attribute.
func TestPackedOutOfRange(t *testing.T) {
	fx := newFixture()
	a := toy.GetTileAttr(fx.ctx, nil, toy.Order(2), 1, 0, 0, nil)
	data, _, err := bytecode.EncodeAttribute(fx.ctx, nil, fx.tb, target, a)
	if err != nil {
		return // rejected: fine
	}
	if got, err := fx.decode(a, data); err == nil && got != ir.Attribute(a) {
		t.Errorf("TileAttr with Order(2) encoded as % x, which decodes to a different attribute %+v", data, got)
	}
}
