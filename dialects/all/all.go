// Package all registers every MLIR dialect dialectgen ships (builtin,
// every upstream dialect of LLVM 19 and 22, and StableHLO's VHLO), for
// tools that read files of unknown content. It imports the dialects' schemas, values and codecs,
// not their op wrappers and builders (the dialects' ops packages).
package all

import (
	"github.com/dialectgen/dialectgen/dialects/acc"
	"github.com/dialectgen/dialectgen/dialects/affine"
	"github.com/dialectgen/dialectgen/dialects/amdgpu"
	"github.com/dialectgen/dialectgen/dialects/amx"
	"github.com/dialectgen/dialectgen/dialects/arith"
	armneon "github.com/dialectgen/dialectgen/dialects/arm_neon"
	armsme "github.com/dialectgen/dialectgen/dialects/arm_sme"
	armsve "github.com/dialectgen/dialectgen/dialects/arm_sve"
	"github.com/dialectgen/dialectgen/dialects/async"
	"github.com/dialectgen/dialectgen/dialects/bufferization"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	"github.com/dialectgen/dialectgen/dialects/complex"
	"github.com/dialectgen/dialectgen/dialects/dlti"
	"github.com/dialectgen/dialectgen/dialects/emitc"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/gpu"
	"github.com/dialectgen/dialectgen/dialects/index"
	"github.com/dialectgen/dialectgen/dialects/irdl"
	"github.com/dialectgen/dialectgen/dialects/linalg"
	"github.com/dialectgen/dialectgen/dialects/llvm"
	"github.com/dialectgen/dialectgen/dialects/math"
	"github.com/dialectgen/dialectgen/dialects/memref"
	"github.com/dialectgen/dialectgen/dialects/mesh"
	mlprogram "github.com/dialectgen/dialectgen/dialects/ml_program"
	"github.com/dialectgen/dialectgen/dialects/mpi"
	"github.com/dialectgen/dialectgen/dialects/nvgpu"
	"github.com/dialectgen/dialectgen/dialects/nvvm"
	"github.com/dialectgen/dialectgen/dialects/omp"
	"github.com/dialectgen/dialectgen/dialects/pdl"
	pdlinterp "github.com/dialectgen/dialectgen/dialects/pdl_interp"
	"github.com/dialectgen/dialectgen/dialects/polynomial"
	"github.com/dialectgen/dialectgen/dialects/ptr"
	"github.com/dialectgen/dialectgen/dialects/quant"
	"github.com/dialectgen/dialectgen/dialects/rocdl"
	"github.com/dialectgen/dialectgen/dialects/scf"
	"github.com/dialectgen/dialectgen/dialects/sdy"
	"github.com/dialectgen/dialectgen/dialects/shape"
	"github.com/dialectgen/dialectgen/dialects/shard"
	"github.com/dialectgen/dialectgen/dialects/smt"
	sparsetensor "github.com/dialectgen/dialectgen/dialects/sparse_tensor"
	"github.com/dialectgen/dialectgen/dialects/spirv"
	"github.com/dialectgen/dialectgen/dialects/tensor"
	"github.com/dialectgen/dialectgen/dialects/tosa"
	"github.com/dialectgen/dialectgen/dialects/transform"
	"github.com/dialectgen/dialectgen/dialects/ub"
	"github.com/dialectgen/dialectgen/dialects/vcix"
	"github.com/dialectgen/dialectgen/dialects/vector"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/dialects/wasmssa"
	"github.com/dialectgen/dialectgen/dialects/x86vector"
	"github.com/dialectgen/dialectgen/dialects/xegpu"
	"github.com/dialectgen/dialectgen/dialects/xevm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Dialects lists the shipped dialects.
var Dialects = []ir.Dialect{
	builtin.Dialect,
	acc.Dialect,
	affine.Dialect,
	amdgpu.Dialect,
	amx.Dialect,
	arith.Dialect,
	armneon.Dialect,
	armsme.Dialect,
	armsve.Dialect,
	async.Dialect,
	bufferization.Dialect,
	cf.Dialect,
	complex.Dialect,
	dlti.Dialect,
	emitc.Dialect,
	funcdialect.Dialect,
	gpu.Dialect,
	index.Dialect,
	irdl.Dialect,
	linalg.Dialect,
	llvm.Dialect,
	math.Dialect,
	memref.Dialect,
	mesh.Dialect,
	mlprogram.Dialect,
	mpi.Dialect,
	nvgpu.Dialect,
	nvvm.Dialect,
	omp.Dialect,
	pdl.Dialect,
	pdlinterp.Dialect,
	polynomial.Dialect,
	ptr.Dialect,
	quant.Dialect,
	rocdl.Dialect,
	scf.Dialect,
	sdy.Dialect,
	shape.Dialect,
	shard.Dialect,
	smt.Dialect,
	sparsetensor.Dialect,
	spirv.Dialect,
	tensor.Dialect,
	tosa.Dialect,
	transform.Dialect,
	ub.Dialect,
	vcix.Dialect,
	vhlo.Dialect,
	vector.Dialect,
	wasmssa.Dialect,
	x86vector.Dialect,
	xegpu.Dialect,
	xevm.Dialect,
}

// NewContext returns a context with every shipped dialect registered.
func NewContext() *ir.Context { return ir.NewContext(Dialects...) }
