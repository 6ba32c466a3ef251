// Package ptr is MLIR's ptr dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from ptr.yaml. The op wrappers and
// builders are in package ptrops.
package ptr

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen ptr.yaml
