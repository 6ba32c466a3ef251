package model

// Import paths of the runtime packages generated code uses. They live in
// the model, which names Go types by them, rather than in gofile: the
// model carries no jennifer, so the data computed from it (op tables,
// release rules, hook lists) reaches programs that do not generate code.
const (
	IR       = "github.com/dialectgen/dialectgen/runtime/ir"
	Bytecode = "github.com/dialectgen/dialectgen/runtime/bytecode"
	Wire     = "github.com/dialectgen/dialectgen/runtime/wire"
	TileIR   = "github.com/dialectgen/dialectgen/runtime/tileir"
	// Builtin is MLIR's builtin dialect, whose attributes stand for the
	// values of native properties.
	Builtin = "github.com/dialectgen/dialectgen/dialects/builtin"
	// Release converts op attributes between LLVM releases by rules.
	Release = "github.com/dialectgen/dialectgen/dialects/release"
)
