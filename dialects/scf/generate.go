// Package scf is MLIR's scf dialect: structured control flow (loops,
// conditionals, parallel loops). The op definitions in scf.yaml are
// imported from upstream ODS records of LLVM 19 and 22 (make import-ods);
// the op wrappers, builders and per-release op schemas are generated from
// them.
package scf

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen scf.yaml
