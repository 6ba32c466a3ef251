// Package mpi is MLIR's mpi dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from mpi.yaml. The op wrappers and
// builders are in package mpiops.
package mpi

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen mpi.yaml
