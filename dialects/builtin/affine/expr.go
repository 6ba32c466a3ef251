// Package affine reads, simplifies and prints MLIR's affine expressions,
// affine maps and integer sets: the values of the builtin dialect's
// affine_map<...> and affine_set<...> attributes (builtin.AffineMapAttr and
// builtin.IntegerSetAttr).
//
// LLVM up to release 22 stores these attributes in bytecode as text, so this
// package reproduces MLIR's textual form byte for byte:
//
//   - the printer follows MLIR's AsmPrinter exactly (precedence-driven
//     parentheses, "a - b" for a + b * -1, "a - b * c" for a + b * -c,
//     "a - 3" for a + -3, "-x" for x * -1, ...);
//   - the parser builds the same expression tree as MLIR's parser, which
//     simplifies every binary expression as it is built (constant folding,
//     canonical operand order, x * 1, x + 0, (d0 + 2) + 3 -> d0 + 5,
//     "e - (e floordiv c) * c" -> "e mod c", ...). The constructors Add, Mul,
//     Mod, FloorDiv and CeilDiv apply the same rules.
//
// The simplification rules differ slightly between LLVM releases. ParseMap,
// ParseIntegerSet and the constructors use the newest supported release
// (22); ParseMapForRelease and ParseIntegerSetForRelease select the rules of
// an older producer, which is what a re-encoder needs to reproduce text
// written by that producer.
//
// The names are MLIR's without their Affine prefix: Expr is MLIR's
// AffineExpr and Map its AffineMap. IntegerSet keeps its MLIR name, which
// the builtin attribute shares (IntegerSetAttr); a bare Set would read as a
// Go set type.
package affine

import (
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Kind says what an Expr node is and which of its fields it uses.
type Kind uint8

// The kinds of Expr nodes (MLIR's AffineExprKind).
const (
	KindDim      Kind = iota // dimension d<Pos>
	KindSymbol               // symbol s<Pos>
	KindConstant             // the integer Value
	KindAdd                  // LHS + RHS
	KindMul                  // LHS * RHS
	KindMod                  // LHS mod RHS
	KindFloorDiv             // LHS floordiv RHS
	KindCeilDiv              // LHS ceildiv RHS
)

// String returns the kind's lower-case name: "dim", "symbol", "constant",
// "add", "mul", "mod", "floordiv" or "ceildiv".
func (k Kind) String() string {
	switch k {
	case KindDim:
		return "dim"
	case KindSymbol:
		return "symbol"
	case KindConstant:
		return "constant"
	case KindAdd:
		return "add"
	case KindMul:
		return "mul"
	case KindMod:
		return "mod"
	case KindFloorDiv:
		return "floordiv"
	case KindCeilDiv:
		return "ceildiv"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

func (k Kind) isBinary() bool { return k >= KindAdd && k <= KindCeilDiv }

// Expr is a node of an affine expression tree, MLIR's AffineExpr. Dim and
// symbol nodes use Pos, constant nodes use Value, binary nodes use LHS and
// RHS. Trees should be treated as immutable: nodes may be shared between
// expressions. Build them with Dim, Sym, Const and the operations (Add, Mul,
// ...), which simplify as MLIR does, or parse them as part of a Map or an
// IntegerSet.
type Expr struct {
	Kind     Kind
	Pos      int   // dim/symbol position
	Value    int64 // constant
	LHS, RHS *Expr
}

// Dim returns the dimension expression d<i>.
func Dim(i int) *Expr { return &Expr{Kind: KindDim, Pos: i} }

// Sym returns the symbol expression s<i>.
func Sym(i int) *Expr { return &Expr{Kind: KindSymbol, Pos: i} }

// Const returns the constant expression v.
func Const(v int64) *Expr { return &Expr{Kind: KindConstant, Value: v} }

// Add returns a + b, simplified as MLIR's AffineExpr::operator+ does.
func Add(a, b *Expr) *Expr { return newBuilder(latest, false).add(a, b) }

// Mul returns a * b, simplified as MLIR's AffineExpr::operator* does.
func Mul(a, b *Expr) *Expr { return newBuilder(latest, false).mul(a, b) }

// Mod returns a mod b, simplified as MLIR's AffineExpr::operator% does.
func Mod(a, b *Expr) *Expr { return newBuilder(latest, false).mod(a, b) }

// FloorDiv returns a floordiv b, simplified as MLIR's AffineExpr::floorDiv does.
func FloorDiv(a, b *Expr) *Expr {
	return newBuilder(latest, false).floorDiv(a, b)
}

// CeilDiv returns a ceildiv b, simplified as MLIR's AffineExpr::ceilDiv does.
func CeilDiv(a, b *Expr) *Expr {
	return newBuilder(latest, false).ceilDiv(a, b)
}

// String prints the expression as MLIR does (without any enclosing map). The
// tree is printed as it is: trees made with the constructors (or the parser)
// are the ones MLIR would hold, a hand-assembled unsimplified tree is not.
func (e *Expr) String() string {
	var sb strings.Builder
	printExpr(&sb, e, false)
	return sb.String()
}

// Equal reports whether e and o are structurally identical trees (which is
// what MLIR's uniqued-pointer comparison means).
func (e *Expr) Equal(o *Expr) bool { return exprEqual(e, o) }

// IsSymbolicOrConstant reports whether the expression uses no dimensions.
func (e *Expr) IsSymbolicOrConstant() bool { return isSymbolic(e) }

func exprEqual(a, b *Expr) bool {
	for {
		if a == b {
			return true
		}
		if a == nil || b == nil || a.Kind != b.Kind {
			return false
		}
		switch a.Kind {
		case KindDim, KindSymbol:
			return a.Pos == b.Pos
		case KindConstant:
			return a.Value == b.Value
		}
		if !a.Kind.isBinary() && (a.Pos != b.Pos || a.Value != b.Value) {
			return false
		}
		if !exprEqual(a.LHS, b.LHS) {
			return false
		}
		a, b = a.RHS, b.RHS
	}
}

func isSymbolic(e *Expr) bool {
	for e != nil {
		switch e.Kind {
		case KindDim:
			return false
		case KindSymbol, KindConstant:
			return true
		}
		if !e.Kind.isBinary() || !isSymbolic(e.LHS) {
			return false
		}
		e = e.RHS
	}
	return false
}

// appendExprKey writes the tree e into a uniquing key, node by node in
// prefix order (nil as 0, every other node as its kind plus one).
func appendExprKey(k *ir.Key, e *Expr) {
	if e == nil {
		k.Uint(0)
		return
	}
	k.Uint(uint64(e.Kind) + 1)
	switch e.Kind {
	case KindDim, KindSymbol:
		k.Int(int64(e.Pos))
		return
	case KindConstant:
		k.Int(e.Value)
		return
	}
	if !e.Kind.isBinary() {
		k.Int(int64(e.Pos))
		k.Int(e.Value)
	}
	appendExprKey(k, e.LHS)
	appendExprKey(k, e.RHS)
}

// printExpr prints e as AsmPrinter's printAffineExprInternal does; strong
// asks for parentheses around a binary expression (it is the operand of a
// multiplicative operation).
func printExpr(sb *strings.Builder, e *Expr, strong bool) {
	if e == nil {
		sb.WriteString("<<NULL AFFINE EXPR>>")
		return
	}
	var op string
	switch e.Kind {
	case KindDim:
		sb.WriteByte('d')
		sb.WriteString(strconv.Itoa(e.Pos))
		return
	case KindSymbol:
		sb.WriteByte('s')
		sb.WriteString(strconv.Itoa(e.Pos))
		return
	case KindConstant:
		sb.WriteString(strconv.FormatInt(e.Value, 10))
		return
	case KindAdd:
		op = " + "
	case KindMul:
		op = " * "
	case KindFloorDiv:
		op = " floordiv "
	case KindCeilDiv:
		op = " ceildiv "
	case KindMod:
		op = " mod "
	default:
		sb.WriteString("<<INVALID AFFINE EXPR>>")
		return
	}
	if strong {
		sb.WriteByte('(')
	}
	lhs, rhs := e.LHS, e.RHS
	switch {
	case e.Kind != KindAdd:
		if e.Kind == KindMul && isConst(rhs, -1) {
			// x * -1 prints as -x.
			sb.WriteByte('-')
			printExpr(sb, lhs, true)
			break
		}
		printExpr(sb, lhs, true)
		sb.WriteString(op)
		printExpr(sb, rhs, true)
	case rhs != nil && rhs.Kind == KindMul && rhs.RHS != nil && rhs.RHS.Kind == KindConstant && rhs.RHS.Value <= -1:
		// a + b * -1 prints as a - b; a + b * -c as a - b * c.
		printExpr(sb, lhs, false)
		sb.WriteString(" - ")
		if c := rhs.RHS.Value; c == -1 {
			printExpr(sb, rhs.LHS, rhs.LHS != nil && rhs.LHS.Kind == KindAdd)
		} else {
			printExpr(sb, rhs.LHS, true)
			sb.WriteString(" * ")
			sb.WriteString(strconv.FormatInt(-c, 10)) // wraps for MinInt64, as MLIR does
		}
	case rhs != nil && rhs.Kind == KindConstant && rhs.Value < 0:
		// a + -c prints as a - c.
		printExpr(sb, lhs, false)
		sb.WriteString(" - ")
		sb.WriteString(strconv.FormatInt(-rhs.Value, 10))
	default:
		printExpr(sb, lhs, false)
		sb.WriteString(" + ")
		printExpr(sb, rhs, false)
	}
	if strong {
		sb.WriteByte(')')
	}
}

func isConst(e *Expr, v int64) bool {
	return e != nil && e.Kind == KindConstant && e.Value == v
}

// printIDs prints the "(d0, d1)[s0]" header of a map or a set.
func printIDs(sb *strings.Builder, numDims, numSymbols int) {
	sb.WriteByte('(')
	for i := 0; i < numDims; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteByte('d')
		sb.WriteString(strconv.Itoa(i))
	}
	sb.WriteByte(')')
	if numSymbols > 0 {
		sb.WriteByte('[')
		for i := 0; i < numSymbols; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteByte('s')
			sb.WriteString(strconv.Itoa(i))
		}
		sb.WriteByte(']')
	}
}
