package cli

import (
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/internal/safefile"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

type convertOptions struct {
	version  string // "": the input's
	producer string
	release  int
	verify   bool
	targets  targetFlags // --target: dialect versions to write
	set      []string    // the flags given, by name
}

func convert(ctx *ir.Context, in, out string, o convertOptions) error {
	fm, err := filemap.Open(in)
	if err != nil {
		return err
	}
	defer fm.Close()
	data := fm.Data
	if tileir.IsTileIR(data) {
		return convertTileIR(in, out, data, o)
	}
	if isMLIRText(data) {
		return convertMLIRText(ctx, in, out, data, o)
	}
	if isText(data) {
		return convertText(in, out, data, o)
	}
	var version mlirbc.Version
	if o.version != "" {
		if version, err = mlirbc.ParseVersion(o.version); err != nil {
			return errUsage("--version: " + err.Error())
		}
	}
	// The input is read with the layouts of the release that wrote it;
	// --release only chooses the layouts written.
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Verify: o.verify})
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	opts := m.Options()
	if version.Valid() {
		opts.Version = version
	}
	if o.producer != "" {
		opts.Producer = o.producer
	}
	if o.release != 0 {
		opts.Release = o.release
	}
	opts.Dialects = withTargets(opts.Dialects, o.targets)
	if err := producerTargets(ctx, &opts, o); err != nil {
		return err
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
