package layout_test

import (
	"fmt"

	"github.com/dialectgen/dialectgen/layout"
)

// Lay types out under an x86-64 data-layout string, as MLIR 22 imports it.
func Example() {
	spec, _, err := layout.ImportDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", 22)
	if err != nil {
		panic(err)
	}
	dl, err := layout.New(layout.RulesFor(22), spec)
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"i64", "f80", "complex<f80>", "vector<3xf32>", "!llvm.ptr<270>", "!llvm.struct<(i8, i64, f80)>"} {
		t, err := layout.ParseType(text)
		if err != nil {
			panic(err)
		}
		r, err := dl.Query(t)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-28s size %2d  abi %2d  preferred %2d\n", text, r.Bytes.Min, r.ABI, r.Pref)
	}
	_, err = dl.Query(must(layout.ParseType("memref<4xf32>")))
	fmt.Println(err)
	// Output:
	// i64                          size  8  abi  8  preferred  8
	// f80                          size 10  abi 16  preferred 16
	// complex<f80>                 size 26  abi 16  preferred 16
	// vector<3xf32>                size 16  abi 16  preferred 16
	// !llvm.ptr<270>               size  4  abi  4  preferred  4
	// !llvm.struct<(i8, i64, f80)> size 32  abi 16  preferred 16
	// neither the scoping op nor the type class provide data layout information for memref<4xf32>
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
