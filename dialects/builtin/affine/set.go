package affine

import (
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// IntegerSet is MLIR's IntegerSet, the value of builtin's affine_set<...>
// attribute: a set (d0, ...)[s0, ...] : (c0 >= 0, c1 == 0, ...). Each
// constraint is an expression compared with zero, by == when its EqFlags
// entry is true and by >= otherwise (a missing entry counts as false).
type IntegerSet struct {
	NumDims, NumSymbols int
	Constraints         []*Expr
	EqFlags             []bool
}

func (s IntegerSet) isEq(i int) bool { return i < len(s.EqFlags) && s.EqFlags[i] }

// String returns the attribute text, e.g.
// "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>".
func (s IntegerSet) String() string {
	var sb strings.Builder
	sb.WriteString("affine_set<")
	printIDs(&sb, s.NumDims, s.NumSymbols)
	sb.WriteString(" : (")
	for i, c := range s.Constraints {
		if i > 0 {
			sb.WriteString(", ")
		}
		printExpr(&sb, c, false)
		if s.isEq(i) {
			sb.WriteString(" == 0")
		} else {
			sb.WriteString(" >= 0")
		}
	}
	sb.WriteString(")>")
	return sb.String()
}

// AppendKey writes every part of the set into k, the uniquing key of the
// attribute that holds it (builtin.IntegerSetAttr): sets that are Equal
// write the same key, others different keys.
func (s IntegerSet) AppendKey(k *ir.Key) {
	k.Int(int64(s.NumDims))
	k.Int(int64(s.NumSymbols))
	k.Uint(uint64(len(s.Constraints)))
	for i, c := range s.Constraints {
		appendExprKey(k, c)
		k.Bool(s.isEq(i))
	}
}

// Equal reports whether the sets are structurally identical.
func (s IntegerSet) Equal(o IntegerSet) bool {
	if s.NumDims != o.NumDims || s.NumSymbols != o.NumSymbols || len(s.Constraints) != len(o.Constraints) {
		return false
	}
	for i := range s.Constraints {
		if s.isEq(i) != o.isEq(i) || !exprEqual(s.Constraints[i], o.Constraints[i]) {
			return false
		}
	}
	return true
}

// ParseIntegerSet parses MLIR's textual integer set, "affine_set<(d0)[s0] :
// (d0 - s0 >= 0, d0 == 0)>" (the bare form is accepted too). Constraints may
// be written "a >= b", "a <= b" or "a == b"; like MLIR, an empty constraint
// list becomes the single constraint 0 == 0. Text it rejects gives a
// *SyntaxError.
func ParseIntegerSet(text string) (IntegerSet, error) {
	return parseSet(text, latest)
}

// ParseIntegerSetForRelease is ParseIntegerSet with the simplification
// rules of the given LLVM major release (see ParseMapForRelease).
func ParseIntegerSetForRelease(text string, release int) (IntegerSet, error) {
	return parseSet(text, rulesFor(release))
}

// ForRelease is Map.ForRelease for sets.
func (s IntegerSet) ForRelease(release int) (IntegerSet, error) {
	if !anyBinary(s.Constraints) {
		return s, nil
	}
	return ParseIntegerSetForRelease(s.String(), release)
}
