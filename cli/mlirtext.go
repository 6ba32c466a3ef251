package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"unsafe"

	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// printAny prints a Tile IR file as cuda-tile-translate does, and MLIR
// bytecode in MLIR's generic form as mlir-opt does.
func printAny(ctx *ir.Context, path string, stdout io.Writer, debugInfo, localScope bool, release int) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	if tileir.IsTileIR(fm.Data) {
		return printText(path, stdout, debugInfo)
	}
	if !bytes.HasPrefix(fm.Data, []byte("ML\xefR")) {
		return fmt.Errorf("%s: neither MLIR bytecode (ML\\xEFR magic) nor Tile IR", path)
	}
	switch release {
	case 0, 16, 19, 22:
	default:
		return fmt.Errorf("--release %d: mlir-opt 16, 19 and 22 are followed", release)
	}
	_, m, err := readBytecode(ctx, path, fm.Data, mlirbc.ReadOptions{})
	if err != nil {
		return err
	}
	if err := mlirtext.Print(stdout, m, mlirtext.Options{LocalScope: localScope, Release: release, NoDebugInfo: !debugInfo}); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// isMLIRText reports whether data is MLIR's generic text: past alias
// definitions, comments and blank lines, the first op is a quoted name
// ("builtin.module"() ...) or starts with its results, where Tile IR text
// starts with cuda_tile's custom syntax. Text without an op (empty, or only
// comments and aliases) is MLIR text too: mlir-opt reads it as an empty
// module, where Tile IR needs a cuda_tile.module.
func isMLIRText(data []byte) bool {
	if !isText(data) {
		return false
	}
	line := firstOpLine(data)
	if len(line) == 0 {
		return true
	}
	if bytes.HasPrefix(line, []byte(`"cuda_tile.`)) {
		return false // Tile IR in the generic op form
	}
	return line[0] == '"' || line[0] == '%'
}

// isCustomMLIRText reports whether data is text whose first op is in a
// custom syntax other than cuda_tile's ("func.func @f", "module {"): MLIR
// text as mlir-opt prints it by default, which only mlir-opt parses.
func isCustomMLIRText(data []byte) bool {
	if !isText(data) || isMLIRText(data) {
		return false
	}
	line := innerOpLine(data)
	return len(line) > 0 && line[0] != '}' && !bytes.HasPrefix(line, []byte("cuda_tile.")) && !bytes.HasPrefix(line, []byte(`"cuda_tile.`))
}

// innerOpLine is firstOpLine past any lines opening builtin modules:
// Tile IR text may wrap its module in one.
func innerOpLine(data []byte) []byte {
	line := firstOpLine(data)
	for isModuleLine(line) {
		data = data[bytes.Index(data, line)+len(line):]
		line = firstOpLine(data)
	}
	return line
}

// isModuleLine reports whether line opens a builtin module in its custom
// syntax.
func isModuleLine(line []byte) bool {
	for _, p := range []string{"module", "builtin.module"} {
		if rest, ok := bytes.CutPrefix(line, []byte(p)); ok && (len(rest) == 0 || rest[0] == ' ' || rest[0] == '{') {
			return true
		}
	}
	return false
}

// firstOpLine is the first line of text data, trimmed, that is not blank,
// a comment or an alias definition; nil for none.
func firstOpLine(data []byte) []byte {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0, bytes.HasPrefix(line, []byte("//")), line[0] == '#', line[0] == '!':
			continue
		}
		return line
	}
	return nil
}

// errCustomSyntax refuses MLIR text in a dialect's custom syntax, naming
// the form mlirbc reads.
func errCustomSyntax(in string, data []byte) error {
	op, _, _ := bytes.Cut(innerOpLine(data), []byte(" "))
	return fmt.Errorf("%s: the first op, %s, is in its dialect's custom syntax: mlirbc reads MLIR text in the generic form (print it with mlir-opt --mlir-print-op-generic, or give the bytecode) and Tile IR text in cuda_tile's syntax", in, op)
}

// releaseProducers are the producer strings the mlir-opt of each release
// followed writes.
var releaseProducers = map[int]string{16: "MLIR16.0.6", 19: "MLIR19.1.7", 22: "MLIR22.1.8"}

// convertMLIRText parses MLIR's generic text and writes bytecode as
// mlir-opt-R --emit-bytecode --emit-bytecode-version=N does (defaults: the
// newest release, 22, and its newest version; 16 writes version 0).
func convertMLIRText(ctx *ir.Context, in, out string, fm *filemap.File, o convertOptions) error {
	data := fm.Data
	if slices.Contains(o.set, "verify") {
		return fmt.Errorf("--verify applies to bytecode input only; %s is text", in)
	}
	release := o.release
	if release == 0 {
		release = 22
	}
	version := mlirbc.Latest
	if release < 17 {
		version = mlirbc.V(0)
	}
	if o.version != "" {
		var err error
		if version, err = mlirbc.ParseVersion(o.version); err != nil {
			return fmt.Errorf("--version: %w", err)
		}
	}
	producer := o.producer
	if producer == "" {
		producer = releaseProducers[release]
		if producer == "" {
			producer = fmt.Sprintf("MLIR%d", release)
		}
	}
	// data is the mapped input, unchanged until the process ends: the IR
	// may keep its strings (the hex of a dense constant is megabytes).
	expectHeap(textHeapFor(len(data)))
	m, err := mlirtext.ParseString(ctx, unsafe.String(unsafe.SliceData(data), len(data)), mlirtext.ParseOptions{File: in, Release: release})
	if err != nil {
		return err
	}
	// Parsed, the IR needs few of the input's pages: they need not stay
	// in memory while the writer's tables grow (converting 1M ops of
	// text, 158 MB of it: 655-697 -> 611-617 MiB at the peak; 100,000
	// ops: 66-69 -> 61-62 MiB).
	evictInput(fm)
	return o.writeOutput(out, nil, func(w io.Writer) error {
		if err := mlirbc.Write(w, ctx, m, mlirbc.WriteOptions{Version: version, Producer: producer, Release: release}); err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		return nil
	})
}
