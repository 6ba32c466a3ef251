// Package mlprogram is MLIR's ml_program dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from ml_program.yaml. The op
// wrappers and builders are in package mlprogramops.
package mlprogram

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen ml_program.yaml
