package mlirbc_test

import (
	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

func newContext() *ir.Context { return all.NewContext() }
