package llvm_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// reencode reads what mlir-opt wrote and writes it again as read: the
// bytes must be the same.
func reencode(t *testing.T, name string, data []byte) (*ir.Context, *mlirbc.Module) {
	t.Helper()
	ctx := all.NewContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Verify: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !bytes.Equal(out, data) {
		t.Errorf("%s: re-encoded bytes differ", name)
	}
	return ctx, m
}

// TestDebugInfoCodec: LLVM 22's bytecode encodings of debug-info and loop
// attributes (LLVMDialectBytecode.td, imported into llvm.yaml) decode into
// typed values and re-encode byte for byte, at every version.
func TestDebugInfoCodec(t *testing.T) {
	oracle.Require(t, 22)
	for _, v := range oracle.Release(22).Versions() {
		data, err := oracle.EmitBytecode(22, v, "testdata/debuginfo_22.mlir", "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		ctx, _ := reencode(t, fmt.Sprintf("debuginfo v%d", v), data)
		f, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatal(err)
		}
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		var kinds []string
		for i := range f.Attrs.Len() {
			a, err := dec.Attribute(uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			if a.Dialect() != "llvm" {
				continue
			}
			if _, opaque := a.(*ir.EncodedAttr); opaque {
				t.Errorf("v%d: attribute %d stayed a payload: %v", v, i, a)
			}
			kinds = append(kinds, a.Kind())
		}
		for _, k := range []string{"DIBasicTypeAttr", "DICompileUnitAttr", "DICompositeTypeAttr", "DIDerivedTypeAttr",
			"DIExpressionElemAttr", "DIExpressionAttr", "DIFileAttr", "DIGlobalVariableAttr", "DIGlobalVariableExpressionAttr",
			"DIImportedEntityAttr", "DILabelAttr", "DILexicalBlockAttr", "DILexicalBlockFileAttr", "DILocalVariableAttr",
			"DINamespaceAttr", "DISubprogramAttr", "DISubrangeAttr", "DISubroutineTypeAttr", "LoopAnnotationAttr"} {
			if !slices.Contains(kinds, k) {
				t.Errorf("v%d: no %s decoded (decoded %v)", v, k, kinds)
			}
		}
	}
}

// TestOverflowFlags: the native properties of llvm ops read into the
// attributes each release's generic form shows and write back the bytes
// mlir-opt wrote. Before v5 MLIR writes no native property (readers get
// the defaults), and neither does Write: v6 converts to mlir-opt's v1.
func TestOverflowFlags(t *testing.T) {
	for _, tc := range []struct {
		release oracle.Release
		want    string // add's overflowFlags
	}{
		{19, "#llvm.overflow<nsw, nuw>"},
		{22, "3 : i32"},
	} {
		oracle.Require(t, tc.release)
		v1, err := oracle.EmitBytecode(tc.release, 1, "testdata/overflow.mlir")
		if err != nil {
			t.Fatal(err)
		}
		v6, err := oracle.EmitBytecode(tc.release, 6, "testdata/overflow.mlir")
		if err != nil {
			t.Fatal(err)
		}
		for v, data := range map[int][]byte{1: v1, 6: v6} {
			_, m := reencode(t, fmt.Sprintf("%s v%d", tc.release, v), data)
			m.Op.Walk(func(op *ir.Operation) bool {
				if op.Name.String() != "llvm.add" {
					return true
				}
				if a := op.Attr("overflowFlags"); v == 6 && fmt.Sprint(a) != tc.want || v == 1 && a != nil {
					t.Errorf("%s v%d: overflowFlags %v", tc.release, v, a)
				}
				return true
			})
		}
		ctx := all.NewContext()
		m, err := mlirbc.Read(ctx, v6, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		opts := m.Options()
		opts.Version = mlirbc.V(1)
		if out, err := mlirbc.Append(nil, ctx, m, opts); err != nil || !bytes.Equal(out, v1) {
			t.Errorf("%s: v6 written at v1 is not mlir-opt's v1 (%v)", tc.release, err)
		}
	}
}
