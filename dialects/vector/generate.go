// Package vector is MLIR's vector dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from vector.yaml. The op
// wrappers and builders are in package vectorops.
package vector

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen vector.yaml
