// Package pdl is MLIR's pdl dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from pdl.yaml. The op wrappers and
// builders are in package pdlops.
package pdl

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen pdl.yaml
