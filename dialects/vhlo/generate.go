// Package vhlo is StableHLO's VHLO dialect, the versioned form portable
// artifacts are written in: its attributes and types with the bytecode
// codes of VhloBytecode.cpp (vhlo.yaml), and the StableHLO version table
// and producer string (version.go). Its ops are not defined yet.
package vhlo

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen vhlo.yaml
