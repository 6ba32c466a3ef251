package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// tileSectionCounted says which sections start with their entry count.
var tileSectionCounted = [...]bool{1: true, 2: true, 4: true, 5: true, 6: true}

func statTileIR(path string, data []byte, stdout io.Writer, verify bool) error {
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if verify {
		// The writer's checks, at the file's own version.
		if _, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: m.Version}); err != nil {
			return fmt.Errorf("%s: verify: %w", path, err)
		}
	}
	fmt.Fprintf(stdout, "file:       %s (%d bytes)\n", path, len(data))
	fmt.Fprintf(stdout, "format:     Tile IR %s\n", m.Version.Full())
	if m.HasProducer {
		fmt.Fprintf(stdout, "producer:   %q\n", m.Producer)
	} else {
		fmt.Fprintln(stdout, "producer:   none")
	}
	if verify {
		fmt.Fprintln(stdout, "verified:   the IR passes the writer's checks")
	}
	fmt.Fprintln(stdout, "sections:")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  id\tname\theader offset\tdata offset\tsize\talignment\tentries\t")
	// The file decoded, so its sections are well formed: walk them up to
	// the end marker.
	r := wire.NewReader(data[len(tileir.Magic)+4:], int64(len(tileir.Magic)+4), "")
	for !r.Empty() {
		if id, _ := r.PeekByte(); id == 0 {
			fmt.Fprintf(tw, "  0\tend\t%d\t-\t0\t-\t-\t\n", r.Offset())
			break
		}
		s, err := r.SectionOf(wire.TileIRSection)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		name := tileir.SectionName(s.ID)
		if name == "" {
			name = fmt.Sprintf("unknown %d", s.ID)
		}
		align := "-"
		if s.Aligned {
			align = fmt.Sprint(s.Alignment)
		}
		entries := "-"
		if int(s.ID) < len(tileSectionCounted) && tileSectionCounted[s.ID] {
			if n, err := s.Reader(name).ULEB128(); err == nil {
				entries = fmt.Sprint(n)
			}
		}
		fmt.Fprintf(tw, "  %d\t%s\t%d\t%d\t%d\t%s\t%s\t\n", s.ID, name, s.HeaderOffset, s.Offset, len(s.Data), align, entries)
	}
	tw.Flush()

	kernels, ops := 0, 0
	byName := map[string]int{}
	for _, fn := range m.Funcs {
		if fn.Kernel {
			kernels++
		}
		walkOps(fn.Body, func(op tileir.Op) {
			ops++
			byName[op.Info().Name]++
		})
	}
	fmt.Fprintln(stdout, "counts:")
	fmt.Fprintf(stdout, "  functions   %d (%d kernel, %d device)\n", len(m.Funcs), kernels, len(m.Funcs)-kernels)
	fmt.Fprintf(stdout, "  globals     %d\n", len(m.Globals))
	fmt.Fprintf(stdout, "  ops         %d\n", ops)
	fmt.Fprintf(stdout, "  op names    %d\n", len(byName))
	return printOpNames(stdout, byName)
}

// walkOps calls f on every op in pre-order, nested regions included.
func walkOps(ops []tileir.Op, f func(tileir.Op)) {
	for _, op := range ops {
		if op == nil {
			continue
		}
		f(op)
		for _, r := range op.Base().Regions {
			if r == nil {
				continue
			}
			for _, b := range r.Blocks {
				if b != nil {
					walkOps(b.Ops, f)
				}
			}
		}
	}
}

func convertTileIR(in, out string, data []byte, o convertOptions) error {
	for _, name := range o.set {
		if name == "producer" || name == "release" || name == "target" {
			return fmt.Errorf("--%s applies to MLIR bytecode only; %s is Tile IR", name, in)
		}
	}
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	target := m.Version
	if o.version != "" {
		if target, err = tileir.ParseVersion(o.version); err != nil {
			return errUsage("--version: " + err.Error())
		}
	}
	// The Producer section exists from 13.3 on; an older target has no
	// place for the string. Say so rather than drop it silently.
	if !target.AtLeast(13, 3) && m.HasProducer {
		fmt.Fprintf(os.Stderr, "mlirbc: note: dropping producer %q: Tile IR %s has no Producer section (it needs 13.3)\n", m.Producer, target)
		m.Producer, m.HasProducer = "", false
	}
	b, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: target})
	if err != nil {
		// A *wire.VersionError names what is too new, the version that
		// added it and the target; the chain adds the function and op.
		return fmt.Errorf("%s: cannot write Tile IR %s: %w", in, target, err)
	}
	return o.writeOutput(out, nil, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

func dump(path string, stdout io.Writer) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	data := fm.Data
	if !tileir.IsTileIR(data) {
		return fmt.Errorf("%s: dump supports Tile IR files only (no \\x7FTileIR\\x00 magic)", path)
	}
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	w := bufio.NewWriter(stdout)
	if err := tileir.Dump(w, cudatile.Dialect, m); err != nil {
		return err
	}
	return w.Flush()
}

// printText prints a Tile IR file as cuda-tile-translate -cudatilebc-to-mlir
// does (with debugInfo, as --mlir-print-debuginfo does).
func printText(path string, stdout io.Writer, debugInfo bool) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	if !tileir.IsTileIR(fm.Data) {
		return fmt.Errorf("%s: print supports Tile IR files only (no \\x7FTileIR\\x00 magic)", path)
	}
	m, err := cudatile.Read(fm.Data, tileir.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	b, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: debugInfo})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	_, err = stdout.Write(b)
	return err
}

// isText reports whether data is text rather than bytecode: it has
// neither magic.
func isText(data []byte) bool {
	return !tileir.IsTileIR(data) && !bytes.HasPrefix(data, []byte("ML\xefR"))
}

// convertText assembles Tile IR text (what print prints, or what
// cuda-tile-translate -mlir-to-cudatilebc parses) into Tile IR bytecode at
// --version (default: the newest).
func convertText(in, out string, data []byte, o convertOptions) error {
	for _, name := range o.set {
		if name == "producer" || name == "release" || name == "verify" || name == "target" {
			return fmt.Errorf("--%s applies to bytecode input only; %s is text", name, in)
		}
	}
	target := tileir.Latest
	if o.version != "" {
		var err error
		if target, err = tileir.ParseVersion(o.version); err != nil {
			return errUsage("--version: " + err.Error())
		}
	}
	m, err := cudatile.Parse(in, data)
	if err != nil {
		return err
	}
	if !target.AtLeast(13, 3) && m.HasProducer {
		fmt.Fprintf(os.Stderr, "mlirbc: note: dropping producer %q: Tile IR %s has no Producer section (it needs 13.3)\n", m.Producer, target)
		m.Producer, m.HasProducer = "", false
	}
	b, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: target})
	if err != nil {
		return fmt.Errorf("%s: cannot write Tile IR %s: %w", in, target, err)
	}
	return o.writeOutput(out, nil, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
