package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

type convertOptions struct {
	version  int // -1: the input's
	producer string
	release  int
}

func convert(in, out string, o convertOptions) (err error) {
	data, unmap, err := mlirbc.MapFile(in)
	if err != nil {
		return err
	}
	defer unmap()
	ctx := all.NewContext()
	// The input is read with the layouts of the release that wrote it;
	// --release only chooses the layouts written.
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	opts := m.Options()
	if o.version >= 0 {
		opts.Version = o.version
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
