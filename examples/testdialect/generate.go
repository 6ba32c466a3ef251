// Package testdialect is the versioned part of mlir-opt's test dialect
// (test.versionedA, test.versionedB, test.versionedC and
// #test.attr_params), defined in test.yaml with its version history. The
// generated code reads files of every test dialect version, upgrading them
// to 2.0, and writes any version from 0.0 to 2.0, as mlir-opt does; see
// versioning_test.go, which checks both directions against the files
// mlir-opt 19 and 22 wrote.
package testdialect

//go:generate go tool dialectgen test.yaml
