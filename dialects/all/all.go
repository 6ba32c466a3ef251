// Package all registers every dialect dialectgen ships, for tools that
// read files of unknown content.
package all

import (
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/scf"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Dialects lists the shipped dialects.
var Dialects = []ir.Dialect{
	builtin.Dialect,
	funcdialect.Dialect,
	arith.Dialect,
	cf.Dialect,
	scf.Dialect,
}

// NewContext returns a context with every shipped dialect registered.
func NewContext() *ir.Context { return ir.NewContext(Dialects...) }
