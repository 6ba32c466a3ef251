// Package rocdl is MLIR's rocdl dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from rocdl.yaml. The op wrappers and
// builders are in package rocdlops.
package rocdl

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen rocdl.yaml
