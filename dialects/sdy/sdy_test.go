package sdy_test

import (
	"bytes"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/sdy"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// moduleWith writes, at bytecode version 6, a module holding value as an
// attribute.
func moduleWith(ctx *ir.Context, value ir.Attribute) ([]byte, error) {
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), builtin.GetUnknownLoc(ctx), nil, nil)
	module.Op().SetAttr("a", value)
	return mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.V(6)})
}

// entries writes a module holding value as an attribute and returns the
// file with, for each attribute of the file, its index.
func entries(t *testing.T, ctx *ir.Context, value ir.Attribute) (*bytecode.File, map[ir.Attribute]int, []byte) {
	t.Helper()
	data, err := moduleWith(ctx, value)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bytecode.ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	index := map[ir.Attribute]int{}
	for i := range f.Attrs.Len() {
		a, err := dec.Attribute(uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		index[a] = i
	}
	return f, index, data
}

// TestEncodings checks each encoding of Shardy's bytecode.td against the
// bytes its members give, field by field, and that the entries read back
// as the values written.
func TestEncodings(t *testing.T) {
	ctx := all.NewContext()
	in, err := interp.Load("sdy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	axis := func(name string) *sdy.AxisRefAttr { return sdy.GetAxisRefAttr(ctx, name, nil) }
	sub := sdy.GetAxisRefAttr(ctx, "y", sdy.GetSubAxisInfoAttr(ctx, 2, 4))
	mesh := builtin.GetSymbolRefAttr(ctx, builtin.GetStringAttr(ctx, "mesh", nil), nil)
	open := sdy.GetDimensionShardingAttr(ctx, []*sdy.AxisRefAttr{axis("x")}, false, sdy.OptionalInt{})
	p0 := sdy.GetDimensionShardingAttr(ctx, []*sdy.AxisRefAttr{sub}, true, sdy.Int64(0))
	p3 := sdy.GetDimensionShardingAttr(ctx, nil, true, sdy.Int64(3))
	plain := sdy.GetTensorShardingAttr(ctx, mesh, []*sdy.DimensionShardingAttr{open, p0}, []*sdy.AxisRefAttr{axis("z")}, nil, sdy.ReductionOpSum)
	unreducedSum := sdy.GetTensorShardingAttr(ctx, mesh, []*sdy.DimensionShardingAttr{p3}, nil, []*sdy.AxisRefAttr{axis("x")}, sdy.ReductionOpSum)
	unreducedMax := sdy.GetTensorShardingAttr(ctx, mesh, nil, nil, []*sdy.AxisRefAttr{axis("x")}, sdy.ReductionOpMax)
	meshAttr := sdy.GetMeshAttr(ctx, []*sdy.MeshAxisAttr{sdy.GetMeshAxisAttr(ctx, "x", 2), sdy.GetMeshAxisAttr(ctx, "y", 4)}, []int64{0, 1, -1})
	manual := sdy.GetManualAxesAttr(ctx, []ir.Attribute{builtin.GetStringAttr(ctx, "x", nil)})

	for _, tc := range []struct {
		name  string
		value ir.Attribute
		// want builds the entry's expected bytes: ref gives an
		// attribute's index, str a string's.
		want func(ref func(ir.Attribute) uint64, str func(string) uint64) []byte
	}{
		{"axis ref without sub-axis: code 4, name, optional attribute absent", axis("x"),
			func(_ func(ir.Attribute) uint64, str func(string) uint64) []byte {
				return seq(vi(4), vi(str("x")), vi(0))
			}},
		{"axis ref with sub-axis: the optional attribute present", sub,
			func(ref func(ir.Attribute) uint64, str func(string) uint64) []byte {
				return seq(vi(4), vi(str("y")), wire.AppendVarIntWithFlag(nil, ref(sub.SubAxisInfo()), true))
			}},
		{"sub-axis info: code 3, two signed varints", sdy.GetSubAxisInfoAttr(ctx, 2, 4),
			func(func(ir.Attribute) uint64, func(string) uint64) []byte { return seq(vi(3), svi(2), svi(4)) }},
		{"open dimension without priority: flag clear", open,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(5), vi(1), vi(ref(axis("x"))), []byte{0}, wire.AppendVarIntWithFlag(nil, 0, false))
			}},
		{"closed dimension of priority 0: flag set, not absent", p0,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(5), vi(1), vi(ref(sub)), []byte{1}, wire.AppendVarIntWithFlag(nil, 0, true))
			}},
		{"priority 3", p3,
			func(func(ir.Attribute) uint64, func(string) uint64) []byte {
				return seq(vi(5), vi(0), []byte{1}, wire.AppendVarIntWithFlag(nil, 3, true))
			}},
		{"sharding without unreduced axes: code 6", plain,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(6), vi(ref(mesh)), vi(2), vi(ref(open)), vi(ref(p0)), vi(1), vi(ref(axis("z"))))
			}},
		{"unreduced axes summed: code 15, no reduction", unreducedSum,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(15), vi(ref(mesh)), vi(1), vi(ref(p3)), vi(0), vi(1), vi(ref(axis("x"))))
			}},
		{"unreduced axes by max: code 17, the reduction a signed varint", unreducedMax,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(17), vi(ref(mesh)), vi(0), vi(0), vi(1), vi(ref(axis("x"))), svi(1))
			}},
		{"per value, no unreduced axes: code 7", sdy.GetTensorShardingPerValueAttr(ctx, []*sdy.TensorShardingAttr{plain, plain}),
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(7), vi(2), vi(ref(plain)), vi(ref(plain)))
			}},
		{"per value, one sharding with unreduced axes: code 16", sdy.GetTensorShardingPerValueAttr(ctx, []*sdy.TensorShardingAttr{plain, unreducedMax}),
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(16), vi(2), vi(ref(plain)), vi(ref(unreducedMax)))
			}},
		{"mesh: code 2, axes and device ids", meshAttr,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(2), vi(2), vi(ref(meshAttr.Axes()[0])), vi(ref(meshAttr.Axes()[1])), vi(3), svi(0), svi(1), svi(-1))
			}},
		{"mesh axis: code 1, name and signed size", sdy.GetMeshAxisAttr(ctx, "y", 4),
			func(_ func(ir.Attribute) uint64, str func(string) uint64) []byte {
				return seq(vi(1), vi(str("y")), svi(4))
			}},
		{"manual axes: code 0, string attributes", manual,
			func(ref func(ir.Attribute) uint64, _ func(string) uint64) []byte {
				return seq(vi(0), vi(1), vi(ref(builtin.GetStringAttr(ctx, "x", nil))))
			}},
	} {
		f, index, data := entries(t, ctx, tc.value)
		i, ok := index[tc.value]
		if !ok {
			t.Errorf("%s: not read back as the value written", tc.name)
			continue
		}
		got, custom := f.Attrs.Bytes(i)
		ref := func(a ir.Attribute) uint64 {
			j, ok := index[a]
			if !ok {
				t.Fatalf("%s: %v is not in the file", tc.name, a)
			}
			return uint64(j)
		}
		str := func(s string) uint64 {
			for j := range f.Strings.Len() {
				if v, _ := f.Strings.Lookup(uint64(j)); v == s {
					return uint64(j)
				}
			}
			t.Fatalf("%s: string %q is not in the file", tc.name, s)
			return 0
		}
		if want := tc.want(ref, str); !custom || !bytes.Equal(got, want) {
			t.Errorf("%s: entry % x (custom %v), want % x", tc.name, got, custom, want)
		}
		// Read again in a new context and written again: the same bytes.
		ctx2 := all.NewContext()
		m, err := mlirbc.Read(ctx2, data, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if again, err := mlirbc.Append(nil, ctx2, m, m.Options()); err != nil || !bytes.Equal(again, data) {
			t.Errorf("%s: read and written again, the bytes differ (%v)", tc.name, err)
		}
		// The definition interpreted, its predicate hook called through
		// the hook table, reads and writes the same.
		if n, err := interptest.Compare(data, all.Dialects, in); err != nil || n == 0 {
			t.Errorf("%s: interpreted: %d values compared: %v", tc.name, n, err)
		}
	}
}

func vi(v uint64) []byte         { return wire.AppendVarInt(nil, v) }
func svi(v int64) []byte         { return wire.AppendVarInt(nil, uint64(v<<1)^uint64(v>>63)) }
func seq(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
