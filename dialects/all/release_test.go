package all_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestReleaseValues: ops whose values LLVM 19 and 22 write differently
// (enums renumbered, storage changed, defaults 22 populates, the release
// hooks) convert to the bytes the other release's mlir-opt writes for the
// same text, both ways, at v1, v5 and v6.
func TestReleaseValues(t *testing.T) {
	oracle.Require(t, 19)
	oracle.Require(t, 22)
	const src = "testdata/release_values.mlir"
	for _, v := range []int{1, 5, 6} {
		files := map[oracle.Release][]byte{}
		for _, r := range []oracle.Release{19, 22} {
			b, err := oracle.EmitBytecode(r, v, src)
			if err != nil {
				t.Fatal(err)
			}
			files[r] = b
		}
		for _, c := range [][2]oracle.Release{{19, 22}, {22, 19}} {
			from, to := c[0], c[1]
			out, _, err := roundTrip(t, files[from], func(o *mlirbc.WriteOptions) { o.Release, o.Producer = int(to), to.Producer() })
			if err != nil {
				t.Errorf("v%d %d to %d: %v", v, from, to, err)
			} else if !bytes.Equal(out, files[to]) {
				t.Errorf("v%d %d to %d: not the bytes mlir-opt-%d writes", v, from, to, to)
			}
		}
	}
}

// TestReleaseInexpressible: what LLVM 19 cannot express is refused,
// naming the op, the attribute and the release; nothing is dropped.
func TestReleaseInexpressible(t *testing.T) {
	oracle.Require(t, 22)
	data, err := os.ReadFile("testdata/release_inexpressible.mlir")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"op tosa.maximum, attribute nan_mode: LLVM 19 has no such attribute (LLVM 22 or newer have it), so it cannot hold #tosa.nan_mode<IGNORE>",
		"op memref.atomic_rmw, attribute kind: LLVM 19 has no case xori of AtomicRMWKind",
		"op affine.delinearize_index: attribute static_basis: the constant 4, which LLVM 19 cannot express",
		"op linalg.matmul: attribute indexing_maps:",
		"op llvm.call: attribute op_bundle_sizes: operand bundles array<i32: 1>, which LLVM 19 does not have",
	}
	chunks := strings.Split(string(data), "\n// -----\n")
	if len(chunks) != len(want) {
		t.Fatalf("%d chunks, want %d", len(chunks), len(want))
	}
	for i, chunk := range chunks {
		for _, v := range []int{1, 6} {
			in, err := oracle.RunInput(22, []byte(chunk), ".mlir", oracle.BytecodeFlags(22, v)...)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = roundTrip(t, in, func(o *mlirbc.WriteOptions) { o.Release, o.Producer = 19, oracle.Release(19).Producer() })
			if err == nil || !strings.Contains(err.Error(), want[i]) {
				t.Errorf("chunk %d at v%d to 19: error %v, want %q", i+1, v, err, want[i])
			}
		}
	}
}
