package interp_test

import (
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestBuildHookInterpreted: a definition's build hook runs on values of
// the interpreted dialect too, through the compiled package's table:
// sparse_tensor's storage specifier keeps only what decides the storage
// of its encoding. So a CSR tensor's encoding and its specifier's, which
// print alike, are two attributes, as in mlir-opt.
func TestBuildHookInterpreted(t *testing.T) {
	in, err := interp.Load("../dialects/sparse_tensor/sparse_tensor.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	const csr = "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>"
	enc, err := in.ParseAttribute(ctx, csr, 0)
	if err != nil || enc == nil {
		t.Fatalf("%s: %v, %v", csr, enc, err)
	}
	spec, err := in.ParseType(ctx, "!sparse_tensor.storage_specifier<"+csr+">", 0)
	if err != nil || spec == nil {
		t.Fatalf("specifier: %v, %v", spec, err)
	}
	nested, ok := spec.(interface{ Param(string) any })
	if !ok {
		t.Fatalf("specifier %T", spec)
	}
	inner, _ := nested.Param("encoding").(ir.Attribute)
	if inner == nil || inner == enc {
		t.Errorf("the specifier's encoding is %v, the tensor's own", inner)
	}
	if s, ok := in.PrintAttribute(inner); !ok || s != csr {
		t.Errorf("the specifier's encoding printed %q, %v", s, ok)
	}
}
