// Package quant is MLIR's quant dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from quant.yaml. The op wrappers and
// builders are in package quantops.
package quant

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen quant.yaml
