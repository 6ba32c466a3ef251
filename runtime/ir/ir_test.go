package ir_test

import (
	"math/big"
	"slices"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// pairAttr is a hand-written attribute in the shape generated code has.
type pairAttr struct {
	ir.Base
	a string
	b int64
}

func (*pairAttr) Dialect() string { return "test" }
func (*pairAttr) Kind() string    { return "PairAttr" }

func getPair(ctx *ir.Context, a string, b int64) *pairAttr {
	k := ir.NewKey("test", "PairAttr").String(a).Int(b)
	if v, ok := ir.LookupAttr[*pairAttr](ctx, k); ok {
		return v
	}
	return ir.InsertAttr(ctx, k, &pairAttr{a: a, b: b})
}

func TestUniquing(t *testing.T) {
	ctx := ir.NewContext()
	x, y := getPair(ctx, "x", 1), getPair(ctx, "x", 1)
	if x != y {
		t.Fatal("equal parameters gave two handles")
	}
	if getPair(ctx, "x", 2) == x || getPair(ctx, "y", 1) == x {
		t.Fatal("different parameters gave the same handle")
	}
	// Keys are unambiguous: ("ab", …) and ("a", …) with shifted bytes differ.
	if getPair(ctx, "ab", 0) == getPair(ctx, "a", 0) {
		t.Fatal("key collision")
	}
	if x.ID() == 0 || x.Context() != ctx {
		t.Fatalf("identity not set: id %d", x.ID())
	}
	other := ir.NewContext()
	if getPair(other, "x", 1) == x {
		t.Fatal("contexts share values")
	}
	if n := ctx.NumAttributes(); n != 5 {
		t.Fatalf("NumAttributes = %d, want 5", n)
	}
}

func TestUniquingConcurrent(t *testing.T) {
	ctx := ir.NewContext()
	var wg sync.WaitGroup
	got := make([]*pairAttr, 16)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = getPair(ctx, "same", 7) }()
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] {
			t.Fatal("concurrent constructors returned different handles")
		}
	}
}

// testDialect is a dialect that is only a name, and which registration
// it came from.
type testDialect struct {
	name string
	gen  int
}

func (d testDialect) Name() string { return d.name }

// TestDialectsConcurrent: dialects registered while others are looked up
// on other goroutines are all found afterwards, a dialect registered again
// replaces the first, and Dialects lists the names sorted.
func TestDialectsConcurrent(t *testing.T) {
	ctx := ir.NewContext(testDialect{"builtin", 0})
	names := []string{"d7", "d3", "d9", "d1", "d5", "d0", "d8", "d2", "d6", "d4"}
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Go(func() { ctx.Register(testDialect{n, 1}) })
		wg.Go(func() {
			if d := ctx.Dialect("builtin"); d == nil || d.Name() != "builtin" {
				t.Errorf("builtin looked up while %s was registered: %v", n, d)
			}
			ctx.Dialect(n) // found or not yet: either is right here
		})
	}
	wg.Wait()
	ctx.Register(testDialect{"d3", 2})
	for _, n := range names {
		want := 1
		if n == "d3" {
			want = 2
		}
		if d, ok := ctx.Dialect(n).(testDialect); !ok || d.gen != want {
			t.Errorf("dialect %s: %v, want the registration %d", n, ctx.Dialect(n), want)
		}
	}
	got := ctx.Dialects()
	want := []string{"builtin", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9"}
	if !slices.Equal(got, want) {
		t.Errorf("Dialects() = %v, want %v", got, want)
	}
}

func TestDistinct(t *testing.T) {
	ctx := ir.NewContext()
	a := ir.NewDistinctAttr(ctx, &pairAttr{a: "d"})
	b := ir.NewDistinctAttr(ctx, &pairAttr{a: "d"})
	if a == b || a.ID() == b.ID() {
		t.Fatal("distinct attributes share an identity")
	}
}

func TestTextAndEncoded(t *testing.T) {
	ctx := ir.NewContext()
	if ir.GetTextAttr(ctx, "foo", "#foo.x") != ir.GetTextAttr(ctx, "foo", "#foo.x") {
		t.Fatal("text attributes not uniqued")
	}
	if ir.GetTextAttr(ctx, "foo", "#foo.x") == ir.GetTextAttr(ctx, "bar", "#foo.x") {
		t.Fatal("text attributes of different dialects merged")
	}
	e := ir.GetEncodedType(ctx, "foo", []byte{1, 2})
	if string(e.Payload()) != "\x01\x02" || e.Dialect() != "foo" {
		t.Fatalf("encoded type: %q %s", e.Payload(), e.Dialect())
	}
}

func TestAPInt(t *testing.T) {
	cases := []struct {
		width  uint32
		v      int64
		u64    uint64
		i64    int64
		neg    bool
		active int
	}{
		{1, 1, 1, -1, true, 1},
		{1, 0, 0, 0, false, 1},
		{8, -1, 0xff, -1, true, 1},
		{17, -2, 0x1fffe, -2, true, 1},
		{64, -1, ^uint64(0), -1, true, 1},
		{65, -1, ^uint64(0), -1, true, 2},
		{128, 5, 5, 5, false, 1},
		{200, -1, ^uint64(0), -1, true, 4},
		{0, 5, 0, 0, false, 1},
	}
	for _, c := range cases {
		v := ir.APIntFromInt64(c.width, c.v)
		if v.Uint64() != c.u64 || v.Int64() != c.i64 || v.Negative() != c.neg || v.ActiveWords() != c.active {
			t.Errorf("i%d %d: got u64 %#x i64 %d neg %v active %d", c.width, c.v, v.Uint64(), v.Int64(), v.Negative(), v.ActiveWords())
		}
	}
	big200, _ := new(big.Int).SetString("-12345678901234567890123456789", 10)
	v := ir.APIntFromBig(200, big200)
	if v.Big(true).Cmp(big200) != 0 {
		t.Errorf("round trip through big.Int: %s", v.Big(true))
	}
	if !v.Equal(ir.NewAPInt(200, v.Words())) || v.Equal(ir.APIntFromBig(201, big200)) {
		t.Error("Equal ignores width or words")
	}
	// Bits above the width are dropped, so equal values compare equal.
	if !ir.NewAPInt(4, []uint64{0xf3}).Equal(ir.APIntFromUint64(4, 3)) {
		t.Error("high bits kept")
	}
}

func TestSegment(t *testing.T) {
	vals := make([]*ir.Value, 6)
	for i := range vals {
		vals[i] = &ir.Value{}
		vals[i].SetResultOf(nil, i)
	}
	sizes := []int32{1, 3, 0, 2}
	want := [][]int{{0}, {1, 2, 3}, {}, {4, 5}}
	for g, w := range want {
		got := ir.Segment(vals, sizes, g)
		if len(got) != len(w) {
			t.Fatalf("group %d: %d values, want %d", g, len(got), len(w))
		}
		for i := range w {
			if got[i].Index() != w[i] {
				t.Fatalf("group %d: value %d is %d", g, i, got[i].Index())
			}
		}
	}
	if ir.Segment(vals, sizes, 4) != nil || ir.Segment(vals, []int32{7}, 0) != nil || ir.Segment(vals, []int32{-1}, 0) != nil {
		t.Fatal("out-of-range segments must be nil")
	}
}

func TestOperationBuilding(t *testing.T) {
	ctx := ir.NewContext()
	loc := (ir.Location)(nil)
	top := ir.NewOperation(ir.ParseOpName("test.top"), loc, nil)
	body := top.AddRegion().AddBlock()
	b := ir.NewBuilder(ctx, body)
	arg := body.AddArg(nil, nil)
	op := b.Insert(ir.NewOperation(ir.ParseOpName("test.op"), loc, []ir.Type{nil, nil}))
	op.SetOperands(append(op.Operands(), arg))
	op.SetAttr("b", getPair(ctx, "b", 0))
	op.SetAttr("a", getPair(ctx, "a", 0))
	op.SetAttr("c", getPair(ctx, "c", 0))
	op.SetAttr("b", getPair(ctx, "b2", 0))
	if names := [3]string{op.Attrs()[0].Name, op.Attrs()[1].Name, op.Attrs()[2].Name}; names != [3]string{"a", "b", "c"} {
		t.Fatalf("attributes not sorted: %v", names)
	}
	if op.Attr("b").(*pairAttr).a != "b2" || op.Attr("zz") != nil {
		t.Fatal("SetAttr did not replace, or Attr found a missing name")
	}
	if op.NumResults() != 2 || op.Result(1).Op() != op || op.Result(1).Index() != 1 || op.Parent() != body {
		t.Fatal("results or parent not linked")
	}
	n := 0
	top.Walk(func(*ir.Operation) bool { n++; return true })
	if n != 2 {
		t.Fatalf("walk visited %d ops, want 2", n)
	}
	if got := ir.ParseOpName("legacy"); got.Dialect != "legacy" || got.Op != "" || got.String() != "legacy" {
		t.Fatalf("ParseOpName(legacy) = %+v", got)
	}
}
