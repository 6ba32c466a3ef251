package shapes_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/examples/shapes"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestInterpreted reads files of shapes 1.0 and 2.0 with shapes.yaml
// interpreted and with the generated code: the same values, upgraded to
// 2.0, and the same bytes written back at the version read.
func TestInterpreted(t *testing.T) {
	in, err := interp.Load("shapes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := in.Registered().(bytecode.VersionedDialect); !ok {
		t.Fatal("shapes versions itself, but its interpreted dialect is not a VersionedDialect")
	}
	for _, version := range []bytecode.DialectVersion{{1, 0}, {2, 0}} {
		ctx := newContext()
		data, err := write(t, ctx, circle(ctx, false, 255), version)
		if err != nil {
			t.Fatal(err)
		}
		n, err := interptest.Compare(data, []ir.Dialect{builtin.Dialect, shapes.Dialect}, in)
		if err != nil || n != 1 {
			t.Errorf("shapes %v: %d PointAttrs compared: %v", version, n, err)
		}
	}
}
