// Package async is MLIR's async dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from async.yaml. The op wrappers and
// builders are in package asyncops.
package async

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen async.yaml
