// Package acc is MLIR's acc dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from acc.yaml. The op wrappers and
// builders are in package accops.
package acc

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen acc.yaml
