package mlirbc_test

import (
	"errors"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestMissingSchema: a registered op whose properties no registered
// dialect describes reads, its properties kept as opaque bytes, so the
// file can be looked at; writing it fails, naming the op and the release.
// Below v5 the attributes are in the dictionary and everything works.
func TestMissingSchema(t *testing.T) {
	oracle.Require(t, 22)
	for _, v := range []int{4, 5, 6} {
		bc, err := oracle.EmitBytecode(22, v, "../../testdata/mlir/func_const.mlir")
		if err != nil {
			t.Fatal(err)
		}
		ctx := ir.NewContext(builtin.Dialect)
		m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		opaque := 0
		m.Op.Walk(func(op *ir.Operation) bool {
			if op.OpaqueProperties() != nil {
				opaque++
			}
			return true
		})
		_, err = mlirbc.Append(nil, ctx, m, m.Options())
		var ms *mlirbc.MissingSchemaError
		switch {
		case v < 5 && (err != nil || opaque != 0):
			t.Errorf("v%d: %d ops with opaque properties, write: %v", v, opaque, err)
		case v >= 5 && (opaque == 0 || !errors.As(err, &ms) || ms.Op != "func.func" || ms.Release != 22):
			t.Errorf("v%d: %d ops with opaque properties, write: got %v, want a MissingSchemaError for func.func at LLVM 22", v, opaque, err)
		}
	}
}

// releaseDialect has one op whose attribute exists from LLVM 22 on, as a
// definition with `since: llvm 22` and no discardable_outside gives it.
type releaseDialect struct{ table *bytecode.OpTable }

func (releaseDialect) Name() string { return "rel" }
func (d releaseDialect) OpSchema(op string, release int) *bytecode.OpSchema {
	return d.table.Lookup(op, release)
}

// TestAbsentAttributeRefused: an inherent attribute the target release's
// op does not have is refused, naming it, the releases that have it and
// the target; without the attribute, or at a release that has it, the op
// is written.
func TestAbsentAttributeRefused(t *testing.T) {
	d := releaseDialect{bytecode.NewOpTable("rel", "\nop @22- flag?\nop @-21 -flag@22-\n")}
	ctx := ir.NewContext(builtin.Dialect, d)
	loc := builtin.GetFileLineColLoc(ctx, "rel.mlir", 1, 1)
	module := builtin.BuildModuleOp(ir.NewBuilder(ctx, nil), loc, nil, nil)
	op := ir.NewBuilder(ctx, module.BodyRegion().Block(0)).Insert(ir.NewOperation(ir.OpName{Dialect: "rel", Op: "op", Registered: true}, loc, nil))
	write := func(release int) error {
		_, err := mlirbc.Append(nil, ctx, &mlirbc.Module{Op: module.Op()}, mlirbc.WriteOptions{Version: mlirbc.Latest, Release: release, Producer: "MLIR"})
		return err
	}
	if err := write(19); err != nil {
		t.Fatalf("without the attribute, at 19: %v", err)
	}
	op.SetAttr("flag", builtin.GetUnitAttr(ctx))
	if err := write(22); err != nil {
		t.Fatalf("with the attribute, at 22: %v", err)
	}
	err := write(19)
	var ve *wire.VersionError
	if !errors.As(err, &ve) || ve.What != "attribute 'flag' of op rel.op" || ve.Needs != "LLVM 22 or newer" || ve.Target != "LLVM 19" {
		t.Fatalf("with the attribute, at 19: got %v, want a version error naming flag, LLVM 22 and LLVM 19", err)
	}
}
