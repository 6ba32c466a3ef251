package cli

import (
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/layout"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// layoutQueries prints, for every test.data_layout_query op of an MLIR
// bytecode file in pre-order, the attributes mlir-opt --test-data-layout-query
// of the file's release gives it.
func layoutQueries(ctx *ir.Context, path string, stdout io.Writer) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	f, err := bytecode.ParseFile(fm.Data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	m, err := mlirbc.Decode(ctx, f, mlirbc.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	lines, err := layout.Queries(m.Op, f.Release)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, l := range lines {
		if _, err := fmt.Fprintln(stdout, l); err != nil {
			return err
		}
	}
	return nil
}
