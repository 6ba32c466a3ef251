// Package shape is MLIR's shape dialect as LLVM 19 and 22 define it, imported
// from upstream ODS records (make import-ods): its enums, attribute and type
// values and op schemas are generated from shape.yaml. The op wrappers and
// builders are in package shapeops.
package shape

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen shape.yaml
