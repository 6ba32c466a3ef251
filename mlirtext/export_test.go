package mlirtext

import (
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// ParseFresh is ParseString reading every function type and dialect
// value afresh, for tests that compare it with ParseString.
func ParseFresh(ctx *ir.Context, src string, opts ParseOptions) (*mlirbc.Module, error) {
	ps, err := parse(ctx, src, opts, false)
	if err != nil {
		return nil, err
	}
	return ps.m, nil
}
