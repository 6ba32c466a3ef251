// Package dlti is MLIR's dlti dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from dlti.yaml.
package dlti

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen dlti.yaml
