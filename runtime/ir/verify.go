package ir

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/internal/chunked"
)

// OpTraits is what the verifier needs to know about an op: MLIR's
// structural traits.
type OpTraits struct {
	// Known says the fields below describe the op (MLIR: it is
	// registered). For an op nobody describes MLIR assumes the most
	// permissive: SSA regions, not isolated, and any trait that allows
	// more (it might be a terminator, might need none).
	Known bool
	// Isolated is IsolatedFromAbove: nothing in the op's regions may use
	// a value defined outside them.
	Isolated bool
	// Graph marks graph regions (RegionKind::Graph): values may be used
	// before they are defined, and a region holds at most one block. MLIR
	// treats the single-block regions of ops it does not know the same.
	Graph bool
	// Terminator is IsTerminator: the op may end a block.
	Terminator bool
	// NoTerminator lets the op's single-block regions end with any op.
	NoTerminator bool
	// Symbol says the op defines a symbol (sym_name): its parent, if MLIR
	// knows it, must be a symbol table.
	Symbol bool
	// SymbolTable says the symbols in the op's region are named uniquely.
	SymbolTable bool
	// Declaration says when a symbol op declares its symbol rather than
	// defines it; MLIR refuses a public declaration.
	Declaration Declaration
	// Counts bounds how many operands, results, regions and successors
	// the op has (its definition's groups); nil for no bounds.
	Counts *OpCounts
	// Parents are the ops that may hold this one (MLIR's HasParent), by
	// full name; nil for any. MLIR refuses the op anywhere else, and as
	// the root.
	Parents []string
}

// OpCounts bounds how many operands, results, regions and successors an
// op has.
type OpCounts struct {
	Operands, Results, Regions, Successors Count
	// OneBlock lists the regions (by index) that hold exactly one block.
	OneBlock []int
}

// Count is a range of counts: Min to Max, or Min or more with Max -1.
type Count struct {
	Min, Max int
}

// holds reports whether n is in the range.
func (c Count) holds(n int) bool { return n >= c.Min && (c.Max < 0 || n <= c.Max) }

func (c Count) String() string {
	switch {
	case c.Max < 0:
		return fmt.Sprintf("%d or more", c.Min)
	case c.Max > c.Min:
		return fmt.Sprintf("%d to %d", c.Min, c.Max)
	}
	return fmt.Sprint(c.Min)
}

// allow reports whether op's counts are within c (nil: no bounds). The
// regions of an op a lazy reader has not loaded yet are not counted.
func (c *OpCounts) allow(op *Operation) bool {
	return c == nil || c.Operands.holds(op.NumOperands()) && c.Results.holds(op.NumResults()) &&
		(c.Regions.holds(op.NumRegions()) && c.oneBlock(op) == -1 || !op.Loaded()) && c.Successors.holds(op.NumSuccessors())
}

// oneBlock returns the first region of op that should hold one block and
// does not, or -1.
func (c *OpCounts) oneBlock(op *Operation) int {
	for _, i := range c.OneBlock {
		if i < op.NumRegions() && (op.Region(i) == nil || op.Region(i).NumBlocks() != 1) {
			return i
		}
	}
	return -1
}

// check reports, for an op whose definition allows c, which count is out
// of bounds, or "".
func (c *OpCounts) check(op *Operation) string {
	if c.allow(op) {
		return ""
	}
	for _, k := range [...]struct {
		what  string
		n     int
		bound Count
	}{
		{"operands", op.NumOperands(), c.Operands},
		{"results", op.NumResults(), c.Results},
		{"regions", op.NumRegions(), c.Regions},
		{"successors", op.NumSuccessors(), c.Successors},
	} {
		if !k.bound.holds(k.n) && (k.what != "regions" || op.Loaded()) {
			return fmt.Sprintf("expected %s %s, but found %d (as %s defines it)", k.bound, k.what, k.n, op.Name())
		}
	}
	if i := c.oneBlock(op); i >= 0 && op.Loaded() {
		return fmt.Sprintf("region %d holds %d blocks, where %s wants one", i, op.Region(i).NumBlocks(), op.Name())
	}
	return ""
}

// Declaration is when a symbol op declares its symbol (MLIR's
// isDeclaration).
type Declaration uint8

const (
	// DeclaresNever: the op defines its symbol.
	DeclaresNever Declaration = iota
	// DeclaresWithoutBody: the op declares its symbol when its first
	// region holds no block (an external function).
	DeclaresWithoutBody
	// DeclaresAlways: the op always declares its symbol (an import).
	DeclaresAlways
)

// VerifyOptions configure Verify.
type VerifyOptions struct {
	// Limits bound nesting, as readers and writers apply them.
	Limits Limits
	// Traits describes an op; nil, or OpTraits without Known, means an op
	// MLIR does not know (see OpTraits). Traits are a name's: Verify asks
	// once for the ops that share a name (see ShareName).
	Traits func(*Operation) OpTraits
	// Materialize loads regions a lazy reader deferred before checking
	// them; otherwise such ops are checked without their regions.
	Materialize bool
}

// ErrInvalidIR is wrapped by every *VerifyError.
var ErrInvalidIR = errors.New("invalid IR")

// ErrTooDeep is wrapped by errors about IR nested beyond Limits.
var ErrTooDeep = errors.New("nested too deeply")

// VerifyError says which op breaks which rule.
type VerifyError struct {
	// Path locates the op from the root, e.g.
	// "builtin.module › func.func @b (region 0, block 0, op 1) › func.return (region 0, block 0, op 0)".
	Path   string
	Op     *Operation
	Reason string
	Err    error // ErrInvalidIR, or ErrTooDeep
}

func (e *VerifyError) Error() string { return e.Path + ": " + e.Reason }
func (e *VerifyError) Unwrap() error { return e.Err }

// Verify checks that root and everything nested in it can be written as a
// file that reads back as the same IR, and that MLIR would accept it:
//
//   - nothing is nil: ops, regions, blocks, values, types, locations,
//     attribute values, operands and successors;
//   - the IR is a tree whose parent links agree with where each element
//     sits: no op in two places, no op inside itself;
//   - results and block arguments are owned by the op or block listing
//     them, and attribute names are sorted and unique;
//   - every operand is defined in a region enclosing its use, not outside
//     an isolated op, and dominates its use as MLIR's verifier requires:
//     in order within a block of an SSA region, by the dominator tree
//     across blocks, in any order in graph regions (and in the single
//     block of an op MLIR does not know); uses in unreachable blocks are
//     not checked;
//   - successors are blocks of the region holding the op, not its entry
//     block, and only the last op of a block has successors;
//   - graph regions hold at most one block, and blocks end with a
//     terminator unless they are the single block of an op that needs
//     none (MLIR's structural rules, from the traits Traits gives);
//   - a known op has as many operands, results, regions and successors
//     as its definition allows (Traits' Counts), and sits in an op its
//     definition names, if it names any (Parents);
//   - the ops in a block of a symbol table have different symbol names
//     (sym_name), a symbol is not nested directly in a known op that is
//     not a symbol table, and a symbol declaration (an external function)
//     is not public;
//   - nesting stays within Limits.
//
// It uses no recursion, so any depth costs heap rather than stack.
func Verify(root *Operation, opts VerifyOptions) error {
	if root == nil {
		return &VerifyError{Path: "(root)", Reason: "the root op is nil", Err: ErrInvalidIR}
	}
	if quickVerify(root, opts) {
		return nil
	}
	return verifyFull(root, opts)
}

// verifyFull is Verify without its fast path.
func verifyFull(root *Operation, opts VerifyOptions) error {
	v := &verifier{opts: opts, traits: traitCache{of: opts.Traits}, gen: NewMarkGeneration(), maxDepth: opts.Limits.RegionDepth()}
	if err := v.walk(root); err != nil {
		return err
	}
	return v.checkUses()
}

type verifier struct {
	opts     VerifyOptions
	gen      MarkGeneration
	maxDepth int
	ops      chunked.List[opInfo]
	regions  chunked.List[regionInfo]
	blocks   chunked.List[blockInfo]
	// doms caches the dominator trees of multi-block SSA regions.
	doms map[int]*domTree
	// symbols holds the symbols met in blocks of symbol tables: the op
	// defining each.
	symbols map[symbolKey[int]]int
	traits  traitCache
}

// symbolKey is a symbol's name within a block (a number the walk gave
// it, or the block itself).
type symbolKey[B comparable] struct {
	block B
	name  string
}

type opInfo struct {
	op    *Operation
	block int // index into blocks; -1 for the root
	pos   int // position in its block
}

type regionInfo struct {
	r  *Region
	op int // the op owning it
	// in and out number regions in pre-order; a region encloses another
	// when its interval holds the other's.
	in, out int
	// floor is the in of the outermost region values used here may come
	// from: the first region of the nearest isolated ancestor.
	floor int
	graph bool
	depth int
}

type blockInfo struct {
	b      *Block
	region int
	pos    int
}

// opID, regionID and blockID read the numbers this walk stored.
func (v *verifier) opID(op *Operation) (int, bool) {
	id, ok := v.gen.Op(op)
	return int(id), ok
}

func (v *verifier) regionID(r *Region) (int, bool) {
	id, ok := v.gen.Region(r)
	return int(id), ok
}

func (v *verifier) blockID(b *Block) (int, bool) {
	id, ok := v.gen.Block(b)
	return int(id), ok
}

func (v *verifier) fail(op int, format string, args ...any) error {
	return &VerifyError{Path: v.path(op), Op: v.ops.At(op).op, Reason: fmt.Sprintf(format, args...), Err: ErrInvalidIR}
}

// walk numbers ops, regions and blocks in pre-order and checks the tree.
func (v *verifier) walk(root *Operation) error {
	type frame struct {
		op, region, block, pos int // region/block/pos: next op to visit
	}
	if err := v.enter(root, -1, 0, 0); err != nil {
		return err
	}
	if root.NumRegions() > 0 {
		if err := v.enterRegion(0, 0); err != nil {
			return err
		}
	}
	if err := v.checkParent(0, root, nil); err != nil {
		return err
	}
	stack := []frame{{op: 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		op := v.ops.At(f.op).op
		if f.region >= op.NumRegions() {
			stack = stack[:len(stack)-1]
			continue
		}
		r := op.Region(f.region)
		ri := v.regionIndex(f.op, f.region)
		if f.block >= r.NumBlocks() {
			v.regions.At(ri).out = v.regions.Len()
			f.region, f.block, f.pos = f.region+1, 0, 0
			if f.region < op.NumRegions() {
				if err := v.enterRegion(f.op, f.region); err != nil {
					return err
				}
			}
			continue
		}
		b := r.Block(f.block)
		bi := v.blockIndex(ri, f.block)
		if f.pos >= b.NumOps() {
			f.block, f.pos = f.block+1, 0
			if f.block < r.NumBlocks() {
				if err := v.enterBlock(f.op, ri, f.block); err != nil {
					return err
				}
			}
			continue
		}
		child := b.Op(f.pos)
		if child == nil {
			return v.fail(f.op, "op %d of block %d of region %d is nil", f.pos, f.block, f.region)
		}
		pos := f.pos
		f.pos++
		if err := v.enter(child, bi, pos, v.regions.At(ri).depth); err != nil {
			return err
		}
		if err := v.checkSymbol(v.ops.Len()-1, f.op, bi); err != nil {
			return err
		}
		if err := v.checkParent(v.ops.Len()-1, child, op); err != nil {
			return err
		}
		stack = append(stack, frame{op: v.ops.Len() - 1})
		if child.NumRegions() > 0 {
			if err := v.enterRegion(v.ops.Len()-1, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// regionIndex and blockIndex find the numbers enterRegion and enterBlock
// gave, through the marks they left.
func (v *verifier) regionIndex(op, i int) int {
	id, _ := v.regionID(v.ops.At(op).op.Region(i))
	return id
}

func (v *verifier) blockIndex(region, i int) int {
	id, _ := v.blockID(v.regions.At(region).r.Block(i))
	return id
}

// enter numbers op and checks what it holds itself.
func (v *verifier) enter(op *Operation, block, pos, depth int) error {
	if _, seen := v.opID(op); seen {
		v.ops.Append(opInfo{op: op, block: block, pos: pos})
		return v.fail(v.ops.Len()-1, "the op appears twice in the IR (or inside itself)")
	}
	v.gen.SetOp(op, uint64(v.ops.Len()))
	v.ops.Append(opInfo{op: op, block: block, pos: pos})
	i := v.ops.Len() - 1
	if block >= 0 && op.Parent() != v.blocks.At(block).b {
		return v.fail(i, "the op's Parent is not the block that holds it")
	}
	if op.Name().Dialect == "" {
		return v.fail(i, "the op has no name")
	}
	if op.Loc() == nil {
		return v.fail(i, "the op has no location")
	}
	for j, r := range op.Results() {
		switch {
		case r == nil:
			return v.fail(i, "result %d is nil", j)
		case r.Op() != op || r.Index() != j || r.Block() != nil:
			return v.fail(i, "result %d belongs to another op or position (Op, Index)", j)
		case r.Type() == nil:
			return v.fail(i, "result %d has no type", j)
		}
	}
	for j, a := range op.Attrs() {
		switch {
		case a.Value == nil:
			return v.fail(i, "attribute %q has no value", a.Name)
		case a.Name == "":
			return v.fail(i, "attribute %d has no name", j)
		case j > 0 && op.Attrs()[j-1].Name >= a.Name:
			return v.fail(i, "attributes are not sorted by name with each name once (%q then %q); SetAttr keeps them so", op.Attrs()[j-1].Name, a.Name)
		}
	}
	for j, s := range op.Successors() {
		if s == nil {
			return v.fail(i, "successor %d is nil", j)
		}
	}
	for j, o := range op.Operands() {
		if o == nil {
			return v.fail(i, "operand %d is nil", j)
		}
	}
	if op.NumRegions() > 0 {
		if depth >= v.maxDepth {
			return &VerifyError{Path: v.path(i), Op: op, Reason: fmt.Sprintf("regions nested more than %d deep", v.maxDepth), Err: ErrTooDeep}
		}
		if v.opts.Materialize {
			if err := op.Materialize(); err != nil {
				return err
			}
		} else if !op.Loaded() {
			return nil
		}
	}
	for j, r := range op.Regions() {
		switch {
		case r == nil:
			return v.fail(i, "region %d is nil", j)
		case r.Parent() != op:
			return v.fail(i, "region %d's Parent is not the op that holds it", j)
		}
	}
	if t := v.traits.get(op); t.Known {
		if msg := t.Counts.check(op); msg != "" {
			return v.fail(i, "%s", msg)
		}
	}
	return nil
}

// checkSymbol checks op i, in block b of op owner, as MLIR checks
// symbols: the symbol tables' names are unique in their block, and a
// symbol sits in a symbol table unless MLIR does not know its parent.
func (v *verifier) checkSymbol(i, owner, b int) error {
	op := v.ops.At(i).op
	name, ok := symbolName(op)
	if !ok {
		return nil
	}
	if publicDeclaration(op, v.traits.get(op)) {
		return v.fail(i, "symbol declaration cannot have public visibility: give it sym_visibility \"private\" (or \"nested\")")
	}
	ot := v.traits.get(v.ops.At(owner).op)
	switch {
	case !ot.Known:
	case ot.SymbolTable:
		key := symbolKey[int]{b, name}
		if first, dup := v.symbols[key]; dup {
			return v.fail(i, "redefinition of symbol named '%s': op %d of the block defines it first", name, v.ops.At(first).pos)
		}
		if v.symbols == nil {
			v.symbols = map[symbolKey[int]]int{}
		}
		v.symbols[key] = i
	default:
		if t := v.traits.get(v.ops.At(i).op); t.Known && t.Symbol {
			return v.fail(i, "symbol's parent must have the SymbolTable trait: %s is not a symbol table", v.ops.At(owner).op.Name())
		}
	}
	return nil
}

// checkParent checks that op, numbered i, sits in an op its definition
// allows (parent nil: at the root).
func (v *verifier) checkParent(i int, op, parent *Operation) error {
	t := v.traits.get(op)
	if !t.Known || len(t.Parents) == 0 || parentAllowed(parent, t.Parents) {
		return nil
	}
	want := "'" + t.Parents[0] + "'"
	if len(t.Parents) > 1 {
		want = "to be one of '" + strings.Join(t.Parents, ", ") + "'"
	}
	if parent == nil {
		return v.fail(i, "expects parent op %s, and is the root", want)
	}
	return v.fail(i, "expects parent op %s, not %s", want, parent.Name())
}

// parentAllowed reports whether parent (nil: none) is one of the ops
// named.
func parentAllowed(parent *Operation, names []string) bool {
	if parent == nil || parent.name == nil {
		return false
	}
	d, o := parent.name.Dialect, parent.name.Op
	for _, n := range names {
		if len(n) == len(d)+1+len(o) && n[:len(d)] == d && n[len(d)] == '.' && n[len(d)+1:] == o {
			return true
		}
	}
	return false
}

// publicDeclaration reports whether op, with traits t, declares a symbol
// (a function without a body, say) that is public, as MLIR refuses: no
// sym_visibility, or "public". A lazily read op whose regions are not
// loaded is not known to be one.
func publicDeclaration(op *Operation, t OpTraits) bool {
	if !t.Known || !t.Symbol {
		return false
	}
	switch t.Declaration {
	case DeclaresNever:
		return false
	case DeclaresWithoutBody:
		if !op.Loaded() || op.NumRegions() == 0 || op.Region(0).NumBlocks() > 0 {
			return false
		}
	}
	vis := op.Attr("sym_visibility")
	if vis == nil {
		return true
	}
	s, ok := stringAttr(vis)
	return ok && s == "public"
}

// symbolName is the name an op defines, as MLIR finds it: a builtin
// string in its sym_name attribute.
func symbolName(op *Operation) (string, bool) {
	return stringAttr(op.Attr("sym_name"))
}

// stringAttr is the value of a builtin string attribute.
func stringAttr(a Attribute) (string, bool) {
	if a == nil || a.Dialect() != "builtin" || a.Kind() != "StringAttr" {
		return "", false
	}
	s, ok := a.(interface{ Value() string })
	if !ok {
		return "", false
	}
	return s.Value(), true
}

// enterRegion numbers region i of op and its first block.
func (v *verifier) enterRegion(op, i int) error {
	o := v.ops.At(op).op
	r := o.Region(i)
	if _, seen := v.regionID(r); seen {
		return v.fail(op, "region %d appears twice in the IR", i)
	}
	depth := 1
	floor := 0
	if b := v.ops.At(op).block; b >= 0 {
		outer := v.regions.At(v.blocks.At(b).region)
		depth, floor = outer.depth+1, outer.floor
	}
	t := v.traits.get(o)
	if t.Isolated && i == 0 {
		floor = v.regions.Len()
	} else if t.Isolated {
		// All regions of an isolated op share its floor: they are
		// numbered one after another.
		id, _ := v.regionID(o.Region(0))
		floor = id
	}
	if t.Graph && r.NumBlocks() > 1 {
		return v.fail(op, "region %d is a graph region, which holds at most one block, not %d", i, r.NumBlocks())
	}
	v.gen.SetRegion(r, uint64(v.regions.Len()))
	// MLIR gives multi-block regions SSA dominance always, and the single
	// block of an op it does not know none (Dominance.cpp).
	graph := r.NumBlocks() == 1 && (t.Graph || !t.Known)
	v.regions.Append(regionInfo{r: r, op: op, in: v.regions.Len(), floor: floor, graph: graph, depth: depth})
	if r.NumBlocks() > 0 {
		return v.enterBlock(op, v.regions.Len()-1, 0)
	}
	return nil
}

// enterBlock numbers block i of a region and checks its arguments.
func (v *verifier) enterBlock(op, region, i int) error {
	b := v.regions.At(region).r.Block(i)
	ri := v.regions.At(region)
	regionPos := 0
	for k, r := range v.ops.At(op).op.Regions() {
		if r == ri.r {
			regionPos = k
		}
	}
	switch {
	case b == nil:
		return v.fail(op, "block %d of region %d is nil", i, regionPos)
	case b.Parent() != ri.r:
		return v.fail(op, "block %d of region %d: its Parent is not the region that holds it", i, regionPos)
	}
	if _, seen := v.blockID(b); seen {
		return v.fail(op, "block %d of region %d appears twice in the IR", i, regionPos)
	}
	// MLIR lets a block go without a terminator only as the single block
	// of an op that may need none.
	if pt := v.traits.get(v.ops.At(op).op); ri.r.NumBlocks() > 1 || (pt.Known && !pt.NoTerminator) {
		if b.NumOps() == 0 {
			return v.fail(op, "block %d of region %d is empty: it must end with a terminator", i, regionPos)
		}
		if last := b.Op(b.NumOps() - 1); last != nil {
			if lt := v.traits.get(last); lt.Known && !lt.Terminator {
				return v.fail(op, "block %d of region %d ends with %s, which is not a terminator", i, regionPos, last.Name())
			}
		}
	}
	v.gen.SetBlock(b, uint64(v.blocks.Len()))
	v.blocks.Append(blockInfo{b: b, region: region, pos: i})
	for j, a := range b.Args() {
		switch {
		case a == nil:
			return v.fail(op, "argument %d of block %d of region %d is nil", j, i, regionPos)
		case a.Block() != b || a.Index() != j || a.Op() != nil:
			return v.fail(op, "argument %d of block %d of region %d belongs to another block or position (Block, Index)", j, i, regionPos)
		case a.Type() == nil:
			return v.fail(op, "argument %d of block %d of region %d has no type", j, i, regionPos)
		case a.Loc() == nil:
			return v.fail(op, "argument %d of block %d of region %d has no location", j, i, regionPos)
		}
	}
	return nil
}

// checkUses checks every operand and successor against the numbered tree.
func (v *verifier) checkUses() error {
	for i := range v.ops.Len() {
		info := v.ops.At(i)
		op := info.op
		if info.block < 0 {
			if op.NumOperands() > 0 {
				return v.fail(i, "the root op has operands, which nothing can define")
			}
			if op.NumSuccessors() > 0 {
				return v.fail(i, "the root op has successors")
			}
			continue
		}
		for j, val := range op.Operands() {
			if err := v.checkOperand(i, j, val); err != nil {
				return err
			}
		}
		region := v.blocks.At(info.block).region
		for j, s := range op.Successors() {
			id, ok := v.blockID(s)
			if !ok || v.blocks.At(id).b != s {
				return v.fail(i, "successor %d is not a block of this IR", j)
			}
			if v.blocks.At(id).region != region {
				return v.fail(i, "successor %d is a block of another region", j)
			}
			if v.blocks.At(id).pos == 0 {
				return v.fail(i, "successor %d is the entry block of its region, which may have no predecessors", j)
			}
		}
		if op.NumSuccessors() > 0 && info.pos != v.blocks.At(info.block).b.NumOps()-1 {
			return v.fail(i, "an op with successors must be the last op of its block")
		}
	}
	return nil
}

// def locates a value: the region, block and position defining it (pos -1
// for a block argument), or ok false when it is not part of the IR.
func (v *verifier) def(val *Value) (block, pos int, ok bool) {
	switch {
	case val.Op() != nil:
		id, ok := v.opID(val.Op())
		if !ok || v.ops.At(id).op != val.Op() || val.Index() < 0 || val.Index() >= val.Op().NumResults() || val.Op().Result(val.Index()) != val {
			return 0, 0, false
		}
		d := v.ops.At(id)
		if d.block < 0 {
			return 0, 0, false // the root's results are visible nowhere
		}
		return d.block, d.pos, true
	case val.Block() != nil:
		id, ok := v.blockID(val.Block())
		if !ok || v.blocks.At(id).b != val.Block() || val.Index() < 0 || val.Index() >= val.Block().NumArgs() || val.Block().Arg(val.Index()) != val {
			return 0, 0, false
		}
		return id, -1, true
	}
	return 0, 0, false
}

func (v *verifier) checkOperand(i, j int, val *Value) error {
	db, dpos, ok := v.def(val)
	if !ok {
		return v.fail(i, "operand %d is not defined in the IR being checked (%s)", j, v.describe(val))
	}
	useBlock := v.ops.At(i).block
	use := v.regions.At(v.blocks.At(useBlock).region)
	dr := v.blocks.At(db).region
	def := v.regions.At(dr)
	if def.in > use.in || use.out > def.out {
		return v.fail(i, "operand %d (%s) is defined in a region that does not enclose this op", j, v.describe(val))
	}
	if def.in < use.floor {
		iso := v.regions.At(use.floor).op
		return v.fail(i, "operand %d (%s) is defined outside isolated op %s", j, v.describe(val), v.ops.At(iso).op.Name())
	}
	if def.graph {
		return nil
	}
	// MLIR checks dominance only for uses in blocks reachable from their
	// region's entry.
	if !v.reachable(v.blocks.At(useBlock).region, v.blocks.At(useBlock).pos) {
		return nil
	}
	// Find the op that holds the use in the defining region.
	a := i
	for v.blocks.At(v.ops.At(a).block).region != dr {
		a = v.regions.At(v.blocks.At(v.ops.At(a).block).region).op
	}
	ab, apos := v.ops.At(a).block, v.ops.At(a).pos
	if ab == db {
		if dpos < 0 || dpos < apos {
			return nil
		}
		if a == i {
			return v.fail(i, "operand %d (%s) is used before it is defined", j, v.describe(val))
		}
		return v.fail(i, "operand %d (%s) is used inside an op that comes before (or is) its definition", j, v.describe(val))
	}
	if v.dominates(dr, v.blocks.At(db).pos, v.blocks.At(ab).pos) {
		return nil
	}
	return v.fail(i, "operand %d (%s) does not dominate its use: its block does not dominate the block of the use", j, v.describe(val))
}

// describe names a value for errors.
func (v *verifier) describe(val *Value) string {
	switch {
	case val.Op() != nil:
		return fmt.Sprintf("result %d of %s", val.Index(), v.pathOf(val.Op()))
	case val.Block() != nil:
		return fmt.Sprintf("argument %d of a block of %s", val.Index(), v.pathOfRegion(val.Block().Parent()))
	}
	return "a value with neither a defining op nor a block"
}

// reachable reports whether block pos of region r is reachable from the
// region's entry block.
func (v *verifier) reachable(r, pos int) bool {
	if v.regions.At(r).r.NumBlocks() == 1 || pos == 0 {
		return true
	}
	return v.domTree(r).idom[pos] >= 0
}

// dominates reports whether block a dominates block b in region r (an
// unreachable b is dominated by every block). It takes constant time: a
// walk up the tree per query made a chain of 40,000 blocks, each using a
// value of the entry block, quadratic (1.4 s to write, 72 % of it here).
func (v *verifier) dominates(r, a, b int) bool {
	return v.domTree(r).dominates(a, b)
}

func (t *domTree) dominates(a, b int) bool {
	if a == b || t.idom[b] < 0 {
		return true
	}
	return t.idom[a] >= 0 && t.enter[a] <= t.enter[b] && t.exit[b] <= t.exit[a]
}

// domTree holds the immediate dominators of a region's blocks: idom[0] is
// 0, unreachable blocks have -1. kids lists each reachable block's
// children in the tree, block b's at kids[first[b]:first[b+1]], in
// block order. enter and exit number each reachable block when a walk
// of the tree from the entry reaches it and when it leaves it, so a block
// dominates another when its span holds the other's.
type domTree struct{ idom, first, kids, enter, exit []int }

// domTree computes (once) the dominator tree of region r with Cooper,
// Harvey and Kennedy's iterative algorithm. A block's successors are those
// of its last op, as MLIR's Block::getSuccessors has them.
func (v *verifier) domTree(r int) *domTree {
	if t, ok := v.doms[r]; ok {
		return t
	}
	blocks := v.regions.At(r).r.Blocks()
	n := len(blocks)
	// The edges, as one list: block b's successors are succ[first[b]:first[b+1]].
	first := make([]int, n+1)
	succ := make([]int, 0, n)
	for b, blk := range blocks {
		first[b] = len(succ)
		ops := blk.Ops()
		if len(ops) == 0 || ops[len(ops)-1] == nil {
			continue
		}
		for _, s := range ops[len(ops)-1].Successors() {
			if id, ok := v.blockID(s); ok && v.blocks.At(id).region == r {
				succ = append(succ, v.blocks.At(id).pos)
			}
		}
	}
	first[n] = len(succ)
	t := dominatorTree(first, succ)
	if v.doms == nil {
		v.doms = map[int]*domTree{}
	}
	v.doms[r] = t
	return t
}

// dominatorTree computes the dominator tree of a region's blocks, with
// Cooper, Harvey and Kennedy's iterative algorithm, from its edges: block
// b's successors are succ[first[b]:first[b+1]] (len(first) is the number
// of blocks plus one); block 0 is the entry.
func dominatorTree(first, succ []int) *domTree {
	n := len(first) - 1
	// Reverse post-order by an explicit DFS, which also lists each
	// reachable block's predecessors (reachable ones only).
	order := make([]int, n) // block → RPO number, -1 unreachable
	for i := range order {
		order[i] = -1
	}
	visited := make([]bool, n)
	post := make([]int, 0, n)
	predFrom, predTo := make([]int, 0, len(succ)), make([]int, 0, len(succ))
	type item struct{ b, next int }
	visited[0] = true
	// As deep as the longest path: a chain of blocks fills it.
	stack := make([]item, 1, n)
	stack[0] = item{0, first[0]}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == first[top.b+1] {
			post = append(post, top.b)
			stack = stack[:len(stack)-1]
			continue
		}
		s := succ[top.next]
		top.next++
		predFrom, predTo = append(predFrom, top.b), append(predTo, s)
		if !visited[s] {
			visited[s] = true
			stack = append(stack, item{s, first[s]})
		}
	}
	// Predecessors grouped by block, as the successors are.
	pfirst, preds := groupBy(n, predTo, predFrom)
	rpo := make([]int, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
		order[b] = len(post) - 1 - i
	}
	idom := make([]int, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[0] = 0
	intersect := func(a, b int) int {
		for a != b {
			for order[a] > order[b] {
				a = idom[a]
			}
			for order[b] > order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			nd := -1
			for _, p := range preds[pfirst[b]:pfirst[b+1]] {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[b] {
				idom[b] = nd
				changed = true
			}
		}
	}
	t := &domTree{idom: idom}
	t.number()
	return t
}

// number lists the tree's children and sets enter and exit by a walk of
// the tree, without recursion: a chain of blocks is as deep as it is long.
func (t *domTree) number() {
	n := len(t.idom)
	var parents, children []int
	for b := 1; b < n; b++ {
		if p := t.idom[b]; p >= 0 {
			parents, children = append(parents, p), append(children, b)
		}
	}
	t.first, t.kids = groupBy(n, parents, children)
	next := slices.Clone(t.first[:n]) // each block's next child to enter
	t.enter, t.exit = make([]int, n), make([]int, n)
	clock := 0
	stack := make([]int, 1, n)
	t.enter[0] = clock
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		if next[top] < t.first[top+1] {
			c := t.kids[next[top]]
			next[top]++
			clock++
			t.enter[c] = clock
			stack = append(stack, c)
			continue
		}
		clock++
		t.exit[top] = clock
		stack = stack[:len(stack)-1]
	}
}

// groupBy lists vals by their keys (below n), each key's in the order
// given: key k's are out[first[k]:first[k+1]].
func groupBy(n int, keys, vals []int) (first, out []int) {
	first = make([]int, n+1)
	for _, k := range keys {
		first[k+1]++
	}
	for k := range n {
		first[k+1] += first[k]
	}
	out = make([]int, len(vals))
	fill := slices.Clone(first[:n])
	for i, k := range keys {
		out[fill[k]] = vals[i]
		fill[k]++
	}
	return first, out
}

// path names op i from the root.
func (v *verifier) path(i int) string {
	var parts []string
	for i >= 0 {
		info := v.ops.At(i)
		name := opLabel(info.op)
		if info.block < 0 {
			parts = append(parts, name)
			break
		}
		b := v.blocks.At(info.block)
		r := v.regions.At(b.region)
		regionPos := 0
		for k, x := range v.ops.At(r.op).op.Regions() {
			if x == r.r {
				regionPos = k
			}
		}
		parts = append(parts, fmt.Sprintf("%s (region %d, block %d, op %d)", name, regionPos, b.pos, info.pos))
		i = r.op
	}
	slices.Reverse(parts)
	return joinPath(parts)
}

// joinPath joins path parts, leaving out the middle of deep paths.
func joinPath(parts []string) string {
	if len(parts) > 12 {
		parts = append(append(parts[:6:6], fmt.Sprintf("… %d more …", len(parts)-12)), parts[len(parts)-6:]...)
	}
	return strings.Join(parts, " › ")
}

// pathOf names an op that may lie outside the numbered tree, by its
// parent links, giving up after as many steps as the IR may nest.
func (v *verifier) pathOf(op *Operation) string {
	if id, ok := v.opID(op); ok && id < v.ops.Len() && v.ops.At(id).op == op {
		return v.path(int(id))
	}
	parts := []string{opLabel(op)}
	for steps := 0; op.Parent() != nil && op.Parent().Parent() != nil && op.Parent().Parent().Parent() != nil && steps < v.maxDepth; steps++ {
		op = op.Parent().Parent().Parent()
		parts = append(parts, opLabel(op))
	}
	slices.Reverse(parts)
	return joinPath(parts) + " (not in this IR)"
}

func (v *verifier) pathOfRegion(r *Region) string {
	if r == nil || r.Parent() == nil {
		return "a block in no region"
	}
	return v.pathOf(r.Parent())
}

// opLabel is an op's name, with its symbol name when it has one.
func opLabel(op *Operation) string {
	if s, ok := op.Attr("sym_name").(interface{ Value() string }); ok {
		return op.Name().String() + " @" + s.Value()
	}
	return op.Name().String()
}
