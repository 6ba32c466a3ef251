// Package filecheck matches text against the CHECK lines of an LLVM lit
// test the way FileCheck does, for the directives the sources we check
// use; the tests that compare our printed text with a tool's use it
// where the tool itself is not at hand.
package filecheck

import (
	"fmt"
	"regexp"
	"strings"
)

// Line is one CHECK directive: its kind ("", "-NEXT", "-SAME", "-LABEL",
// "-DAG") and its pattern.
type Line struct {
	Kind, Pattern string // kind: "", "-NEXT", "-SAME", "-LABEL", "-DAG"
}

// checkRE finds a directive; CHECK-NOT lines are left out.
var checkRE = regexp.MustCompile(`//\s*CHECK(-NEXT|-SAME|-LABEL|-NOT|-DAG)?:(.*)$`)

// Lines returns the CHECK directives of a source, in order.
func Lines(src string) []Line {
	var out []Line
	for _, l := range strings.Split(src, "\n") {
		if m := checkRE.FindStringSubmatch(l); m != nil && m[1] != "-NOT" {
			out = append(out, Line{m[1], strings.TrimSpace(m[2])})
		}
	}
	return out
}

var spaces = regexp.MustCompile(`[ \t]+`)

// Match matches checks against text the way FileCheck does for the
// directives these sources use: {{regex}}, [[VAR:regex]] and [[VAR]],
// CHECK from the end of the last match on (the rest of its line, then
// the lines after; LABEL alike), CHECK-DAG, CHECK-NEXT on the next line,
// CHECK-SAME after the last match on its line.
func Match(checks []Line, text string) error {
	lines := strings.Split(spaces.ReplaceAllString(text, " "), "\n")
	vars := map[string]string{}
	line, col, started := 0, 0, false
	// A run of CHECK-DAG lines matches in any order after the last match
	// before the run; what follows the run starts after its last match.
	dagFrom, dagEnd, inDAG := 0, 0, false
	for _, c := range checks {
		if c.Kind == "-DAG" && !inDAG {
			dagFrom, dagEnd, inDAG = line+1, line, true
			if !started {
				dagFrom = 0
			}
		} else if c.Kind != "-DAG" && inDAG {
			line, inDAG = dagEnd, false
		}
		re, err := checkPattern(c.Pattern, vars)
		if err != nil {
			return fmt.Errorf("CHECK%s: %s: %v", c.Kind, c.Pattern, err)
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
		switch c.Kind {
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
			ok = started && match(line, col)
			start := line + 1
			if !started {
				start = 0
			}
			for l := start; l < len(lines) && !ok; l++ {
				ok = match(l, 0)
			}
		}
		if !ok {
			return fmt.Errorf("CHECK%s: %s: no match after line %d (%q)", c.Kind, c.Pattern, line+1, lines[line])
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
