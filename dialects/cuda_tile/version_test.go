package cudatile

import (
	"errors"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func fn(body ...tileir.Op) (*tileir.Module, []*tileir.Value) {
	f := &tileir.Function{Name: "k", Kernel: true,
		Type:   &FunctionType{Inputs: []tileir.Type{tileI32, tileI32}},
		Params: tileir.NewBlock(tileI32, tileI32).Args}
	f.Body = body
	return &tileir.Module{Funcs: []*tileir.Function{f}}, f.Params
}

// wantVersionError checks that writing m at target fails with a
// *VersionError whose message names what, the version it needs and the
// target.
func wantVersionError(t *testing.T, m *tileir.Module, target tileir.Version, what, needs string) {
	t.Helper()
	_, err := Append(nil, m, tileir.WriteOptions{Version: target})
	var ve *wire.VersionError
	if !errors.As(err, &ve) {
		t.Fatalf("writing at %s: want a *wire.VersionError about %s, got %v", target, what, err)
	}
	msg := err.Error()
	for _, s := range []string{what, needs, target.String()} {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q does not mention %q", msg, s)
		}
	}
	if ve.Needs != needs || ve.Target != target.String() {
		t.Errorf("VersionError{Needs: %s, Target: %s}, want %s and %s", ve.Needs, ve.Target, needs, target)
	}
}

func TestWriteVersionGating(t *testing.T) {
	t.Run("op", func(t *testing.T) {
		m, p := fn()
		m.Funcs[0].Body = []tileir.Op{BuildAtan2Op(detached, tileI32, p[0], p[1]), BuildReturnOp(detached, nil)}
		wantVersionError(t, m, tileir.V13_1, "cuda_tile.atan2", "13.2")
		if _, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_2}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("required attribute with a non-default value", func(t *testing.T) {
		m, p := fn()
		m.Funcs[0].Body = []tileir.Op{BuildNegiOp(detached, tileI32, p[0], IntegerOverflowNoSignedWrap), BuildReturnOp(detached, nil)}
		wantVersionError(t, m, tileir.V13_1, "attribute 'overflow' of 'cuda_tile.negi'", "13.2")
		// The default is what 13.1 implies: it writes, and reads back as none.
		m.Funcs[0].Body[0] = BuildNegiOp(detached, tileI32, p[0], IntegerOverflowNone)
		b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1})
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(b, tileir.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := back.Funcs[0].Body[0].(*NegiOp).Overflow; got != IntegerOverflowNone {
			t.Errorf("overflow read back as %s", got)
		}
	})
	t.Run("optional attribute", func(t *testing.T) {
		m, p := fn()
		m.Funcs[0].Body = []tileir.Op{BuildMmafOp(detached, tileI32, p[0], p[1], p[0], true), BuildReturnOp(detached, nil)}
		wantVersionError(t, m, tileir.V13_2, "attribute 'fast_acc' of 'cuda_tile.mmaf'", "13.3")
	})
	t.Run("optional operand", func(t *testing.T) {
		m, p := fn()
		tok := BuildMakeTokenOp(detached, &TokenType{})
		m.Funcs[0].Body = []tileir.Op{tok, BuildPrintTkoOp(detached, &TokenType{}, nil, tok.Result(), "hi"), BuildReturnOp(detached, nil)}
		_ = p
		wantVersionError(t, m, tileir.V13_1, "operand 'token' of 'cuda_tile.print_tko'", "13.2")
	})
	t.Run("result used at a version without it", func(t *testing.T) {
		m, _ := fn()
		pr := BuildPrintTkoOp(detached, &TokenType{}, nil, nil, "hi")
		m.Funcs[0].Body = []tileir.Op{pr, BuildJoinTokensOp(detached, &TokenType{}, []*tileir.Value{pr.ResultToken()}), BuildReturnOp(detached, nil)}
		_, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1})
		if err == nil || !strings.Contains(err.Error(), "does not exist in version 13.1") {
			t.Fatalf("want an error about the print token at 13.1, got %v", err)
		}
	})
	t.Run("type", func(t *testing.T) {
		m, p := fn()
		m.Funcs[0].Body = []tileir.Op{BuildBitcastOp(detached, &TileType{Element: &Int4Type{}, Shape: []int64{8}}, p[0]), BuildReturnOp(detached, nil)}
		wantVersionError(t, m, tileir.V13_2, "type 'Int4'", "13.3")
		m.Funcs[0].Body[0] = BuildBitcastOp(detached, &TileType{Element: &Float8E8M0FNUType{}, Shape: []int64{8}}, p[0])
		wantVersionError(t, m, tileir.V13_1, "type 'Float8E8M0FNU'", "13.2")
	})
	t.Run("type layout", func(t *testing.T) {
		// partition_view writes a presence byte before 13.3 and flags from
		// 13.3: both read back with the padding value.
		zero := PaddingValueNegZero
		pv := &PartitionViewType{TileShape: []int32{4}, TensorView: &TensorViewType{Element: i32, Shape: []int64{16}, Strides: []int64{1}}, DimMap: []int32{0}, PaddingValue: &zero}
		for _, v := range tileir.Versions {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildMakePartitionViewOp(detached, pv, p[0]), BuildReturnOp(detached, nil)}
			b, err := Append(nil, m, tileir.WriteOptions{Version: v})
			if err != nil {
				t.Fatal(err)
			}
			back, err := Read(b, tileir.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := back.Funcs[0].Body[0].Base().Results[0].Type.String(); got != pv.String() {
				t.Errorf("%s: %s, want %s", v, got, pv)
			}
		}
	})
	t.Run("global", func(t *testing.T) {
		m, _ := fn(BuildReturnOp(detached, nil))
		m.Globals = []*tileir.Global{{Name: "g", Type: tileI32, Data: make([]byte, 16), Alignment: 16, Private: true}}
		wantVersionError(t, m, tileir.V13_2, "private visibility of global 'g'", "13.3")
		m.Globals[0].Private, m.Globals[0].Constant = false, true
		wantVersionError(t, m, tileir.V13_1, "constant flag of global 'g'", "13.3")
	})
	t.Run("producer", func(t *testing.T) {
		m, _ := fn(BuildReturnOp(detached, nil))
		m.Producer = "dialectgen"
		wantVersionError(t, m, tileir.V13_2, "producer section", "13.3")
	})
}

func TestReadVersionGating(t *testing.T) {
	// An op newer than the file: atan2 (0x6E) in a 13.1 file.
	m, p := fn(BuildAtan2Op(detached, tileI32, nil, nil), BuildReturnOp(detached, nil))
	at := m.Funcs[0].Body[0].(*Atan2Op)
	at.X, at.Y = p[0], p[1]
	b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.V13_2})
	if err != nil {
		t.Fatal(err)
	}
	b[9] = 1 // the minor version byte: claim 13.1
	_, err = Read(b, tileir.ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "unsupported opcode 110 for bytecode version 13.1") {
		t.Fatalf("want an unsupported-opcode error, got %v", err)
	}
}
