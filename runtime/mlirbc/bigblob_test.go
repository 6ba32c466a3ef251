package mlirbc_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"testing"
	"unsafe"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// denseConstants writes a function returning dense constants of the given
// sizes in bytes, each filled from its own seed.
func denseConstants(sizes ...int) func(*strings.Builder) int {
	return func(sb *strings.Builder) int {
		var types []string
		for _, n := range sizes {
			types = append(types, fmt.Sprintf("tensor<%dxi8>", n))
		}
		fmt.Fprintf(sb, "func.func @w() -> (%s) {\n", strings.Join(types, ", "))
		var names []string
		for i, n := range sizes {
			data := make([]byte, n)
			for j := range data {
				data[j] = byte(j*7 + i*131 + j>>9)
			}
			fmt.Fprintf(sb, "  %%c%d = arith.constant dense<\"0x%s\"> : %s\n", i, strings.ToUpper(hex.EncodeToString(data)), types[i])
			names = append(names, fmt.Sprintf("%%c%d", i))
		}
		fmt.Fprintf(sb, "  return %s : %s\n}\n", strings.Join(names, ", "), strings.Join(types, ", "))
		return len(sizes) + 3
	}
}

// within reports whether b lies in data.
func within(b, data []byte) bool {
	p, lo := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return p >= lo && p+uintptr(len(b)) <= lo+uintptr(len(data))
}

// piecesFrom records which pieces a writer was handed lie in data.
type piecesFrom struct {
	all    bytes.Buffer
	data   []byte
	viewed int // bytes handed on from data itself
}

func (p *piecesFrom) Write(b []byte) (int, error) {
	if within(b, p.data) {
		p.viewed += len(b)
	}
	return p.all.Write(b)
}

// A dense constant of megabytes goes from the file read to the file
// written without a copy: the attribute views the input, the writer hands
// that view on, and the bytes are mlir-opt's. Small constants are copied
// as before.
func TestBigDenseNotCopied(t *testing.T) {
	sizes := []int{1 << 20, 3 << 20, bytecode.SpliceMin, bytecode.SpliceMin - 1, 16}
	data := oracleInput(t, denseConstants(sizes...))
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var dense []*builtin.DenseIntOrFPElementsAttr
	m.Op.Walk(func(op *ir.Operation) bool {
		for _, a := range op.Attrs() {
			if d, ok := a.Value.(*builtin.DenseIntOrFPElementsAttr); ok {
				dense = append(dense, d)
			}
		}
		return true
	})
	if len(dense) != len(sizes) {
		t.Fatalf("%d dense constants read, want %d", len(dense), len(sizes))
	}
	big := 0
	for _, d := range dense {
		if !within(d.RawData(), data) {
			t.Errorf("the %d bytes of a dense constant were copied out of the file read", len(d.RawData()))
		}
		if len(d.RawData()) >= bytecode.SpliceMin {
			big += len(d.RawData())
		}
	}
	p := &piecesFrom{data: data}
	if err := mlirbc.Write(p, ctx, m, m.Options()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), data) {
		t.Fatalf("wrote %d bytes, not mlir-opt's %d", p.all.Len(), len(data))
	}
	if p.viewed != big {
		t.Errorf("%d bytes were handed on from the file read, want the %d of the constants of %d bytes or more", p.viewed, big, bytecode.SpliceMin)
	}
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil || !bytes.Equal(out, data) {
		t.Fatalf("Append: %d bytes, %v; want mlir-opt's %d", len(out), err, len(data))
	}
}

// Long entries kept as text (of a dialect no codec here reads), which the
// writer encodes only at the end rather than recording them while it
// numbers, are handed on from where they are too; the file reads back
// the same.
func TestBigVerbatimNotCopied(t *testing.T) {
	fx := newFixture()
	text := "!unknown.big<\"" + strings.Repeat("t", 2*bytecode.SpliceMin) + "\">"
	attrText := "#unknown.big<\"" + strings.Repeat("a", 3*bytecode.SpliceMin) + "\">"
	textType := ir.GetTextType(fx.ctx, "unknown", text)
	textAttr := ir.GetTextAttr(fx.ctx, "unknown", attrText)
	b := fx.fn("f")
	op := ir.NewOperation(ir.OpName{Dialect: "unknown", Op: "op"}, fx.loc, []ir.Type{textType})
	op.SetAttr("p", textAttr)
	b.Append(op)
	fx.ret(b)
	m := fx.module()
	want, err := mlirbc.Append(nil, fx.ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6)})
	if err != nil {
		t.Fatal(err)
	}
	var p pieces
	if err := mlirbc.Write(&p, fx.ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(6)}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), want) {
		t.Fatalf("Write gave %d bytes, Append %d", p.all.Len(), len(want))
	}
	if p.largest != len(attrText) {
		t.Errorf("the largest piece is %d bytes: the text of %d was not handed on alone", p.largest, len(attrText))
	}
	back, err := mlirbc.Read(newContext(), want, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got *ir.Operation
	back.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().Op == "op" {
			got = op
		}
		return true
	})
	if got == nil {
		t.Fatal("the op was not read back")
	}
	if tt, ok := got.Results()[0].Type().(*ir.TextType); !ok || tt.Text() != text {
		t.Errorf("the text type did not read back")
	}
	if a, ok := got.Attrs()[0].Value.(*ir.TextAttr); !ok || a.Text() != attrText {
		t.Errorf("the text attribute did not read back")
	}
}

// BenchmarkDenseRoundTrip reads and writes a file of one 16 MiB dense
// constant, as a convert does: neither copies the constant.
func BenchmarkDenseRoundTrip(b *testing.B) {
	benchConvert(b, oracleInput(b, denseConstants(16<<20)), func(ctx *ir.Context, m *mlirbc.Module) error {
		return mlirbc.Write(io.Discard, ctx, m, m.Options())
	})
}
