// Package nvgpu is MLIR's nvgpu dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from nvgpu.yaml. The op wrappers and
// builders are in package nvgpuops.
package nvgpu

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen nvgpu.yaml
