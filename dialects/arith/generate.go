// Package arith is MLIR's arith dialect: integer and floating-point
// arithmetic, comparisons, casts and constants. The op definitions in
// arith.yaml are imported from upstream ODS records of LLVM 19 and 22
// (make import-ods); the op wrappers, builders and per-release op schemas
// are generated from them.
package arith

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen arith.yaml
