package mlirbc_test

import (
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestLazy opens files lazily: from v2 on the module's isolated body is
// not read until materialized, before v2 everything is read at once; either
// way the file written afterwards is the same.
func TestLazy(t *testing.T) {
	oracle.Require(t, 22)
	src := "../../testdata/mlir/regions_cf_scf.mlir"
	for _, v := range oracle.Release(22).Versions() {
		bc, err := oracle.EmitBytecode(22, v, src, "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		ctx := newContext()
		m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{Lazy: true})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := m.Op.Loaded(), v < 2; got != want {
			t.Fatalf("v%d: module loaded after open: %v, want %v", v, got, want)
		}
		if err := m.Op.Materialize(); err != nil {
			t.Fatal(err)
		}
		// The functions inside are isolated too: still unloaded from v2 on.
		unloaded := 0
		m.Op.Walk(func(op *ir.Operation) bool {
			if !op.Loaded() {
				unloaded++
			}
			return true
		})
		if (unloaded > 0) != (v >= 2) {
			t.Fatalf("v%d: %d ops unloaded after materializing the module", v, unloaded)
		}
		out, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil {
			t.Fatal(err)
		}
		if d := firstDiff(bc, out); d != "" {
			t.Fatalf("v%d: %s", v, d)
		}
	}
}

// TestLazyError: a lazy open does not read nested sections, so a broken
// one fails only when materialized, and then exactly where an eager read
// fails.
func TestLazyError(t *testing.T) {
	oracle.Require(t, 22)
	bc, err := oracle.EmitBytecode(22, 6, "../../testdata/mlir/func_const.mlir")
	if err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{Lazy: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Op.MaterializeAll(); err != nil {
		t.Fatal(err)
	}
	for i := range bc {
		c := append([]byte(nil), bc...)
		c[i] ^= 0xFF
		m, err := mlirbc.Read(newContext(), c, mlirbc.ReadOptions{Lazy: true})
		if err != nil {
			continue
		}
		if merr := m.Op.MaterializeAll(); merr != nil {
			var oe *wire.OpError
			if !errors.As(merr, &oe) || oe.Op == "" {
				t.Fatalf("byte %d: deferred error %v does not name an op", i, merr)
			}
			if _, eager := mlirbc.Read(newContext(), c, mlirbc.ReadOptions{}); eager == nil {
				t.Fatalf("byte %d: lazy materialize fails (%v) but an eager read succeeds", i, merr)
			}
			return // found a deferred error
		}
	}
	t.Fatal("no corruption produced a deferred error")
}
