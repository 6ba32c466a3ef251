// Package gpu is MLIR's gpu dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from gpu.yaml. The op wrappers and
// builders are in package gpuops.
package gpu

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen gpu.yaml
