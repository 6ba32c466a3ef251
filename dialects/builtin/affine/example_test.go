package affine_test

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
)

// Parsing simplifies as MLIR's parser does, and String prints what
// mlir-opt prints.
func ExampleParseMap() {
	m, err := affine.ParseMap("affine_map<(i, j)[n] -> (j + i * n, (i + 2) + 3, i - (i floordiv 4) * 4)>")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m)
	fmt.Println(m.NumDims, m.NumSymbols, m.Results[2].Kind)
	// Output:
	// affine_map<(d0, d1)[s0] -> (d1 + d0 * s0, d0 + 5, d0 mod 4)>
	// 2 1 mod
}

// The same text reads back differently under the rules of different LLVM
// releases; a re-encoder uses the producer's release so that the text
// prints back as that producer wrote it.
func ExampleParseMapForRelease() {
	for _, release := range []int{19, 22} {
		m, _ := affine.ParseMapForRelease("affine_map<(d0, d1) -> (d1 + d0)>", release)
		fmt.Println(release, m)
	}
	// Output:
	// 19 affine_map<(d0, d1) -> (d1 + d0)>
	// 22 affine_map<(d0, d1) -> (d0 + d1)>
}

// A strided memref layout built in Go; the constructors simplify like
// MLIR's operators.
func ExampleAdd() {
	d0, d1, s0 := affine.Dim(0), affine.Dim(1), affine.Sym(0)
	m := affine.Map{NumDims: 2, NumSymbols: 1, Results: []*affine.Expr{
		affine.Add(affine.Add(affine.Mul(d0, affine.Const(4)), s0), affine.Mul(d1, affine.Const(1))),
	}}
	fmt.Println(m)
	fmt.Println(affine.Add(d0, affine.Mul(d1, affine.Const(-1))))
	// Output:
	// affine_map<(d0, d1)[s0] -> (d0 * 4 + s0 + d1)>
	// d0 - d1
}

func ExampleParseIntegerSet() {
	s, err := affine.ParseIntegerSet("affine_set<(d0)[s0] : (d0 >= s0, d0 * 2 == 8)>")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println(s.EqFlags)
	_, err = affine.ParseIntegerSet("affine_set<(d0) : (d0 >= s0)>")
	fmt.Println(err)
	// Output:
	// affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 * 2 - 8 == 0)>
	// [false true]
	// affine parse error at offset 25: use of undeclared identifier "s0"
}
