// Command odsimport writes a dialect definition from upstream MLIR's ODS
// records: the JSON that `llvm-tblgen --dump-json` writes for a dialect's
// .td file, one dump per LLVM release.
//
//	odsimport -dialect func -release 19=func19.json -release 22=func22.json -o dialects/func/func.yaml
//
// Ops and op parts missing from some releases get since/until bounds. The
// output is checked by loading it as a definition before it is written.
// dialects/import-ods.sh (make import-ods) fetches the records and runs it
// for every imported dialect.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/internal/ods"
)

// releaseFlags collects -release N=FILE.
type releaseFlags []string

func (r *releaseFlags) String() string     { return strings.Join(*r, " ") }
func (r *releaseFlags) Set(v string) error { *r = append(*r, v); return nil }

func main() {
	var releases releaseFlags
	opts := ods.Options{}
	flag.StringVar(&opts.Dialect, "dialect", "", "the dialect's namespace (required), e.g. func")
	flag.StringVar(&opts.Package, "package", "", "the Go package name (default: the namespace without underscores; func gives funcdialect)")
	flag.StringVar(&opts.Summary, "summary", "", "the definition's summary")
	flag.Var(&releases, "release", "N=FILE: the llvm-tblgen --dump-json output of LLVM release N (repeat for each release)")
	out := flag.String("o", "", "output file (default: standard output)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: odsimport -dialect NAME -release N=FILE... [-o out.yaml]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if opts.Dialect == "" || len(releases) == 0 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(opts, releases, *out); err != nil {
		fmt.Fprintln(os.Stderr, "odsimport:", err)
		os.Exit(1)
	}
}

func run(opts ods.Options, releases []string, out string) error {
	var rels []ods.Release
	for _, r := range releases {
		n, file, ok := strings.Cut(r, "=")
		llvm, err := strconv.Atoi(n)
		if !ok || err != nil || llvm <= 0 {
			return fmt.Errorf("-release %q: want N=FILE with N an LLVM major release", r)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		rs, err := ods.Parse(data)
		if err != nil {
			return fmt.Errorf("%s: %v", file, err)
		}
		rels = append(rels, ods.Release{LLVM: llvm, Records: rs})
	}
	data, err := ods.Import(opts, rels)
	if err != nil {
		return err
	}
	name := "<stdout>"
	if out != "" {
		name = out
	}
	if _, err := defs.Load(name, data); err != nil {
		return fmt.Errorf("the imported definition does not load:\n%v", err)
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
