// Package vhlo is StableHLO's VHLO dialect, the versioned form portable
// artifacts are written in (vhlo.yaml): its ops with their version ranges,
// attributes and types with the bytecode codes of VhloBytecode.cpp (op
// wrappers in vhloops), and its history: the version in the producer
// string (StableHLO_v1.20.0), the bytecode version of each release, and
// the op_vN -> op_vN+1 upgrades and downgrades of VhloToVersion, with the
// hand-written parts in versioning.go. An op it does not define is refused
// (closed.go), as is an artifact newer than 1.20.0. Its attributes and
// types print and read as stablehlo-opt prints them (mnemonics and
// formats of VhloAttrs.td and VhloTypes.td; the C++ bodies in text.go),
// and mlirtext prints an artifact's ops at the artifact's version.
package vhlo

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen vhlo.yaml
