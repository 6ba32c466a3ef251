// Package smt is MLIR's smt dialect as LLVM 22 defines it (the dialect exists
// only in LLVM 22), imported from upstream ODS records (make import-ods): its
// enums, attribute and type values and op schemas are generated from
// smt.yaml. The op wrappers and builders are in package smtops.
package smt

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen smt.yaml
