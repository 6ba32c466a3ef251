package builtin_test

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	. "github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// builtValue is a value written in MLIR text and built in Go.
type builtValue struct {
	name string
	// attr is placed in an op's attribute dictionary; typ is an op result
	// type; loc is an op location. Exactly one is set.
	attr, typ, loc string
	build          func(ctx *ir.Context) any
	releases       []oracle.Release // nil: 16, 19 and 22
}

func i64(ctx *ir.Context) *IntegerType          { return GetIntType(ctx, 64) }
func f32(ctx *ir.Context) *Float32Type          { return GetFloat32Type(ctx) }
func str(ctx *ir.Context, s string) *StringAttr { return GetStringAttr(ctx, s, nil) }

var builtValues = []builtValue{
	{name: "strided memref in memory space 3", typ: "memref<4x?xf32, strided<[?, 1]>, 3>", build: func(ctx *ir.Context) any {
		layout := GetStridedLayoutAttr(ctx, 0, []int64{Dynamic, 1})
		space := GetIntegerAttr(ctx, i64(ctx), ir.APIntFromInt64(64, 3))
		return GetMemRefType(ctx, []int64{4, Dynamic}, f32(ctx), layout, space)
	}},
	{name: "identity-layout memref", typ: "memref<2x3xi64>", build: func(ctx *ir.Context) any {
		return GetMemRefType(ctx, []int64{2, 3}, i64(ctx), GetAffineMapAttr(ctx, affine.IdentityMap(2)), nil)
	}},
	{name: "strided layout with offset", attr: "strided<[4, 1], offset: ?>", build: func(ctx *ir.Context) any {
		return GetStridedLayoutAttr(ctx, Dynamic, []int64{4, 1})
	}},
	{name: "dense i1 tensor", attr: "dense<[true, false, true, true, false, false, false, false, true]> : tensor<9xi1>", build: func(ctx *ir.Context) any {
		t := GetRankedTensorType(ctx, []int64{9}, GetIntType(ctx, 1), nil)
		return GetDenseBoolElements(ctx, t, []bool{true, false, true, true, false, false, false, false, true})
	}},
	{name: "dense i1 splat", attr: "dense<true> : tensor<3x5xi1>", build: func(ctx *ir.Context) any {
		t := GetRankedTensorType(ctx, []int64{3, 5}, GetIntType(ctx, 1), nil)
		return GetDenseBoolElements(ctx, t, []bool{true, true, true})
	}},
	{name: "fused loc with metadata", loc: `fused<"myPass">["a.cc":1:2, "b.cc":3:4]`, build: func(ctx *ir.Context) any {
		return GetFusedLoc(ctx, []ir.Location{GetFileLineColLoc(ctx, "a.cc", 1, 2), GetFileLineColLoc(ctx, "b.cc", 3, 4)}, str(ctx, "myPass"))
	}},
	{name: "name loc around a call site", loc: `"inner"(callsite("f.cc":1:1 at "g.cc":2:2))`, build: func(ctx *ir.Context) any {
		cs := GetCallSiteLoc(ctx, GetFileLineColLoc(ctx, "f.cc", 1, 1), GetFileLineColLoc(ctx, "g.cc", 2, 2))
		return GetNameLoc(ctx, str(ctx, "inner"), cs)
	}},
	{name: "wide negative integer", attr: "-12345678901234567890123456789 : i200", build: func(ctx *ir.Context) any {
		v, _ := new(big.Int).SetString("-12345678901234567890123456789", 10)
		return GetIntegerAttr(ctx, GetIntType(ctx, 200), ir.APIntFromBig(200, v))
	}},
	{name: "unsigned i32 max", attr: "4294967295 : ui32", build: func(ctx *ir.Context) any {
		return GetIntegerAttr(ctx, GetIntegerType(ctx, 32, SignednessUnsigned), ir.APIntFromUint64(32, math.MaxUint32))
	}},
	{name: "f64 negative zero", attr: "-0.0 : f64", build: func(ctx *ir.Context) any {
		return GetFloatAttr(ctx, GetFloat64Type(ctx), ir.APIntFromUint64(64, math.Float64bits(math.Copysign(0, -1))))
	}},
	{name: "typed string", attr: `"hi" : i64`, build: func(ctx *ir.Context) any { return GetStringAttr(ctx, "hi", i64(ctx)) }},
	{name: "nested symbol ref", attr: "@a::@b::@c", build: func(ctx *ir.Context) any {
		return GetSymbolRefAttr(ctx, str(ctx, "a"), []*SymbolRefAttr{GetSymbolRefAttr(ctx, str(ctx, "b"), nil), GetSymbolRefAttr(ctx, str(ctx, "c"), nil)})
	}},
	{name: "dictionary", attr: `{a = unit, b = [1 : i64, "x"]}`, build: func(ctx *ir.Context) any {
		one := GetIntegerAttr(ctx, i64(ctx), ir.APIntFromInt64(64, 1))
		return GetDictionaryAttr(ctx, []NamedAttribute{
			{Name: str(ctx, "a"), Value: GetUnitAttr(ctx)},
			{Name: str(ctx, "b"), Value: GetArrayAttr(ctx, []ir.Attribute{one, str(ctx, "x")})},
		})
	}},
	{name: "dense array", attr: "array<i32: 1, -2, 3>", build: func(ctx *ir.Context) any {
		raw := []byte{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 3, 0, 0, 0}
		return GetDenseArrayAttr(ctx, GetIntType(ctx, 32), 3, raw)
	}},
	{name: "scalable vector", typ: "vector<2x[8]xi16>", build: func(ctx *ir.Context) any {
		return GetVectorType(ctx, []int64{2, 8}, GetIntType(ctx, 16), []bool{false, true})
	}},
	{name: "fixed vector (scalable flags all false)", typ: "vector<4xf32>", build: func(ctx *ir.Context) any {
		return GetVectorType(ctx, []int64{4}, f32(ctx), []bool{false})
	}},
	{name: "tensor with encoding", typ: `tensor<?x4xf32, "enc">`, build: func(ctx *ir.Context) any {
		return GetRankedTensorType(ctx, []int64{Dynamic, 4}, f32(ctx), str(ctx, "enc"))
	}},
	{name: "function type", typ: "(i64, f32) -> (index, none)", build: func(ctx *ir.Context) any {
		return GetFunctionType(ctx, []ir.Type{i64(ctx), f32(ctx)}, []ir.Type{GetIndexType(ctx), GetNoneType(ctx)})
	}},
	{name: "f8 type (text)", typ: "f8E4M3FN", build: func(ctx *ir.Context) any { return GetFloat8E4M3FNType(ctx) }},
	{name: "affine map with symbols (text)", attr: "affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 floordiv 2)>", build: func(ctx *ir.Context) any {
		d0, d1, s0 := affine.Dim(0), affine.Dim(1), affine.Sym(0)
		m := affine.Map{NumDims: 2, NumSymbols: 1, Results: []*affine.Expr{
			affine.Add(affine.Mul(d0, affine.Const(4)), s0),
			affine.FloorDiv(d1, affine.Const(2)),
		}}
		return GetAffineMapAttr(ctx, m)
	}},
}

// TestBuiltValuesMatchOracle builds values with the generated
// constructors and checks, for every release and version, that each is the
// very handle decoded from mlir-opt's file for the same text (the attribute,
// result type or location of the op that holds it), and that it encodes to
// that entry's bytes with the file's numbering. The values a release
// accepts share one file, one op each, so that each release writes one file
// per version for all of them.
func TestBuiltValuesMatchOracle(t *testing.T) {
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
		var values []builtValue
		var src strings.Builder
		for _, bv := range builtValues {
			if bv.releases != nil && !slices.Contains(bv.releases, rel) {
				continue
			}
			switch {
			case bv.attr != "":
				fmt.Fprintf(&src, "\"u.v\"() {v = %s} : () -> () loc(unknown)\n", bv.attr)
			case bv.typ != "":
				fmt.Fprintf(&src, "%%%d = \"u.v\"() : () -> (%s) loc(unknown)\n", len(values), bv.typ)
			default:
				fmt.Fprintf(&src, "\"u.v\"() : () -> () loc(%s)\n", bv.loc)
			}
			values = append(values, bv)
		}
		for _, v := range rel.Versions() {
			t.Run(fmt.Sprintf("%s/v%d", rel, v), func(t *testing.T) {
				t.Parallel()
				bc, err := oracle.RunInput(rel, []byte(src.String()), ".mlir", oracle.BytecodeFlags(rel, v, "--allow-unregistered-dialect")...)
				if err != nil {
					t.Fatal(err)
				}
				checkBuiltValues(t, values, bc)
			})
		}
	}
}

// checkBuiltValues checks values[i] against op i of the module in bc.
func checkBuiltValues(t *testing.T, values []builtValue, bc []byte) {
	f, err := bytecode.ParseFile(bc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(Dialect)
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	attrs := make([]ir.Attribute, f.Attrs.Len())
	types := make([]ir.Type, f.Types.Len())
	for i := range attrs {
		if attrs[i], err = dec.Attribute(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range types {
		if types[i], err = dec.Type(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	num := dec.Numbering()
	// The module read into the same context holds the same handles.
	m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ops := m.Op.Region(0).Block(0).Ops()
	if len(ops) != len(values) {
		t.Fatalf("%d ops in the module, want %d", len(ops), len(values))
	}
	for i, bv := range values {
		op := ops[i]
		var decoded any
		switch {
		case bv.attr != "":
			decoded = op.Attr("v")
		case bv.typ != "":
			decoded = op.Result(0).Type()
		default:
			decoded = op.Loc()
		}
		built := bv.build(ctx)
		if decoded != built {
			t.Errorf("%s: the Go-built value is not the handle mlir-opt's file gives op %d (%v)", bv.name, i, decoded)
			continue
		}
		var got []byte
		var custom bool
		var want bytecode.Entry
		idx := -1
		switch b := built.(type) {
		case ir.Type:
			idx = slices.Index(types, b)
			if idx >= 0 {
				want = f.Types.At(idx)
			}
			got, custom, err = bytecode.EncodeType(ctx, nil, num, f.Target(), b)
		case ir.Attribute:
			idx = slices.Index(attrs, b)
			if idx >= 0 {
				want = f.Attrs.At(idx)
			}
			got, custom, err = bytecode.EncodeAttribute(ctx, nil, num, f.Target(), b)
		}
		if idx < 0 {
			t.Errorf("%s: the Go-built %s %s is not among the entries mlir-opt wrote", bv.name, built.(interface{ Dialect() string }).Dialect(), built.(interface{ Kind() string }).Kind())
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", bv.name, err)
			continue
		}
		if custom != want.Custom || !bytes.Equal(got, want.Data) {
			t.Errorf("%s: entry %d:\n got custom=%v % x\nwant custom=%v % x", bv.name, idx, custom, got, want.Custom, want.Data)
		}
	}
}
