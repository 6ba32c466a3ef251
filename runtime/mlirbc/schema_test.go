package mlirbc_test

import (
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestMissingSchema: a registered op whose properties no registered
// dialect describes reads, its properties kept as opaque bytes, so the
// file can be looked at; writing it fails, naming the op and the release.
// Below v5 the attributes are in the dictionary and everything works.
func TestMissingSchema(t *testing.T) {
	oracle.Require(t, 22)
	for _, v := range []int{4, 5, 6} {
		bc, err := oracle.EmitBytecode(22, v, "../../testdata/mlir/func_const.mlir")
		if err != nil {
			t.Fatal(err)
		}
		ctx := ir.NewContext(builtin.Dialect)
		m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		opaque := 0
		m.Op.Walk(func(op *ir.Operation) bool {
			if op.OpaqueProperties() != nil {
				opaque++
			}
			return true
		})
		_, err = mlirbc.Append(nil, ctx, m, m.Options())
		var ms *mlirbc.MissingSchemaError
		switch {
		case v < 5 && (err != nil || opaque != 0):
			t.Errorf("v%d: %d ops with opaque properties, write: %v", v, opaque, err)
		case v >= 5 && (opaque == 0 || !errors.As(err, &ms) || ms.Op != "func.func" || ms.Release != 22):
			t.Errorf("v%d: %d ops with opaque properties, write: got %v, want a MissingSchemaError for func.func at LLVM 22", v, opaque, err)
		}
	}
}
