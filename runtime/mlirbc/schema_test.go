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
// dialect describes fails, naming the op and the release. Below v5 the
// same file reads, the attributes being in the dictionary.
func TestMissingSchema(t *testing.T) {
	oracle.Require(t, 22)
	for _, v := range []int{4, 5, 6} {
		bc, err := oracle.EmitBytecode(22, v, "../../testdata/mlir/func_const.mlir")
		if err != nil {
			t.Fatal(err)
		}
		_, err = mlirbc.Read(ir.NewContext(builtin.Dialect), bc, mlirbc.ReadOptions{})
		var ms *mlirbc.MissingSchemaError
		switch {
		case v < 5 && err != nil:
			t.Errorf("v%d: %v", v, err)
		case v >= 5 && (!errors.As(err, &ms) || ms.Op != "func.func" || ms.Release != 22):
			t.Errorf("v%d: got %v, want a MissingSchemaError for func.func at LLVM 22", v, err)
		}
	}
}
