// Package xevm is MLIR's xevm dialect as LLVM 22 defines it (the dialect
// exists only in LLVM 22), imported from upstream ODS records (make
// import-ods): its enums, attribute and type values and op schemas are
// generated from xevm.yaml. The op wrappers and builders are in package
// xevmops.
package xevm

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen xevm.yaml
