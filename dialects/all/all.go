// Package all registers every MLIR dialect dialectgen ships (builtin and
// every upstream dialect of LLVM 19 and 22), for tools that read files of
// unknown content. It imports the dialects' schemas, values and codecs,
// not their op wrappers and builders (the dialects' ops packages).
package all

import (
	"github.com/dialectgen/dialectgen/dialects/affine"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	"github.com/dialectgen/dialectgen/dialects/complex"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/index"
	"github.com/dialectgen/dialectgen/dialects/math"
	"github.com/dialectgen/dialectgen/dialects/memref"
	"github.com/dialectgen/dialectgen/dialects/ptr"
	"github.com/dialectgen/dialectgen/dialects/scf"
	"github.com/dialectgen/dialectgen/dialects/tensor"
	"github.com/dialectgen/dialectgen/dialects/ub"
	"github.com/dialectgen/dialectgen/dialects/vector"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Dialects lists the shipped dialects.
var Dialects = []ir.Dialect{
	builtin.Dialect,
	affine.Dialect,
	arith.Dialect,
	cf.Dialect,
	complex.Dialect,
	funcdialect.Dialect,
	index.Dialect,
	math.Dialect,
	memref.Dialect,
	ptr.Dialect,
	scf.Dialect,
	tensor.Dialect,
	ub.Dialect,
	vector.Dialect,
}

// NewContext returns a context with every shipped dialect registered.
func NewContext() *ir.Context { return ir.NewContext(Dialects...) }
