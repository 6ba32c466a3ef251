package mlirbc_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestCrossRelease reads what one release writes and writes it for the
// other: at every version the bytes must equal what the other release
// writes for the same input. At v5 and v6 this changes the property
// layouts (func.func gained no_inline in 22, cf.cond_br branch_weights…).
func TestCrossRelease(t *testing.T) {
	oracle.Require(t, 19)
	oracle.Require(t, 22)
	inputs := []string{"func_const.mlir", "regions_cf_scf.mlir", "ir_features_19.mlir"}
	for _, name := range inputs {
		src := "../../testdata/mlir/" + name
		for _, pair := range [][2]oracle.Release{{22, 19}, {19, 22}} {
			from, to := pair[0], pair[1]
			for _, v := range to.Versions() {
				in, err := oracle.EmitBytecode(from, v, src, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				want, err := oracle.EmitBytecode(to, v, src, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				ctx := newContext()
				m, err := mlirbc.Read(ctx, in, mlirbc.ReadOptions{})
				if err != nil {
					t.Fatalf("%s %s v%d: %v", name, from, v, err)
				}
				out, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: to.Producer(), Release: int(to)})
				if err != nil {
					t.Fatalf("%s %s→%s v%d: %v", name, from, to, v, err)
				}
				if d := firstDiff(want, out); d != "" {
					t.Errorf("%s %s→%s v%d: %s", name, from, to, v, d)
				}
			}
		}
	}
}
