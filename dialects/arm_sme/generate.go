// Package armsme is MLIR's arm_sme dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from arm_sme.yaml. The op
// wrappers and builders are in package armsmeops.
package armsme

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen arm_sme.yaml
