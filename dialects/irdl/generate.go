// Package irdl is MLIR's irdl dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from irdl.yaml. The op wrappers and
// builders are in package irdlops.
package irdl

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen irdl.yaml
