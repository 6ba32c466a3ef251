// Package gen turns a dialect definition (package defs) into Go source
// files. Generate is a pure function from a definition to file contents;
// the dialectgen command decides where they go.
//
// The generator has three layers: the Go-emission model
// (gen/internal/model: Go names, types, runtime packages and version gates,
// decided once from the definition), one backend per bytecode format that
// only emits (gen/internal/mlirgen over runtime/ir and runtime/bytecode,
// gen/internal/tilegen over runtime/tileir), and the file assembly they
// share (gen/internal/gofile). What the backends write as data (op
// tables, release rules) is computed without jennifer in
// gen/internal/optable and gen/internal/releaserules, which gen/tables
// offers to programs that interpret definitions. The loader has checked
// the definition: the generator reports no definition errors of its own.
package gen

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/hookcheck"
	"github.com/dialectgen/dialectgen/gen/internal/mlirgen"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/tilegen"
)

// Suffix ends the name of every generated file.
const Suffix = ".dg.go"

// Options controls generation.
type Options struct {
	// Source is the definition file's path as it should appear in the
	// header (relative, slash-separated; never absolute).
	Source string
}

// Generate returns the generated files of d, keyed by file name.
func Generate(d *defs.Dialect, opts Options) (map[string][]byte, error) {
	m := model.New(d, opts.Source)
	backend := mlirgen.Files
	if d.Format == "tileir" {
		backend = tilegen.Files
	}
	emitters := backend(m)
	names := make([]string, 0, len(emitters))
	for n := range emitters {
		names = append(names, n)
	}
	sort.Strings(names)
	out := map[string][]byte{}
	for _, n := range names {
		pkg, file, source := d.Go.Package, n+Suffix, opts.Source
		if n == "ops" && d.Go.OpsPackage != "" {
			// Op wrappers and builders in their own package below the
			// dialect's: programs that only read and write bytecode do not
			// compile them.
			pkg, file, source = d.Go.OpsPackage, d.Go.OpsPackage+"/"+file, "../"+source
		}
		f := gofile.New(pkg, source)
		f.ImportNames(m.GoImports())
		emitters[n](f)
		src, err := gofile.Render(file, f)
		if err != nil {
			return nil, err
		}
		out[file] = src
	}
	return out, nil
}

// Load reads a definition file and checks the hooks it names against the
// hand-written Go files beside it (see CheckHooks).
func Load(path string) (*defs.Dialect, error) {
	d, err := defs.LoadFile(path)
	if err != nil {
		return nil, err
	}
	if err := CheckHooks(d, filepath.Dir(path)); err != nil {
		return nil, err
	}
	return d, nil
}

// CheckHooks reports the hooks of d (custom codecs, verifiers, text hooks,
// AppendKey methods of go: types, dense hooks) that the package in dir
// does not declare, or declares with another signature than the generated
// code calls, each at the definition key that names it. It reads the
// package's hand-written files only, so it needs no generated code.
func CheckHooks(d *defs.Dialect, dir string) error {
	m := model.New(d, "")
	return hookcheck.Check(append(m.Hooks(), m.PropertyHooks()...), dir)
}

// CLIMain returns the main package of a dialect repository's own mlirbc
// (named command): the mlirbc command (package cli) with the dialect d,
// whose Go package is importPath, added to the shipped ones. source is the
// definition file as the header names it, relative to the command's
// directory.
func CLIMain(d *defs.Dialect, importPath, command, source string) ([]byte, error) {
	if d.Format == "tileir" {
		return nil, fmt.Errorf("dialect %s: a Tile IR dialect is not an MLIR dialect; mlirbc reads Tile IR with cuda_tile", d.Name)
	}
	f := gofile.New("main", source)
	f.PackageComment(fmt.Sprintf("Command %s is mlirbc with the %s dialect added to the ones", command, d.Name))
	f.PackageComment("dialectgen ships: every mlirbc command, for files that use it too.")
	f.ImportName(importPath, d.Go.Package)
	f.ImportName("github.com/dialectgen/dialectgen/cli", "cli")
	f.Func().Id("main").Params().Block(
		jen.Qual("github.com/dialectgen/dialectgen/cli", "Main").Call(jen.Qual(importPath, "Dialect")),
	)
	return gofile.Render("main"+Suffix, f)
}
