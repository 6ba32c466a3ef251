// Package omp is MLIR's omp dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from omp.yaml. The op wrappers and
// builders are in package ompops.
package omp

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen omp.yaml
