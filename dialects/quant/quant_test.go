package quant_test

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/quant"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestQuantCodec: the quant types of QuantDialectBytecode.td (imported
// into quant.yaml) decode into typed values and re-encode byte for byte,
// at every version of LLVM 19 and 22; the types both releases write
// convert to the other release's bytes.
func TestQuantCodec(t *testing.T) {
	files := map[oracle.Release]map[int][]byte{}
	for _, tc := range []struct {
		release oracle.Release
		input   string
		kinds   []string
	}{
		{19, "testdata/types.mlir", []string{"AnyQuantizedType", "CalibratedQuantizedType", "UniformQuantizedType", "UniformQuantizedPerAxisType"}},
		{22, "testdata/types.mlir", []string{"AnyQuantizedType", "CalibratedQuantizedType", "UniformQuantizedType", "UniformQuantizedPerAxisType"}},
		{22, "testdata/types_22.mlir", []string{"UniformQuantizedSubChannelType"}},
	} {
		oracle.Require(t, tc.release)
		for _, v := range tc.release.Versions() {
			name := fmt.Sprintf("%s %s v%d", tc.input, tc.release, v)
			data, err := oracle.EmitBytecode(tc.release, v, tc.input, "--allow-unregistered-dialect")
			if err != nil {
				t.Fatal(err)
			}
			if tc.input == "testdata/types.mlir" {
				if files[tc.release] == nil {
					files[tc.release] = map[int][]byte{}
				}
				files[tc.release][v] = data
			}
			ctx := all.NewContext()
			m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if out, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil || !bytes.Equal(out, data) {
				t.Errorf("%s: re-encoded bytes differ (%v)", name, err)
			}
			f, err := bytecode.ParseFile(data)
			if err != nil {
				t.Fatal(err)
			}
			dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
			var kinds []string
			for i := range f.Types.Len() {
				ty, err := dec.Type(uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				if ty.Dialect() == "quant" {
					kinds = append(kinds, ty.Kind())
				}
			}
			for _, k := range tc.kinds {
				if !slices.Contains(kinds, k) {
					t.Errorf("%s: no %s decoded (decoded %v)", name, k, kinds)
				}
			}
		}
	}
	for _, pair := range [][2]oracle.Release{{19, 22}, {22, 19}} {
		for v, in := range files[pair[0]] {
			ctx := all.NewContext()
			m, err := mlirbc.Read(ctx, in, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opts := m.Options()
			opts.Release, opts.Producer = int(pair[1]), pair[1].Producer()
			if out, err := mlirbc.Append(nil, ctx, m, opts); err != nil || !bytes.Equal(out, files[pair[1]][v]) {
				t.Errorf("%s→%s v%d: not the other release's bytes (%v)", pair[0], pair[1], v, err)
			}
		}
	}
}

// A type built in Go is the value the file decodes to.
func TestBuiltQuantType(t *testing.T) {
	oracle.Require(t, 22)
	data, err := oracle.EmitBytecode(22, 6, "testdata/types.mlir", "--allow-unregistered-dialect")
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got ir.Type
	m.Op.Walk(func(op *ir.Operation) bool {
		if a := op.Attr("d"); a != nil {
			got = a.(interface{ Value() ir.Type }).Value()
		}
		return true
	})
	// !quant.uniform<i8<-8:7>:f32, 0.99872:127>: signed (flags 1) i8 storage.
	want := quant.GetUniformQuantizedType(ctx, 1, builtin.GetIntType(ctx, 8), builtin.GetFloat32Type(ctx), int64(math.Float64bits(0.99872)), 127, -8, 7)
	if got != want {
		t.Errorf("d decoded as %v, want %v", got, want)
	}
}
