// Package cf is MLIR's cf dialect: unstructured control flow (branches,
// switches, assertions). The op definitions in cf.yaml are imported from
// upstream ODS records of LLVM 19 and 22 (make import-ods); the op
// wrappers, builders and per-release op schemas are generated from them.
package cf

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen cf.yaml
