package cudatile_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// TestPrintMatchesCheckLines prints the C++-written files whose sources
// check cuda-tile-opt's text with FileCheck, and matches our text against
// their CHECK lines. Most of these files hold testing$func functions, which
// NVIDIA's reader refuses, so they have no printed twin; their CHECK lines
// are the only record of how cuda-tile prints ops such as load_view_tko,
// reduce, scan, loop, mmaf or get_tile_block_id, which cutile-python
// kernels are made of. (FileCheck's rules: runs of spaces compare as one,
// so spacing is checked by the printed twins only.)
func TestPrintMatchesCheckLines(t *testing.T) {
	dir := shared.Dir(t, "tileir/cxx-lit")
	srcs, err := filepath.Glob(filepath.Join(dir, "src", "*.mlir"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no sources in %s: %v", dir, err)
	}
	files, checks := 0, 0
	for _, src := range srcs {
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		run, ok := plainFileCheckRun(string(text))
		if !ok {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(src), ".mlir")
		var data []byte
		for _, v := range []string{"13.3", "13.2", "13.1"} {
			if data, err = os.ReadFile(filepath.Join(dir, name+"."+v+".tileirbc")); err == nil {
				break
			}
		}
		if data == nil {
			continue
		}
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		out, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: strings.Contains(run, "print-debuginfo")})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// The module's name is not on the wire (the reader names it
		// kernels); give it the source's.
		printed := string(out)
		if m := moduleNameRE.FindStringSubmatch(string(text)); m != nil {
			printed = strings.Replace(printed, "cuda_tile.module @kernels", "cuda_tile.module @"+m[1], 1)
		}
		cs := checkLines(string(text))
		if err := fileCheck(cs, printed); err != nil {
			t.Errorf("%s: %v\nprinted:\n%s", name, err, out)
		}
		files++
		checks += len(cs)
	}
	if files == 0 {
		t.Fatal("no source checks printed text")
	}
	t.Logf("%d files, %d CHECK lines matched", files, checks)
}

// plainFileCheckRun returns the RUN lines of a source when they check
// printed text with FileCheck and run no pass or diagnostic check that
// would change what is printed.
func plainFileCheckRun(src string) (string, bool) {
	var run []string
	for _, l := range strings.Split(src, "\n") {
		if i := strings.Index(l, "RUN:"); i >= 0 && strings.HasPrefix(strings.TrimSpace(l), "//") {
			run = append(run, l[i+4:])
		}
	}
	all := strings.Join(run, "\n")
	if !strings.Contains(all, "FileCheck") {
		return "", false
	}
	for _, bad := range []string{"not ", "canonicalize", "verify-diagnostics", "symbol-name", "%round_trip_test"} {
		if strings.Contains(all, bad) {
			return "", false
		}
	}
	return all, true
}

type checkLine struct {
	kind, pattern string // kind: "", "-NEXT", "-SAME", "-LABEL", "-DAG"
}

var moduleNameRE = regexp.MustCompile(`(?m)^\s*cuda_tile\.module @(\w+)`)

var checkRE = regexp.MustCompile(`//\s*CHECK(-NEXT|-SAME|-LABEL|-NOT|-DAG)?:(.*)$`)

func checkLines(src string) []checkLine {
	var out []checkLine
	for _, l := range strings.Split(src, "\n") {
		if m := checkRE.FindStringSubmatch(l); m != nil && m[1] != "-NOT" {
			out = append(out, checkLine{m[1], strings.TrimSpace(m[2])})
		}
	}
	return out
}

var spaces = regexp.MustCompile(`[ \t]+`)

// fileCheck matches checks against text the way FileCheck does for the
// directives these sources use: {{regex}}, [[VAR:regex]] and [[VAR]],
// CHECK from the line after the last match (LABEL alike), CHECK-DAG,
// CHECK-NEXT on the next line, CHECK-SAME after the last match on its line.
func fileCheck(checks []checkLine, text string) error {
	lines := strings.Split(spaces.ReplaceAllString(text, " "), "\n")
	vars := map[string]string{}
	line, col, started := 0, 0, false
	// A run of CHECK-DAG lines matches in any order after the last match
	// before the run; what follows the run starts after its last match.
	dagFrom, dagEnd, inDAG := 0, 0, false
	for _, c := range checks {
		if c.kind == "-DAG" && !inDAG {
			dagFrom, dagEnd, inDAG = line+1, line, true
			if !started {
				dagFrom = 0
			}
		} else if c.kind != "-DAG" && inDAG {
			line, inDAG = dagEnd, false
		}
		re, err := checkPattern(c.pattern, vars)
		if err != nil {
			return fmt.Errorf("CHECK%s: %s: %v", c.kind, c.pattern, err)
		}
		match := func(l, from int) bool {
			m := re.FindStringSubmatchIndex(lines[l][from:])
			if m == nil {
				return false
			}
			for i, n := range re.SubexpNames() {
				if n != "" && m[2*i] >= 0 {
					vars[n] = lines[l][from+m[2*i] : from+m[2*i+1]]
				}
			}
			line, col = l, from+m[1]
			return true
		}
		ok := false
		switch c.kind {
		case "-SAME":
			ok = match(line, col)
		case "-NEXT":
			ok = line+1 < len(lines) && match(line+1, 0)
		case "-DAG":
			for l := dagFrom; l < len(lines) && !ok; l++ {
				ok = match(l, 0)
			}
			dagEnd = max(dagEnd, line)
		default:
			start := line + 1
			if !started {
				start = 0
			}
			for l := start; l < len(lines) && !ok; l++ {
				ok = match(l, 0)
			}
		}
		if !ok {
			return fmt.Errorf("CHECK%s: %s: no match after line %d (%q)", c.kind, c.pattern, line+1, lines[line])
		}
		started = true
	}
	return nil
}

// checkPattern turns a CHECK pattern into a regexp: literal text, with
// runs of spaces as one, {{regex}}, [[VAR:regex]] defining VAR and [[VAR]]
// using it.
func checkPattern(p string, vars map[string]string) (*regexp.Regexp, error) {
	var b strings.Builder
	for i := 0; i < len(p); {
		switch {
		case strings.HasPrefix(p[i:], "{{"):
			j := strings.Index(p[i+2:], "}}")
			if j < 0 {
				return nil, fmt.Errorf("unclosed {{")
			}
			b.WriteString("(?:" + p[i+2:i+2+j] + ")")
			i += j + 4
		case strings.HasPrefix(p[i:], "[["):
			j := strings.Index(p[i+2:], "]]")
			if j < 0 {
				return nil, fmt.Errorf("unclosed [[")
			}
			inner := p[i+2 : i+2+j]
			if name, re, ok := strings.Cut(inner, ":"); ok {
				b.WriteString("(?P<" + strings.ReplaceAll(name, "$", "_") + ">" + re + ")")
			} else if v, ok := vars[inner]; ok {
				b.WriteString(regexp.QuoteMeta(v))
			} else {
				return nil, fmt.Errorf("variable %s used before it is defined", inner)
			}
			i += j + 4
		case p[i] == ' ' || p[i] == '\t':
			for i < len(p) && (p[i] == ' ' || p[i] == '\t') {
				i++
			}
			b.WriteString(" ")
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
			i++
		}
	}
	return regexp.Compile(b.String())
}
