package mlirtext

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestNamesOfOneModule prints a module, then a second one whose op uses
// a value and a successor of the first. The printer keeps names in the
// IR's scratch marks: what the first print stored there must read as
// unset in the second, as a value or block the printed module does not
// define prints in mlir-opt.
func TestNamesOfOneModule(t *testing.T) {
	ctx := all.NewContext()
	const src = `"builtin.module"() ({
  "test.a"() ({
  ^bb0:
    %0 = "test.v"() : () -> i32
    %1 = "test.v"() : () -> i32
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    "test.end"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`
	first, err := ParseString(ctx, src, ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Print(&b, first, Options{NoDebugInfo: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"test.end"(%1)`) || !strings.Contains(b.String(), `"test.br"()[^bb1]`) {
		t.Fatalf("the first module prints as\n%s", b.String())
	}
	blocks := first.Op.Regions()[0].Blocks()[0].Ops()[0].Regions()[0].Blocks()
	outer := blocks[0].Ops()[1].Result(0)

	second, err := ParseString(ctx, `"builtin.module"() ({
  "test.b"() : () -> ()
}) : () -> ()
`, ParseOptions{Release: 22})
	if err != nil {
		t.Fatal(err)
	}
	use := second.Op.Regions()[0].Blocks()[0].Ops()[0]
	use.SetOperands([]*ir.Value{outer})
	use.SetSuccessors([]*ir.Block{blocks[1]})
	b.Reset()
	if err := Print(&b, second, Options{NoDebugInfo: true}); err != nil {
		t.Fatal(err)
	}
	if want := `"test.b"(<<UNKNOWN SSA VALUE>>)[^INVALIDBLOCK] : (i32) -> ()`; !strings.Contains(b.String(), want) {
		t.Errorf("the second module prints as\n%s\nwant its op as %s", b.String(), want)
	}
}
