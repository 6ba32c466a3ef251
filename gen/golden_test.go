package gen

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/dialectgen/dialectgen/defs"
)

var update = flag.Bool("update", false, "rewrite the want/ files of gen/testdata/*.txtar")

// A scenario is gen/testdata/NAME.txtar holding dialect.yaml, optional
// hand-written hand/*.go files of the package, and the expected output:
// want/<file> for each generated file, or want/errors for a definition
// that must be rejected.
func scenarios(t *testing.T) []string {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scenarios in gen/testdata: %v", err)
	}
	sort.Strings(paths)
	return paths
}

func TestGolden(t *testing.T) {
	for _, path := range scenarios(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := run(t, name, ar)
			want := map[string][]byte{}
			var kept []txtar.File
			for _, f := range ar.Files {
				if n, ok := strings.CutPrefix(f.Name, "want/"); ok {
					want[n] = f.Data
				} else {
					kept = append(kept, f)
				}
			}
			if *update {
				names := sortedKeys(got)
				for _, n := range names {
					kept = append(kept, txtar.File{Name: "want/" + n, Data: got[n]})
				}
				ar.Files = kept
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(sortedKeys(want), sortedKeys(got)); diff != "" {
				t.Errorf("generated file names differ (-want +got):\n%s", diff)
			}
			for n, w := range want {
				if diff := cmp.Diff(string(w), string(got[n])); diff != "" {
					t.Errorf("%s differs (-want +got); run go test ./gen -update and review the diff:\n%s", n, diff)
				}
			}
		})
	}
}

// run generates a scenario's files, or its errors as want/errors.
func run(t *testing.T, name string, ar *txtar.Archive) map[string][]byte {
	t.Helper()
	var yaml []byte
	for _, f := range ar.Files {
		if f.Name == "dialect.yaml" {
			yaml = f.Data
		}
	}
	if yaml == nil {
		t.Fatalf("%s: no dialect.yaml", name)
	}
	d, err := defs.Load("dialect.yaml", yaml)
	if err != nil {
		return map[string][]byte{"errors": []byte(err.Error() + "\n")}
	}
	// The hooks the definition names, against the hand-written files.
	dir := t.TempDir()
	for _, f := range ar.Files {
		if n, ok := strings.CutPrefix(f.Name, "hand/"); ok {
			if err := os.WriteFile(filepath.Join(dir, n), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := CheckHooks(d, dir); err != nil {
		return map[string][]byte{"errors": []byte(err.Error() + "\n")}
	}
	files, err := Generate(d, Options{Source: "dialect.yaml"})
	if err != nil {
		return map[string][]byte{"errors": []byte(err.Error() + "\n")}
	}
	return files
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestGoldenCompiles builds and vets each scenario's generated package
// together with its hand-written files, inside this module so that the
// runtime imports resolve.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range scenarios(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files := run(t, name, ar)
		if _, failed := files["errors"]; failed {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir, err := os.MkdirTemp(filepath.Join(root, "gen", "testdata"), "build-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			for n, data := range files {
				// An ops package goes to a directory of its own.
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, n)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range ar.Files {
				if n, ok := strings.CutPrefix(f.Name, "hand/"); ok {
					if err := os.WriteFile(filepath.Join(dir, n), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			rel, _ := filepath.Rel(root, dir)
			cmd := exec.Command(goBin, "vet", "./"+filepath.ToSlash(rel)+"/...")
			cmd.Dir = root
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("generated package does not build:\n%s", out.String())
			}
		})
	}
}

// TestDeterministic generates every scenario twice and compares.
func TestDeterministic(t *testing.T) {
	for _, path := range scenarios(t) {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		a, b := run(t, path, ar), run(t, path, ar)
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s: two runs differ:\n%s", path, diff)
		}
	}
}

// TestCommittedPackagesUpToDate regenerates the dialect packages of this
// repository and compares them with the committed files (CI also runs
// dialectgen -check and go generate).
func TestCommittedPackagesUpToDate(t *testing.T) {
	paths, err := filepath.Glob("../dialects/*/*.yaml")
	if err != nil || len(paths) < 5 {
		t.Fatalf("dialect definitions: %v %v", paths, err)
	}
	for _, path := range paths {
		d, err := defs.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files, err := Generate(d, Options{Source: filepath.Base(path)})
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range files {
			got, err := os.ReadFile(filepath.Join(filepath.Dir(path), name))
			if err != nil {
				t.Fatalf("%s: %v (run go generate ./...)", name, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate ./...", filepath.Join(filepath.Dir(path), name))
			}
		}
	}
}
