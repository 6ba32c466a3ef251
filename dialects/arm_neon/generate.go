// Package armneon is MLIR's arm_neon dialect as LLVM 19 and 22 define it,
// imported from upstream ODS records (make import-ods): its enums, attribute
// and type values and op schemas are generated from arm_neon.yaml. The op
// wrappers and builders are in package armneonops.
package armneon

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen arm_neon.yaml
