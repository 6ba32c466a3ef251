// Package x86vector is MLIR's x86vector dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from x86vector.yaml. The op
// wrappers and builders are in package x86vectorops.
package x86vector

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen x86vector.yaml
