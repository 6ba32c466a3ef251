package affine

import (
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Map is an affine map (d0, ..., dn)[s0, ..., sm] -> (results), MLIR's
// AffineMap: the value of builtin's affine_map<...> attribute, and the
// layout of a memref. The parser only accepts results that use the declared
// dimensions and symbols; a map built in Go is not checked.
type Map struct {
	NumDims, NumSymbols int
	Results             []*Expr
}

// IdentityMap returns the map (d0, ..., dn-1) -> (d0, ..., dn-1); a negative
// n counts as 0.
func IdentityMap(n int) Map {
	if n < 0 {
		n = 0
	}
	m := Map{NumDims: n, Results: make([]*Expr, n)}
	for i := range m.Results {
		m.Results[i] = Dim(i)
	}
	return m
}

// IsIdentity reports whether the map returns exactly its dimensions in order
// (symbols are ignored, as in MLIR).
func (m Map) IsIdentity() bool {
	if m.NumDims != len(m.Results) {
		return false
	}
	for i, r := range m.Results {
		if r == nil || r.Kind != KindDim || r.Pos != i {
			return false
		}
	}
	return true
}

// String returns the attribute text, e.g. "affine_map<(d0, d1) -> (d0 + d1)>".
func (m Map) String() string {
	var sb strings.Builder
	sb.WriteString("affine_map<")
	printIDs(&sb, m.NumDims, m.NumSymbols)
	sb.WriteString(" -> (")
	for i, r := range m.Results {
		if i > 0 {
			sb.WriteString(", ")
		}
		printExpr(&sb, r, false)
	}
	sb.WriteString(")>")
	return sb.String()
}

// AppendKey writes every part of the map into k, the uniquing key of the
// attribute that holds it (builtin.AffineMapAttr): maps that are Equal
// write the same key, others different keys.
func (m Map) AppendKey(k *ir.Key) {
	k.Int(int64(m.NumDims))
	k.Int(int64(m.NumSymbols))
	k.Uint(uint64(len(m.Results)))
	for _, r := range m.Results {
		appendExprKey(k, r)
	}
}

// Equal reports whether the maps are structurally identical.
func (m Map) Equal(o Map) bool {
	if m.NumDims != o.NumDims || m.NumSymbols != o.NumSymbols || len(m.Results) != len(o.Results) {
		return false
	}
	for i := range m.Results {
		if !exprEqual(m.Results[i], o.Results[i]) {
			return false
		}
	}
	return true
}

// ParseMap parses MLIR's textual affine map, "affine_map<(d0)[s0] ->
// (d0 + s0)>" (the bare "(d0)[s0] -> (d0 + s0)" form is accepted too), and
// builds the tree MLIR 22's parser builds. Text it rejects gives a
// *SyntaxError.
func ParseMap(text string) (Map, error) {
	return parseMap(text, latest)
}

// ParseMapForRelease is ParseMap with the expression simplification
// rules of the given LLVM major release, for reading text written by that
// producer: e.g. LLVM 16 and 19 print "d1 + d0", which LLVM 22's rules would
// reorder to "d0 + d1". The rules of 16, 19 and 22 are verified against
// mlir-opt; 17 and 18 are treated like 19, 20 like 19 plus the change known
// to have landed in it, 21 and later like 22, and 0 (an unknown producer)
// like the newest.
func ParseMapForRelease(text string, release int) (Map, error) {
	return parseMap(text, rulesFor(release))
}

// ForRelease returns m as the parser of an LLVM release simplifies its
// text: releases order and fold some sums and products differently (see
// rules). A map without binary expressions is the same in every release
// and comes back as it is, without printing and parsing it again.
func (m Map) ForRelease(release int) (Map, error) {
	if !anyBinary(m.Results) {
		return m, nil
	}
	return ParseMapForRelease(m.String(), release)
}

// anyBinary reports whether an expression of es has an operation (every
// one whose simplification a release may change).
func anyBinary(es []*Expr) bool {
	for _, e := range es {
		if e != nil && e.Kind.isBinary() {
			return true
		}
	}
	return false
}
