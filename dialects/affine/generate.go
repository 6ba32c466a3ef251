// Package affine is MLIR's affine dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from affine.yaml. The op
// wrappers and builders are in package affineops.
package affine

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen affine.yaml
