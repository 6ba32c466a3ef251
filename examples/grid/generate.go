// Package grid is an example dialect without hand-written Go: mlirbc
// reads its files from grid.yaml alone (mlirbc --defs grid.yaml …), and
// the generated code here, the fast path, writes the same bytes (see
// grid_test.go).
package grid

//go:generate go tool dialectgen grid.yaml
