package tables_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/optable"
	"github.com/dialectgen/dialectgen/gen/tables"
)

// The tables must be what the generator wrote into the shipped dialects:
// package interp builds the same op tables, release rules and hook checks
// from them.
func TestTablesMatchGenerated(t *testing.T) {
	paths, err := filepath.Glob("../../dialects/*/*.yaml")
	if err != nil || len(paths) < 10 {
		t.Fatalf("shipped definitions: %d files, %v", len(paths), err)
	}
	opKey := regexp.MustCompile(`(?m)^\t\t\t"([^"]+)":\s+\{`)
	checked := map[string]int{}
	for _, path := range paths {
		d, err := defs.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if d.Format == "tileir" {
			continue
		}
		generated := readGenerated(t, filepath.Dir(path))
		if len(d.Ops) > 0 {
			text, natives := tables.OpTable(d)
			if got, want := nonBlank(text), nonBlank(constText(generated, "opTableText")); !slices.Equal(got, want) {
				t.Errorf("%s: op table\n%s\ngenerated opTableText\n%s", path, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			args := []string{fmt.Sprintf("%q", d.Name), "opTableText"}
			for _, forms := range natives {
				args = append(args, optable.NativeExpr(forms))
			}
			if call := "bytecode.NewOpTable(" + strings.Join(args, ", ") + ")"; !strings.Contains(generated, call) {
				t.Errorf("%s: generated code has no %s", path, call)
			}
			checked["op tables"]++
		}
		var ops []string
		for _, ro := range tables.ReleaseRules(d) {
			ops = append(ops, ro.Op)
			if len(ro.Attrs) == 0 && ro.Hook == "" {
				t.Errorf("%s: release rules of %s are empty", path, ro.Op)
			}
		}
		var want []string
		if i := strings.Index(generated, "var releaseRules = "); i >= 0 {
			block := generated[i:]
			block = block[:strings.Index(block, "\n})\n")]
			for _, m := range opKey.FindAllStringSubmatch(block, -1) {
				want = append(want, m[1])
			}
		}
		slices.Sort(ops)
		slices.Sort(want)
		if !slices.Equal(ops, want) {
			t.Errorf("%s: release rules for ops %v, generated code has %v", path, ops, want)
		}
		checked["release rules"] += len(ops)
		for _, h := range tables.Hooks(d) {
			if !strings.Contains(generated, h.Name) {
				t.Errorf("%s: hook %s (%s) is not called by the generated code", path, h.Name, h.What)
			}
			checked["hooks"]++
		}
	}
	for _, what := range []string{"op tables", "release rules", "hooks"} {
		if checked[what] == 0 {
			t.Errorf("no %s checked", what)
		}
	}
	t.Log(checked)
}

// readGenerated returns the generated files of a dialect directory, its
// ops package included, as one text.
func readGenerated(t *testing.T, dir string) string {
	t.Helper()
	var all strings.Builder
	files, _ := filepath.Glob(filepath.Join(dir, "*.dg.go"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*.dg.go"))
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	return all.String()
}

// constText is the raw string constant name of generated source.
func constText(src, name string) string {
	_, text, ok := strings.Cut(src, "const "+name+" = `")
	if !ok {
		return ""
	}
	text, _, _ = strings.Cut(text, "`")
	return text
}

// nonBlank are the lines of text that are not blank: gofile's layout
// separates op table lines that start with "func " by a blank line, as
// it separates declarations, and bytecode.NewOpTable skips them.
func nonBlank(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
