package mlirbc_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// pieces records what Write hands its writer.
type pieces struct {
	all     bytes.Buffer
	largest int
	calls   int
}

func (p *pieces) Write(b []byte) (int, error) {
	p.calls++
	p.largest = max(p.largest, len(b))
	return p.all.Write(b)
}

// writeInPieces writes m with Write, checks that the bytes are Append's,
// and returns them and the pieces Write handed on.
func writeInPieces(t *testing.T, fx *fixture, m *mlirbc.Module) ([]byte, *pieces) {
	t.Helper()
	opts := mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: "MLIR22.1.8", Release: 22}
	want, err := mlirbc.Append(nil, fx.ctx, m, opts)
	if err != nil {
		t.Fatal(err)
	}
	p := &pieces{}
	if err := mlirbc.Write(p, fx.ctx, m, opts); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), want) {
		t.Fatalf("Write gave %d bytes in %d pieces, not Append's %d", p.all.Len(), p.calls, len(want))
	}
	return want, p
}

// Write hands the file to its writer in pieces, never whole: the bytes are
// Append's, and the blob after the large sections keeps its alignment,
// which is reckoned from the file's first byte.
func TestWriteStreamsAppendsBytes(t *testing.T) {
	fx := newFixture()
	b := fx.fn("f")
	bld := ir.NewBuilder(fx.ctx, b)
	for i := range 20000 {
		// Distinct constants and locations: attribute data and IR of
		// several hundred kilobytes.
		loc := builtin.GetFileLineColLoc(fx.ctx, "big.mlir", uint32(i+1), 3)
		arith.BuildConstantOp(bld, loc, fx.i32, builtin.GetIntegerAttr(fx.ctx, fx.i32, ir.APIntFromInt64(32, int64(i))))
	}
	handle := ir.ResourceHandle{Dialect: "builtin", Key: "blob"}
	tensor := builtin.GetRankedTensorType(fx.ctx, []int64{4}, fx.i32, nil)
	arith.BuildConstantOp(bld, fx.loc, tensor, builtin.GetDenseResourceElementsAttr(fx.ctx, tensor, handle))
	fx.ret(b)
	m := fx.module()
	m.Resources = map[ir.ResourceHandle]*mlirbc.Resource{handle: mlirbc.NewBlob("blob", 64, bytes.Repeat([]byte{7}, 16))}
	want, p := writeInPieces(t, fx, m)
	if p.largest >= len(want)/2 {
		t.Errorf("the largest piece is %d bytes of %d: the file was built whole", p.largest, len(want))
	}
	t.Logf("%d bytes in %d pieces, the largest %d", len(want), p.calls, p.largest)
	if _, err := mlirbc.Read(newContext(), want, mlirbc.ReadOptions{}); err != nil {
		t.Fatal(err)
	}
}

// On mlir-opt-22's bytecode of 20,000 ops, whose sections pass the size
// from which Write hands them on as they are, Write gives mlir-opt's
// bytes.
func TestWriteStreamsOracleBytes(t *testing.T) {
	data := oracleInput(t, chainOps(20_000))
	ctx := newContext()
	m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var p pieces
	if err := mlirbc.Write(&p, ctx, m, m.Options()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p.all.Bytes(), data) {
		t.Fatalf("Write gave %d bytes in %d pieces, not mlir-opt's %d", p.all.Len(), p.calls, len(data))
	}
	if p.largest == len(data) || p.calls < 3 {
		t.Errorf("%d pieces, the largest %d of %d bytes: the file was not handed on by sections", p.calls, p.largest, len(data))
	}
}

// A file of many small functions is an IR section of many small nested
// sections, none large enough to be handed on alone: Write still hands
// the section on in pieces, instead of gathering it whole through copies
// that double its size.
func TestWriteStreamsSmallSections(t *testing.T) {
	fx := newFixture()
	for f := range 6000 {
		b := fx.fn(fmt.Sprintf("f%d", f))
		for i := range 10 {
			fx.constant(b, int64(i))
		}
		fx.ret(b)
	}
	m := fx.module()
	want, p := writeInPieces(t, fx, m)
	// Nothing in the file is a piece of 64 KiB or more by itself; a piece
	// is at most that, plus the small part that passed it.
	if limit := 128 << 10; p.largest > limit || len(want) < 3*limit {
		t.Errorf("%d bytes in %d pieces, the largest %d: want a file over %d bytes in pieces of at most %d", len(want), p.calls, p.largest, 3*limit, limit)
	}
}
