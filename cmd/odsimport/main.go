// Command odsimport writes dialect definitions from upstream MLIR's ODS
// records: the JSON that `llvm-tblgen --dump-json` writes for .td files,
// for each LLVM release one dump or a directory of dumps (one per entry
// .td file, as -roots lists them).
//
//	odsimport -dialect func -release 19=func19.json -release 22=func22.json -o dialects/func/func.yaml
//	odsimport -all -release 19=json/19 -release 22=json/22 -o dialects
//	odsimport -roots /usr/lib/llvm-22/include
//
// One dialect goes to -o (default: standard output); with -all every
// dialect of the records except builtin goes to DIR/<namespace>/<namespace>.yaml.
// Ops and op parts missing from some releases get since/until bounds. Each
// output is checked by loading it as a definition before it is written.
// -roots prints the entry .td files of an include directory instead.
// dialects/import-ods.sh (make import-ods) fetches the records and runs it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	flag.StringVar(&opts.Dialect, "dialect", "", "the dialect's namespace, e.g. func")
	flag.StringVar(&opts.Package, "package", "", "the Go package name (default: the namespace without underscores; func gives funcdialect)")
	flag.StringVar(&opts.Summary, "summary", "", "the definition's summary")
	flag.StringVar(&opts.Reimport, "reimport", "", "the command the file's header names to import it again (default: make import-ods)")
	flag.StringVar(&opts.OpsPackage, "ops-package", "", "put op wrappers and builders into this package below the dialect's")
	flag.Var(&releases, "release", "N=PATH: the llvm-tblgen --dump-json output of LLVM release N, a file or a directory of them (repeat for each release)")
	older := flag.String("older", "", "N=PATH: the dumps of an older LLVM release too different to merge (16), consulted only for which ops and op attributes it lacks: those get since the oldest -release")
	all := flag.Bool("all", false, "import every dialect of the records (but builtin) into -o DIR/<namespace>/<namespace>.yaml")
	opsInPackage := flag.String("ops-in-package", "", "with -all: comma-separated dialects whose op wrappers stay in the dialect's package")
	roots := flag.String("roots", "", "print the entry .td files of this include directory and exit")
	out := flag.String("o", "", "output file, or directory with -all (default: standard output)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: odsimport -dialect NAME -release N=PATH... [-o out.yaml]\n       odsimport -all -release N=PATH... -o DIR\n       odsimport -roots INCLUDE_DIR\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *roots != "" {
		files, err := ods.Roots(*roots)
		if err != nil {
			fmt.Fprintln(os.Stderr, "odsimport:", err)
			os.Exit(1)
		}
		for _, f := range files {
			fmt.Println(f)
		}
		return
	}
	if (opts.Dialect == "") == !*all || len(releases) == 0 || flag.NArg() > 0 || (*all && *out == "") {
		flag.Usage()
		os.Exit(2)
	}
	rels, err := load(releases)
	if err == nil && *older != "" {
		var o []ods.Release
		if o, err = load([]string{*older}); err == nil {
			opts.Older = &o[0]
		}
	}
	if err == nil {
		if *all {
			err = importAll(opts, rels, *out, strings.Split(*opsInPackage, ","))
		} else {
			err = run(opts, rels, *out)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "odsimport:", err)
		os.Exit(1)
	}
}

// load reads the records of each release.
func load(releases []string) ([]ods.Release, error) {
	var rels []ods.Release
	for _, r := range releases {
		n, path, ok := strings.Cut(r, "=")
		llvm, err := strconv.Atoi(n)
		if !ok || err != nil || llvm <= 0 {
			return nil, fmt.Errorf("-release %q: want N=PATH with N an LLVM major release", r)
		}
		files := []string{path}
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			if files, err = filepath.Glob(filepath.Join(path, "*.json")); err != nil || len(files) == 0 {
				return nil, fmt.Errorf("-release %q: no .json dumps in %s", r, path)
			}
		}
		var dumps [][]byte
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			dumps = append(dumps, data)
		}
		rs, err := ods.ParseAll(dumps...)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		rels = append(rels, ods.Release{LLVM: llvm, Records: rs})
	}
	return rels, nil
}

// importAll writes every dialect but builtin, whose definition is written
// by hand.
func importAll(opts ods.Options, rels []ods.Release, dir string, inPackage []string) error {
	for _, d := range ods.Dialects(rels) {
		if d == "builtin" {
			continue
		}
		o := opts
		o.Dialect = d
		o.Package = ods.DefaultPackage(d)
		if !slices.Contains(inPackage, d) {
			o.OpsPackage = strings.TrimSuffix(o.Package, "dialect") + "ops"
		}
		if err := run(o, rels, filepath.Join(dir, d, d+".yaml")); err != nil {
			return err
		}
	}
	return nil
}

func run(opts ods.Options, rels []ods.Release, out string) error {
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
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, out)
	return nil
}
