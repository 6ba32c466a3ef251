package layout_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/layout"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// Each file in testdata/query is one mlir-opt input. It is written in
// LLVM 19's spelling; for 16, entry values become vector<Nxi32> (16's
// element type). A file can say which releases it is for
// (// releases: 19 22) and that mlir-opt aborts or crashes on its queries
// (// crashes: reason), in which case we must return an error.
var (
	releasesLine = regexp.MustCompile(`(?m)^// releases:(( \d+)+)$`)
	crashesLine  = regexp.MustCompile(`(?m)^// crashes: (.+)$`)
	entryI64     = regexp.MustCompile(`(dense<[^>]*> : vector<\d+x)i64>`)
)

func caseReleases(src string) []oracle.Release {
	m := releasesLine.FindStringSubmatch(src)
	if m == nil {
		return oracle.Releases
	}
	var rs []oracle.Release
	for _, f := range strings.Fields(m[1]) {
		n, _ := strconv.Atoi(f)
		rs = append(rs, oracle.Release(n))
	}
	return rs
}

func forRelease(src string, r oracle.Release) string {
	if r == oracle.LLVM16 {
		return entryI64.ReplaceAllString(src, "${1}i32>")
	}
	return src
}

// queryDicts takes the attribute dictionary of every test.data_layout_query
// op from mlir-opt's output, in order ("{}" for an op without one).
func queryDicts(t *testing.T, out string) []string {
	var dicts []string
	for _, line := range strings.Split(out, "\n") {
		_, rest, ok := strings.Cut(line, `"test.data_layout_query"() `)
		if !ok {
			continue
		}
		if !strings.HasPrefix(rest, "{") {
			dicts = append(dicts, "{}")
			continue
		}
		depth, end := 0, -1
		inStr := false
		for i := 0; i < len(rest) && end < 0; i++ {
			switch c := rest[i]; {
			case inStr && c == '\\':
				i++
			case c == '"':
				inStr = !inStr
			case inStr:
			case c == '{':
				depth++
			case c == '}':
				depth--
				if depth == 0 {
					end = i + 1
				}
			}
		}
		if end < 0 {
			t.Fatalf("unbalanced attribute dictionary in %q", line)
		}
		dicts = append(dicts, rest[:end])
	}
	return dicts
}

func TestQueriesMatchMLIROpt(t *testing.T) {
	files, err := filepath.Glob("testdata/query/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test inputs: %v", err)
	}
	compared := 0
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(raw)
		for _, r := range caseReleases(src) {
			t.Run(filepath.Base(file)+"/"+r.String(), func(t *testing.T) {
				oracle.Require(t, r)
				input := []byte(forRelease(src, r))
				bc, err := oracle.RunInput(r, input, ".mlir", oracle.BytecodeFlags(r, r.Versions()[len(r.Versions())-1])...)
				if err != nil {
					t.Fatalf("mlir-opt does not accept the input: %v", err)
				}
				want, werr := oracle.RunInput(r, input, ".mlir", "--test-data-layout-query")
				m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				got, gerr := layout.Queries(m.Op, m.Options().Release)
				if crash := crashesLine.FindStringSubmatch(src); crash != nil {
					var oe *oracle.Error
					if !errors.As(werr, &oe) {
						t.Fatalf("mlir-opt was expected to fail (%s) but did not: %v", crash[1], werr)
					}
					if gerr == nil {
						t.Fatalf("mlir-opt fails (exit %d: %s), we printed %q", oe.ExitCode, firstLine(oe.Stderr), got)
					}
					if !strings.Contains(gerr.Error(), crash[1]) {
						t.Errorf("error %q does not say %q", gerr, crash[1])
					}
					return
				}
				if werr != nil {
					t.Fatalf("mlir-opt: %v", werr)
				}
				if gerr != nil {
					t.Fatalf("Queries: %v", gerr)
				}
				wantDicts := queryDicts(t, string(want))
				if len(wantDicts) == 0 {
					t.Fatal("the input has no queries")
				}
				for i := range max(len(got), len(wantDicts)) {
					g, w := "(none)", "(none)"
					if i < len(got) {
						g = got[i]
					}
					if i < len(wantDicts) {
						w = wantDicts[i]
					}
					if g != w {
						t.Errorf("query #%d:\n got %s\nwant %s", i+1, g, w)
					}
				}
				compared += len(wantDicts)
			})
		}
	}
	t.Logf("%d query results compared with mlir-opt", compared)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
