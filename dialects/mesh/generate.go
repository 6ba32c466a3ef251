// Package mesh is MLIR's mesh dialect as LLVM 19 defines it (the dialect
// exists only in LLVM 19), imported from upstream ODS records (make
// import-ods): its enums, attribute and type values and op schemas are
// generated from mesh.yaml. The op wrappers and builders are in package
// meshops.
package mesh

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen mesh.yaml
