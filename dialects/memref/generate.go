// Package memref is MLIR's memref dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from memref.yaml. The op
// wrappers and builders are in package memrefops.
package memref

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen memref.yaml
