// Package ub is MLIR's ub dialect as LLVM 19 and 22 define it, imported from
// upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from ub.yaml. The op wrappers and
// builders are in package ubops.
package ub

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen ub.yaml
