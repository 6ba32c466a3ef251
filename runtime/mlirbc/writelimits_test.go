package mlirbc_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// The writer keeps an entry's dialect, its count of recorded references
// and its height in 16 bits each. These tests go past each bound.

// moduleWith is an empty module with the attribute "test.x" set to a (a
// module's attributes need a dialect prefix).
func moduleWith(ctx *ir.Context, a ir.Attribute) *mlirbc.Module {
	loc := builtin.GetFileLineColLoc(ctx, "limits.go", 1, 1)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	module.Op().SetAttr("test.x", a)
	return &mlirbc.Module{Op: module.Op(), Version: mlirbc.Latest}
}

// An attribute that refers to more entries than an entry records (an
// array of 70,000 distinct integers) is encoded again when the file is
// written: the bytes are mlir-opt-22's, and read back as they were.
func TestWriteArrayOfManyEntries(t *testing.T) {
	ctx := newContext()
	i32 := builtin.GetIntType(ctx, 32)
	elems := make([]ir.Attribute, 70_000)
	for i := range elems {
		elems[i] = builtin.GetIntegerAttr(ctx, i32, ir.APIntFromInt64(32, int64(i)))
	}
	m := moduleWith(ctx, builtin.GetArrayAttr(ctx, elems))
	data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: oracle.Release(22).Producer(), Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	back, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := back.Op.Attr("test.x").(*builtin.ArrayAttr)
	if !ok || len(got.Value()) != len(elems) {
		t.Fatalf("read back %v, not an array of %d", back.Op.Attr("test.x"), len(elems))
	}
	for i, e := range got.Value() {
		if v := e.(*builtin.IntegerAttr).Value().Int64(); v != int64(i) {
			t.Fatalf("element %d reads back as %d", i, v)
		}
	}
	if _, ok := oracle.Path(22); !ok {
		t.Log("mlir-opt-22 is not installed: the bytes are not compared with its")
		return
	}
	want, err := oracle.RunInput(22, data, ".mlirbc", oracle.BytecodeFlags(22, 6)...)
	if err != nil {
		msg := err.Error()
		t.Fatalf("mlir-opt-22 rejects our file: %s", msg[:min(len(msg), 400)])
	}
	if d := firstDiff(want, data); d != "" {
		t.Errorf("bytes differ from mlir-opt-22's writing of the same module: %s", d)
	}
}

// A module of attributes of more dialects than an entry can name is
// refused with an error, not written with dialect numbers cut short.
func TestWriteTooManyDialects(t *testing.T) {
	ctx := newContext()
	names := make([]ir.Attribute, 1<<16)
	for i := range names {
		names[i] = ir.GetTextAttr(ctx, fmt.Sprintf("d%d", i), "#x")
	}
	_, err := mlirbc.Append(nil, ctx, moduleWith(ctx, builtin.GetArrayAttr(ctx, names)), mlirbc.WriteOptions{Version: mlirbc.V(6)})
	if err == nil || !strings.Contains(err.Error(), "more than 65535 dialects") {
		t.Fatalf("writing attributes of %d dialects: %v", len(names), err)
	}
}

// Nesting deeper than an entry's height holds is refused, even where the
// limits asked for allow more.
func TestWriteNestingBeyondEntryHeight(t *testing.T) {
	ctx := newContext()
	var a ir.Attribute = builtin.GetUnitAttr(ctx)
	for range 1 << 16 {
		a = builtin.GetArrayAttr(ctx, []ir.Attribute{a})
	}
	m := moduleWith(ctx, a)
	opts := m.Options()
	opts.Limits = ir.Limits{MaxAttrDepth: 100_000}
	out, err := mlirbc.Append(nil, ctx, m, opts)
	if !errors.Is(err, ir.ErrTooDeep) {
		t.Fatalf("nesting 65,537 deep with a limit of 100,000: %d bytes, error %v", len(out), err)
	}
}
