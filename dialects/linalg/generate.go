// Package linalg is MLIR's linalg dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from linalg.yaml. The op
// wrappers and builders are in package linalgops.
package linalg

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen linalg.yaml
