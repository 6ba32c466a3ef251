package ir

import "slices"

// quickVerify is Verify's fast path: one walk that proves the common shape
// of IR valid, without the tables the full verifier builds to name what is
// wrong. It answers true only for IR Verify accepts; anything it does not
// handle cheaply (a value used before its definition, a graph region of
// several blocks, an unreachable block, a lazily read region left unread,
// any broken rule) makes it answer false, and Verify then runs the full
// check, which finds the error and words it, or accepts what was merely
// unusual.
//
// The rules reduce to: a value may be used where it is defined earlier in
// the walk, in a block still open at or below the nearest isolated op. A
// block is open while the walk is in it, in the regions it holds, and, in
// a region of several blocks (a CFG), in the blocks it dominates: those
// are walked in the order of a walk of the dominator tree, each block's
// subtree before it closes. Requiring the definition to come first is
// stricter than graph regions need, which only costs a fall back.
func quickVerify(root *Operation, opts VerifyOptions) bool {
	if root.NumOperands() > 0 || root.NumSuccessors() > 0 {
		return false
	}
	q := quickVerifier{opts: opts, traits: traitCache{of: opts.Traits}, gen: NewMarkGeneration(), maxDepth: opts.Limits.RegionDepth()}
	return q.run(root)
}

type quickVerifier struct {
	opts     VerifyOptions
	gen      MarkGeneration
	maxDepth int
	stack    []quickFrame
	// closing lists the CFG blocks still open whose frames became those
	// of a block they dominate (see quickFrame).
	closing []*Block
	// symName is the sym_name of the op that op checked last, nil for
	// none.
	symName Attribute
	// symbols holds the symbols met in blocks of symbol tables.
	symbols map[symbolKey[*Block]]struct{}
	traits  traitCache
}

// quickFrame is a block being walked: region of op, its block at level
// (the region depth), with values usable from floor up. owner is what
// MLIR knows of op, for the symbols in the block.
type quickFrame struct {
	op           *Operation
	region       int
	b            *Block
	pos          int
	level, floor int
	owner        ownerKind
	// In a region of several blocks, cfg is its dominator tree, bi the
	// block's index and kid the next of its children in the tree to walk.
	// A frame whose block's last child comes next becomes the child's:
	// the blocks it was are listed in closing from closeFrom on, closed
	// with it. A chain of blocks then takes one frame, not one a block.
	// entry says the frame is, or was, the region's entry block's.
	cfg       *quickCFG
	bi, kid   int
	closeFrom int
	entry     bool
}

// quickCFG is a region of several blocks and its dominator tree.
type quickCFG struct {
	blocks []*Block
	*domTree
}

type ownerKind uint8

const (
	unknownOwner ownerKind = iota // symbols may sit here
	symbolTable                   // symbols sit here, named uniquely
	plainOwner                    // no symbol may sit here
)

// Marks: ops and regions are marked when met; values when defined; blocks
// with their level while open and 0 once closed (a CFG region's blocks
// hold their index while cfgOf reads the branches, then 0).

func (q *quickVerifier) run(root *Operation) bool {
	if !q.op(root, nil, 0, 0) {
		return false
	}
	if !q.openRegions(root, 0, 0, 0) {
		return false
	}
	for len(q.stack) > 0 {
		f := &q.stack[len(q.stack)-1]
		if f.pos < f.b.NumOps() {
			child := f.b.Op(f.pos)
			f.pos++
			if child == nil || !q.op(child, f.b, f.level, f.floor) {
				return false
			}
			// Only a terminator of a block of a CFG branches: its
			// successors were checked with the region (cfgOf).
			if child.NumSuccessors() > 0 && (f.cfg == nil || f.pos != f.b.NumOps()) {
				return false
			}
			if q.symName != nil && !q.symbol(f, child) {
				return false
			}
			if !q.openRegions(child, 0, f.level, f.floor) {
				return false
			}
			continue
		}
		// The block is done; in a CFG, the blocks it dominates come
		// next, with it still open.
		if f.cfg != nil && f.kid < f.cfg.first[f.bi+1] {
			c := f.cfg.kids[f.kid]
			f.kid++
			if !q.openBlock(f.cfg.blocks[c], f.level) {
				return false
			}
			if f.kid == f.cfg.first[f.bi+1] {
				// The last child: this frame becomes its.
				q.closing = append(q.closing, f.b)
				f.b, f.pos, f.bi, f.kid = f.cfg.blocks[c], 0, c, f.cfg.first[c]
				continue
			}
			next := *f
			next.b, next.pos, next.bi, next.kid = f.cfg.blocks[c], 0, c, f.cfg.first[c]
			next.closeFrom, next.entry = len(q.closing), false
			q.stack = append(q.stack, next)
			continue
		}
		// Its values go out of scope, and those of the blocks the frame
		// was before.
		q.gen.SetBlock(f.b, 0)
		for _, b := range q.closing[f.closeFrom:] {
			q.gen.SetBlock(b, 0)
		}
		q.closing = q.closing[:f.closeFrom]
		op, next, level, floor, entry := f.op, f.region+1, f.level-1, f.floor, f.entry
		q.stack = q.stack[:len(q.stack)-1]
		if !entry {
			continue // back to the block dominating it
		}
		if !q.openRegions(op, next, level, floor) {
			return false
		}
	}
	return true
}

// op checks what op holds itself and that its operands are in scope.
// Ops without regions define their results at once; the others when their
// last region is done (openRegions).
func (q *quickVerifier) op(op *Operation, parent *Block, level, floor int) bool {
	if _, seen := q.gen.Op(op); seen {
		return false
	}
	q.gen.SetOp(op, 0)
	if parent != nil && op.Parent() != parent {
		return false
	}
	if op.Name().Dialect == "" || op.Loc() == nil {
		return false
	}
	for j, r := range op.Results() {
		if r == nil || r.Op() != op || r.Index() != j || r.Block() != nil || r.Type() == nil {
			return false
		}
	}
	q.symName = nil
	for j, a := range op.Attrs() {
		if a.Value == nil || a.Name == "" || (j > 0 && op.Attrs()[j-1].Name >= a.Name) {
			return false
		}
		if a.Name == "sym_name" {
			q.symName = a.Value
		}
	}
	for _, v := range op.Operands() {
		if v == nil || !q.inScope(v, floor) {
			return false
		}
	}
	counts, parents := q.rulesOf(op)
	if !counts.allow(op) {
		return false
	}
	if parents != nil {
		var owner *Operation
		if parent != nil && parent.Parent() != nil {
			owner = parent.Parent().Parent()
		}
		if !parentAllowed(owner, parents) {
			return false
		}
	}
	if op.NumRegions() > 0 {
		if level >= q.maxDepth {
			return false
		}
		if q.opts.Materialize {
			if op.Materialize() != nil {
				return false
			}
		} else if !op.Loaded() {
			return false
		}
		for _, r := range op.Regions() {
			if r == nil || r.Parent() != op {
				return false
			}
		}
		return true
	}
	q.define(op)
	return true
}

// symbol checks op, which has a sym_name, in the block of frame f: a
// declaration is not public, a symbol table's names are unique, and a
// symbol sits in no known op that is not a symbol table.
func (q *quickVerifier) symbol(f *quickFrame, op *Operation) bool {
	name, ok := stringAttr(q.symName)
	if !ok {
		return true
	}
	t := q.traits.get(op)
	switch {
	case publicDeclaration(op, t):
		return false
	case f.owner == unknownOwner:
		return true
	case f.owner == plainOwner:
		return !t.Known || !t.Symbol
	}
	key := symbolKey[*Block]{f.b, name}
	if _, dup := q.symbols[key]; dup {
		return false
	}
	if q.symbols == nil {
		// Sized by the first symbol table's block, which holds at most
		// that many: a module of 1,000 functions grew it nine times.
		q.symbols = make(map[symbolKey[*Block]]struct{}, f.b.NumOps())
	}
	q.symbols[key] = struct{}{}
	return true
}

// rulesOf returns the counts and parents op's definition sets.
func (q *quickVerifier) rulesOf(op *Operation) (*OpCounts, []string) {
	if t := q.traits.get(op); t.Known {
		return t.Counts, t.Parents
	}
	return nil, nil
}

// openBlock opens b at level: its arguments are defined, and its values
// are in scope until it closes.
func (q *quickVerifier) openBlock(b *Block, level int) bool {
	q.gen.SetBlock(b, uint64(level))
	for j, a := range b.Args() {
		if a == nil || a.Block() != b || a.Index() != j || a.Op() != nil || a.Type() == nil || a.Loc() == nil {
			return false
		}
		q.gen.SetValue(a, 1)
	}
	return true
}

// unmet reports whether b is a block of r that the walk has not met.
func (q *quickVerifier) unmet(b *Block, r *Region) bool {
	if b == nil || b.Parent() != r {
		return false
	}
	_, seen := q.gen.Block(b)
	return !seen
}

// terminated reports whether b ends in an op that may end it, as far as
// its traits tell: MLIR needs a terminator there, and an op known not to
// be one is an error.
func (q *quickVerifier) terminated(b *Block) bool {
	if b.NumOps() == 0 {
		return false
	}
	if last := b.Op(b.NumOps() - 1); last != nil {
		if lt := q.traits.get(last); lt.Known && !lt.Terminator {
			return false
		}
	}
	return true
}

// cfgOf checks the blocks of r, a region of several blocks, and the
// branches between them, and returns their dominator tree: every block
// ends in a terminator whose successors are blocks of r other than the
// entry, and every block is reachable from the entry (MLIR does not check
// dominance in unreachable blocks; the full check handles those).
func (q *quickVerifier) cfgOf(r *Region) (*quickCFG, bool) {
	blocks := r.Blocks()
	if uint64(len(blocks)) >= 1<<32 {
		return nil, false // marks hold 32 bits
	}
	for i, b := range blocks {
		if !q.unmet(b, r) {
			return nil, false
		}
		// The block's index until the branches are read, then 0 (seen,
		// not open).
		q.gen.SetBlock(b, uint64(i))
		if !q.terminated(b) {
			return nil, false
		}
	}
	n := len(blocks)
	first := make([]int, n+1)
	succ := make([]int, 0, n)
	for i, b := range blocks {
		first[i] = len(succ)
		last := b.Op(b.NumOps() - 1)
		if last == nil {
			return nil, false
		}
		for _, s := range last.Successors() {
			if s == nil || s.Parent() != r {
				return nil, false
			}
			mark, _ := q.gen.Block(s)
			pos := int(mark)
			if pos == 0 || pos >= n || blocks[pos] != s {
				return nil, false
			}
			succ = append(succ, pos)
		}
	}
	first[n] = len(succ)
	for _, b := range blocks {
		q.gen.SetBlock(b, 0)
	}
	t := dominatorTree(first, succ)
	if slices.Contains(t.idom, -1) {
		return nil, false
	}
	return &quickCFG{blocks, t}, true
}

func (q *quickVerifier) define(op *Operation) {
	for _, r := range op.Results() {
		q.gen.SetValue(r, 1)
	}
}

// inScope reports whether v was defined earlier in a block still open, at
// level floor or deeper.
func (q *quickVerifier) inScope(v *Value, floor int) bool {
	if _, defined := q.gen.Value(v); !defined {
		return false
	}
	b := v.Block()
	if v.Op() != nil {
		b = v.Op().Parent()
	}
	if b == nil {
		return false
	}
	level, ok := q.gen.Block(b)
	return ok && level != 0 && int(level) >= floor
}

// openRegions pushes the first of op's regions from index i on that has a
// block, checking the region and its block; when none is left, op is done
// and defines its results.
func (q *quickVerifier) openRegions(op *Operation, i, level, floor int) bool {
	if op.NumRegions() == 0 {
		return true
	}
	t := q.traits.get(op)
	if t.Isolated {
		floor = level + 1
	}
	for ; i < op.NumRegions(); i++ {
		r := op.Region(i)
		if _, seen := q.gen.Region(r); seen {
			return false
		}
		q.gen.SetRegion(r, 0)
		var cfg *quickCFG
		switch r.NumBlocks() {
		case 0:
			continue
		case 1:
		default:
			if t.Known && t.Graph {
				return false
			}
			var ok bool
			if cfg, ok = q.cfgOf(r); !ok {
				return false
			}
		}
		b := r.Block(0)
		if cfg == nil && (!q.unmet(b, r) || t.Known && !t.NoTerminator && !q.terminated(b)) {
			return false
		}
		if !q.openBlock(b, level+1) {
			return false
		}
		owner := unknownOwner
		switch {
		case t.Known && t.SymbolTable:
			owner = symbolTable
		case t.Known:
			owner = plainOwner
		}
		f := quickFrame{op: op, region: i, b: b, level: level + 1, floor: floor, owner: owner, cfg: cfg, closeFrom: len(q.closing), entry: true}
		if cfg != nil {
			f.kid = cfg.first[0]
		}
		q.stack = append(q.stack, f)
		return true
	}
	q.define(op)
	return true
}
