package mlirtext_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

const exampleText = `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "twice"}> ({
  ^bb0(%arg0: i32 loc("twice.mlir":1:17)):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc("twice.mlir":2:8)
    "func.return"(%0) : (i32) -> () loc("twice.mlir":3:3)
  }) : () -> () loc("twice.mlir":1:1)
}) : () -> () loc("twice.mlir":0:0)
`

// Parse generic text, write it as bytecode and print the bytecode back:
// the output is what mlir-opt-22 --mlir-print-op-generic
// --mlir-print-debuginfo prints for that bytecode (location aliases, the
// deferred ones after the module).
func ExamplePrint() {
	ctx := all.NewContext()
	m, err := mlirtext.ParseBytes(ctx, []byte(exampleText), mlirtext.ParseOptions{File: "twice.mlir", Release: 22})
	if err != nil {
		fmt.Println(err)
		return
	}
	var bc bytes.Buffer
	if err := mlirbc.Write(&bc, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest, Producer: "MLIR22.1.8", Release: 22}); err != nil {
		fmt.Println(err)
		return
	}
	read, err := mlirbc.Read(all.NewContext(), bc.Bytes(), mlirbc.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := mlirtext.Print(os.Stdout, read, mlirtext.Options{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// #loc2 = loc("twice.mlir":1:17)
	// "builtin.module"() ({
	//   "func.func"() <{function_type = (i32) -> i32, sym_name = "twice"}> ({
	//   ^bb0(%arg0: i32 loc("twice.mlir":1:17)):
	//     %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc3)
	//     "func.return"(%0) : (i32) -> () loc(#loc4)
	//   }) : () -> () loc(#loc1)
	// }) : () -> () loc(#loc)
	// #loc = loc("twice.mlir":0:0)
	// #loc1 = loc("twice.mlir":1:1)
	// #loc3 = loc("twice.mlir":2:8)
	// #loc4 = loc("twice.mlir":3:3)
}

// Parse reports errors at their place in the text.
func ExampleParse() {
	_, err := mlirtext.Parse(all.NewContext(), strings.NewReader(`"u.op"(%x) : (i32) -> ()`), mlirtext.ParseOptions{File: "bad.mlir"})
	fmt.Println(err)
	// Output:
	// bad.mlir:1:8: use of undeclared SSA value %x
}
