// Package sparsetensor is MLIR's sparse_tensor dialect as LLVM 19 and 22
// define it, imported from upstream ODS records (make import-ods): its enums,
// attribute and type values and op schemas are generated from
// sparse_tensor.yaml. The op wrappers and builders are in package
// sparsetensorops.
package sparsetensor

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen sparse_tensor.yaml
