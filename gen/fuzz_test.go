package gen

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/dialectgen/dialectgen/defs"
)

// FuzzGenerate checks that the generator never fails on a definition the
// loader accepts: every rule about definitions is the loader's.
func FuzzGenerate(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.txtar")
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if file.Name == "dialect.yaml" {
				f.Add(file.Data)
			}
		}
	}
	yamls, _ := filepath.Glob("../dialects/*/*.yaml")
	for _, p := range yamls {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := defs.Load("fuzz.yaml", data)
		if err != nil {
			return
		}
		if _, err := Generate(d, Options{Source: "fuzz.yaml"}); err != nil {
			t.Fatalf("a definition that loads does not generate: %v", err)
		}
	})
}
