// Package builtin is MLIR's builtin dialect: its attributes, types,
// locations and ops, with their bytecode codecs (generated from
// builtin.yaml) and the hand-written parts the definitions name: text
// forms of strided layouts and of affine maps and integer sets (whose
// values are package affine's Map and IntegerSet),
// file-location ranges, and helpers for dense elements.
package builtin

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen builtin.yaml
