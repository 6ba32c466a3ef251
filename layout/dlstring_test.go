package layout

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

// Data-layout strings of real targets (clang's, LLVM 19-22).
var targets = map[string]string{
	"x86-64":     "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
	"aarch64":    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
	"nvptx64":    "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64",
	"amdgcn":     "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9",
	"big-endian": "E-m:e-p:32:32-i64:32-f64:32:64-i1:8:16-a:0:32-P1-S64",
}

// translate runs mlir-translate of a release (the oracle package drives
// mlir-opt only), skipping when it is not installed.
func translate(t *testing.T, r oracle.Release, ext string, input []byte, args ...string) (string, string, error) {
	t.Helper()
	tool := "mlir-translate-" + strconv.Itoa(int(r))
	p, err := exec.LookPath(tool)
	if err != nil {
		oracle.Require(t, oracle.Release(-1)) // skips (or fails when the oracle is required)
	}
	file := filepath.Join(t.TempDir(), "input"+ext)
	if err := os.WriteFile(file, input, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	cmd := exec.Command(p, append(args, file)...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.String(), errb.String(), err
}

var specInModule = regexp.MustCompile(`dlti\.dl_spec = (#dlti\.dl_spec<.*>)(, llvm\.|\}\s*\{)`)
var targetLine = regexp.MustCompile(`target datalayout = "([^"]*)"`)

func TestImportAndExportMatchMLIRTranslate(t *testing.T) {
	for _, r := range oracle.Releases {
		for name, s := range targets {
			t.Run(r.String()+"/"+name, func(t *testing.T) {
				out, stderr, err := translate(t, r, ".ll", []byte(`target datalayout = "`+s+`"`+"\n"), "--import-llvm")
				if err != nil {
					t.Skipf("mlir-translate-%d refuses the string: %v %s", int(r), err, stderr)
				}
				m := specInModule.FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no spec in\n%s", out)
				}
				spec, unhandled, err := ImportDataLayout(s, int(r))
				if err != nil {
					t.Fatal(err)
				}
				got := FormatSpec(spec, int(r))
				if r == oracle.LLVM19 {
					// 19 lists entries in hash-map order: compare them as sets.
					want, err := ParseSpec(m[1])
					if err != nil {
						t.Fatal(err)
					}
					if g, w := entryTexts(spec, int(r)), entryTexts(want, int(r)); !slices.Equal(g, w) {
						t.Errorf("import:\n got %v\nwant %v", g, w)
					}
				} else if got != m[1] {
					t.Errorf("import:\n got %s\nwant %s", got, m[1])
				}
				for _, tok := range unhandled {
					if r == oracle.LLVM22 && !strings.Contains(stderr, "unhandled data layout token: "+tok) {
						t.Errorf("we do not model %q, which mlir-translate-22 imports", tok)
					}
				}

				// Export: the spec back to a string, through the layout.
				dl, err := New(RulesFor(int(r)), spec)
				if err != nil {
					t.Fatal(err)
				}
				mod := "module attributes {dlti.dl_spec = " + got + "} {}\n"
				llvm, stderr, err := translate(t, r, ".mlir", []byte(mod), "--mlir-to-llvmir")
				exported, xerr := ExportDataLayout(spec, dl)
				if err != nil {
					if xerr == nil {
						t.Fatalf("mlir-translate fails (%s), we export %q", firstLine(stderr), exported)
					}
					return
				}
				if xerr != nil {
					t.Fatal(xerr)
				}
				wm := targetLine.FindStringSubmatch(llvm)
				if wm == nil {
					t.Fatalf("no target datalayout in\n%s", llvm)
				}
				if exported != wm[1] {
					t.Errorf("export:\n got %s\nwant %s", exported, wm[1])
				}
			})
		}
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func entryTexts(s *Spec, release int) []string {
	var out []string
	for _, e := range s.Entries {
		out = append(out, FormatSpec(&Spec{Entries: []Entry{e}}, release))
	}
	slices.Sort(out)
	return out
}

func TestImportErrors(t *testing.T) {
	for _, s := range []string{"e-32", "e-i64", "e-i64:x", "e-f42:32", "e-p1:x:32", "e-S12345678901", "--", "e1"} {
		_, _, err := ImportDataLayout(s, 22)
		var de *DataLayoutError
		if !errors.As(err, &de) {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// FuzzImportDataLayout: any string imports or fails cleanly, and what
// imports, combines and exports.
func FuzzImportDataLayout(f *testing.F) {
	for _, s := range targets {
		f.Add(s, 22)
		f.Add(s, 16)
	}
	f.Add("E-S0-A5-P1-G0-p:32:32-i32:16", 19)
	f.Fuzz(func(t *testing.T, s string, release int) {
		release %= 30
		spec, _, err := ImportDataLayout(s, release)
		if err != nil {
			return
		}
		if _, err := ParseSpec(FormatSpec(spec, release)); err != nil {
			t.Fatalf("the imported spec does not parse back: %v", err)
		}
		dl, err := New(RulesFor(release), spec)
		if err != nil {
			return
		}
		ExportDataLayout(spec, dl)
	})
}
