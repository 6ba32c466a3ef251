// Package pdlinterp is MLIR's pdl_interp dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from pdl_interp.yaml. The op
// wrappers and builders are in package pdlinterpops.
package pdlinterp

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen pdl_interp.yaml
