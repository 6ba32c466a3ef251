package mlirbc_test

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestWriteReusesNothingVisible writes the corpus files, as mlir-opt-22
// wrote them, in turn, again in reverse order, from several goroutines
// at once, through Write and after a prefix: the writer recycles its
// tables from write to write, and no write may see what another left.
func TestWriteReusesNothingVisible(t *testing.T) {
	oracle.Require(t, 22)
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	type module struct {
		name string
		ctx  *ir.Context
		m    *mlirbc.Module
		want []byte
	}
	var mods []module
	for _, in := range inputs {
		if in.ReadbackError != "" || in.IsUnstable(22) || in.HasDuplicates(22) || !hasRelease(in.Releases, 22) {
			continue
		}
		bc, err := oracle.EmitBytecode(22, 6, in.Path, "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		ctx := newContext()
		m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		mods = append(mods, module{in.Name, ctx, m, bc})
	}
	if len(mods) < 10 {
		t.Fatalf("only %d corpus files to write", len(mods))
	}
	check := func(md module, how string, got []byte, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s (%s): %v", md.name, how, err)
		} else if !bytes.Equal(got, md.want) {
			t.Errorf("%s (%s): %d bytes differ from mlir-opt-22's %d: %s", md.name, how, len(got), len(md.want), firstDiff(md.want, got))
		}
	}
	for _, md := range mods {
		got, err := mlirbc.Append(nil, md.ctx, md.m, md.m.Options())
		check(md, "in turn", got, err)
	}
	for i := len(mods) - 1; i >= 0; i-- {
		md := mods[i]
		var buf bytes.Buffer
		err := mlirbc.Write(&buf, md.ctx, md.m, md.m.Options())
		check(md, "Write, reverse order", buf.Bytes(), err)
		prefix := []byte("prefix")
		got, err := mlirbc.Append(prefix, md.ctx, md.m, md.m.Options())
		if err == nil && !bytes.HasPrefix(got, prefix) {
			t.Errorf("%s: Append lost the prefix", md.name)
		}
		check(md, "after a prefix", got[len(prefix):], err)
	}
	// Modules are not shared between goroutines (writing marks the IR),
	// but the writers' recycled tables are.
	var wg sync.WaitGroup
	for g := range 3 {
		wg.Go(func() {
			for i := g; i < len(mods); i += 3 {
				md := mods[i]
				got, err := mlirbc.Append(nil, md.ctx, md.m, md.m.Options())
				check(md, "concurrently", got, err)
			}
		})
	}
	wg.Wait()
}

func hasRelease(rs []oracle.Release, r oracle.Release) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// TestWriteReadDictionaries: the writer writes the dictionary an op's
// attribute list was read from, once it checked that the dictionary holds
// the list. A list cut short keeps its first element where it was: the
// dictionary read for the whole list must not be written for it, even
// where the op still says its list came from that dictionary.
func TestWriteReadDictionaries(t *testing.T) {
	const entries = 10
	data := oracleInput(t, func(sb *strings.Builder) int {
		for _, name := range []string{"x.a", "x.b"} {
			fmt.Fprintf(sb, "%q() {", name)
			for i := range entries {
				fmt.Fprintf(sb, "%c = %d : i32, ", 'a'+i, i)
			}
			sb.WriteString("z = unit} : () -> ()\n")
		}
		return 3
	}, "--allow-unregistered-dialect")
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ops := m.Op.Region(0).Block(0).Ops()
	if out, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil || !bytes.Equal(out, data) {
		t.Fatalf("as read, the module does not write mlir-opt's bytes (%v)", err)
	}
	ops[1].SetAttrsFrom(ops[1].Attrs()[:2], ops[1].AttrsFrom())
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	back, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := back.Op.Region(0).Block(0).Ops()
	if n := len(got[0].Attrs()); n != entries+1 {
		t.Errorf("x.a has %d attributes, want %d", n, entries+1)
	}
	if attrs := got[1].Attrs(); len(attrs) != 2 || attrs[0].Name != "a" || attrs[1].Name != "b" {
		t.Errorf("x.b has %v, want a and b", attrs)
	}
}

// TestWriteReadSmallDictionaries: ops of a small dictionary each (one
// string) are written with the dictionaries they were read from. Making
// each again costs the writer an allocation an op (and a uniquing lookup,
// a cache miss), which the count of allocations shows.
func TestWriteReadSmallDictionaries(t *testing.T) {
	const ops = 2000
	data := oracleInput(t, opStrings(ops), "--allow-unregistered-dialect")
	allocs, out := writeAllocs(t, data)
	if !bytes.Equal(out, data) {
		t.Fatal("the module does not write mlir-opt's bytes")
	}
	if allocs >= ops/2 {
		t.Errorf("writing %d ops of a dictionary each took %.0f allocations: the dictionaries were made again", ops, allocs)
	}
}
