package ir_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The sizes are what a file of a million small ops costs per op. An op
// shares its name with the ops of that name and keeps its regions and
// successors with what few ops have; a value is one owner pointer, with a
// block argument's location behind another. (An op of 96 bytes, its lists
// as pointer and length, made the collector's concurrent mark costlier on
// one long block: see docs/performance.md.)
func TestLayoutSizes(t *testing.T) {
	for _, c := range []struct {
		what      string
		got, most uintptr
	}{
		{"ir.Operation", unsafe.Sizeof(ir.Operation{}), 88},
		{"ir.Value", unsafe.Sizeof(ir.Value{}), 48},
	} {
		if c.got > c.most {
			t.Errorf("%s is %d bytes, want at most %d", c.what, c.got, c.most)
		}
	}
}

func TestOperationParts(t *testing.T) {
	ctx := ir.NewContext()
	i32 := ir.GetTextType(ctx, "builtin", "i32")
	loc := ir.GetTextAttr(ctx, "builtin", "loc(unknown)")
	op := ir.NewOperation(ir.OpName{Dialect: "t", Op: "two"}, nil, []ir.Type{i32, i32})
	if op.Name().String() != "t.two" || op.NumResults() != 2 || op.NumOperands() != 0 || op.Operands() != nil {
		t.Fatalf("new op: %s, %d results, %d operands", op.Name(), op.NumResults(), op.NumOperands())
	}
	for i, r := range op.Results() {
		if r.Op() != op || r.Index() != i || op.Result(i) != r || r.Type() != i32 {
			t.Errorf("result %d: op %p index %d", i, r.Op(), r.Index())
		}
	}

	use := ir.NewOperation(ir.OpName{Dialect: "t", Op: "use"}, nil, nil)
	use.SetOperands([]*ir.Value{op.Result(0), op.Result(0)})
	use.Operands()[1] = op.Result(1) // the slice is the op's own
	if use.Operand(0) != op.Result(0) || use.Operand(1) != op.Result(1) || use.NumOperands() != 2 {
		t.Errorf("operands %v", use.Operands())
	}
	use.SetOperands(append(use.Operands(), op.Result(0)))
	if use.NumOperands() != 3 || use.Operand(2) != op.Result(0) {
		t.Errorf("appended operands %v", use.Operands())
	}
	// The op keeps the list, not its spare capacity: an append to what
	// Operands returns copies, and leaves the op's operands as they were.
	spare := make([]*ir.Value, 1, 4)
	spare[0] = op.Result(0)
	use.SetOperands(spare)
	if got := use.Operands(); len(got) != 1 || cap(got) != 1 || &got[0] != &spare[0] {
		t.Errorf("operands kept as len %d cap %d, sharing the slice's elements: %v", len(got), cap(got), len(got) > 0 && &got[0] == &spare[0])
	}
	if grown := append(use.Operands(), op.Result(1)); &grown[0] == &spare[0] || spare[:2][1] != nil || use.NumOperands() != 1 {
		t.Errorf("appending to Operands wrote into the op's list: %v", spare[:2])
	}
	use.SetOperands([]*ir.Value{})
	if use.Operands() == nil || len(use.Operands()) != 0 {
		t.Errorf("an empty list set reads back as %#v", use.Operands())
	}
	use.SetOperands(nil)
	if use.Operands() != nil {
		t.Errorf("cleared operands %v", use.Operands())
	}

	// SetAttr keeps the dictionary sorted by name.
	for _, name := range []string{"m", "z", "a", "m"} {
		use.SetAttr(name, loc)
	}
	var names []string
	for _, a := range use.Attrs() {
		names = append(names, a.Name)
	}
	if len(names) != 3 || names[0] != "a" || names[1] != "m" || names[2] != "z" || use.Attr("z") != loc {
		t.Errorf("attributes %v", names)
	}

	r0, r1 := use.AddRegion(), use.AddRegion()
	if use.NumRegions() != 2 || use.Region(0) != r0 || use.Region(1) != r1 || r1.Parent() != use {
		t.Errorf("regions %v", use.Regions())
	}
	b := r0.AddBlock()
	b.Append(op)
	if op.Parent() != b {
		t.Errorf("parent %p, want %p", op.Parent(), b)
	}
	var walked []string
	use.Walk(func(o *ir.Operation) bool { walked = append(walked, o.Name().Op); return true })
	if len(walked) != 2 || walked[1] != "two" {
		t.Errorf("walked %v", walked)
	}

	if use.Successors() != nil || use.NumSuccessors() != 0 {
		t.Errorf("successors of a new op: %v", use.Successors())
	}
	use.SetSuccessors([]*ir.Block{b})
	if use.NumSuccessors() != 1 || use.Successor(0) != b {
		t.Errorf("successors %v", use.Successors())
	}

	use.SetName(ir.OpName{Dialect: "t", Op: "renamed"})
	if use.Name().Op != "renamed" || op.Name().Op != "two" {
		t.Errorf("renaming one op changed another: %s, %s", use.Name(), op.Name())
	}
	if (&ir.Operation{}).Name() != (ir.OpName{}) {
		t.Error("a zero op has a name")
	}

	// Ops sharing a name read it from one place; renaming one gives it a
	// name of its own and leaves the shared one as it was.
	shared := ir.OpName{Dialect: "t", Op: "shared"}
	a, b2 := &ir.Operation{}, &ir.Operation{}
	a.ShareName(&shared)
	b2.ShareName(&shared)
	a.SetName(ir.OpName{Dialect: "t", Op: "own"})
	if a.Name().Op != "own" || b2.Name().Op != "shared" || shared.Op != "shared" {
		t.Errorf("after renaming one of two sharing ops: %s, %s, shared %s", a.Name(), b2.Name(), shared)
	}
	if n := testing.AllocsPerRun(100, func() { ir.NewOperation(shared, nil, nil) }); n != 1 {
		t.Errorf("NewOperation made %.0f allocations, want one for the op and its name", n)
	}
	var named *ir.Operation
	if n := testing.AllocsPerRun(100, func() { named = ir.NewNamedOperation(&shared, nil, nil) }); n != 1 {
		t.Errorf("NewNamedOperation made %.0f allocations, want one for the op", n)
	}
	if named.Name() != shared {
		t.Errorf("NewNamedOperation's op is named %s, not %s", named.Name(), shared)
	}

	// An op of one result is made with it and its list in one allocation;
	// of two, in three.
	for _, c := range []struct {
		types  []ir.Type
		allocs float64
	}{{[]ir.Type{i32}, 1}, {[]ir.Type{i32, i32}, 3}} {
		var ops [2]*ir.Operation
		if n := testing.AllocsPerRun(100, func() { ops[0] = ir.NewOperation(shared, nil, c.types) }); n != c.allocs {
			t.Errorf("NewOperation of %d results made %.0f allocations, want %.0f", len(c.types), n, c.allocs)
		}
		if n := testing.AllocsPerRun(100, func() { ops[1] = ir.NewNamedOperation(&shared, nil, c.types) }); n != c.allocs {
			t.Errorf("NewNamedOperation of %d results made %.0f allocations, want %.0f", len(c.types), n, c.allocs)
		}
		for _, op := range ops {
			rs := op.Results()
			if op.Name() != shared || len(rs) != len(c.types) {
				t.Fatalf("%s has %d results, want %d", op.Name(), len(rs), len(c.types))
			}
			for i, r := range rs {
				if r.Op() != op || r.Index() != i || r.Type() != i32 || op.Result(i) != r {
					t.Errorf("result %d of %d: op %p index %d type %v, want op %p index %d", i, len(rs), r.Op(), r.Index(), r.Type(), op, i)
				}
			}
		}
	}
}

func TestValueParts(t *testing.T) {
	ctx := ir.NewContext()
	i32 := ir.GetTextType(ctx, "builtin", "i32")
	loc := &testLocation{}
	op := ir.NewOperation(ir.OpName{Dialect: "t", Op: "op"}, nil, []ir.Type{i32})
	r := op.Result(0)
	if r.Op() != op || r.Block() != nil || r.Index() != 0 || r.Loc() != nil || r.UseOrder() != nil {
		t.Errorf("result: op %p block %p index %d loc %v", r.Op(), r.Block(), r.Index(), r.Loc())
	}

	b := op.AddRegion().AddBlock()
	a0, a1 := b.AddArg(i32, nil), b.AddArg(i32, loc)
	if a1.Block() != b || a1.Op() != nil || a1.Index() != 1 || a1.Loc() != loc || a0.Loc() != nil {
		t.Errorf("argument: op %p block %p index %d loc %v", a1.Op(), a1.Block(), a1.Index(), a1.Loc())
	}
	a1.SetUseOrder([]uint32{1, 0})
	b.SetArgLocs([]ir.Location{loc, nil})
	if a0.Loc() != loc || a1.Loc() != nil || len(a1.UseOrder()) != 2 {
		t.Errorf("after SetArgLocs: locations %v, %v; use order %v (kept?)", a0.Loc(), a1.Loc(), a1.UseOrder())
	}
	locs := []ir.Location{loc, loc}
	if n := testing.AllocsPerRun(10, func() { b.SetArgLocs(locs) }); n != 1 {
		t.Errorf("SetArgLocs made %v allocations, want 1 for all the arguments", n)
	}

	// ArgLocs does the same from shared chunks: blocks set in turn keep
	// their own locations, and many blocks cost few allocations.
	var x ir.ArgLocs
	other := op.AddRegion().AddBlock()
	o0 := other.AddArg(i32, nil)
	x.Set(b, []ir.Location{nil, loc})
	x.Set(other, []ir.Location{loc})
	if a0.Loc() != nil || a1.Loc() != loc || len(a1.UseOrder()) != 2 || o0.Loc() != loc {
		t.Errorf("after ArgLocs.Set: locations %v, %v, %v; use order %v", a0.Loc(), a1.Loc(), o0.Loc(), a1.UseOrder())
	}
	if n := testing.AllocsPerRun(100, func() { x.Set(b, locs) }); n > 0.1 {
		t.Errorf("ArgLocs.Set made %v allocations a block", n)
	}
	// A first block with more arguments than a first chunk holds.
	var y ir.ArgLocs
	wide := op.AddRegion().AddBlock()
	many := make([]ir.Location, 200)
	for i := range many {
		wide.AddArg(i32, nil)
		many[i] = loc
	}
	y.Set(wide, many)
	if wide.Arg(199).Loc() != loc {
		t.Error("the 200th argument has no location")
	}

	// A value is a result or an argument, never both.
	r.SetArgOf(b, 7)
	if r.Op() != nil || r.Block() != b || r.Index() != 7 {
		t.Errorf("moved to a block: op %p block %p index %d", r.Op(), r.Block(), r.Index())
	}
	r.SetResultOf(op, 0)
	r.SetType(nil)
	if r.Op() != op || r.Block() != nil || r.Type() != nil {
		t.Errorf("moved back: op %p block %p type %v", r.Op(), r.Block(), r.Type())
	}
}

// testLocation is a location for IR built here.
type testLocation struct{ ir.Base }

func (*testLocation) Dialect() string { return "test" }
func (*testLocation) Kind() string    { return "Loc" }
func (*testLocation) LocationAttr()   {}

// SharedName gives equal names one place and copies their strings, which
// a reader's may be views of a file that goes away.
func TestSharedName(t *testing.T) {
	buf := []byte("tdialect.shared_op")
	n := ir.OpName{Dialect: unsafe.String(&buf[0], 8), Op: unsafe.String(&buf[9], 9), Registered: true}
	p := ir.SharedName(n)
	if q := ir.SharedName(ir.OpName{Dialect: "tdialect", Op: "shared_op", Registered: true}); q != p {
		t.Error("two equal names got two places")
	}
	if q := ir.SharedName(ir.OpName{Dialect: "tdialect", Op: "shared_op"}); q == p || q.Registered {
		t.Error("an unregistered name shares the registered one's place")
	}
	copy(buf, "XXXXXXXXXXXXXXXXXX")
	if p.Dialect != "tdialect" || p.Op != "shared_op" {
		t.Errorf("the shared name changed with the bytes it was made from: %s", *p)
	}
	// A long name is not kept: each call gets a copy of its own.
	long := ir.OpName{Dialect: "long", Op: strings.Repeat("x", 4096)}
	if p, q := ir.SharedName(long), ir.SharedName(long); p == q || *p != long {
		t.Error("a 4 KiB name was kept for the life of the program")
	}
	// Past the places set aside, names are still right, each a copy.
	for i := range 5000 {
		want := ir.OpName{Dialect: "many", Op: fmt.Sprint("op", i)}
		if got := ir.SharedName(want); *got != want {
			t.Fatalf("name %d: got %s", i, *got)
		}
	}
}

// OpExtras gives ops their record of what few ops have from shared
// chunks: setting regions, successors or the dictionary of an op given
// one allocates nothing, an op keeps the record it has, and the parts of
// ops given records from one chunk stay apart.
func TestOpExtras(t *testing.T) {
	ctx := ir.NewContext()
	dict := ir.GetTextAttr(ctx, "builtin", "{}")
	var x ir.OpExtras
	// AllocsPerRun runs the func once before it counts: a batch each.
	var batches [2][]*ir.Operation
	for b := range batches {
		for range 40 {
			batches[b] = append(batches[b], ir.NewOperation(ir.OpName{Dialect: "t", Op: "r"}, nil, nil))
		}
	}
	run := 0
	regions := []*ir.Region{{}}
	blocks := []*ir.Block{{}}
	allocs := testing.AllocsPerRun(1, func() {
		for _, op := range batches[run] {
			x.Give(op)
			op.SetRegions(regions)
			op.SetSuccessors(blocks)
			op.SetDictionary(dict)
			x.Give(op) // has one: kept
		}
		run++
	})
	// 40 ops of the first batch took chunks of 16 and 32, leaving 8; the
	// second batch takes those and a chunk of 64.
	if allocs != 1 {
		t.Errorf("%v allocations for %d ops given records", allocs, len(batches[1]))
	}
	ops := batches[1]
	ops[0].SetRegions(nil)
	ops[1].SetSuccessors(nil)
	for i, op := range ops {
		wantRegions, wantSuccs := 1, 1
		if i == 0 {
			wantRegions = 0
		}
		if i == 1 {
			wantSuccs = 0
		}
		if op.NumRegions() != wantRegions || op.NumSuccessors() != wantSuccs || op.Dictionary() != dict {
			t.Errorf("op %d: %d regions, %d successors, dictionary %v", i, op.NumRegions(), op.NumSuccessors(), op.Dictionary())
		}
	}
}

// SetAttrs keeps the list it is given and SetAttr never writes to it: ops
// may share one (a reader gives the ops of one properties entry one list).
func TestSharedAttrs(t *testing.T) {
	ctx := ir.NewContext()
	a := ir.NewDistinctAttr(ctx, &pairAttr{a: "v"})
	b := ir.NewDistinctAttr(ctx, &pairAttr{a: "v"})
	list := []ir.NamedAttr{{Name: "k", Value: a}}
	x := ir.NewOperation(ir.OpName{Dialect: "t", Op: "x"}, nil, nil)
	y := ir.NewOperation(ir.OpName{Dialect: "t", Op: "y"}, nil, nil)
	x.SetAttrs(list)
	y.SetAttrs(list)
	x.SetAttr("k", b)
	if x.Attr("k") != b {
		t.Error("SetAttr did not replace the entry")
	}
	if y.Attr("k") != a || list[0].Value != a {
		t.Error("SetAttr on one op changed the list another op holds")
	}
}

// ElementAt and Span give what a list has and nothing past it, where an
// op has fewer values than its accessors read (an older release's op).
func TestElementAtSpan(t *testing.T) {
	list := []int{10, 11, 12}
	for i, want := range map[int]int{-1: 0, 0: 10, 2: 12, 3: 0} {
		if got := ir.ElementAt(list, i); got != want {
			t.Errorf("ElementAt(%d) = %d, want %d", i, got, want)
		}
	}
	for _, c := range []struct{ i, j, n int }{{0, 3, 3}, {1, 2, 1}, {3, 3, 0}, {2, 4, -1}, {-1, 1, -1}, {2, 1, -1}} {
		got := ir.Span(list, c.i, c.j)
		if c.n < 0 && got != nil || c.n >= 0 && len(got) != c.n {
			t.Errorf("Span(%d, %d) = %v", c.i, c.j, got)
		}
	}
}

// TestAttrsFrom: the number a reader gives an attribute list lasts until
// the list is set again, by whatever means.
func TestAttrsFrom(t *testing.T) {
	ctx := ir.NewContext()
	unit := ir.GetTextAttr(ctx, "builtin", "unit")
	list := []ir.NamedAttr{{Name: "a", Value: unit}}
	op := ir.NewOperation(ir.OpName{Dialect: "t", Op: "op"}, nil, nil)
	if op.AttrsFrom() != 0 {
		t.Fatalf("a new op's list came from %d", op.AttrsFrom())
	}
	for _, c := range []struct {
		what string
		set  func()
	}{
		{"SetAttrs", func() { op.SetAttrs(list) }},
		{"SetAttr", func() { op.SetAttr("b", unit) }},
		{"SetAttr of a name it has", func() { op.SetAttr("a", unit) }},
	} {
		op.SetAttrsFrom(list, 7)
		if op.AttrsFrom() != 7 || len(op.Attrs()) != 1 {
			t.Fatalf("SetAttrsFrom: from %d, %d attributes", op.AttrsFrom(), len(op.Attrs()))
		}
		c.set()
		if op.AttrsFrom() != 0 {
			t.Errorf("after %s the list still came from %d", c.what, op.AttrsFrom())
		}
	}
}

// TestGroupSegment: without a release, sizes are read as the first
// layout of as many groups lays them out; with one, as that release's
// layout does (the newest no newer than it, or the oldest). A layout
// without the group gives nil, and so do sizes of another number of
// groups.
func TestGroupSegment(t *testing.T) {
	vals := make([]*ir.Value, 5)
	for i := range vals {
		vals[i] = &ir.Value{}
	}
	layouts := []ir.GroupLayout{
		{Releases: []int{22}, Places: []int{0, 1, 2, 3}},
		{Releases: []int{19}, Places: []int{0, 1, 3}},
		{Releases: []int{18}, Places: []int{-1, -1}},
	}
	// Releases of as many groups in another order: 19 swaps the first two,
	// and 16 to 18 lay out none of them (places no group has).
	reordered := []ir.GroupLayout{
		{Releases: []int{22}, Places: []int{0, 1, 2}},
		{Releases: []int{19, 20}, Places: []int{1, 0, 2}},
		{Releases: []int{18}, Places: []int{-1, -1, -1}},
	}
	for _, c := range []struct {
		layouts []ir.GroupLayout
		release int
		sizes   []int32
		id      int
		want    []*ir.Value
	}{
		{layouts, 0, []int32{1, 1, 2, 1}, 2, vals[2:4]},
		{layouts, 0, []int32{1, 1, 2, 1}, 3, vals[4:5]},
		{layouts, 0, []int32{1, 1, 3}, 3, vals[2:5]}, // the older layout: group 3 is its third
		{layouts, 0, []int32{1, 1, 3}, 2, nil},       // which has no group 2
		{layouts, 0, []int32{1, 4}, 0, nil},          // a release of another order
		{layouts, 0, []int32{5}, 0, nil},             // no release of one group
		{layouts, 0, []int32{1, 1, 9}, 3, nil},       // sizes past the values
		{layouts, 19, []int32{1, 1, 3}, 3, vals[2:5]},
		{layouts, 22, []int32{1, 1, 3}, 3, nil}, // 22's sizes are four
		{layouts, 23, []int32{1, 1, 2, 1}, 3, vals[4:5]},
		{reordered, 0, []int32{1, 3, 1}, 0, vals[0:1]}, // taken as 22's
		{reordered, 22, []int32{1, 3, 1}, 0, vals[0:1]},
		{reordered, 19, []int32{1, 3, 1}, 0, vals[1:4]},
		{reordered, 21, []int32{1, 3, 1}, 1, vals[0:1]}, // as 20 lays them out
		{reordered, 18, []int32{1, 3, 1}, 0, nil},
		{reordered, 16, []int32{1, 3, 1}, 2, nil}, // older than any: as the oldest
	} {
		if got := ir.GroupSegment(vals, c.sizes, c.release, c.id, c.layouts); !slices.Equal(got, c.want) {
			t.Errorf("release %d, sizes %v, group %d: %d values, want %d", c.release, c.sizes, c.id, len(got), len(c.want))
		}
	}
}

// TestSegmentsRelease: the release is kept beside the segment sizes, an
// op that has none says 0, and sizes set anew forget it.
func TestSegmentsRelease(t *testing.T) {
	op := ir.NewOperation(ir.OpName{Dialect: "d", Op: "o"}, nil, nil)
	if got := op.SegmentsRelease(); got != 0 {
		t.Fatalf("a new op: release %d, want 0", got)
	}
	op.SetSegmentsRelease(0)
	op.SetOperandSegments([]int32{1, 2})
	op.SetSegmentsRelease(19)
	if got := op.SegmentsRelease(); got != 19 {
		t.Fatalf("release %d, want 19", got)
	}
	op.SetResultSegments(nil)
	if got := op.SegmentsRelease(); got != 0 {
		t.Fatalf("release %d after the result sizes were set, want 0", got)
	}
	op.SetSegmentsRelease(19)
	op.SetOperandSegments([]int32{3})
	if got := op.SegmentsRelease(); got != 0 {
		t.Fatalf("release %d after the operand sizes were set, want 0", got)
	}
}
