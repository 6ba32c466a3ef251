// Package amx is MLIR's amx dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from amx.yaml. The op wrappers and
// builders are in package amxops.
package amx

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen amx.yaml
