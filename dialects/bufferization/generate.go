// Package bufferization is MLIR's bufferization dialect as LLVM 19 and 22
// define it, imported from upstream ODS records (make import-ods): its enums,
// attribute and type values and op schemas are generated from
// bufferization.yaml. The op wrappers and builders are in package
// bufferizationops.
package bufferization

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen bufferization.yaml
