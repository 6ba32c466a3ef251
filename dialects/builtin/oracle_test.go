package builtin_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// tally counts what the oracle round trip checked, for the summary line.
type tally struct {
	mu                         sync.Mutex
	files, entries, typed      int
	text, opaque               map[string]int // kind → count of entries kept as text / foreign payloads
	builtinTextKinds, builtinK map[string]int
}

func (t *tally) add(f func()) { t.mu.Lock(); f(); t.mu.Unlock() }

// TestOracleTables decodes every attribute and type entry of every file
// mlir-opt 16, 19 and 22 write for our inputs, at every version each
// writes, and re-encodes each entry with the file's numbering: the bytes
// must be identical and builtin entries must decode to typed values.
func TestOracleTables(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	tl := &tally{text: map[string]int{}, opaque: map[string]int{}, builtinTextKinds: map[string]int{}, builtinK: map[string]int{}}
	forEachOracleFile(t, inputs, func(t *testing.T, in corpus.Input, rel oracle.Release, v int, bc []byte) {
		if in.IsUnstable(rel) {
			// mlir-opt's first output holds values its reader cannot
			// give back; compare with its own re-encoding instead.
			var err error
			if bc, err = oracle.RunInput(rel, bc, ".mlirbc", oracle.BytecodeFlags(rel, v, "--allow-unregistered-dialect")...); err != nil {
				t.Fatal(err)
			}
		}
		checkTables(t, bc, tl, in.HasDuplicates(rel))
	})
	t.Cleanup(func() {
		t.Logf("checked %d files, %d entries byte for byte; %d builtin entries decoded to typed values", tl.files, tl.entries, tl.typed)
		t.Logf("builtin kinds seen: %v", tl.builtinK)
		t.Logf("kept as text (dialect: count): %v; foreign payloads: %v", tl.text, tl.opaque)
	})
}

// forEachOracleFile runs fn, as a parallel subtest, on the bytecode each
// release writes for each input at every version it writes.
func forEachOracleFile(t *testing.T, inputs []corpus.Input, fn func(t *testing.T, in corpus.Input, rel oracle.Release, v int, bc []byte)) {
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
	}
	for _, in := range inputs {
		for _, rel := range in.Releases {
			for _, v := range rel.Versions() {
				t.Run(fmt.Sprintf("%s/%s/v%d", in.Name, rel, v), func(t *testing.T) {
					t.Parallel()
					bc, err := oracle.EmitBytecode(rel, v, in.Path, "--allow-unregistered-dialect")
					if err != nil {
						t.Fatal(err)
					}
					fn(t, in, rel, v, bc)
				})
			}
		}
	}
}

func checkTables(t *testing.T, bc []byte, tl *tally, duplicates bool) {
	t.Helper()
	f, err := bytecode.ParseFile(bc)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	ctx := ir.NewContext(builtin.Dialect)
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	attrs := make([]ir.Attribute, f.Attrs.Len())
	types := make([]ir.Type, f.Types.Len())
	for i := range f.Attrs.Len() {
		if attrs[i], err = dec.Attribute(uint64(i)); err != nil {
			t.Fatalf("attribute %d: %v", i, err)
		}
	}
	for i := range f.Types.Len() {
		if types[i], err = dec.Type(uint64(i)); err != nil {
			t.Fatalf("type %d: %v", i, err)
		}
	}
	// Entries that mlir-opt keeps distinct but that decode to one value
	// (value uniquing merges them) cannot be re-encoded with their own
	// indices; only an input marked for it may contain them, and then
	// mismatches are logged instead of failed.
	merged := mergedEntries(attrs) + mergedEntries(types)
	if duplicates != (merged > 0) {
		t.Fatalf("%d entries decode to a value another entry has, but the input is marked duplicate-entries=%v", merged, duplicates)
	}
	num := dec.Numbering()
	check := func(what string, i int, e bytecode.Entry, got []byte, custom bool, err error, v interface {
		Dialect() string
		Kind() string
	}) {
		if err != nil {
			t.Errorf("%s %d (%s %s): encode: %v", what, i, v.Dialect(), v.Kind(), err)
			return
		}
		if custom != e.Custom || !bytes.Equal(got, e.Data) {
			report := t.Errorf
			if duplicates {
				report = t.Logf
			}
			report("%s %d (%s %s) at offset %#x: re-encoded\n  got  custom=%v % x\n  want custom=%v % x", what, i, v.Dialect(), v.Kind(), e.Offset, custom, got, e.Custom, e.Data)
		}
		tl.add(func() {
			tl.entries++
			switch v.Kind() {
			case "TextAttr", "TextType":
				tl.text[v.Dialect()]++
				if v.Dialect() == "builtin" {
					t.Errorf("%s %d: builtin entry kept as text: %q", what, i, strings.TrimSuffix(string(e.Data), "\x00"))
				}
			case "EncodedAttr", "EncodedType":
				tl.opaque[v.Dialect()]++
			default:
				if v.Dialect() == "builtin" {
					tl.typed++
					tl.builtinK[v.Kind()]++
				}
			}
		})
	}
	for i, a := range attrs {
		got, custom, err := bytecode.EncodeAttribute(ctx, nil, num, f.Target(), a)
		check("attribute", i, f.Attrs.At(i), got, custom, err, a)
	}
	for i, ty := range types {
		got, custom, err := bytecode.EncodeType(ctx, nil, num, f.Target(), ty)
		check("type", i, f.Types.At(i), got, custom, err, ty)
	}
	tl.add(func() { tl.files++ })
}

// mergedEntries counts entries that decoded to the same value as an
// earlier entry.
func mergedEntries[T comparable](values []T) int {
	seen := map[T]bool{}
	n := 0
	for _, v := range values {
		if seen[v] {
			n++
		}
		seen[v] = true
	}
	return n
}
