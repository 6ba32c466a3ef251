package all_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestTextHooksOracle: values whose text hand-written hooks read and
// print (testdata/texthooks*.mlir), written by mlir-opt 19 and 22, print
// as that mlir-opt prints them, with aliases and in local scope
// (texthooks_local.mlir in local scope only); the printed text reads
// back into typed values
// (each attribute of a "q.typed" op) that write the bytes mlir-opt writes
// for that text.
func TestTextHooksOracle(t *testing.T) {
	for _, c := range []struct {
		release oracle.Release
		input   string
		local   bool
	}{
		{19, "testdata/texthooks.mlir", false},
		{22, "testdata/texthooks.mlir", false},
		{22, "testdata/texthooks_22.mlir", false},
		{19, "testdata/texthooks_19.mlir", false},
		{19, "testdata/texthooks_local.mlir", true},
		{22, "testdata/texthooks_local.mlir", true},
		{19, "testdata/texthooks.mlir", true},
		{22, "testdata/texthooks.mlir", true},
	} {
		oracle.Require(t, c.release)
		name := fmt.Sprintf("%s %s", c.input, c.release)
		args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"}
		if c.local {
			args = append(args, "--mlir-print-local-scope")
		}
		bc, err := oracle.EmitBytecode(c.release, 6, c.input, "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		want, err := oracle.RunInput(c.release, bc, ".mlirbc", args...)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := mlirtext.Append(nil, m, mlirtext.Options{Release: int(c.release), LocalScope: c.local})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: prints\n%s\nmlir-opt prints\n%s", name, got, want)
		}

		ctx := all.NewContext()
		parsed, err := mlirtext.ParseBytes(ctx, want, mlirtext.ParseOptions{File: "input.mlir", Release: int(c.release)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		typed := 0
		parsed.Op.Walk(func(op *ir.Operation) bool {
			for _, a := range op.Attrs() {
				text := isText(a.Value)
				kind := op.Name().Dialect + "." + op.Name().Op
				switch {
				case kind == "q.typed" && text:
					t.Errorf("%s: %s stays text: %v", name, a.Name, a.Value)
				case kind == "q.typed":
					typed++
				}
			}
			return true
		})
		if typed == 0 {
			t.Errorf("%s: nothing typed", name)
		}
		wantBC, err := oracle.RunInput(c.release, want, ".mlir", oracle.BytecodeFlags(c.release, 6, "--allow-unregistered-dialect")...)
		if err != nil {
			t.Fatal(err)
		}
		gotBC, err := mlirbc.Append(nil, ctx, parsed, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: c.release.Producer(), Release: int(c.release)})
		if err != nil || !bytes.Equal(gotBC, wantBC) {
			t.Errorf("%s: the text does not write mlir-opt's bytes (%v)", name, err)
		}
	}
}

// isText reports whether an attribute, or the type a type attribute
// holds, stayed text.
func isText(a ir.Attribute) bool {
	if _, ok := a.(*ir.TextAttr); ok {
		return true
	}
	if ta, ok := a.(interface{ Value() ir.Type }); ok {
		_, text := ta.Value().(*ir.TextType)
		return text
	}
	return false
}

// FuzzTextHooks: a dialect value's text either stays text or reads into
// a value that prints as the text, in the release it was read for.
func FuzzTextHooks(f *testing.F) {
	for _, s := range []string{
		"#complex.number<:f32 1.000000e+00, 2.000000e+00> : complex<f32>",
		`#llvm.target_features<["+sse", "-avx"]>`,
		`#gpu.object<#nvvm.target, properties = {O = 3 : i32}, bin = "BLOB">`,
		`#gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"k", (i32) -> ()>]>, "BLOB">`,
		"!xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2 : i64>, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>",
		"!xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<block = [8, 16], stride = [1, 16]>>",
		"#llvm.di_expression<[DW_OP_deref, DW_OP_LLVM_convert(16, DW_ATE_signed), DW_OP_LLVM_fragment(0, 32)]>",
		`!llvm.struct<"id", packed (i8, struct<"op", opaque>)>`,
		"!sparse_tensor.iter_space<<{ map = (d0) -> (d0 : compressed) }>, lvls = 0 to 2>",
		"#smt.bv<-1> : !smt.bv<8>", "#llvm.constant_range<i8, -56, 5>", "#mesh.shard<@mesh0, [[0], []], partial = sum[3]>",
		"!quant.uniform<i8:f32:{0:1}, {1.000000e+00, 2.000000e+00:-3}>",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	ctx := all.NewContext()
	f.Fuzz(func(t *testing.T, text string, newest bool) {
		if len(text) < 2 || text[0] != '#' && text[0] != '!' {
			return
		}
		release := 19
		if newest {
			release = 22
		}
		name := strings.TrimLeft(text, "#!")
		if i := strings.IndexAny(name, ".<"); i >= 0 {
			name = name[:i]
		}
		d := ctx.Dialect(name)
		tc, ok1 := d.(bytecode.TextCodec)
		rc, ok2 := d.(bytecode.ReleaseTextCodec)
		if !ok1 || !ok2 {
			return
		}
		var s string
		var ok bool
		if text[0] == '!' {
			ty, err := tc.ParseType(ctx, text, release)
			if err != nil || ty == nil {
				return
			}
			s, ok = rc.PrintTypeFor(ty, release)
		} else {
			a, err := tc.ParseAttribute(ctx, text, release)
			if err != nil || a == nil {
				return
			}
			s, ok = rc.PrintAttributeFor(a, release)
		}
		if !ok || s != text {
			t.Fatalf("%q read as a value that prints %q (%v)", text, s, ok)
		}
	})
}
