package mlirtext

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestNamesOfOneModule prints a module, then a second one whose op uses
// a value and a successor of the first. The printer keeps names in the
// IR's scratch marks: what the first print stored there must read as
// unset in the second, which prints the value and block as it prints
// any the module does not define (<<UNKNOWN SSA VALUE>>, ^INVALIDBLOCK,
// MLIR's AsmPrinter's words; no file can make mlir-opt print them).
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

// TestIntValueFast prints integers of one word without big.Int: each
// must print as big.Int prints it, signed and unsigned, at the widths and
// values where sign extension and masking could go wrong.
func TestIntValueFast(t *testing.T) {
	ctx := all.NewContext()
	for _, w := range []uint32{1, 2, 7, 8, 31, 32, 63, 64, 65, 128} {
		for _, signed := range []bool{true, false} {
			sign := builtin.SignednessSignless
			if !signed {
				sign = builtin.SignednessUnsigned
			}
			typ := builtin.GetIntegerType(ctx, w, sign)
			for _, x := range []int64{0, 1, -1, 2, 63, 64, 127, -128, 1 << 31, -1 << 31, 1<<62 + 5, -1 << 63, 1<<63 - 1} {
				v := ir.APIntFromInt64(w, x)
				p := &printer{out: &asm.Printer{}}
				p.intValue(v, typ)
				if got, want := p.out.String(), v.Big(signed).String(); got != want {
					t.Errorf("i%d %d (signed %v) prints %s, want %s", w, x, signed, got, want)
				}
			}
		}
	}
}
