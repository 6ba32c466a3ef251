// Package tosa is MLIR's tosa dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from tosa.yaml. The op wrappers and
// builders are in package tosaops.
package tosa

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen tosa.yaml
