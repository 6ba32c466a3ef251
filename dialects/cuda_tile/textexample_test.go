package cudatile_test

import (
	"errors"
	"fmt"
	"log"
	"os"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Print a module as NVIDIA's cuda-tile-translate -cudatilebc-to-mlir
// prints it; with DebugInfo, as --mlir-print-debuginfo does (every op's
// location, aliases after the module).
func ExamplePrint() {
	i32 := &cudatile.TileType{Element: &cudatile.Int32Type{}, Shape: []int64{}}
	k := &tileir.Function{
		Name:   "add_one",
		Kernel: true,
		Type:   &cudatile.FunctionType{Inputs: []tileir.Type{i32}},
		Params: tileir.NewBlock(i32).Args,
	}
	b := tileir.NewFuncBuilder(k)
	one := cudatile.BuildConstantOp(b, i32, tileir.Dense{Data: []byte{1, 0, 0, 0}})
	cudatile.BuildAddiOp(b, i32, k.Params[0], one.Result(), cudatile.IntegerOverflowNone)
	cudatile.BuildReturnOp(b, nil)
	text, err := cudatile.Print(&tileir.Module{Funcs: []*tileir.Function{k}}, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		log.Fatal(err)
	}
	os.Stdout.Write(text)
	// Output:
	// cuda_tile.module @kernels {
	//   entry @add_one(%arg0: tile<i32>) {
	//     %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc)
	//     %0 = addi %arg0, %cst_1_i32 : tile<i32> loc(#loc)
	//     return loc(#loc)
	//   } loc(#loc)
	// } loc(#loc)
	// #loc = loc(unknown)
}

// Parse cuda_tile text (what Print prints, or what cuda-tile-translate
// -mlir-to-cudatilebc parses) and write it as NVIDIA's C++ writer does.
func ExampleParse() {
	src := `
cuda_tile.module @k {
  cuda_tile.entry @scale(%x: !cuda_tile.tile<f32>) {
    %two = cuda_tile.constant <f32: 2.0> : !cuda_tile.tile<f32>
    %y = cuda_tile.mulf %x, %two : !cuda_tile.tile<f32>   // rounding<nearest_even>
  }
}`
	m, err := cudatile.Parse("scale.mlir", []byte(src))
	if err != nil {
		log.Fatal(err)
	}
	data, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1})
	if err != nil {
		log.Fatal(err)
	}
	back, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	text, err := cudatile.Print(back, tileir.PrintOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d bytes\n%s", len(data), text)
	// Output:
	// 114 bytes
	// cuda_tile.module @kernels {
	//   entry @scale(%arg0: tile<f32>) {
	//     %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
	//     %0 = mulf %arg0, %cst_2_f32  : tile<f32>
	//     return
	//   }
	// }
}

// Parse errors say where: file:line:col: message (an *asm.Error).
func ExampleParse_error() {
	_, err := cudatile.Parse("bad.mlir", []byte("cuda_tile.module @k {\n  entry @f() {\n    %0 = addi %1, %1 : tile<i32>\n  }\n}"))
	fmt.Println(err)
	var pe *asm.Error
	fmt.Println(errors.As(err, &pe), pe.Line, pe.Col)
	// Output:
	// bad.mlir:3:15: use of undeclared SSA value name
	// true 3 15
}

// Text that uses an op newer than the target version does not write for
// it: a *wire.VersionError names the op, the version it needs and the
// target, as NVIDIA's writer does.
func ExampleParse_versionError() {
	src := `cuda_tile.module @k {
  entry @f(%x: tile<f32>) {
    %0 = atan2 %x, %x : tile<f32>
  }
}`
	m, err := cudatile.Parse("f.mlir", []byte(src))
	if err != nil {
		log.Fatal(err)
	}
	_, err = cudatile.Append(nil, m, tileir.WriteOptions{Version: tileir.V13_1})
	var ve *wire.VersionError
	fmt.Println(errors.As(err, &ve))
	fmt.Println(err)
	// Output:
	// true
	// function 'f': op 'cuda_tile.atan2' needs 13.2, but the target is 13.1 (at op 0)
}
