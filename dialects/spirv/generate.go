// Package spirv is MLIR's spirv dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from spirv.yaml. The op wrappers and
// builders are in package spirvops.
package spirv

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen spirv.yaml
