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
