package mlirtext

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The parser resolves an op name once per file: its ops share the name
// that ir.SharedName keeps, and its schema is looked up once.
func TestOpNameShared(t *testing.T) {
	ps := &parser{ctx: ir.NewContext(builtin.Dialect, arith.Dialect), release: 22}
	a, b := ps.opName(`"arith.addi"`), ps.opName(`"arith.addi"`)
	if a.name != b.name || a.schema == nil || a.schema != b.schema {
		t.Fatalf("two lookups of arith.addi: names %p and %p, schemas %p and %p", a.name, b.name, a.schema, b.schema)
	}
	want := ir.OpName{Dialect: "arith", Op: "addi", Registered: true}
	if *a.name != want || a.name != ir.SharedName(want) {
		t.Errorf("arith.addi is named %s at %p, not the shared %s", *a.name, a.name, want)
	}
	if u := ps.opName(`"test.unknown"`); u.schema != nil || u.name.Registered || u.name != ir.SharedName(ir.OpName{Dialect: "test", Op: "unknown"}) {
		t.Errorf("an unregistered op: %s (registered %v), schema %v", *u.name, u.name.Registered, u.schema)
	}
}
