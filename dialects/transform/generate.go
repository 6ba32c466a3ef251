// Package transform is MLIR's transform dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from transform.yaml. The op
// wrappers and builders are in package transformops.
package transform

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen transform.yaml
