// Package nvvm is MLIR's nvvm dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from nvvm.yaml. The op wrappers and
// builders are in package nvvmops.
package nvvm

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen nvvm.yaml
