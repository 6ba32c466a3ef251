// Package complex is MLIR's complex dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from complex.yaml. The op
// wrappers and builders are in package complexops.
package complex

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen complex.yaml
