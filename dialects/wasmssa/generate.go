// Package wasmssa is MLIR's wasmssa dialect as LLVM 22 defines it (the
// dialect exists only in LLVM 22), imported from upstream ODS records (make
// import-ods): its enums, attribute and type values and op schemas are
// generated from wasmssa.yaml. The op wrappers and builders are in package
// wasmssaops.
package wasmssa

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen wasmssa.yaml
