// Package amdgpu is MLIR's amdgpu dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from amdgpu.yaml. The op
// wrappers and builders are in package amdgpuops.
package amdgpu

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen amdgpu.yaml
