package ods

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// includeRE matches an include directive of a .td file.
var includeRE = regexp.MustCompile(`(?m)^\s*include\s+"([^"]+)"`)

// Roots returns the entry points of the dialect records under inc (an
// LLVM release's include directory): the .td files under mlir/Dialect
// that no other such file includes, paths relative to inc, sorted. Their
// dumps hold every op, attribute, type and enum of every dialect. Files
// that include op definitions only to document them or to declare passes
// (Passes.td, *Doc.td, Transforms/) are not entry points and do not hide
// the files they include.
func Roots(inc string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(filepath.Join(inc, "mlir", "Dialect"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".td") {
			return nil
		}
		rel, err := filepath.Rel(inc, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		base := path.Base(rel)
		if base == "Passes.td" || strings.HasSuffix(base, "Doc.td") || strings.Contains(rel, "/Transforms/") {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		return nil, err
	}
	included := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(inc, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		for _, m := range includeRE.FindAllStringSubmatch(string(data), -1) {
			// An include is relative to the including file when that
			// file exists, else to the include directory.
			rel := path.Join(path.Dir(f), m[1])
			if _, err := os.Stat(filepath.Join(inc, filepath.FromSlash(rel))); err != nil {
				rel = m[1]
			}
			included[rel] = true
		}
	}
	var roots []string
	for _, f := range files {
		if !included[f] {
			roots = append(roots, f)
		}
	}
	slices.Sort(roots)
	return roots, nil
}
