package shapes_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/examples/shapes"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// circle builds a module holding one 2.0 shapes.circle.
func circle(ctx *ir.Context, filled bool, alpha uint64) *mlirbc.Module {
	loc := builtin.GetUnknownLoc(ctx)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	body := ir.NewBuilder(ctx, module.BodyRegion().Block(0))
	i := func(bits uint32, v uint64) ir.Attribute {
		return builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, bits), ir.APIntFromUint64(bits, v))
	}
	none := builtin.GetNoneType(ctx)
	style := builtin.GetDictionaryAttr(ctx, []builtin.NamedAttribute{
		{Name: builtin.GetStringAttr(ctx, "alpha", none), Value: i(16, alpha)},
		{Name: builtin.GetStringAttr(ctx, "width", none), Value: i(32, 3)},
	})
	shapes.BuildCircleOp(body, loc, shapes.GetPointAttr(ctx, 1, 2), i(64, 5), builtin.GetBoolAttr(ctx, filled), style)
	return &mlirbc.Module{Op: module.Op()}
}

func write(t *testing.T, ctx *ir.Context, m *mlirbc.Module, version bytecode.DialectVersion) ([]byte, error) {
	t.Helper()
	return mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest, Producer: "shapes", Dialects: bytecode.DialectVersions{"shapes": version}})
}

func newContext() *ir.Context { return ir.NewContext(builtin.Dialect, shapes.Dialect) }

// The claims of docs/definitions.md's 1.0 -> 2.0 example.
func TestDocumentedExample(t *testing.T) {
	ctx := newContext()
	v1, err := write(t, ctx, circle(ctx, false, 255), bytecode.DialectVersion{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	// Payload 03 01, the old op name, x before y, and the properties
	// entry: center, r (attribute indices) and style's width only.
	for _, want := range []string{"\x07\x05\x03\x01", "disc\x00", "\x01\x03\x05", "\x08\x11\x05\x05\x01\x01\x07\x05\x03\x07"} {
		if !bytes.Contains(v1, []byte(want)) {
			t.Errorf("the 1.0 file lacks %q:\n% x", want, v1)
		}
	}
	if bytes.Contains(v1, []byte("circle")) {
		t.Error("the 1.0 file names circle")
	}
	// Bytecode v4 keeps inherent attributes in the dictionary, by name.
	v1dict, err := mlirbc.Append(nil, ctx, circle(ctx, false, 255), mlirbc.WriteOptions{Version: mlirbc.V(4), Dialects: bytecode.DialectVersions{"shapes": {1, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(v1dict, []byte("\x00r\x00")) || bytes.Contains(v1dict, []byte("radius")) || bytes.Contains(v1dict, []byte("filled")) {
		t.Errorf("the v4 1.0 file has not r, or has radius or filled:\n%q", v1dict)
	}
	if m, err := mlirbc.Read(newContext(), v1dict, mlirbc.ReadOptions{}); err != nil || fmt.Sprint(m.Op.Region(0).Block(0).Op(0)) != `"shapes.circle"() {center = #shapes.PointAttr<x = 1, y = 2>, filled = false, radius = 5 : i64} : () -> ()` {
		t.Errorf("the v4 1.0 file reads as %v (%v)", m.Op.Region(0).Block(0).Op(0), err)
	}
	ctx2 := newContext()
	m, err := mlirbc.Read(ctx2, v1, mlirbc.ReadOptions{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Versions.String(); got != "shapes 1.0" {
		t.Errorf("read at %q", got)
	}
	op := m.Op.Region(0).Block(0).Op(0)
	c, ok := shapes.AsCircleOp(op)
	if !ok {
		t.Fatalf("read %s", op.Name())
	}
	if p := c.Center(); p.X() != 1 || p.Y() != 2 || fmt.Sprint(c.Radius()) != "5 : i64" || fmt.Sprint(c.Filled()) != "false" || fmt.Sprint(c.Style()) != "{alpha = 255 : i16, width = 3 : i32}" {
		t.Errorf("upgraded to %v", op)
	}
	// Written as read: the 1.0 file again.
	if again, err := mlirbc.Append(nil, ctx2, m, m.Options()); err != nil || !bytes.Equal(again, v1) {
		t.Errorf("written as read: %v\n got % x\nwant % x", err, again, v1)
	}
	// At 2.0: the new names, y before x.
	opts := m.Options()
	opts.Dialects = bytecode.DialectVersions{"shapes": {2, 0}}
	v2, err := mlirbc.Append(nil, ctx2, m, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\x07\x05\x05\x01", "circle\x00", "\x01\x05\x03"} {
		if !bytes.Contains(v2, []byte(want)) {
			t.Errorf("the 2.0 file lacks %q:\n% x", want, v2)
		}
	}
	if direct, err := write(t, ctx, circle(ctx, false, 255), nil); err != nil || len(direct) != len(v2) {
		t.Errorf("2.0 from Go: %d bytes (%v), from the upgraded 1.0 file %d", len(direct), err, len(v2))
	}
}

func TestDocumentedRefusals(t *testing.T) {
	ctx := newContext()
	for _, c := range []struct {
		m    *mlirbc.Module
		want string
	}{
		{circle(ctx, true, 255), "attribute filled of shapes.circle was added in shapes 2.0; the target is shapes 1.0 (it is true, not its default false)"},
		{circle(ctx, false, 7), "field alpha of property style of shapes.circle was added in shapes 2.0; the target is shapes 1.0 (it is 7 : i16, not its default 255 : i16)"},
	} {
		_, err := write(t, ctx, c.m, bytecode.DialectVersion{1, 0})
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("got %v\nwant …%s", err, c.want)
		}
	}
	if _, err := write(t, ctx, circle(ctx, false, 255), bytecode.DialectVersion{2, 1}); err == nil || !strings.Contains(err.Error(), "the newest version of shapes known here is 2.0") {
		t.Errorf("target 2.1: %v", err)
	}
	_, err := mlirbc.Append(nil, ctx, circle(ctx, false, 255), mlirbc.WriteOptions{Version: mlirbc.V(0), Dialects: bytecode.DialectVersions{"shapes": {1, 0}}})
	if err == nil || !strings.Contains(err.Error(), "bytecode version 0 has no DialectVersions section") {
		t.Errorf("bytecode v0 at shapes 1.0: %v", err)
	}
}
