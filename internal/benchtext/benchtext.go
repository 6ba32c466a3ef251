// Package benchtext writes the MLIR text of benchmark inputs that more
// than one package generates: the Go benchmarks of runtime/mlirbc and
// make bench-convert (internal/benchconvert) must measure the same file.
package benchtext

import (
	"fmt"
	"io"
)

// CallSites writes a module of one function of n arith.addi ops in a
// chain, whose locations are what JAX writes: a call site of a name fused
// with a file position, called from one of a few callers. Each op brings
// three new location attributes and a position. The module holds n + 3
// ops: the n adds, func.func, func.return and the implicit builtin.module.
func CallSites(w io.Writer, n int) {
	io.WriteString(w, "func.func @f(%a: i32) -> i32 {\n")
	prev := "%a"
	for i := range n {
		fmt.Fprintf(w, "  %%v%d = arith.addi %s, %%a : i32 loc(callsite(fused[\"jit(f)/add%d\", \"file%d.py\":%d:%d] at callsite(\"caller%d\"(\"main.py\":%d:4) at \"root.py\":1:1)))\n",
			i, prev, i%97, i%13, i+1, i%80, i%31, i%500)
		prev = fmt.Sprintf("%%v%d", i)
	}
	fmt.Fprintf(w, "  return %s : i32\n}\n", prev)
}
