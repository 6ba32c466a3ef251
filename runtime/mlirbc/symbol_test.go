package mlirbc_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestSymbol finds functions by name in lazily and eagerly read modules of
// every version mlir-opt-22 writes: the same op either way, the found op
// is the one materializing the module puts in place, and the module writes
// back byte for byte.
func TestSymbol(t *testing.T) {
	oracle.Require(t, 22)
	var sb strings.Builder
	for f := range 20 {
		fmt.Fprintf(&sb, "func.func @f%d(%%a: i32) -> i32 {\n  %%c = arith.constant %d : i32\n  %%s = arith.addi %%a, %%c : i32\n  return %%s : i32\n}\n", f, f)
	}
	sb.WriteString("func.func private @decl(i32) -> i32\n")
	src := filepath.Join(t.TempDir(), "funcs.mlir")
	if err := os.WriteFile(src, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, v := range oracle.Release(22).Versions() {
		bc, err := oracle.EmitBytecode(22, v, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, lazy := range []bool{false, true} {
			ctx := newContext()
			m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{Lazy: lazy})
			if err != nil {
				t.Fatal(err)
			}
			fn, err := m.Symbol("f13")
			if err != nil || fn == nil {
				t.Fatalf("v%d lazy=%v: f13: %v, %v", v, lazy, fn, err)
			}
			if lazy && v >= 5 && m.Op.Loaded() {
				t.Fatalf("v%d: finding a symbol materialized the module", v)
			}
			if err := fn.MaterializeAll(); err != nil {
				t.Fatal(err)
			}
			if got := constOf(fn); got != "13" {
				t.Fatalf("v%d lazy=%v: f13 holds constant %q", v, lazy, got)
			}
			if other, err := m.Symbol("nope"); err != nil || other != nil {
				t.Fatalf("v%d lazy=%v: missing symbol: %v, %v", v, lazy, other, err)
			}
			d, err := m.Symbol("decl")
			if err == nil && d != nil {
				err = d.Materialize()
			}
			if err != nil || d == nil || d.NumRegions() != 1 || d.Region(0).NumBlocks() != 0 {
				t.Fatalf("v%d lazy=%v: decl: %v, %v", v, lazy, d, err)
			}
			if err := m.Op.MaterializeAll(); err != nil {
				t.Fatal(err)
			}
			body := m.Op.Region(0).Block(0)
			if body.Op(13) != fn || fn.Parent() != body {
				t.Fatalf("v%d lazy=%v: the module holds another op for f13", v, lazy)
			}
			if again, _ := m.Symbol("f13"); again != fn {
				t.Fatalf("v%d lazy=%v: a second lookup gives another op", v, lazy)
			}
			out, err := mlirbc.Append(nil, ctx, m, m.Options())
			if err != nil {
				t.Fatal(err)
			}
			if d := firstDiff(bc, out); d != "" {
				t.Fatalf("v%d lazy=%v: %s", v, lazy, d)
			}
		}
	}
}

// constOf prints the value of the first arith.constant in op.
func constOf(op *ir.Operation) string {
	var s string
	op.Walk(func(o *ir.Operation) bool {
		if o.Name().String() == "arith.constant" && s == "" {
			s = fmt.Sprint(o.Attr("value"))
			s = strings.TrimSuffix(s, " : i32")
		}
		return true
	})
	return s
}

// FuzzReadLazySymbol finds a symbol in a lazily read module before
// materializing the rest: no input makes that panic, and where it all
// reads, the module is the one an eager read gives.
func FuzzReadLazySymbol(f *testing.F) {
	for _, data := range shippedFiles(f) {
		f.Add(data, "main")
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Lazy: true})
		if err != nil {
			return
		}
		if _, err := m.Symbol(name); err != nil {
			return
		}
		if err := m.Op.MaterializeAll(); err != nil {
			return
		}
		eager, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("lazy read and symbol lookup succeed, eager read fails: %v", err)
		}
		a, errA := mlirbc.Append(nil, ctx, m, m.Options())
		b, errB := mlirbc.Append(nil, ctx, eager, eager.Options())
		if (errA == nil) != (errB == nil) {
			t.Fatalf("lazy module writes: %v, eager one: %v", errA, errB)
		}
		if errA == nil && !bytes.Equal(a, b) {
			t.Fatalf("lazy and eager modules differ: %s", firstDiff(b, a))
		}
	})
}

// TestSymbolConcurrent looks up symbols while another goroutine
// materializes the module: every op found is the one the module holds.
func TestSymbolConcurrent(t *testing.T) {
	bc := oracleInput(t, func(sb *strings.Builder) int {
		for f := range 50 {
			fmt.Fprintf(sb, "func.func @f%d() {\n  return\n}\n", f)
		}
		return 0
	})
	for range 20 {
		m, err := mlirbc.Read(newContext(), bc, mlirbc.ReadOptions{Lazy: true})
		if err != nil {
			t.Fatal(err)
		}
		found := make([]*ir.Operation, 50)
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Go(func() {
				for f := g; f < 50; f += 4 {
					op, err := m.Symbol(fmt.Sprint("f", f))
					if err != nil || op == nil {
						t.Errorf("f%d: %v, %v", f, op, err)
						return
					}
					found[f] = op
				}
			})
		}
		wg.Go(func() {
			if err := m.Op.MaterializeAll(); err != nil {
				t.Error(err)
			}
		})
		wg.Wait()
		if t.Failed() {
			return
		}
		for f, op := range found {
			if m.Op.Region(0).Block(0).Op(f) != op {
				t.Fatalf("f%d: Symbol gave an op the module does not hold", f)
			}
		}
	}
}

// TestSymbolFirst looks up a name that two ops of the module hold, and one
// that an unregistered op holds in its attributes before the function of
// that name: a lazy lookup, which stops skimming at the first match, gives
// the op an eager lookup gives, the first in the body.
func TestSymbolFirst(t *testing.T) {
	oracle.Require(t, 22)
	var sb strings.Builder
	for f := range 4 {
		if f == 3 {
			sb.WriteString("\"test.sym\"() {sym_name = \"g3\"} : () -> ()\n")
		}
		fmt.Fprintf(&sb, "func.func @f%d(%%a: i32) -> i32 {\n  %%c = arith.constant %d : i32\n  %%s = arith.addi %%a, %%c : i32\n  return %%s : i32\n}\n", f, f)
	}
	bc, err := oracle.RunInput(22, []byte(sb.String()), ".mlir", append(oracle.BytecodeFlags(22, 6), "--allow-unregistered-dialect")...)
	if err != nil {
		t.Fatal(err)
	}
	// Name f2 f1 as well, and test.sym f3, in the file's strings: MLIR's
	// verifier refuses that, and so do our writers, but another writer
	// may not.
	dup := replaceOnce(t, replaceOnce(t, bc, "f2", "f1"), "g3", "f3")
	for _, name := range []string{"f1", "f3", "f0"} {
		var want *ir.Operation
		for _, lazy := range []bool{false, true} {
			m, err := mlirbc.Read(newContext(), dup, mlirbc.ReadOptions{Lazy: lazy})
			if err != nil {
				t.Fatal(err)
			}
			op, err := m.Symbol(name)
			if err == nil {
				err = m.Op.MaterializeAll()
			}
			if err != nil || op == nil {
				t.Fatalf("%s lazy=%v: %v, %v", name, lazy, op, err)
			}
			at := slices.Index(m.Op.Region(0).Block(0).Ops(), op)
			if !lazy {
				want = m.Op.Region(0).Block(0).Op(at)
				wantAt := map[string]int{"f1": 1, "f3": 3, "f0": 0}[name]
				if at != wantAt {
					t.Fatalf("%s: the eager lookup gives op %d, not %d", name, at, wantAt)
				}
				continue
			}
			if got := m.Op.Region(0).Block(0).Op(at); at < 0 || got.Name() != want.Name() || constOf(got) != constOf(want) {
				t.Fatalf("%s: the lazy lookup gives op %d (%s), the eager one %s", name, at, got.Name(), want.Name())
			}
		}
	}
}

// replaceOnce replaces old, which must occur once in b, with new of the
// same length.
func replaceOnce(t *testing.T, b []byte, old, new string) []byte {
	t.Helper()
	if n := bytes.Count(b, []byte(old)); n != 1 || len(old) != len(new) {
		t.Fatalf("%q occurs %d times in the file", old, n)
	}
	return bytes.Replace(b, []byte(old), []byte(new), 1)
}
