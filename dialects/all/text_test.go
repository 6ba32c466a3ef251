package all_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// notUpstream are dialects of the corpus that are not upstream dialects
// (mlir-opt's test dialect) or builtin.
var notUpstream = map[string]bool{"bytecode": true, "builtin": true}

// TestUpstreamTextTyped: every attribute and type an upstream dialect
// stores as text in the corpus decodes into a typed value (which, by
// construction, prints back to the same text): none stays opaque.
func TestUpstreamTextTyped(t *testing.T) {
	opaque := map[string]map[string]bool{}
	typed := 0
	for _, p := range upstreamFiles(t, "*.mlirbc") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		ctx := all.NewContext()
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		check := func(e bytecode.Entry, v any, err error) {
			name := f.Dialects[e.Dialect].Name
			if e.Custom || notUpstream[name] {
				return
			}
			if err != nil {
				t.Errorf("%s: %v", filepath.Base(p), err)
				return
			}
			switch v := v.(type) {
			case *ir.TextAttr:
				if opaque[name] == nil {
					opaque[name] = map[string]bool{}
				}
				opaque[name][v.Text()] = true
			case *ir.TextType:
				if opaque[name] == nil {
					opaque[name] = map[string]bool{}
				}
				opaque[name][v.Text()] = true
			default:
				typed++
			}
		}
		for i, e := range f.Attrs.All() {
			a, err := dec.Attribute(uint64(i))
			check(e, a, err)
		}
		for i, e := range f.Types.All() {
			ty, err := dec.Type(uint64(i))
			check(e, ty, err)
		}
	}
	var names []string
	for n := range opaque {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		var texts []string
		for s := range opaque[n] {
			texts = append(texts, s)
		}
		sort.Strings(texts)
		t.Errorf("%s: %d distinct text entries stay opaque:\n\t%s", n, len(texts), strings.Join(texts, "\n\t"))
	}
	t.Logf("%d text entries of upstream dialects typed", typed)
}
