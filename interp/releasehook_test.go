package interp_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestReleaseHookInterpreted: a definition's release hook runs on values
// of the interpreted dialect too, through the compiled package's table:
// spirv's types refuse bf16 for LLVM 19, as the generated TypeAvailable
// does, and take f16.
func TestReleaseHookInterpreted(t *testing.T) {
	in, err := interp.Load("../dialects/spirv/spirv.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	for text, bf16 := range map[string]bool{"!spirv.array<4 x bf16>": true, "!spirv.array<4 x f16>": false} {
		ty, err := in.ParseType(ctx, text, 0)
		if err != nil || ty == nil {
			t.Fatalf("%s: %v, %v", text, ty, err)
		}
		err = in.TypeAvailable(bytecode.Target{Version: 6, Release: 19}, ty)
		var ve *wire.VersionError
		if bf16 != (err != nil) || bf16 && (!errors.As(err, &ve) || !strings.Contains(err.Error(), "holding bf16")) {
			t.Errorf("%s for LLVM 19: %v", text, err)
		}
		if err := in.TypeAvailable(bytecode.Target{Version: 6, Release: 22}, ty); err != nil {
			t.Errorf("%s for LLVM 22: %v", text, err)
		}
	}
}

// An interpreted dialect renames an attribute across its renamed_from as
// the generated rules do: omp.critical.declare's hint_val (19) is hint
// (22), both ways.
func TestRenamedFromInterpreted(t *testing.T) {
	in, err := interp.Load("../dialects/omp/omp.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := ir.NewContext(builtin.Dialect, in)
	hint := builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, 64), ir.APIntFromInt64(64, 2))
	for _, c := range []struct {
		from, to int
		in, out  string
	}{{19, 22, "hint_val", "hint"}, {22, 19, "hint", "hint_val"}} {
		op := ir.NewOperation(ir.OpName{Dialect: "omp", Op: "critical.declare", Registered: true}, nil, nil)
		op.SetAttrs([]ir.NamedAttr{{Name: c.in, Value: hint}})
		got, _, err := in.ConvertOp(ctx, op, c.from, c.to)
		if err != nil || len(got) != 1 || got[0].Name != c.out || got[0].Value != hint {
			t.Errorf("%d to %d: %v, %v; want %s", c.from, c.to, got, err, c.out)
		}
	}
}
