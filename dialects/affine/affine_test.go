package affine_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestLinearizeIndex: a native property and segment sizes in one
// properties entry, at every version 22 writes: each file re-encodes byte
// for byte, and the v6 file written at any other version is mlir-opt's.
func TestLinearizeIndex(t *testing.T) {
	oracle.Require(t, 22)
	files := map[int][]byte{}
	for _, v := range oracle.Release(22).Versions() {
		data, err := oracle.EmitBytecode(22, v, "testdata/linearize_22.mlir")
		if err != nil {
			t.Fatal(err)
		}
		files[v] = data
	}
	for v, data := range files {
		for _, to := range []int{v, 6} {
			ctx := all.NewContext()
			m, err := mlirbc.Read(ctx, files[to], mlirbc.ReadOptions{Verify: true})
			if err != nil {
				t.Fatalf("v%d: %v", to, err)
			}
			opts := m.Options()
			opts.Version = mlirbc.V(v)
			out, err := mlirbc.Append(nil, ctx, m, opts)
			if err != nil || !bytes.Equal(out, data) {
				t.Errorf("%s: not mlir-opt's v%d (%v)", fmt.Sprintf("v%d", to), v, err)
			}
		}
	}
}
