// Package llvm is MLIR's llvm dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from llvm.yaml. The op wrappers and
// builders are in package llvmops.
package llvm

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen llvm.yaml
