package mlirbc_test

import (
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

func newContext() *ir.Context { return ir.NewContext(builtin.Dialect) }
