package cudatile_test

import (
	"bytes"
	"fmt"
	"log"
	"os"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// Build a kernel with the generated builders, write it for Tile IR 13.1
// and read it back.
func Example() {
	i32 := &cudatile.Int32Type{}
	tile := &cudatile.TileType{Element: i32, Shape: []int64{4}}
	k := &tileir.Function{
		Name:   "add_one",
		Kernel: true,
		Type:   &cudatile.FunctionType{Inputs: []tileir.Type{tile}},
		Params: tileir.NewBlock(tile).Args,
	}
	b := tileir.NewFuncBuilder(k)
	one := cudatile.BuildConstantOp(b, tile, tileir.Dense{Data: []byte{1, 0, 0, 0}}) // a splat
	cudatile.BuildAddiOp(b, tile, k.Params[0], one.Result(), cudatile.IntegerOverflowNone)
	cudatile.BuildReturnOp(b, nil)
	m := &tileir.Module{Funcs: []*tileir.Function{k}}

	var file bytes.Buffer
	if err := cudatile.Write(&file, m, tileir.WriteOptions{Version: tileir.V13_1}); err != nil {
		log.Fatal(err)
	}
	back, err := cudatile.Read(file.Bytes(), tileir.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	if err := tileir.Dump(os.Stdout, cudatile.Dialect, back); err != nil {
		log.Fatal(err)
	}
	// Output:
	// kernel @add_one(%0: tile<4xi32>)
	//   %1 = cuda_tile.constant {value = [1]} : tile<4xi32>
	//   %2 = cuda_tile.addi %0, %1 {overflow = none} : tile<4xi32>
	//   cuda_tile.return
}

// A module that uses an op newer than the target version cannot be
// written for it; the error names the op, the version that added it and
// the target.
func ExampleWrite_versionError() {
	f32 := &cudatile.TileType{Element: &cudatile.Float32Type{}}
	k := &tileir.Function{Name: "k", Kernel: true, Type: &cudatile.FunctionType{Inputs: []tileir.Type{f32}}, Params: tileir.NewBlock(f32).Args}
	b := tileir.NewFuncBuilder(k)
	cudatile.BuildAtan2Op(b, f32, k.Params[0], k.Params[0])
	cudatile.BuildReturnOp(b, nil)
	_, err := cudatile.Append(nil, &tileir.Module{Funcs: []*tileir.Function{k}}, tileir.WriteOptions{Version: tileir.V13_1})
	fmt.Println(err)
	// Output:
	// function 'k': op 'cuda_tile.atan2' needs 13.2, but the target is 13.1 (at op 0)
}
