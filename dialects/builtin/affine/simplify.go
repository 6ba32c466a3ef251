package affine

// The simplification rules mirror the simplify* functions of MLIR's
// AffineExpr.cpp, which run every time a binary expression is built.

import "math"

// rules selects the release-dependent behaviour.
type rules struct {
	// checkedFold: c1 + c2 and c1 * c2 stay unfolded when they overflow
	// (16 folds with wrap-around).
	checkedFold bool
	// signedDiv: floordiv/ceildiv by a negative constant simplify too
	// (16 only simplifies positive divisors); the largest-known-divisor of
	// a division is then taken as an absolute value.
	signedDiv bool
	// modNeedsMul: "e + (e floordiv c) * -c -> e mod c" checks that the
	// right operand is a multiplication (16 accepts any binary operation).
	modNeedsMul bool
	// modNeedsPositive: that rewrite also requires c to be a positive
	// constant (LLVM 20, llvm-project#107530).
	modNeedsPositive bool
	// orderOperands: in a + b and a * b where both operands are dims or
	// symbols, dims come first, each kind by position (LLVM 21,
	// llvm-project#146895).
	orderOperands bool
	// nestedAdd: (x + y) + (z floordiv c) * k rewrites to x + (y + ...) when
	// the inner sum simplifies (LLVM 21, llvm-project#146492).
	nestedAdd bool
}

var latest = rulesFor(22)

func rulesFor(release int) rules {
	switch {
	case release == 0: // unknown producer: the newest rules
		return rulesFor(22)
	case release <= 16:
		return rules{}
	case release <= 19:
		return rules{checkedFold: true, signedDiv: true, modNeedsMul: true}
	case release == 20:
		return rules{checkedFold: true, signedDiv: true, modNeedsMul: true, modNeedsPositive: true}
	default:
		return rules{checkedFold: true, signedDiv: true, modNeedsMul: true, modNeedsPositive: true,
			orderOperands: true, nestedAdd: true}
	}
}

// maxTreeDepth bounds the depth of the trees the parser builds (a sum
// of n terms is n levels deep), so that the recursive printer, comparison
// and simplifier stay well inside the stack.
const maxTreeDepth = 5000

type nodeKey struct {
	kind     Kind
	pos      int
	val      int64
	lhs, rhs *Expr
}

// builder builds simplified expressions. With hash-consing on (the
// parser) equal trees are the same pointer, so comparisons are O(1) and
// per-node facts are memoized; without it (the exported constructors, which
// receive arbitrary trees) comparisons are structural.
type builder struct {
	rules   rules
	canon   map[nodeKey]*Expr
	symMemo map[*Expr]bool
	divMemo map[*Expr]int64
	depth   map[*Expr]int
	tooDeep bool
	// inexact records that wrap-around arithmetic or a C++-specific
	// integer quirk took part in a simplification (used by tests that
	// check semantic equivalence).
	inexact bool
	// noSimplify builds every expression as written (tests only).
	noSimplify bool
}

func newBuilder(r rules, hashCons bool) *builder {
	b := &builder{rules: r}
	if hashCons {
		b.canon = map[nodeKey]*Expr{}
		b.symMemo = map[*Expr]bool{}
		b.divMemo = map[*Expr]int64{}
		b.depth = map[*Expr]int{}
	}
	return b
}

func (b *builder) node(k nodeKey) *Expr {
	if b.canon == nil {
		return &Expr{Kind: k.kind, Pos: k.pos, Value: k.val, LHS: k.lhs, RHS: k.rhs}
	}
	if e, ok := b.canon[k]; ok {
		return e
	}
	e := &Expr{Kind: k.kind, Pos: k.pos, Value: k.val, LHS: k.lhs, RHS: k.rhs}
	b.canon[k] = e
	d := 1
	if k.kind.isBinary() {
		d = 1 + max(b.depth[k.lhs], b.depth[k.rhs])
		if d > maxTreeDepth {
			b.tooDeep = true
		}
	}
	b.depth[e] = d
	return e
}

func (b *builder) dim(i int) *Expr {
	return b.node(nodeKey{kind: KindDim, pos: i})
}
func (b *builder) sym(i int) *Expr {
	return b.node(nodeKey{kind: KindSymbol, pos: i})
}
func (b *builder) cst(v int64) *Expr {
	return b.node(nodeKey{kind: KindConstant, val: v})
}
func (b *builder) raw(k Kind, l, r *Expr) *Expr {
	return b.node(nodeKey{kind: k, lhs: l, rhs: r})
}

func (b *builder) eq(x, y *Expr) bool {
	if b.canon != nil {
		return x == y
	}
	return exprEqual(x, y)
}

func (b *builder) isSym(e *Expr) bool {
	if b.symMemo == nil || e == nil || !e.Kind.isBinary() {
		return isSymbolic(e)
	}
	if v, ok := b.symMemo[e]; ok {
		return v
	}
	v := b.isSym(e.LHS) && b.isSym(e.RHS)
	b.symMemo[e] = v
	return v
}

// divisor is AffineExpr::getLargestKnownDivisor, including its use of
// unsigned gcd and wrapping products.
func (b *builder) divisor(e *Expr) int64 {
	if e == nil {
		return 1
	}
	if b.divMemo != nil && e.Kind.isBinary() {
		if v, ok := b.divMemo[e]; ok {
			return v
		}
	}
	var v int64
	switch e.Kind {
	case KindConstant:
		v = e.Value
		if v < 0 {
			v = -v // std::abs; MinInt64 stays negative
		}
	case KindMul:
		l, r := b.divisor(e.LHS), b.divisor(e.RHS)
		if mulOverflows(l, r) {
			b.inexact = true
		}
		v = l * r
	case KindAdd, KindMod:
		l, r := b.divisor(e.LHS), b.divisor(e.RHS)
		if l < 0 || r < 0 {
			b.inexact = true
		}
		v = int64(gcd(uint64(l), uint64(r)))
	case KindFloorDiv, KindCeilDiv:
		v = 1
		if c := e.RHS; c != nil && c.Kind == KindConstant && c.Value != 0 {
			l := b.divisor(e.LHS)
			if l%c.Value == 0 {
				v = l / c.Value
				if v < 0 && b.rules.signedDiv {
					v = -v
				}
			}
		}
	default:
		v = 1
	}
	if b.divMemo != nil && e.Kind.isBinary() {
		b.divMemo[e] = v
	}
	return v
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func asConst(e *Expr) (int64, bool) {
	if e != nil && e.Kind == KindConstant {
		return e.Value, true
	}
	return 0, false
}

func (b *builder) wrapAdd(x, y int64) int64 {
	s := x + y
	if (s > x) != (y > 0) {
		b.inexact = true
	}
	return s
}

func (b *builder) wrapMul(x, y int64) int64 {
	p := x * y
	if x != 0 && (p/x != y || (x == -1 && y == math.MinInt64)) {
		b.inexact = true
	}
	return p
}

func addOverflows(x, y int64) bool {
	s := x + y
	return (s > x) != (y > 0)
}

func mulOverflows(x, y int64) bool {
	if x == 0 || y == 0 {
		return false
	}
	p := x * y
	return p/y != x || (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64)
}

func floorDivInt(x, y int64) int64 {
	q := x / y
	if x%y != 0 && (x < 0) != (y < 0) {
		q--
	}
	return q
}

func ceilDivInt(x, y int64) int64 {
	q := x / y
	if x%y != 0 && (x < 0) == (y < 0) {
		q++
	}
	return q
}

// orderable reports whether x should be swapped with y under the
// orderOperands rule.
func orderable(x, y *Expr) bool {
	if x == nil || y == nil {
		return false
	}
	switch {
	case x.Kind == y.Kind && (x.Kind == KindDim || x.Kind == KindSymbol):
		return x.Pos > y.Pos
	case x.Kind == KindSymbol && y.Kind == KindDim:
		return true
	}
	return false
}

func (b *builder) add(l, r *Expr) *Expr {
	if b.noSimplify {
		return b.raw(KindAdd, l, r)
	}
	if s := b.simplifyAdd(l, r); s != nil {
		return s
	}
	return b.raw(KindAdd, l, r)
}

func (b *builder) mul(l, r *Expr) *Expr {
	if b.noSimplify {
		return b.raw(KindMul, l, r)
	}
	if s := b.simplifyMul(l, r); s != nil {
		return s
	}
	return b.raw(KindMul, l, r)
}

func (b *builder) floorDiv(l, r *Expr) *Expr {
	if b.noSimplify {
		return b.raw(KindFloorDiv, l, r)
	}
	if s := b.simplifyDiv(l, r, false); s != nil {
		return s
	}
	return b.raw(KindFloorDiv, l, r)
}

func (b *builder) ceilDiv(l, r *Expr) *Expr {
	if b.noSimplify {
		return b.raw(KindCeilDiv, l, r)
	}
	if s := b.simplifyDiv(l, r, true); s != nil {
		return s
	}
	return b.raw(KindCeilDiv, l, r)
}

func (b *builder) mod(l, r *Expr) *Expr {
	if b.noSimplify {
		return b.raw(KindMod, l, r)
	}
	if s := b.simplifyMod(l, r); s != nil {
		return s
	}
	return b.raw(KindMod, l, r)
}

func (b *builder) neg(e *Expr) *Expr { return b.mul(e, b.cst(-1)) }

func (b *builder) simplifyAdd(lhs, rhs *Expr) *Expr {
	if lhs == nil || rhs == nil {
		return nil
	}
	lc, lIsC := asConst(lhs)
	rc, rIsC := asConst(rhs)
	if lIsC && rIsC {
		if b.rules.checkedFold && addOverflows(lc, rc) {
			return nil
		}
		return b.cst(b.wrapAdd(lc, rc))
	}
	// Constants go right; a symbolic operand goes right of a non-symbolic one.
	if lIsC || (b.isSym(lhs) && !b.isSym(rhs)) {
		return b.add(rhs, lhs)
	}
	if rIsC && rc == 0 {
		return lhs
	}
	lBin := lhs.Kind.isBinary()
	// (x + c1) + c2 -> x + (c1 + c2)
	if lBin && rIsC && lhs.Kind == KindAdd {
		if c1, ok := asConst(lhs.RHS); ok {
			return b.add(lhs.LHS, b.cst(b.wrapAdd(c1, rc)))
		}
	}
	// x * c1 + x * c2 -> x * (c1 + c2), where a bare x counts as x * 1.
	first, c1 := lhs, int64(1)
	if lhs.Kind == KindMul {
		if c, ok := asConst(lhs.RHS); ok {
			first, c1 = lhs.LHS, c
		}
	}
	second, c2 := rhs, int64(1)
	if rhs.Kind == KindMul {
		if c, ok := asConst(rhs.RHS); ok {
			second, c2 = rhs.LHS, c
		}
	}
	if b.eq(first, second) {
		return b.mul(first, b.cst(b.wrapAdd(c1, c2)))
	}
	// (x + c) + y -> (x + y) + c
	if lBin && lhs.Kind == KindAdd {
		if _, ok := asConst(lhs.RHS); ok {
			return b.add(b.add(lhs.LHS, rhs), lhs.RHS)
		}
	}
	if b.rules.orderOperands && orderable(lhs, rhs) {
		return b.raw(KindAdd, rhs, lhs)
	}
	// e + ((e floordiv q) * q) * -1 -> e mod q, and
	// e + (e floordiv c) * -c -> e mod c.
	if !rhs.Kind.isBinary() || rhs.LHS == nil || rhs.RHS == nil {
		return nil
	}
	lrhs, rrhs := rhs.LHS, rhs.RHS
	if isConst(rrhs, -1) && lrhs.Kind == KindMul {
		inner := lrhs.LHS
		if inner == nil || inner.Kind != KindFloorDiv {
			return nil
		}
		if b.eq(inner.RHS, lrhs.RHS) && b.eq(lhs, inner.LHS) {
			return b.mod(lhs, lrhs.RHS)
		}
	}
	if lrhs.Kind != KindFloorDiv || (b.rules.modNeedsMul && rhs.Kind != KindMul) {
		return nil
	}
	q := lrhs.RHS
	positive := true
	if b.rules.modNeedsPositive {
		c, ok := asConst(q)
		positive = ok && c > 0
	}
	if positive && b.eq(lhs, lrhs.LHS) && b.eq(q, b.neg(rrhs)) {
		return b.mod(lhs, q)
	}
	// (x + y) + (z floordiv c) * k -> x + (y + (z floordiv c) * k) when the
	// inner sum simplifies.
	if b.rules.nestedAdd && rhs.Kind == KindMul && lhs.Kind == KindAdd {
		if s := b.simplifyAdd(lhs.RHS, rhs); s != nil {
			return b.add(lhs.LHS, s)
		}
	}
	return nil
}

func (b *builder) simplifyMul(lhs, rhs *Expr) *Expr {
	if lhs == nil || rhs == nil {
		return nil
	}
	lc, lIsC := asConst(lhs)
	rc, rIsC := asConst(rhs)
	if lIsC && rIsC {
		if b.rules.checkedFold && mulOverflows(lc, rc) {
			return nil
		}
		return b.cst(b.wrapMul(lc, rc))
	}
	if b.rules.orderOperands && orderable(lhs, rhs) {
		return b.raw(KindMul, rhs, lhs)
	}
	lSym, rSym := b.isSym(lhs), b.isSym(rhs)
	if !lSym && !rSym {
		return nil // semi-affine product: kept as built
	}
	// The constant/symbolic operand goes right.
	if !rSym || lIsC {
		return b.mul(rhs, lhs)
	}
	if rIsC {
		if rc == 1 {
			return lhs
		}
		if rc == 0 {
			return rhs
		}
	}
	if lhs.Kind == KindMul {
		if c1, ok := asConst(lhs.RHS); ok {
			if rIsC {
				// (x * c1) * c2 -> x * (c1 * c2)
				return b.mul(lhs.LHS, b.cst(b.wrapMul(c1, rc)))
			}
			// (x * c) * y -> (x * y) * c
			return b.mul(b.mul(lhs.LHS, rhs), lhs.RHS)
		}
	}
	return nil
}

func (b *builder) simplifyDiv(lhs, rhs *Expr, ceil bool) *Expr {
	if lhs == nil || rhs == nil {
		return nil
	}
	rc, rIsC := asConst(rhs)
	if !rIsC || rc == 0 || (!b.rules.signedDiv && rc < 1) {
		return nil
	}
	if lc, ok := asConst(lhs); ok {
		if lc == math.MinInt64 && rc == -1 {
			return nil
		}
		if ceil {
			return b.cst(ceilDivInt(lc, rc))
		}
		return b.cst(floorDivInt(lc, rc))
	}
	if rc == 1 {
		return lhs
	}
	// (x * c1) div c2 -> x * (c1 / c2) when c2 divides c1.
	if lhs.Kind == KindMul {
		if c1, ok := asConst(lhs.RHS); ok && c1%rc == 0 {
			if c1 == math.MinInt64 && rc == -1 {
				b.inexact = true
			}
			return b.mul(lhs.LHS, b.cst(c1/rc))
		}
	}
	// (x + y) floordiv c -> x floordiv c + y floordiv c when c divides x or y.
	if !ceil && lhs.Kind == KindAdd {
		if b.divisor(lhs.LHS)%rc == 0 || b.divisor(lhs.RHS)%rc == 0 {
			return b.add(b.floorDiv(lhs.LHS, rhs), b.floorDiv(lhs.RHS, rhs))
		}
	}
	return nil
}

func (b *builder) simplifyMod(lhs, rhs *Expr) *Expr {
	if lhs == nil || rhs == nil {
		return nil
	}
	rc, rIsC := asConst(rhs)
	if !rIsC || rc < 1 {
		return nil
	}
	if lc, ok := asConst(lhs); ok {
		m := lc % rc
		if m < 0 {
			m += rc
		}
		return b.cst(m)
	}
	if b.divisor(lhs)%rc == 0 {
		return b.cst(0)
	}
	if lhs.Kind == KindAdd {
		if b.divisor(lhs.LHS)%rc == 0 {
			return b.mod(lhs.RHS, rhs)
		}
		if b.divisor(lhs.RHS)%rc == 0 {
			return b.mod(lhs.LHS, rhs)
		}
	}
	// (e mod a) mod b -> e mod b when b divides a.
	if lhs.Kind == KindMod {
		if a, ok := asConst(lhs.RHS); ok && a >= 1 && a%rc == 0 {
			return b.mod(lhs.LHS, rhs)
		}
	}
	return nil
}
