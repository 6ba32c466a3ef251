package sparsetensor_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	sparsetensor "github.com/dialectgen/dialectgen/dialects/sparse_tensor"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestStorageSpecifierNormalizes: the specifier's constructor keeps of its
// encoding the level formats, soa and the slices, as MLIR's
// StorageSpecifierType::get does; the encoding given stays as it was, a
// value of its own.
func TestStorageSpecifierNormalizes(t *testing.T) {
	ctx := ir.NewContext(builtin.Dialect, sparsetensor.Dialect)
	const (
		compressed = 0x40000
		singleton  = 0x80000
		nonunique  = 1
		soa        = 4
	)
	swap := affine.Map{NumDims: 2, Results: []*affine.Expr{affine.Dim(1), affine.Dim(0)}}
	enc := sparsetensor.GetSparseTensorEncodingAttr(ctx, []uint64{compressed | nonunique, singleton | nonunique | soa}, swap, swap, 32, 16, nil, nil, nil)
	spec := sparsetensor.GetStorageSpecifierType(ctx, enc)
	got, ok := spec.Encoding().(*sparsetensor.SparseTensorEncodingAttr)
	if !ok {
		t.Fatalf("encoding %T", spec.Encoding())
	}
	if got == enc {
		t.Fatal("the specifier kept the encoding as given")
	}
	if lts := got.LvlTypes(); len(lts) != 2 || lts[0] != compressed || lts[1] != singleton|soa {
		t.Errorf("levels %#x", lts)
	}
	if m := got.DimToLvl(); m.NumDims != 0 || len(m.Results) != 0 || got.PosWidth() != 0 || got.CrdWidth() != 0 {
		t.Errorf("kept a map or a width: %v, %d, %d", m, got.PosWidth(), got.CrdWidth())
	}
	plain := sparsetensor.GetSparseTensorEncodingAttr(ctx, []uint64{compressed, singleton | soa}, affine.IdentityMap(2), affine.Map{}, 0, 0, nil, nil, nil)
	if sparsetensor.GetStorageSpecifierType(ctx, plain) != spec {
		t.Error("encodings alike in storage give two specifiers")
	}
	if enc.PosWidth() != 32 || enc.DimToLvl().NumDims != 2 {
		t.Error("the encoding given changed")
	}
	const want = "!sparse_tensor.storage_specifier<#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : singleton(soa)) }>>"
	if s := spec.String(); s != want {
		t.Errorf("printed %s, want %s", s, want)
	}
}
