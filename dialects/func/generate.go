// Package funcdialect is MLIR's func dialect: function definitions, calls
// and returns. The op definitions in func.yaml are imported from upstream
// ODS records of LLVM 19 and 22 (make import-ods); the op wrappers,
// builders and per-release op schemas are generated from them.
package funcdialect

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen func.yaml
