// Package emitc is MLIR's emitc dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from emitc.yaml. The op wrappers and
// builders are in package emitcops.
package emitc

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen emitc.yaml
