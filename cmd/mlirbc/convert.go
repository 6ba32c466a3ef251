package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/safefile"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

type convertOptions struct {
	version  string // "": the input's
	producer string
	release  int
	verify   bool
	set      []string // the flags given, by name
}

func convert(in, out string, o convertOptions) error {
	data, unmap, err := mlirbc.MapFile(in)
	if err != nil {
		return err
	}
	defer unmap()
	if tileir.IsTileIR(data) {
		return convertTileIR(in, out, data, o)
	}
	version := -1
	if o.version != "" {
		if version, err = strconv.Atoi(o.version); err != nil {
			return fmt.Errorf("--version %q: %s is MLIR bytecode, whose versions are numbers (0 to 6)", o.version, in)
		}
	}
	ctx := all.NewContext()
	// The input is read with the layouts of the release that wrote it;
	// --release only chooses the layouts written.
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Verify: o.verify})
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	opts := m.Options()
	if version >= 0 {
		opts.Version = version
	}
	if o.producer != "" {
		opts.Producer = o.producer
	}
	if o.release != 0 {
		opts.Release = o.release
	}
	// The IR points into the mapped input, which may be the output too:
	// safefile replaces the output only once it is complete.
	return safefile.WriteFile(out, func(w io.Writer) error {
		if err := mlirbc.Write(w, ctx, m, opts); err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		return nil
	})
}
