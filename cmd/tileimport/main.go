// Command tileimport writes the op part of the cuda_tile dialect
// definition from NVIDIA cuda-tile's ODS records: the JSON that
// `llvm-tblgen --dump-json` writes for its BytecodeOpcodes.td.
//
//	tileimport -o dialects/cuda_tile/ops.import.yaml records.json
//
// The output holds only the enums: and ops: keys of a definition (ops in
// opcode order, with the op flag bits of cuda-tile's bytecode writer and
// since bounds on the tileir axis), to be merged into the hand-written
// dialect file. dialects/import-tileir.sh dumps the records and runs it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/internal/ods"
)

func main() {
	out := flag.String("o", "", "output file (default: standard output)")
	head := flag.String("head", "", "a hand-written definition (dialect header, types, attributes) to which the imported enums and ops are appended; the result must load")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: tileimport [-head head.yaml.in] [-o out.yaml] RECORDS.json\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *head, *out); err != nil {
		fmt.Fprintln(os.Stderr, "tileimport:", err)
		os.Exit(1)
	}
}

func name(out string) string {
	if out == "" {
		return "<stdout>"
	}
	return out
}

func run(in, head, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	rs, err := ods.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}
	data, err = ods.ImportTileIR(rs)
	if err != nil {
		return fmt.Errorf("%s: %v", in, err)
	}
	// The fragment names definitions of the hand-written file it is merged
	// into, so it loads only with stubs of those; check that it does and
	// that it has just the two keys.
	if _, err := ods.CheckTileIRFragment(name(out), data); err != nil {
		return fmt.Errorf("the imported fragment does not load as a definition:\n%v", err)
	}
	var doc map[string]yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("the imported fragment is not valid YAML: %v", err)
	}
	keys := make([]string, 0, len(doc))
	for k := range doc {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, []string{"enums", "ops"}) {
		return fmt.Errorf("the imported fragment has keys %v, want enums and ops", keys)
	}
	if head != "" {
		h, err := os.ReadFile(head)
		if err != nil {
			return err
		}
		data = append(append(h, '\n'), data...)
		if _, err := defs.Load(name(out), data); err != nil {
			return fmt.Errorf("%s with the imported enums and ops does not load:\n%v", head, err)
		}
	}
	if out == "" {
		_, err := os.Stdout.Write(data)
		return err
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}
