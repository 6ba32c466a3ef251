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
// overflowFlags has another attribute form in each release but the same
// wire form: each release's file converts to the other's bytes.
func TestOverflowFlags(t *testing.T) {
	files := map[oracle.Release]map[int][]byte{}
	for _, tc := range []struct {
		release oracle.Release
		want    string // add's overflowFlags
	}{
		{19, "#llvm.overflow<nsw, nuw>"},
		{22, "3 : i32"},
	} {
		oracle.Require(t, tc.release)
		files[tc.release] = map[int][]byte{}
		for _, v := range []int{1, 5, 6} {
			data, err := oracle.EmitBytecode(tc.release, v, "testdata/overflow.mlir")
			if err != nil {
				t.Fatal(err)
			}
			files[tc.release][v] = data
			_, m := reencode(t, fmt.Sprintf("%s v%d", tc.release, v), data)
			m.Op.Walk(func(op *ir.Operation) bool {
				if op.Name().String() != "llvm.add" {
					return true
				}
				if a := op.Attr("overflowFlags"); v >= 5 && fmt.Sprint(a) != tc.want || v == 1 && a != nil {
					t.Errorf("%s v%d: overflowFlags %v", tc.release, v, a)
				}
				return true
			})
		}
		if out := write(t, files[tc.release][6], func(o *mlirbc.WriteOptions) { o.Version = mlirbc.V(1) }); !bytes.Equal(out, files[tc.release][1]) {
			t.Errorf("%s: v6 written at v1 is not mlir-opt's v1", tc.release)
		}
	}
	for _, pair := range [][2]oracle.Release{{19, 22}, {22, 19}} {
		for _, v := range []int{5, 6} {
			out := write(t, files[pair[0]][v], func(o *mlirbc.WriteOptions) { o.Release, o.Producer = int(pair[1]), pair[1].Producer() })
			if !bytes.Equal(out, files[pair[1]][v]) {
				t.Errorf("%s→%s v%d: not the other release's bytes", pair[0], pair[1], v)
			}
		}
	}
}

// TestGEP: getelementptr's native noWrapFlags (22) and inbounds attribute
// (19) re-encode byte for byte. (Converting between them is a value
// conversion: inbounds present is noWrapFlags 3.)
func TestGEP(t *testing.T) {
	for _, r := range []oracle.Release{19, 22} {
		oracle.Require(t, r)
		for _, v := range []int{1, 5, 6} {
			data, err := oracle.EmitBytecode(r, v, "testdata/gep.mlir")
			if err != nil {
				t.Fatal(err)
			}
			reencode(t, fmt.Sprintf("gep %s v%d", r, v), data)
		}
	}
}

// write reads data and writes it with its options changed by edit.
func write(t *testing.T, data []byte, edit func(*mlirbc.WriteOptions)) []byte {
	t.Helper()
	ctx := all.NewContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opts := m.Options()
	edit(&opts)
	out, err := mlirbc.Append(nil, ctx, m, opts)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
