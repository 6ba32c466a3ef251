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
