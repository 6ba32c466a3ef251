// Package index is MLIR's index dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from index.yaml. The op wrappers and
// builders are in package indexops.
package index

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen index.yaml
