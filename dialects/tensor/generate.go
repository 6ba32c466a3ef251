// Package tensor is MLIR's tensor dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from tensor.yaml. The op
// wrappers and builders are in package tensorops.
package tensor

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen tensor.yaml
