package ir

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// OpName is an operation's full name, split at the first dot
// ("arith.addi" → dialect "arith", op "addi"). Registered says whether a
// dialect package defines the op; unregistered ops keep everything in the
// generic form.
type OpName struct {
	Dialect    string
	Op         string
	Registered bool
	// Dotted says that a name with an empty op part ends with its dot:
	// "foo." and "foo" are two names to MLIR, written alike in bytecode
	// (dialect foo, op ""). LLVM 16 reads every such name back dotted,
	// later releases without the dot.
	Dotted bool
}

// ParseOpName splits a full name; a name without a dot belongs to a dialect
// of the same name with an empty op part, as MLIR reads legacy names.
func ParseOpName(full string) OpName {
	if d, op, ok := strings.Cut(full, "."); ok {
		return OpName{Dialect: d, Op: op, Dotted: op == ""}
	}
	return OpName{Dialect: full}
}

func (n OpName) String() string {
	switch {
	case n.Op != "":
		return n.Dialect + "." + n.Op
	case n.Dotted:
		return n.Dialect + "."
	}
	return n.Dialect
}

// Operation is one op. Results are owned by the op; operands point at
// values defined elsewhere. Its parts are reached through methods, so that
// its representation can change without its users: the attribute
// dictionary is sorted by name (SetAttr keeps it so), and what few ops have
// (regions, successors, the dictionary a reader built the attributes from,
// properties of an unregistered op, segment sizes, deferred regions) sits
// behind one pointer, so that a file of millions of small ops stays small
// in memory: an op is 88 bytes.
type Operation struct {
	// name is shared by the ops of one name (see ShareName) and never
	// changed in place: a pointer, not 40 bytes an op.
	name *OpName
	loc  Location
	// Each list is kept as its first element and its length, 12 bytes
	// where a slice takes 24: the methods hand it out with its length as
	// its capacity, so an append to it copies instead of writing past
	// the op's elements.
	operands    *(*Value)
	numOperands uint32
	numResults  uint32
	results     *(*Value)
	attrs       *NamedAttr
	numAttrs    uint32
	// attrsFrom is what SetAttrsFrom was given with the list (0: none);
	// it sits where the field above leaves padding.
	attrsFrom uint32
	parent    *Block
	extra     *opExtra
	mark      uint64 // scratch of one IR walk; see MarkGeneration
}

// list is the slice a list field and its length keep.
func list[T any](first *T, n uint32) []T { return unsafe.Slice(first, n) }

// keep splits s into what a list field and its length keep; a list longer
// than a length can count panics (it would take 32 GiB of pointers).
func keep[T any](s []T) (*T, uint32) {
	if uint64(len(s)) > math.MaxUint32 {
		tooLong(len(s))
	}
	return unsafe.SliceData(s), uint32(len(s))
}

func tooLong(n int) {
	panic(fmt.Sprintf("ir: a list of %d elements is longer than an op's lists may be", n))
}

// Name is the op's name.
func (op *Operation) Name() OpName {
	if op.name == nil {
		return OpName{}
	}
	return *op.name
}

// SetName renames the op, as a version upgrade does.
func (op *Operation) SetName(n OpName) { op.name = &n }

// ShareName names the op *n without a copy of its own: a reader gives the
// ops of one name the same OpName. *n must not change while an op refers
// to it.
func (op *Operation) ShareName(n *OpName) { op.name = n }

// Loc is the op's location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the op's location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// Operands are the values the op uses. The slice is the op's own: change
// its elements to replace an operand, or SetOperands to change their number.
func (op *Operation) Operands() []*Value { return list(op.operands, op.numOperands) }

// Operand is the i-th operand.
func (op *Operation) Operand(i int) *Value { return op.Operands()[i] }

// NumOperands is the number of operands.
func (op *Operation) NumOperands() int { return int(op.numOperands) }

// SetOperands replaces the operand list; op keeps the slice.
func (op *Operation) SetOperands(vs []*Value) { op.operands, op.numOperands = keep(vs) }

// Results are the values the op defines, in order; each has Op() == op.
func (op *Operation) Results() []*Value { return list(op.results, op.numResults) }

// Result is the i-th result.
func (op *Operation) Result(i int) *Value { return op.Results()[i] }

// NumResults is the number of results.
func (op *Operation) NumResults() int { return int(op.numResults) }

// SetResults replaces the result list; op keeps the slice. Each value is
// made the op's result by the caller (Value.SetResultOf).
func (op *Operation) SetResults(vs []*Value) { op.results, op.numResults = keep(vs) }

// Attrs is the attribute dictionary, sorted by name. Read it; change the
// dictionary with SetAttr or SetAttrs. The slice may be shared with other
// ops (a reader gives the ops of one properties entry one list), and
// nothing here writes to it once it is set.
func (op *Operation) Attrs() []NamedAttr { return list(op.attrs, op.numAttrs) }

// SetAttrs replaces the dictionary; the entries must be sorted by name.
// op keeps the slice and never writes to it, so ops may share one.
func (op *Operation) SetAttrs(as []NamedAttr) { op.SetAttrsFrom(as, 0) }

// SetAttrsFrom is SetAttrs for a reader that numbers where its lists come
// from: AttrsFrom returns from until the dictionary is set again. The
// MLIR bytecode reader gives 1 + the index of the dictionary attribute
// in its module's table, so that a writer finds the dictionary without
// making it again; the number means nothing to anyone else.
func (op *Operation) SetAttrsFrom(as []NamedAttr, from uint32) {
	op.attrs, op.numAttrs = keep(as)
	op.attrsFrom = from
}

// AttrsFrom is the number SetAttrsFrom gave the current attribute list,
// or 0 where it was set otherwise. Whoever acts on it checks that what it
// found holds exactly Attrs: a list may be written in place.
func (op *Operation) AttrsFrom() uint32 { return op.attrsFrom }

// Regions are the regions the op owns.
func (op *Operation) Regions() []*Region {
	if op.extra == nil {
		return nil
	}
	return op.extra.regions
}

// Region is the i-th region.
func (op *Operation) Region(i int) *Region { return op.Regions()[i] }

// NumRegions is the number of regions.
func (op *Operation) NumRegions() int { return len(op.Regions()) }

// SetRegions replaces the region list; op keeps the slice. AddRegion
// appends one.
func (op *Operation) SetRegions(rs []*Region) {
	if rs != nil || op.extra != nil {
		op.ext().regions = rs
	}
}

// Successors are the blocks a terminator may branch to.
func (op *Operation) Successors() []*Block {
	if op.extra == nil {
		return nil
	}
	return op.extra.successors
}

// Successor is the i-th successor.
func (op *Operation) Successor(i int) *Block { return op.Successors()[i] }

// NumSuccessors is the number of successors.
func (op *Operation) NumSuccessors() int { return len(op.Successors()) }

// SetSuccessors replaces the successor list; op keeps the slice.
func (op *Operation) SetSuccessors(bs []*Block) {
	if bs != nil || op.extra != nil {
		op.ext().successors = bs
	}
}

// Parent is the block the op is in, or nil for a detached op.
func (op *Operation) Parent() *Block { return op.parent }

// SetParent records the block op is in; Block.Append sets it.
func (op *Operation) SetParent(b *Block) { op.parent = b }

// lazyRegions serializes the one load of an op's deferred regions.
type lazyRegions struct {
	mu   sync.Mutex
	done atomic.Bool
	load func(*Operation) error
}

// opExtra holds what only some ops have: regions, successors, and the
// dictionary attribute that ops of files older than bytecode v5 carry
// (their Attrs() hold inherent attributes too). What fewer ops have is one
// pointer further.
type opExtra struct {
	// regions are the op's regions: most ops have none.
	regions []*Region
	// dict is the dictionary attribute a reader built Attrs from, or nil;
	// see Dictionary.
	dict       Attribute
	successors []*Block
	rare       *opRare
}

// opRare holds what ops rarely have.
type opRare struct {
	properties      Attribute
	opaqueProps     []byte
	operandSegments []int32
	resultSegments  []int32
	// segmentsRelease is the LLVM release whose groups the segment sizes
	// count (SetSegmentsRelease), 0 where nobody said.
	segmentsRelease int32
	// lazy materializes regions a lazy reader left unread. It is set
	// before the op is shared and never replaced.
	lazy *lazyRegions
}

// ext returns what few ops have, made if op has none yet.
func (op *Operation) ext() *opExtra {
	if op.extra == nil {
		op.extra = &opExtra{}
	}
	return op.extra
}

// OpExtras hands out, a chunk at a time, the records that hold what few
// ops have (regions, successors, the dictionary a reader built the
// attributes from): a reader that makes many such ops calls Give for each
// before setting them, one allocation a chunk instead of one an op. The
// zero value is ready; it is not safe for concurrent use.
type OpExtras struct {
	records recordChunks[opExtra]
	rares   recordChunks[opRare]
}

// recordChunks hands out records a chunk at a time, chunks doubling from
// 16 to 1,024 records.
type recordChunks[T any] struct {
	free []T
	last int
}

// take returns n records (n at most a chunk's size) with their capacity
// clipped.
func (c *recordChunks[T]) take(n int) []T {
	if len(c.free) < n {
		c.last = min(max(2*c.last, 16), 1024)
		c.free = make([]T, max(c.last, n))
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// Give gives op a record from x, if it has none yet.
func (x *OpExtras) Give(op *Operation) {
	if op.extra != nil {
		return
	}
	op.extra = &x.records.take(1)[0]
}

// GiveRare gives op a record from x of what ops rarely have (properties
// of an unregistered op, segment sizes), if it has none yet, and one of
// what few ops have: a file of many such ops would otherwise cost two
// allocations an op.
func (x *OpExtras) GiveRare(op *Operation) {
	x.Give(op)
	if op.extra.rare == nil {
		op.extra.rare = &x.rares.take(1)[0]
	}
}

// more returns what ops rarely have, made if op has none yet.
func (op *Operation) more() *opRare {
	op.ext()
	if op.extra.rare == nil {
		op.extra.rare = &opRare{}
	}
	return op.extra.rare
}

// rare returns what op rarely has, or nil.
func (op *Operation) rare() *opRare {
	if op.extra == nil {
		return nil
	}
	return op.extra.rare
}

// Properties is the properties attribute of an op no dialect describes
// (an unregistered op of a bytecode v5+ file), nil otherwise: registered
// ops keep their inherent attributes in Attrs.
func (op *Operation) Properties() Attribute {
	if r := op.rare(); r != nil {
		return r.properties
	}
	return nil
}

// SetProperties sets the properties attribute of an unregistered op.
func (op *Operation) SetProperties(a Attribute) {
	if a != nil || op.rare() != nil {
		op.more().properties = a
	}
}

// OpaqueProperties is the properties entry of a registered op that no
// dialect describes, as the file held it, or nil. Its bytes refer to that
// file's tables and follow a layout nobody here knows, so the op can be
// inspected but not written: writers refuse it.
func (op *Operation) OpaqueProperties() []byte {
	if r := op.rare(); r != nil {
		return r.opaqueProps
	}
	return nil
}

// SetOpaqueProperties records an undecoded properties entry.
func (op *Operation) SetOpaqueProperties(b []byte) {
	if b != nil || op.rare() != nil {
		op.more().opaqueProps = b
	}
}

// OperandSegments and ResultSegments size the operand and result groups
// of ops with several variable-length groups (MLIR's operandSegmentSizes
// and resultSegmentSizes); nil for other ops.
func (op *Operation) OperandSegments() []int32 {
	if r := op.rare(); r != nil {
		return r.operandSegments
	}
	return nil
}

func (op *Operation) ResultSegments() []int32 {
	if r := op.rare(); r != nil {
		return r.resultSegments
	}
	return nil
}

// SetOperandSegments and SetResultSegments set the group sizes. Either
// forgets the release SetSegmentsRelease named: sizes set anew count the
// newest release's groups unless it is called again.
func (op *Operation) SetOperandSegments(sizes []int32) {
	if sizes != nil || op.rare() != nil {
		r := op.more()
		r.operandSegments, r.segmentsRelease = sizes, 0
	}
}

func (op *Operation) SetResultSegments(sizes []int32) {
	if sizes != nil || op.rare() != nil {
		r := op.more()
		r.resultSegments, r.segmentsRelease = sizes, 0
	}
}

// SegmentsRelease is the LLVM release whose groups the op's segment sizes
// count, as the reader of an older release's file records it
// (SetSegmentsRelease); 0 where nobody did, as for ops built here, which
// lay out the newest release's groups. Releases may order an op's groups
// otherwise with as many of them, which the sizes alone do not tell.
func (op *Operation) SegmentsRelease() int {
	if r := op.rare(); r != nil {
		return int(r.segmentsRelease)
	}
	return 0
}

// SetSegmentsRelease records the LLVM release whose groups the segment
// sizes count (0: none named).
func (op *Operation) SetSegmentsRelease(release int) {
	if release != 0 || op.rare() != nil {
		op.more().segmentsRelease = int32(release)
	}
}

// Dictionary is the dictionary attribute Attrs was built from, where
// whoever built it recorded one (SetDictionary), or nil. The MLIR bytecode
// reader records none on the op: its module keeps the dictionaries it
// read, and each op the number of its own (AttrsFrom), in the 4 bytes an
// op has spare rather than the 16 of this record. It may be stale if
// Attrs was changed other than through SetAttr: writers reuse it only
// after checking that it holds exactly Attrs.
func (op *Operation) Dictionary() Attribute {
	if op.extra == nil {
		return nil
	}
	return op.extra.dict
}

// SetDictionary records the dictionary attribute Attrs was built from.
func (op *Operation) SetDictionary(d Attribute) {
	if d != nil || op.extra != nil {
		op.ext().dict = d
	}
}

// Region is a list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
	mark   uint64
}

// Blocks are the region's blocks, the entry block first. The slice is the
// region's own: change its elements to replace a block.
func (r *Region) Blocks() []*Block { return r.blocks }

// Block is the i-th block.
func (r *Region) Block(i int) *Block { return r.blocks[i] }

// NumBlocks is the number of blocks.
func (r *Region) NumBlocks() int { return len(r.blocks) }

// SetBlocks replaces the block list; r keeps the slice. AddBlock appends
// one.
func (r *Region) SetBlocks(bs []*Block) { r.blocks = bs }

// Parent is the op that owns the region.
func (r *Region) Parent() *Operation { return r.parent }

// SetParent records the op that owns r; AddRegion sets it.
func (r *Region) SetParent(op *Operation) { r.parent = op }

// Block is a list of operations with arguments.
type Block struct {
	args   []*Value
	ops    []*Operation
	parent *Region
	mark   uint64
}

// Args are the block's arguments. The slice is the block's own.
func (b *Block) Args() []*Value { return b.args }

// Arg is the i-th argument.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// NumArgs is the number of arguments.
func (b *Block) NumArgs() int { return len(b.args) }

// SetArgs replaces the argument list; b keeps the slice. AddArg appends
// one.
func (b *Block) SetArgs(vs []*Value) { b.args = vs }

// Ops are the block's ops, in order. The slice is the block's own.
func (b *Block) Ops() []*Operation { return b.ops }

// Op is the i-th op.
func (b *Block) Op(i int) *Operation { return b.ops[i] }

// NumOps is the number of ops.
func (b *Block) NumOps() int { return len(b.ops) }

// SetOps replaces the op list; b keeps the slice. Append adds one.
func (b *Block) SetOps(ops []*Operation) { b.ops = ops }

// Parent is the region the block is in.
func (b *Block) Parent() *Region { return b.parent }

// SetParent records the region b is in; AddBlock sets it.
func (b *Block) SetParent(r *Region) { b.parent = r }

// Value is an SSA value: an op result (Op() is its op) or a block
// argument (Block() is its block). Index() is its position among the
// owner's results or arguments.
// A value takes 48 bytes: its owner is one pointer, and what only some
// values have (a block argument's location, a recorded use-list order)
// sits behind another.
type Value struct {
	typ Type
	// owner is the op whose result the value is or the block whose
	// argument it is, as arg says.
	owner unsafe.Pointer
	index uint32
	arg   bool
	extra *valueExtra
	mark  uint64
}

// valueExtra holds what only some values have.
type valueExtra struct {
	// loc is a block argument's location.
	loc Location
	// useOrder is the order of the value's uses a file recorded; see
	// UseOrder.
	useOrder []uint32
}

// Type is the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type.
func (v *Value) SetType(t Type) { v.typ = t }

// Op is the op whose result the value is, nil for a block argument.
func (v *Value) Op() *Operation {
	if v.arg {
		return nil
	}
	return (*Operation)(v.owner)
}

// Block is the block whose argument the value is, nil for a result.
func (v *Value) Block() *Block {
	if !v.arg {
		return nil
	}
	return (*Block)(v.owner)
}

// Index is the value's position among its op's results or its block's
// arguments.
func (v *Value) Index() int { return int(v.index) }

// position is a value's index as a value keeps it.
func position(i int) uint32 {
	if i < 0 || uint64(i) > math.MaxUint32 {
		panic(fmt.Sprintf("ir: %d is not a value's position", i))
	}
	return uint32(i)
}

// SetResultOf makes the value result i of op.
func (v *Value) SetResultOf(op *Operation, i int) {
	v.owner, v.arg, v.index = unsafe.Pointer(op), false, position(i)
}

// SetArgOf makes the value argument i of b.
func (v *Value) SetArgOf(b *Block, i int) {
	v.owner, v.arg, v.index = unsafe.Pointer(b), true, position(i)
}

// Loc is a block argument's location (nil for results).
func (v *Value) Loc() Location {
	if v.extra == nil {
		return nil
	}
	return v.extra.loc
}

// SetLoc sets a block argument's location.
func (v *Value) SetLoc(l Location) {
	if l != nil || v.extra != nil {
		v.ext().loc = l
	}
}

func (v *Value) ext() *valueExtra {
	if v.extra == nil {
		v.extra = &valueExtra{}
	}
	return v.extra
}

// SetArgLocs gives the block's arguments these locations (one each), with
// one allocation for all of them.
func (b *Block) SetArgLocs(locs []Location) {
	b.setArgLocs(locs, make([]valueExtra, len(locs)))
}

// ArgLocs hands out, a chunk at a time, the records that hold block
// arguments' locations: a reader that makes many blocks calls Set for
// each, one allocation a chunk instead of one a block (a chain of 20,000
// blocks made 20,000). The zero value is ready; it is not safe for
// concurrent use.
type ArgLocs struct{ records recordChunks[valueExtra] }

// Set is b.SetArgLocs(locs) with records from x.
func (x *ArgLocs) Set(b *Block, locs []Location) {
	if len(locs) > 256 {
		b.SetArgLocs(locs)
		return
	}
	b.setArgLocs(locs, x.records.take(len(locs)))
}

func (b *Block) setArgLocs(locs []Location, extras []valueExtra) {
	if len(locs) != b.NumArgs() {
		panic(fmt.Sprintf("ir: %d locations for %d block arguments", len(locs), b.NumArgs()))
	}
	for i, a := range b.Args() {
		if a.extra != nil {
			extras[i] = *a.extra
		}
		extras[i].loc = locs[i]
		a.extra = &extras[i]
	}
}

// UseOrder is the order of the value's uses that a bytecode file recorded
// (MLIR's use-list order, bytecode v3+): UseOrder()[k] is the position in
// the use list of the use with the k-th largest use ID. Nil means the
// order a reader builds by default. Writers drop it when the value's
// number of uses no longer matches.
func (v *Value) UseOrder() []uint32 {
	if v.extra == nil {
		return nil
	}
	return v.extra.useOrder
}

// SetUseOrder records a use-list order (nil for the default one).
func (v *Value) SetUseOrder(order []uint32) {
	if order != nil || v.extra != nil {
		v.ext().useOrder = order
	}
}

// NewOperation creates a detached op with results of the given types. The
// op gets a name of its own, made with it in one allocation.
func NewOperation(name OpName, loc Location, resultTypes []Type) *Operation {
	if len(resultTypes) == 1 {
		named := &struct {
			oneResult
			name OpName
		}{name: name}
		named.op.name = &named.name
		return named.init(loc, resultTypes[0])
	}
	named := &struct {
		op   Operation
		name OpName
	}{name: name}
	named.op.name = &named.name
	return named.op.init(loc, resultTypes)
}

// NewNamedOperation is NewOperation for an op that shares its name (see
// ShareName): generated builders name their ops from package variables,
// parsers from SharedName. *name must not change while the op refers to
// it.
func NewNamedOperation(name *OpName, loc Location, resultTypes []Type) *Operation {
	if len(resultTypes) == 1 {
		x := &oneResult{}
		x.op.name = name
		return x.init(loc, resultTypes[0])
	}
	op := &Operation{name: name}
	return op.init(loc, resultTypes)
}

// oneResult is an op of one result made in one allocation with its
// result and the list holding it. Most ops have one result: as three
// objects, they were most of what parsing text allocated an op.
type oneResult struct {
	op     Operation
	result Value
	list   [1]*Value
}

func (x *oneResult) init(loc Location, t Type) *Operation {
	x.op.loc = loc
	x.result.typ = t
	x.result.SetResultOf(&x.op, 0)
	x.list[0] = &x.result
	x.op.SetResults(x.list[:])
	return &x.op
}

// init sets a new op's location and makes its results.
func (op *Operation) init(loc Location, resultTypes []Type) *Operation {
	op.loc = loc
	if len(resultTypes) > 0 {
		vals := make([]Value, len(resultTypes))
		results := make([]*Value, len(resultTypes))
		for i, t := range resultTypes {
			vals[i].typ = t
			vals[i].SetResultOf(op, i)
			results[i] = &vals[i]
		}
		op.SetResults(results)
	}
	return op
}

// SetLoader marks op's regions as not read yet: Materialize calls load
// once to fill them in. Readers that load isolated regions lazily call it
// before anyone else sees op.
func (op *Operation) SetLoader(load func(*Operation) error) {
	op.more().lazy = &lazyRegions{load: load}
}

// Loaded reports whether op's regions are in memory.
func (op *Operation) Loaded() bool {
	r := op.rare()
	return r == nil || r.lazy == nil || r.lazy.done.Load()
}

// Materialize reads op's regions if a lazy reader deferred them. It is safe
// to call from several goroutines, for the same op or different ones; the
// regions of an op must not be touched before its Materialize returned
// nil. Ops nested in them may in turn be unloaded; MaterializeAll loads
// everything. A failed load is not marked done: the next call tries again
// (and the reader reports the same error).
func (op *Operation) Materialize() error {
	r := op.rare()
	if r == nil {
		return nil
	}
	l := r.lazy
	if l == nil || l.done.Load() {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done.Load() {
		return nil
	}
	if err := l.load(op); err != nil {
		return err
	}
	l.done.Store(true)
	return nil
}

// MaterializeAll loads every deferred region under op.
func (op *Operation) MaterializeAll() error {
	var err error
	op.Walk(func(o *Operation) bool {
		if err == nil {
			err = o.Materialize()
		}
		return err == nil
	})
	return err
}

// Attr returns the dictionary entry with that name, or nil.
func (op *Operation) Attr(name string) Attribute {
	for _, a := range op.Attrs() {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// SetAttr inserts or replaces a dictionary entry, keeping the entries
// sorted by name as MLIR's DictionaryAttr does.
func (op *Operation) SetAttr(name string, v Attribute) {
	op.SetDictionary(nil)
	attrs := op.Attrs()
	for i, a := range attrs {
		if a.Name == name {
			// A copy: other ops may hold the list (SetAttrs).
			attrs = slices.Clone(attrs)
			attrs[i].Value = v
			op.SetAttrs(attrs)
			return
		}
		if a.Name > name {
			op.SetAttrs(slices.Insert(attrs, i, NamedAttr{Name: name, Value: v}))
			return
		}
	}
	op.SetAttrs(append(attrs, NamedAttr{Name: name, Value: v}))
}

// AddRegion appends an empty region and returns it.
func (op *Operation) AddRegion() *Region {
	r := &Region{parent: op}
	op.SetRegions(append(op.Regions(), r))
	return r
}

// AddBlock appends an empty block and returns it.
func (r *Region) AddBlock() *Block {
	b := &Block{parent: r}
	r.SetBlocks(append(r.Blocks(), b))
	return b
}

// AddArg appends a block argument.
func (b *Block) AddArg(t Type, loc Location) *Value {
	v := &Value{typ: t}
	v.SetArgOf(b, b.NumArgs())
	v.SetLoc(loc)
	b.SetArgs(append(b.Args(), v))
	return v
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) *Operation {
	op.SetParent(b)
	b.SetOps(append(b.Ops(), op))
	return op
}

// Walk visits op and every op nested in it in pre-order; returning false
// from fn skips the op's regions. It keeps its own stack, so depth costs
// heap, not goroutine stack; nil regions, blocks and ops are skipped.
func (op *Operation) Walk(fn func(*Operation) bool) {
	if !fn(op) || op.NumRegions() == 0 {
		return
	}
	stack := []walkCursor{{op: op}}
	for len(stack) > 0 {
		next := stack[len(stack)-1].next()
		if next == nil {
			stack = stack[:len(stack)-1]
			continue
		}
		if fn(next) && next.NumRegions() > 0 {
			stack = append(stack, walkCursor{op: next})
		}
	}
}

// walkCursor is a position among the ops nested directly in op.
type walkCursor struct {
	op                     *Operation
	region, block, opIndex int
}

// next returns the next op of the cursor's op's regions, or nil.
func (c *walkCursor) next() *Operation {
	for regions := c.op.Regions(); c.region < len(regions); {
		r := regions[c.region]
		if r == nil || c.block >= r.NumBlocks() {
			c.region, c.block, c.opIndex = c.region+1, 0, 0
			continue
		}
		b := r.Block(c.block)
		if b == nil || c.opIndex >= b.NumOps() {
			c.block, c.opIndex = c.block+1, 0
			continue
		}
		o := b.Op(c.opIndex)
		c.opIndex++
		if o != nil {
			return o
		}
	}
	return nil
}

// ElementAt is list[i], or the zero value where list has no element i:
// generated accessors read an op's values, regions and successors with
// it, as an op laid out as an older release lays it, or built by hand,
// may have fewer than its definition gives it.
func ElementAt[T any](list []T, i int) (none T) {
	if i < 0 || i >= len(list) {
		return none
	}
	return list[i]
}

// Span is list[i:j], or nil where list has no such elements (see
// ElementAt).
func Span[T any](list []T, i, j int) []T {
	if i < 0 || j < i || j > len(list) {
		return nil
	}
	return list[i:j]
}

// Segment returns group i of values split by segment sizes (MLIR's
// operandSegmentSizes); it returns nil when sizes do not cover group i.
func Segment(values []*Value, sizes []int32, i int) []*Value {
	start := 0
	for j := 0; j < i && j < len(sizes); j++ {
		start += int(sizes[j])
	}
	if i >= len(sizes) || sizes[i] < 0 || start+int(sizes[i]) > len(values) {
		return nil
	}
	return values[start : start+int(sizes[i])]
}

// GroupLayout is the groups of values some LLVM releases lay out for an
// op: Places lists each group's place among all its definition's groups,
// in the releases' order.
type GroupLayout struct {
	Releases []int
	Places   []int
}

// GroupSegment returns group id (its place among all its definition's
// groups) of values split by segment sizes, where the op's releases lay
// out different groups; layouts come the accessors' own release first.
// The sizes count the groups of the layout of release, the op's
// SegmentsRelease: the newest layout no newer than it, or the oldest.
// Without a release (0), they count the groups of the first layout of as
// many groups, the accessors' own where it has. It returns nil where that
// layout has another number of groups, or lacks group id.
func GroupSegment(values []*Value, sizes []int32, release, id int, layouts []GroupLayout) []*Value {
	l := layoutOf(release, len(sizes), layouts)
	if l == nil || len(l.Places) != len(sizes) {
		return nil
	}
	if i := slices.Index(l.Places, id); i >= 0 {
		return Segment(values, sizes, i)
	}
	return nil
}

// layoutOf picks release's layout, or without one the first of n groups.
func layoutOf(release, n int, layouts []GroupLayout) *GroupLayout {
	if release == 0 {
		for i := range layouts {
			if len(layouts[i].Places) == n {
				return &layouts[i]
			}
		}
		return nil
	}
	var newest, oldest *GroupLayout
	newestAt, oldestAt := 0, 0
	for i := range layouts {
		for _, r := range layouts[i].Releases {
			if r <= release && r > newestAt {
				newest, newestAt = &layouts[i], r
			}
			if oldest == nil || r < oldestAt {
				oldest, oldestAt = &layouts[i], r
			}
		}
	}
	if newest != nil {
		return newest
	}
	return oldest
}

// Op names that readers share live in an array of the program's data
// rather than on the heap: every op points at its name, and a pointer into
// the heap is one more the collector follows per op on every cycle, while
// one outside it is dismissed at once. A name kept there is kept for the
// life of the program, so what is kept is bounded: so many names, of at
// most so many bytes (a hostile file may name its ops with megabytes).
// Other names are allocated, once per call.
var (
	sharedNamesMu sync.Mutex
	sharedNameOf  map[OpName]*OpName
	sharedNames   [4096]OpName
	sharedCount   int
)

// maxSharedNameBytes bounds the names kept: MLIR's longest op names are
// some forty bytes.
const maxSharedNameBytes = 128

// SharedName returns a pointer to a copy of n, the same for equal names,
// for ShareName. Its strings are copied: n's may be views of a file.
func SharedName(n OpName) *OpName {
	sharedNamesMu.Lock()
	defer sharedNamesMu.Unlock()
	if p := sharedNameOf[n]; p != nil {
		return p
	}
	c := n
	c.Dialect, c.Op = strings.Clone(n.Dialect), strings.Clone(n.Op)
	if sharedCount == len(sharedNames) || len(c.Dialect)+len(c.Op) > maxSharedNameBytes {
		return &c
	}
	p := &sharedNames[sharedCount]
	sharedCount++
	*p = c
	if sharedNameOf == nil {
		sharedNameOf = map[OpName]*OpName{}
	}
	sharedNameOf[c] = p
	return p
}
