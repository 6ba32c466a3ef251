package defs_test

// TestDefinitionsDoc keeps the examples of docs/definitions.md honest.
//
// It reads the fenced code blocks of the page (fences are ``` at the start
// of a line; the words after the opening fence are its info string):
//
//   - ```yaml blocks with a top-level `dialect:` key are complete definition
//     files: each must load with defs.Load and generate with gen.Generate.
//     ```yaml blocks without that key are fragments and are not checked.
//   - ```yaml error blocks are definitions that defs.Load must reject.
//   - A ```text block that is the next fenced block after a ```yaml error
//     block lists the errors expected, one per line: the loader's message
//     must be exactly that text.
//
// Every block is loaded under the name "dialect.yaml", so expected errors
// read dialect.yaml:LINE:COL, with lines counted from the block's first line.

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen"
)

const docPath = "../docs/definitions.md"

// block is one fenced code block.
type block struct {
	info string // the info string, e.g. "yaml" or "yaml error"
	text string
	line int // line of the opening fence in the document
}

// fencedBlocks returns the fenced code blocks of a Markdown document.
func fencedBlocks(t *testing.T, doc string) []block {
	t.Helper()
	var out []block
	var cur *block
	var body []string
	for i, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "```") {
			if cur != nil {
				body = append(body, line)
			}
			continue
		}
		if cur == nil {
			cur = &block{info: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: i + 1}
			body = nil
			continue
		}
		if strings.TrimSpace(line) != "```" {
			t.Fatalf("%s:%d: a fence opens inside the block opened at line %d", docPath, i+1, cur.line)
		}
		cur.text = strings.Join(body, "\n") + "\n"
		out = append(out, *cur)
		cur = nil
	}
	if cur != nil {
		t.Fatalf("%s:%d: unterminated fenced block", docPath, cur.line)
	}
	return out
}

var dialectKey = regexp.MustCompile(`(?m)^dialect[ \t]*:`)

// generate runs the generator, turning a panic into an error.
func generate(d *defs.Dialect) (files map[string][]byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gen.Generate panicked: %v", r)
		}
	}()
	return gen.Generate(d, gen.Options{Source: "dialect.yaml"})
}

func TestDefinitionsDoc(t *testing.T) {
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(t, string(data))
	complete, rejected, outputs := 0, 0, 0
	for i, b := range blocks {
		switch b.info {
		case "yaml":
			if !dialectKey.MatchString(b.text) {
				continue // a fragment
			}
			complete++
			d, err := defs.Load("dialect.yaml", []byte(b.text))
			if err != nil {
				t.Errorf("%s:%d: example does not load:\n%v", docPath, b.line, err)
				continue
			}
			files, err := generate(d)
			if err != nil {
				t.Errorf("%s:%d: example does not generate:\n%v", docPath, b.line, err)
				continue
			}
			if len(files) == 0 {
				t.Errorf("%s:%d: example generated no files", docPath, b.line)
			}
		case "yaml error":
			rejected++
			_, err := defs.Load("dialect.yaml", []byte(b.text))
			if err == nil {
				t.Errorf("%s:%d: example marked as an error loads without one", docPath, b.line)
				continue
			}
			if i+1 < len(blocks) && blocks[i+1].info == "text" {
				outputs++
				want := strings.TrimRight(blocks[i+1].text, "\n")
				if got := err.Error(); got != want {
					t.Errorf("%s:%d: errors differ from the text at line %d\ngot:\n%s\nwant:\n%s", docPath, b.line, blocks[i+1].line, got, want)
				}
			}
		default:
			if strings.HasPrefix(b.info, "yaml") {
				t.Errorf("%s:%d: unknown marker %q (use yaml or yaml error)", docPath, b.line, b.info)
			}
		}
	}
	// Guard against the page changing shape so that nothing is checked.
	if complete < 5 || rejected < 2 || outputs < 2 {
		t.Errorf("%s: found %d complete examples, %d error examples and %d expected outputs; the page should have at least 5, 2 and 2", docPath, complete, rejected, outputs)
	}
}
