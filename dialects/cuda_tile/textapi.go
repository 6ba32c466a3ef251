package cudatile

import "github.com/dialectgen/dialectgen/runtime/tileir"

// Print returns m as text, as NVIDIA's cuda-tile-translate -cudatilebc-to-mlir
// prints it (with opts.DebugInfo, as --mlir-print-debuginfo does:
// locations and their aliases).
func Print(m *tileir.Module, opts tileir.PrintOptions) ([]byte, error) {
	return tileir.Print(Dialect, m, opts)
}

// Parse reads a module from text: what Print prints, or the cuda_tile
// syntax cuda-tile-translate -mlir-to-cudatilebc parses. file names the
// text in errors (file:line:col: message).
func Parse(file string, src []byte) (*tileir.Module, error) {
	return tileir.Parse(Dialect, file, src)
}
