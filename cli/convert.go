package cli

import (
	"bufio"
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/internal/safefile"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
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
	sync     bool        // --sync: flush the output to disk before it replaces OUT
	set      []string    // the flags given, by name
	// oneShot says the process converts this one file and exits: reading
	// bytecode, it may do without the collector (see oneShotGC).
	oneShot bool
	// stdout is where OUT "-" goes.
	stdout io.Writer
}

// writeOutput writes OUT with write: through a temporary file renamed
// over it, synced with --sync, parts of the mapped input (resource blobs,
// from) copied file to file; or, for OUT "-", to standard output, as
// mlir-opt takes "-o -".
func (o convertOptions) writeOutput(out string, from *filemap.File, write func(w io.Writer) error) error {
	if out == "-" {
		w := bufio.NewWriterSize(o.stdout, 64<<10)
		if err := write(w); err != nil {
			return err
		}
		return w.Flush()
	}
	return safefile.Write(out, safefile.Options{Sync: o.sync, From: from}, write)
}

// readBytecode reads the MLIR bytecode data of path as mlirbc.Read does,
// having first reserved the heap that will take (expectHeap); its errors
// name path.
func readBytecode(ctx *ir.Context, path string, data []byte, opts mlirbc.ReadOptions) (*bytecode.File, *mlirbc.Module, error) {
	f, err := bytecode.ParseFile(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	expectHeap(heapFor(f))
	m, err := mlirbc.Decode(ctx, f, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, m, nil
}

// evictInput drops the mapped input's pages once read (a variable for
// tests).
var evictInput = (*filemap.File).Evict

func convert(ctx *ir.Context, in, out string, o convertOptions) error {
	fm, err := filemap.Open(in)
	if err != nil {
		return err
	}
	defer fm.Close()
	data := fm.Data
	if o.oneShot {
		defer oneFile()()
		if !isText(data) {
			// Text is parsed through short-lived tokens and strings:
			// there the collector frees much (100k ops: 159 MB peak with
			// it, 241 MB without, for 4 % of the time), so it stays on.
			defer oneShotGC()()
		}
	}
	if tileir.IsTileIR(data) {
		return convertTileIR(in, out, data, o)
	}
	if isMLIRText(data) {
		return convertMLIRText(ctx, in, out, fm, o)
	}
	if isCustomMLIRText(data) {
		return errCustomSyntax(in, data)
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
	_, m, err := readBytecode(ctx, in, data, mlirbc.ReadOptions{Verify: o.verify})
	if err != nil {
		return err
	}
	// Read, the IR holds little of the input: its strings and blobs. The
	// rest of its pages need not stay in memory while the writer's
	// tables grow (converting 1M ops: 21 MB of 530 at the peak).
	evictInput(fm)
	opts := m.Options()
	if version.Valid() {
		opts.Version = version
	}
	if o.release != 0 {
		opts.Release = o.release
		// A producer naming the release read would say the file holds
		// that release's layouts: readers that go by it (ours does) would
		// misread it. It names the target instead.
		if r := bytecode.ReleaseOf(opts.Producer); r != 0 && r != o.release {
			opts.Producer = fmt.Sprintf("MLIR%d", o.release)
		}
	}
	if o.producer != "" {
		opts.Producer = o.producer
	}
	opts.Dialects = withTargets(opts.Dialects, o.targets)
	if err := producerTargets(ctx, &opts, o); err != nil {
		return err
	}
	// The IR points into the mapped input, which may be the output too:
	// safefile replaces the output only once it is complete. Blobs are
	// views of the mapping: the kernel copies them from the input file.
	return o.writeOutput(out, fm, func(w io.Writer) error {
		if err := mlirbc.Write(w, ctx, m, opts); err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		return nil
	})
}
