// Package vhlo is StableHLO's VHLO dialect, the versioned form portable
// artifacts are written in: its ops, attributes and types with the
// bytecode codes of VhloBytecode.cpp (vhlo.yaml; op wrappers in vhloops),
// the StableHLO version table and producer string (version.go), and the
// refusal of ops and producers newer than it knows (closed.go). Version
// ranges of ops and the upgrades between op_vN and op_vN+1 are not
// generated yet.
package vhlo

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen vhlo.yaml
