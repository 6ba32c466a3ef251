package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// smallModule builds a 13.3 module with a global, a kernel with hints, a
// for loop (a region with block arguments and a unit attribute), a 13.2
// op and a device function.
func smallModule() *tileir.Module {
	i32, f32 := &cudatile.Int32Type{}, &cudatile.Float32Type{}
	ti, t2i, t2f := &cudatile.TileType{Element: i32}, &cudatile.TileType{Element: i32, Shape: []int64{2}}, &cudatile.TileType{Element: f32, Shape: []int64{2}}

	k := &tileir.Function{Name: "k", Kernel: true,
		Type:   &cudatile.FunctionType{Inputs: []tileir.Type{t2i, t2f}},
		Params: tileir.NewBlock(t2i, t2f).Args,
		Hints: &cudatile.OptimizationHintsAttr{Entries: []cudatile.NamedAttr{{Name: "sm_100", Value: &cudatile.DictionaryAttr{Entries: []cudatile.NamedAttr{
			{Name: "num_cta_in_cga", Value: &cudatile.IntegerAttr{Type: i32, Value: 2}}}}}}}}
	x, y := k.Params[0], k.Params[1]
	b := tileir.NewFuncBuilder(k)
	c := cudatile.BuildConstantOp(b, t2i, tileir.Dense{Data: []byte{1, 0, 0, 0, 2, 0, 0, 0}})
	neg := cudatile.BuildNegiOp(b, t2i, x, cudatile.IntegerOverflowNone)
	cudatile.BuildAtan2Op(b, t2f, y, y)
	z := cudatile.BuildConstantOp(b, ti, tileir.Dense{Data: []byte{0, 0, 0, 0}}).Result()
	blk := tileir.NewBlock(ti, t2i)
	inner := tileir.NewBuilder(blk)
	sum := cudatile.BuildAddiOp(inner, t2i, blk.Args[1], c.Result(), cudatile.IntegerOverflowNoSignedWrap)
	cudatile.BuildContinueOp(inner, []*tileir.Value{sum.Result()})
	loop := cudatile.BuildForOp(b, []tileir.Type{t2i}, z, z, z, []*tileir.Value{neg.Result()}, true, &tileir.Region{Blocks: []*tileir.Block{blk}})
	cudatile.BuildAddiOp(b, t2i, loop.ResultValues()[0], x, cudatile.IntegerOverflowNone)
	cudatile.BuildReturnOp(b, nil)

	f := &tileir.Function{Name: "f",
		Type:   &cudatile.FunctionType{Inputs: []tileir.Type{ti}, Results: []tileir.Type{ti}},
		Params: tileir.NewBlock(ti).Args}
	cudatile.BuildReturnOp(tileir.NewFuncBuilder(f), []*tileir.Value{f.Params[0]})

	return &tileir.Module{Version: tileir.V13_3, Producer: "mlirbc test",
		Globals: []*tileir.Global{{Name: "g", Type: t2i, Data: []byte{7, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, Alignment: 8, Private: true, Constant: true}},
		Funcs:   []*tileir.Function{k, f}}
}

const smallDump = `global @g : tile<2xi32> = dense<[7, -1]> alignment 8 private constant

kernel @k(%0: tile<2xi32>, %1: tile<2xf32>)
  hints = optimization_hints<{sm_100 = {num_cta_in_cga = 2 : i32}}>
  %2 = cuda_tile.constant {value = [1, 2]} : tile<2xi32>
  %3 = cuda_tile.negi %0 {overflow = none} : tile<2xi32>
  %4 = cuda_tile.atan2 %1, %1 : tile<2xf32>
  %5 = cuda_tile.constant {value = [0]} : tile<i32>
  %6 = cuda_tile.for %5, %5, %5, %3 {unsignedCmp} : tile<2xi32> {
    ^bb(%6: tile<i32>, %7: tile<2xi32>):
      %8 = cuda_tile.addi %7, %2 {overflow = no_signed_wrap} : tile<2xi32>
      cuda_tile.continue %8
  }
  %7 = cuda_tile.addi %6, %0 {overflow = none} : tile<2xi32>
  cuda_tile.return

device @f(%0: tile<i32>) -> (tile<i32>)
  cuda_tile.return %0
`

// atan2Module is a kernel with one 13.2 op, cuda_tile.atan2 (0x6E).
func atan2Module() *tileir.Module {
	tf := &cudatile.TileType{Element: &cudatile.Float32Type{}}
	fn := &tileir.Function{Name: "k", Kernel: true, Type: &cudatile.FunctionType{Inputs: []tileir.Type{tf}},
		Params: tileir.NewBlock(tf).Args}
	b := tileir.NewFuncBuilder(fn)
	cudatile.BuildAtan2Op(b, tf, fn.Params[0], fn.Params[0])
	cudatile.BuildReturnOp(b, nil)
	return &tileir.Module{Funcs: []*tileir.Function{fn}}
}

// writeTileIR encodes m for version v into a file under dir.
func writeTileIR(t *testing.T, dir, name string, m *tileir.Module, v tileir.Version) string {
	t.Helper()
	b, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDumpTileIR(t *testing.T) {
	m := smallModule()
	var mem bytes.Buffer
	if err := tileir.Dump(&mem, cudatile.Dialect, m); err != nil {
		t.Fatal(err)
	}
	path := writeTileIR(t, t.TempDir(), "small.tileirbc", m, tileir.V13_3)
	var out bytes.Buffer
	if err := Run([]string{"dump", path}, &out); err != nil {
		t.Fatal(err)
	}
	// The module read back and the one built in memory print the same.
	for _, got := range []string{mem.String(), out.String()} {
		if got != smallDump {
			gl, wl := strings.Split(got, "\n"), strings.Split(smallDump, "\n")
			for i := range max(len(gl), len(wl)) {
				var g, w string
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					t.Errorf("line %d:\n got %q\nwant %q", i+1, g, w)
				}
			}
			t.Fatalf("dump:\n%s", got)
		}
	}
}

// TestDumpVector dumps a vector copied from upstream, when present: the
// numbers are the wire numbers of EXPECTED.json, and the 13.1 print op's
// token result, which the file does not have, prints as %_.
func TestDumpVector(t *testing.T) {
	const dir = "../dialects/cuda_tile/testdata/vectors/versioning-13.1/"
	for name, want := range map[string][]string{
		"negi-op-13.1.tileirbc": {
			"kernel @basic()",
			"  %0 = cuda_tile.constant {value = [1, 2]} : tile<2xi32>",
			"  %1 = cuda_tile.negi %0 {overflow = none} : tile<2xi32>",
			"  %2 = cuda_tile.negi %0 {overflow = none} : tile<2xi32>",
			"  cuda_tile.return",
		},
		"print-op-13.1.tileirbc": {
			"  %12, %13 = cuda_tile.load_view_tko %8, %9, %10 {memory_ordering_semantics = weak} : tile<256x256xf64>, token",
			"  %14 = cuda_tile.loop %12 : tile<256x256xf64> {",
			"    ^bb(%14: tile<256x256xf64>):",
			`      %_ = cuda_tile.print_tko {str = "Iteration result"} : token`,
			"      %15, %16 = cuda_tile.load_view_tko %7, %9, %10 {memory_ordering_semantics = weak} : tile<256x256xf64>, token",
			"      %17 = cuda_tile.mmaf %15, %15, %14 : tile<256x256xf64>",
			"      cuda_tile.continue %17",
			"  }",
			"  cuda_tile.return",
		},
	} {
		if _, err := os.Stat(dir + name); err != nil {
			t.Skipf("vector not present: %v", err)
		}
		var out bytes.Buffer
		if err := Run([]string{"dump", dir + name}, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), strings.Join(want, "\n")+"\n") {
			t.Errorf("%s: dump lacks\n%s\ngot:\n%s", name, strings.Join(want, "\n"), out.String())
		}
	}
}

func TestStatTileIR(t *testing.T) {
	path := writeTileIR(t, t.TempDir(), "small.tileirbc", smallModule(), tileir.V13_3)
	var out bytes.Buffer
	if err := Run([]string{"stat", path}, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{
		"format:     Tile IR 13.3.0\n",
		`producer:   "mlirbc test"`,
		"  functions   2 (1 kernel, 1 device)\n",
		"  globals     1\n",
		"  ops         10\n",
		"  op names    7\n",
		"  cuda_tile.addi      2\n",
		"  cuda_tile.atan2     1\n",
		"  cuda_tile.constant  2\n",
		"  cuda_tile.return    2\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("stat output lacks %q:\n%s", want, s)
		}
	}
	// Every section is listed, the function count in the Func row.
	for _, name := range []string{"Global", "Func", "Constant", "Type", "Producer", "String", "end"} {
		if !strings.Contains(s, " "+name+" ") {
			t.Errorf("stat output lacks section %s:\n%s", name, s)
		}
	}
	if !strings.Contains(s, "Func") || !strings.Contains(strings.SplitAfter(s, "Func")[1][:60], "  2\n") {
		t.Errorf("Func row lacks its 2 entries:\n%s", s)
	}
	// The op names are sorted.
	i, j := strings.Index(s, "cuda_tile.addi"), strings.Index(s, "cuda_tile.return")
	if i < 0 || j < i {
		t.Errorf("op names are not sorted:\n%s", s)
	}
}

func TestConvertTileIR(t *testing.T) {
	dir := t.TempDir()
	m := smallModule()
	in := writeTileIR(t, dir, "in.tileirbc", m, tileir.V13_3)
	orig, _ := os.ReadFile(in)

	// The default keeps the version: the same bytes.
	same := filepath.Join(dir, "same.tileirbc")
	if err := Run([]string{"convert", in, same}, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(same); !bytes.Equal(got, orig) {
		t.Fatal("convert with default options changed the file")
	}

	// 13.2 and back: the module has no 13.3 element but the global's
	// flags and the producer, so drop those first.
	m.Globals[0].Private, m.Globals[0].Constant = false, false
	in = writeTileIR(t, dir, "in133.tileirbc", m, tileir.V13_3)
	down := filepath.Join(dir, "down.tileirbc")
	if err := Run([]string{"convert", "--version", "13.2", in, "-o", down}, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"stat", down}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Tile IR 13.2.0") || !strings.Contains(out.String(), "producer:   none") {
		t.Fatalf("converted to 13.2:\n%s", out.String())
	}
	up := filepath.Join(dir, "up.tileirbc")
	if err := Run([]string{"convert", down, up, "--version=13.3"}, nil); err != nil {
		t.Fatal(err)
	}
	// The producer was dropped on the way down; everything else is back.
	m.Producer = ""
	want := writeTileIR(t, dir, "want.tileirbc", m, tileir.V13_3)
	wantb, _ := os.ReadFile(want)
	if got, _ := os.ReadFile(up); !bytes.Equal(got, wantb) {
		t.Fatal("13.3 → 13.2 → 13.3 changed the file")
	}

	// Down to 13.1: atan2 (0x6E) is a 13.2 op.
	a := writeTileIR(t, dir, "atan2.tileirbc", atan2Module(), tileir.V13_2)
	out13 := filepath.Join(dir, "atan2.13.1")
	err := Run([]string{"convert", "--version", "13.1", a, out13}, nil)
	if err == nil {
		t.Fatal("atan2 converted to 13.1")
	}
	for _, want := range []string{"'cuda_tile.atan2'", "13.2", "13.1", "function 'k'"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if ve := (*wire.VersionError)(nil); !errors.As(err, &ve) || ve.Needs != "13.2" || ve.Target != "13.1" {
		t.Errorf("error %v is not a VersionError 13.2 → 13.1", err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q is not one line", err)
	}
	if _, err := os.Stat(out13); !os.IsNotExist(err) {
		t.Error("a failed convert left its output behind")
	}

	// Options of MLIR bytecode only, and bad versions.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--producer", "x"}, "--producer applies to MLIR bytecode only"},
		{[]string{"--producer", ""}, "--producer applies to MLIR bytecode only"},
		{[]string{"--release", "22"}, "--release applies to MLIR bytecode only"},
		{[]string{"--version", "13.4"}, "unsupported Tile IR version 13.4"},
		{[]string{"--version", "6"}, "invalid Tile IR version"},
	} {
		args := append([]string{"convert", a, filepath.Join(dir, "x")}, tc.args...)
		if err := Run(args, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
	// A Tile IR version on MLIR bytecode.
	if err := Run([]string{"convert", shipped, filepath.Join(dir, "x"), "--version", "13.1"}, nil); err == nil || !strings.Contains(err.Error(), "MLIR bytecode") {
		t.Errorf("--version 13.1 on MLIR bytecode: %v", err)
	}
	if err := Run([]string{"dump", shipped}, nil); err == nil || !strings.Contains(err.Error(), "dump supports Tile IR files only") {
		t.Errorf("dump of MLIR bytecode: %v", err)
	}
}
