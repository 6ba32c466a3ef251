package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

type convertOptions struct {
	version  string // "": the input's
	producer string
	release  int
	set      []string // the flags given, by name
}

func convert(in, out string, o convertOptions) (err error) {
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
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
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
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := mlirbc.Write(w, ctx, m, opts); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	return w.Flush()
}
