// Package armsve is MLIR's arm_sve dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from arm_sve.yaml. The op
// wrappers and builders are in package armsveops.
package armsve

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen arm_sve.yaml
