package mlirbc_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestSharedProperties: the ops of one properties entry (from v5) or of
// one attribute dictionary in a row (before) hold one list of its
// attributes, read once; changing one op's attributes leaves the others',
// and the module writes back byte for byte.
func TestSharedProperties(t *testing.T) {
	oracle.Require(t, 22)
	for _, v := range []int{6, 1} {
		t.Run(fmt.Sprint("v", v), func(t *testing.T) { testSharedProperties(t, v) })
	}
}

func testSharedProperties(t *testing.T, version int) {
	src := filepath.Join(t.TempDir(), "props.mlir")
	text := `func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a overflow<nsw> : i32
  %1 = arith.addi %0, %a overflow<nsw> : i32
  %2 = arith.addi %1, %a : i32
  %3 = arith.addi %2, %a overflow<nsw> {tag} : i32
  return %3 : i32
}
`
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := oracle.EmitBytecode(22, version, src)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	adds := opsNamed(m.Op, "arith.addi")
	if len(adds) != 4 {
		t.Fatalf("%d arith.addi read, want 4", len(adds))
	}
	first := unsafe.SliceData(adds[0].Attrs())
	if first == nil || unsafe.SliceData(adds[1].Attrs()) != first {
		t.Error("two ops of one properties entry, or dictionary, hold two lists")
	}
	if unsafe.SliceData(adds[2].Attrs()) == first || unsafe.SliceData(adds[3].Attrs()) == first {
		t.Error("ops of other properties, or with a dictionary of their own, hold the shared list")
	}
	if n := len(adds[3].Attrs()); n != 2 {
		t.Errorf("the op with a discardable attribute holds %d attributes, want 2", n)
	}
	want, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, data) {
		t.Error("the module does not write back as mlir-opt wrote it")
	}
	flags := adds[0].Attr("overflowFlags")
	nuw := arith.GetIntegerOverflowFlagsAttr(ctx, arith.IntegerOverflowFlagsNuw)
	adds[1].SetAttr("overflowFlags", nuw)
	if adds[0].Attr("overflowFlags") != flags {
		t.Error("SetAttr on one op changed another op's attribute")
	}
	// Written and read back, each op has its own value: the writer does
	// not take one op's dictionary for the other's.
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil {
		t.Fatal(err)
	}
	back, err := mlirbc.Read(ctx, out, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []ir.Attribute
	for _, op := range opsNamed(back.Op, "arith.addi") {
		got = append(got, op.Attr("overflowFlags"))
	}
	if len(got) != 4 || got[0] != flags || got[1] != nuw {
		t.Errorf("read back, the first two ops' flags are %v, want %v and %v", got, flags, nuw)
	}
}

// opsNamed lists the ops of a name in root, in the order a walk meets them.
func opsNamed(root *ir.Operation, name string) []*ir.Operation {
	var ops []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.Name().String() == name {
			ops = append(ops, op)
		}
		return true
	})
	return ops
}
