// Command dialectgen generates a dialect's Go package from its YAML
// definition. Use it from go:generate in the package directory:
//
//	//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen mydialect.yaml
//
// It writes the *.dg.go files beside the definition (only those whose bytes
// change) and removes stale ones. With -check it writes nothing and fails if
// any generated file is missing, different or stale.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dialectgen/dialectgen/gen"
)

func main() {
	check := flag.Bool("check", false, "fail if the generated files are not up to date instead of writing them")
	out := flag.String("o", "", "output directory (default: the definition's directory)")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: dialectgen [-check] [-o dir] definition.yaml...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, path := range flag.Args() {
		if err := run(path, *out, *check); err != nil {
			fmt.Fprintln(os.Stderr, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

func run(path, outDir string, check bool) error {
	d, err := gen.Load(path)
	if err != nil {
		return err
	}
	if outDir == "" {
		outDir = filepath.Dir(path)
	}
	files, err := gen.Generate(d, gen.Options{Source: filepath.ToSlash(filepath.Base(path))})
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	changed, err := Sync(outDir, files, check)
	if err != nil {
		return err
	}
	if !check {
		fmt.Printf("%s: dialect %s: %d attributes, %d types, %d ops -> %d files in %s (%d changed)\n",
			path, d.Name, len(d.Attributes), len(d.Types), len(d.Ops), len(files), outDir, changed)
	}
	return nil
}

// Sync makes dir's generated files equal to files: it writes only files
// whose bytes differ and removes generated files no longer produced. With
// check it changes nothing and reports every difference instead. It
// returns how many files it wrote or removed.
func Sync(dir string, files map[string][]byte, check bool) (changed int, err error) {
	var stale []string
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(dir, n)
		old, err := os.ReadFile(p)
		if err == nil && bytes.Equal(old, files[n]) {
			continue
		}
		if check {
			stale = append(stale, p+" is out of date")
			continue
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return changed, err
		}
		changed++
	}
	existing, err := filepath.Glob(filepath.Join(dir, "*"+gen.Suffix))
	if err != nil {
		return changed, err
	}
	for _, p := range existing {
		if _, ok := files[filepath.Base(p)]; ok {
			continue
		}
		if check {
			stale = append(stale, p+" is no longer generated")
			continue
		}
		if err := os.Remove(p); err != nil {
			return changed, err
		}
		changed++
	}
	if len(stale) > 0 {
		return changed, fmt.Errorf("generated code is stale (run go generate ./...):\n  %s", strings.Join(stale, "\n  "))
	}
	return changed, nil
}
