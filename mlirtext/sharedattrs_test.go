package mlirtext_test

import (
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// TestSharedPropertyLists: ops of a kind with the same properties and no
// dictionary hold one list, as a bytecode reader gives them; ops with a
// dictionary have their own, and SetAttr on one op leaves the others.
func TestSharedPropertyLists(t *testing.T) {
	const text = `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %1 = "arith.addi"(%0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %2 = "arith.addi"(%1, %arg0) <{overflowFlags = #arith.overflow<nsw>}> {tag} : (i32, i32) -> i32
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`
	ctx := all.NewContext()
	m, err := mlirtext.ParseString(ctx, text, mlirtext.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var adds []*ir.Operation
	m.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().String() == "arith.addi" {
			adds = append(adds, op)
		}
		return true
	})
	if len(adds) != 3 {
		t.Fatalf("%d arith.addi, want 3", len(adds))
	}
	if unsafe.SliceData(adds[0].Attrs()) != unsafe.SliceData(adds[1].Attrs()) {
		t.Error("two ops of the same properties hold two lists")
	}
	if unsafe.SliceData(adds[2].Attrs()) == unsafe.SliceData(adds[0].Attrs()) || len(adds[2].Attrs()) != 2 {
		t.Errorf("the op with a dictionary holds %v", adds[2].Attrs())
	}
	nsw := adds[0].Attr("overflowFlags")
	adds[1].SetAttr("overflowFlags", arith.GetIntegerOverflowFlagsAttr(ctx, arith.IntegerOverflowFlagsNuw))
	if adds[0].Attr("overflowFlags") != nsw {
		t.Error("SetAttr on one op changed another's")
	}
}
