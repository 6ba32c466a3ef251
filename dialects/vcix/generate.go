// Package vcix is MLIR's vcix dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from vcix.yaml. The op wrappers and
// builders are in package vcixops.
package vcix

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen vcix.yaml
