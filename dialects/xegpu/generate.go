// Package xegpu is MLIR's xegpu dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from xegpu.yaml. The op wrappers and
// builders are in package xegpuops.
package xegpu

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen xegpu.yaml
