package builtin

import (
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// parseAffineMapAttr reads affine_map<...> with the simplification rules of
// the release that printed it, so that it prints back identically.
func parseAffineMapAttr(ctx *ir.Context, text string, release int) (*AffineMapAttr, error) {
	m, err := affine.ParseMapForRelease(text, release)
	if err != nil {
		return nil, err
	}
	return GetAffineMapAttr(ctx, m), nil
}

func printAffineMapAttr(a *AffineMapAttr) string { return a.value.String() }

// parseIntegerSetAttr reads affine_set<...> as parseAffineMapAttr reads maps.
func parseIntegerSetAttr(ctx *ir.Context, text string, release int) (*IntegerSetAttr, error) {
	s, err := affine.ParseIntegerSetForRelease(text, release)
	if err != nil {
		return nil, err
	}
	return GetIntegerSetAttr(ctx, s), nil
}

func printIntegerSetAttr(a *IntegerSetAttr) string { return a.value.String() }

// PrintAttributeFor prints a as release writes it. Releases simplify
// affine expressions differently as they parse them (LLVM 21 puts the
// dims of a sum in order: d3 + d1 is d1 + d3), so a map or set is
// printed as release's parser leaves it: as release's mlir-opt writes it
// after reading the text of the release it came from.
func (d dialect) PrintAttributeFor(a ir.Attribute, release int) (string, bool) {
	switch a := a.(type) {
	case *AffineMapAttr:
		if m, err := a.value.ForRelease(release); err == nil {
			return m.String(), true
		}
	case *IntegerSetAttr:
		if set, err := a.value.ForRelease(release); err == nil {
			return set.String(), true
		}
	}
	return d.PrintAttribute(a)
}

// PrintTypeFor is PrintType: builtin types are spelled alike in every
// release.
func (d dialect) PrintTypeFor(t ir.Type, release int) (string, bool) { return d.PrintType(t) }
