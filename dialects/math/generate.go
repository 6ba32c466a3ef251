// Package math is MLIR's math dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from math.yaml. The op wrappers and
// builders are in package mathops.
package math

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen math.yaml
