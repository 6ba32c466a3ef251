package bytecode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func TestDialectVersionOrder(t *testing.T) {
	v := func(s string) bytecode.DialectVersion {
		x, err := bytecode.ParseDialectVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		v            string
		atLeast20    bool
		atMost1      bool
		cmpWith1_200 int
	}{
		{"0.0", false, true, -1},
		{"1.12", false, true, -1},
		{"1.200", false, true, 0},
		{"2", true, false, 1},
		{"2.0.1", true, false, 1},
	} {
		x := v(c.v)
		if got := x.AtLeast(2, 0); got != c.atLeast20 {
			t.Errorf("%s.AtLeast(2.0) = %v", x, got)
		}
		if got := x.AtMost(1); got != c.atMost1 {
			t.Errorf("%s.AtMost(1) = %v", x, got)
		}
		if got := x.Compare(v("1.200")); got != c.cmpWith1_200 {
			t.Errorf("%s.Compare(1.200) = %d", x, got)
		}
	}
	var newest bytecode.DialectVersion
	if !newest.AtLeast(99) || newest.AtMost(99) || newest.String() != "current" {
		t.Error("nil is the newest version")
	}
	for _, bad := range []string{"", "1.", "a", "-1", "1.2x"} {
		if _, err := bytecode.ParseDialectVersion(bad); err == nil {
			t.Errorf("ParseDialectVersion(%q) accepted", bad)
		}
	}
}

// schemas is a dialect "v" with ops renamed (properties size, flag) and
// plain.
type schemas struct{}

func (schemas) OpSchema(op string, release int) *bytecode.OpSchema {
	switch op {
	case "renamed":
		return &bytecode.OpSchema{Name: "v.renamed", Properties: []bytecode.PropField{{Name: "flag"}, {Name: "size"}}}
	case "plain", "newest":
		return &bytecode.OpSchema{Name: "v." + op}
	}
	return nil
}

func testVersioning() *bytecode.Versioning {
	return &bytecode.Versioning{
		Dialect: "v", Current: bytecode.DialectVersion{2, 0}, Parts: 2, Schemas: schemas{},
		Ops: []bytecode.VersionedOp{{Op: "newest", Since: bytecode.DialectVersion{2}}},
		Attrs: []bytecode.VersionedAttr{{Op: "renamed", Attr: "flag", Since: bytecode.DialectVersion{2, 0},
			Default: func(ctx *ir.Context) ir.Attribute { return ir.GetTextAttr(ctx, "builtin", "false") }}},
		Renames: []bytecode.VersionRename{
			{Version: bytecode.DialectVersion{1, 5}, Op: "renamed", Old: "old"},
			{Version: bytecode.DialectVersion{1, 5}, Op: "renamed", Attr: "size", Old: "width"},
		},
	}
}

func TestVersioningSchemas(t *testing.T) {
	d := testVersioning()
	if s := d.OpSchemaAt("old", 0, bytecode.DialectVersion{1, 0}); s == nil || s.Name != "v.old" || len(s.Properties) != 1 || s.Properties[0].Name != "width" {
		t.Errorf("schema of old at 1.0: %+v", s)
	}
	// With flag at 1.2 and size named "asize" before 1.5, the properties
	// at 1.2 are sorted by the old names.
	d = testVersioning()
	d.Attrs[0].Since = bytecode.DialectVersion{1, 0}
	d.Renames[1].Old = "asize"
	if s := d.OpSchemaAt("old", 0, bytecode.DialectVersion{1, 2}); s == nil || len(s.Properties) != 2 || s.Properties[0].Name != "asize" || s.Properties[1].Name != "flag" {
		t.Errorf("schema of old at 1.2: %+v", s)
	}
	d = testVersioning()
	if s := d.OpSchemaAt("renamed", 0, bytecode.DialectVersion{1, 7}); s == nil || len(s.Properties) != 1 || s.Properties[0].Name != "size" {
		t.Errorf("schema of renamed at 1.7: %+v", s)
	}
	if s := d.OpSchemaAt("renamed", 0, nil); s == nil || len(s.Properties) != 2 {
		t.Errorf("schema of renamed now: %+v", s)
	}
	if s := d.OpSchemaAt("newest", 0, bytecode.DialectVersion{1, 9}); s != nil {
		t.Errorf("newest exists at 1.9: %+v", s)
	}
	// Cached: the same schema again.
	if d.OpSchemaAt("old", 0, bytecode.DialectVersion{1, 0}) != d.OpSchemaAt("old", 0, bytecode.DialectVersion{1, 0}) {
		t.Error("schemas are not cached")
	}
}

func TestVersioningPayload(t *testing.T) {
	d := testVersioning()
	b := d.AppendVersion(nil, bytecode.DialectVersion{1, 200})
	if string(b) != "\x03\x22\x03" {
		t.Fatalf("payload % x", b)
	}
	got, err := d.ReadVersion(wire.NewReader(b, 0, "DialectVersions"))
	if err != nil || got.String() != "1.200" {
		t.Fatalf("read %v, %v", got, err)
	}
	if _, err := d.ReadVersion(wire.NewReader([]byte{5}, 0, "DialectVersions")); err == nil || !strings.Contains(err.Error(), "v version number 2 of 2") {
		t.Errorf("a payload of one varint: %v", err)
	}
}

func TestVersioningUpgradeDowngrade(t *testing.T) {
	d := testVersioning()
	ctx := ir.NewContext()
	size := ir.GetTextAttr(ctx, "builtin", "3 : i64")
	op := ir.NewOperation(ir.OpName{Dialect: "v", Op: "old"}, nil, nil)
	op.SetAttrs([]ir.NamedAttr{{Name: "width", Value: size}})
	if err := d.UpgradeOp(ctx, op, bytecode.DialectVersion{1, 0}); err != nil {
		t.Fatal(err)
	}
	if op.Name().Op != "renamed" || op.Attr("size") != size || op.Attr("width") != nil || op.Attr("flag") != ir.GetTextAttr(ctx, "builtin", "false") {
		t.Fatalf("upgraded: %v", op)
	}
	// Back to 1.0: the old names, the flag dropped at its default; the op
	// itself unchanged.
	name, attrs, changed, err := d.DowngradeOp(ctx, op, bytecode.DialectVersion{1, 0})
	if err != nil || !changed || name.Op != "old" || len(attrs) != 1 || attrs[0].Name != "width" || op.Name().Op != "renamed" || len(op.Attrs()) != 2 {
		t.Fatalf("downgraded: %v %v %v %v (op %v)", name, attrs, changed, err, op)
	}
	if _, _, changed, err := d.DowngradeOp(ctx, op, bytecode.DialectVersion{2, 0}); changed || err != nil {
		t.Errorf("at the current version: changed %v, %v", changed, err)
	}
	op.SetAttr("flag", ir.GetTextAttr(ctx, "builtin", "true"))
	_, _, _, err = d.DowngradeOp(ctx, op, bytecode.DialectVersion{1, 9})
	var verr *bytecode.DialectVersionError
	if !errors.As(err, &verr) || err.Error() != "attribute flag of v.renamed was added in v 2.0; the target is v 1.9 (it is true, not its default false)" {
		t.Errorf("flag true at 1.9: %v", err)
	}
	newest := ir.NewOperation(ir.OpName{Dialect: "v", Op: "newest"}, nil, nil)
	if _, _, _, err := d.DowngradeOp(ctx, newest, bytecode.DialectVersion{1, 9}); err == nil || err.Error() != "op v.newest was added in v 2; the target is v 1.9" {
		t.Errorf("newest at 1.9: %v", err)
	}
}

// TestDialectVersionErrorIsAVersionError: callers that handle every
// version error as a *wire.VersionError see dialect versions too.
func TestDialectVersionErrorIsAVersionError(t *testing.T) {
	var err error = &bytecode.DialectVersionError{Dialect: "test", What: "attribute modifier of test.versionedA",
		Since: bytecode.DialectVersion{2, 0}, Target: bytecode.DialectVersion{1, 0}}
	var ve *wire.VersionError
	if !errors.As(err, &ve) || ve.What != "attribute modifier of test.versionedA" || ve.Target != "test 1.0" || ve.Needs != "test 2.0 or newer" {
		t.Fatalf("errors.As: %+v", ve)
	}
}
