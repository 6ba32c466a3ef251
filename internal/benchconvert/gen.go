package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/internal/benchtext"
)

// OpCounts counts the operations of a generated module, the implicit
// builtin.module included.
type OpCounts struct {
	Arith int `json:"arith"`
	Func  int `json:"func"`
	Total int `json:"total"`
}

func (c *OpCounts) add(arith, fn int) {
	c.Arith += arith
	c.Func += fn
	c.Total += arith + fn
}

// opsPerChainStep is the number of arith ops writeChainFunc emits per step.
const opsPerChainStep = 20

// writeChainFunc writes a module with one function of n arith ops (n must
// be a multiple of opsPerChainStep). The ops form a chain of steps, each
// consuming the previous step's accumulators (i32, f32, index) and every
// result is used by a later op or returned, so nothing is dead.
func writeChainFunc(w io.Writer, n int) (OpCounts, error) {
	if n <= 0 || n%opsPerChainStep != 0 {
		return OpCounts{}, fmt.Errorf("op count %d is not a positive multiple of %d", n, opsPerChainStep)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	c := OpCounts{Total: 1} // builtin.module
	bw.WriteString("func.func @chain(%arg0: i32, %arg1: f32, %arg2: index) -> (i32, f32, index) {\n")
	acc, facc, iacc := "%arg0", "%arg1", "%arg2"
	for s := 0; s < n/opsPerChainStep; s++ {
		p := fmt.Sprintf("%%s%d_", s)
		v := func(name string) string { return p + name }
		k := (s*7919)%2001 - 1000 // many distinct constants
		fmt.Fprintf(bw, "  %s = arith.constant %d : i32\n", v("c"), k)
		fmt.Fprintf(bw, "  %s = arith.addi %s, %s : i32\n", v("a1"), acc, v("c"))
		fmt.Fprintf(bw, "  %s = arith.muli %s, %s : i32\n", v("a2"), v("a1"), acc)
		fmt.Fprintf(bw, "  %s = arith.subi %s, %s : i32\n", v("a3"), v("a2"), v("a1"))
		fmt.Fprintf(bw, "  %s = arith.cmpi slt, %s, %s : i32\n", v("a4"), v("a3"), v("a2"))
		fmt.Fprintf(bw, "  %s = arith.select %s, %s, %s : i32\n", v("a5"), v("a4"), v("a3"), v("a1"))
		fmt.Fprintf(bw, "  %s = arith.xori %s, %s : i32\n", v("x1"), v("a5"), v("c"))
		fmt.Fprintf(bw, "  %s = arith.andi %s, %s : i32\n", v("x2"), v("x1"), v("a2"))
		fmt.Fprintf(bw, "  %s = arith.ori %s, %s : i32\n", v("x3"), v("x2"), v("a3"))
		fmt.Fprintf(bw, "  %s = arith.maxsi %s, %s : i32\n", v("m"), v("x3"), v("a5"))
		fmt.Fprintf(bw, "  %s = arith.index_cast %s : i32 to index\n", v("i"), v("m"))
		fmt.Fprintf(bw, "  %s = arith.addi %s, %s : index\n", v("i2"), v("i"), iacc)
		fmt.Fprintf(bw, "  %s = arith.index_cast %s : index to i32\n", v("j"), v("i2"))
		fmt.Fprintf(bw, "  %s = arith.sitofp %s : i32 to f32\n", v("f"), v("j"))
		fmt.Fprintf(bw, "  %s = arith.addf %s, %s : f32\n", v("f1"), facc, v("f"))
		fmt.Fprintf(bw, "  %s = arith.mulf %s, %s : f32\n", v("f2"), v("f1"), v("f"))
		fmt.Fprintf(bw, "  %s = arith.subf %s, %s : f32\n", v("f3"), v("f2"), facc)
		fmt.Fprintf(bw, "  %s = arith.cmpf olt, %s, %s : f32\n", v("fc"), v("f3"), v("f1"))
		fmt.Fprintf(bw, "  %s = arith.select %s, %s, %s : f32\n", v("fs"), v("fc"), v("f3"), v("f2"))
		fmt.Fprintf(bw, "  %s = arith.addi %s, %s : i32\n", v("acc"), v("j"), v("m"))
		acc, facc, iacc = v("acc"), v("fs"), v("i2")
		c.add(opsPerChainStep, 0)
	}
	fmt.Fprintf(bw, "  return %s, %s, %s : i32, f32, index\n}\n", acc, facc, iacc)
	c.add(0, 2) // func.func, func.return
	return c, bw.Flush()
}

// writeManyFuncs writes a module of n small functions: each has 12 arith
// ops and calls the function before it, except @f0, which has a 13th
// arith op in place of the call.
func writeManyFuncs(w io.Writer, n int) (OpCounts, error) {
	if n <= 0 {
		return OpCounts{}, fmt.Errorf("function count %d is not positive", n)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	c := OpCounts{Total: 1}
	for i := 0; i < n; i++ {
		fmt.Fprintf(bw, "func.func @f%d(%%a: i32, %%b: i32) -> i32 {\n", i)
		fmt.Fprintf(bw, "  %%c = arith.constant %d : i32\n", i)
		bw.WriteString("  %0 = arith.addi %a, %c : i32\n")
		bw.WriteString("  %1 = arith.muli %0, %b : i32\n")
		if i == 0 {
			bw.WriteString("  %2 = arith.subi %1, %a : i32\n")
			c.add(1, 0)
		} else {
			fmt.Fprintf(bw, "  %%2 = func.call @f%d(%%1, %%a) : (i32, i32) -> i32\n", i-1)
			c.add(0, 1)
		}
		bw.WriteString("  %3 = arith.subi %2, %0 : i32\n")
		bw.WriteString("  %4 = arith.cmpi sgt, %3, %1 : i32\n")
		bw.WriteString("  %5 = arith.select %4, %3, %1 : i32\n")
		bw.WriteString("  %6 = arith.index_cast %5 : i32 to index\n")
		bw.WriteString("  %7 = arith.index_cast %6 : index to i32\n")
		bw.WriteString("  %8 = arith.sitofp %7 : i32 to f32\n")
		bw.WriteString("  %9 = arith.mulf %8, %8 : f32\n")
		bw.WriteString("  %10 = arith.fptosi %9 : f32 to i32\n")
		bw.WriteString("  %11 = arith.xori %10, %5 : i32\n")
		bw.WriteString("  return %11 : i32\n}\n")
		c.add(12, 2) // the 12 common arith ops, func.func, func.return
	}
	return c, bw.Flush()
}

// writeBlockChain writes a module of one function of n blocks in a
// chain: each takes a value from the one before (cf.br with an argument),
// adds the function's argument to it and passes it on, so every block
// uses a value of the entry block, which dominates it through all those
// before it.
func writeBlockChain(w io.Writer, n int) (OpCounts, error) {
	if n <= 0 {
		return OpCounts{}, fmt.Errorf("block count %d is not positive", n)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	c := OpCounts{Total: 1}
	bw.WriteString("func.func @chain(%a: i32) -> i32 {\n  cf.br ^b0(%a : i32)\n")
	for i := range n {
		fmt.Fprintf(bw, "^b%d(%%x%d: i32):\n  %%y%d = arith.addi %%x%d, %%a : i32\n", i, i, i, i)
		if i+1 < n {
			fmt.Fprintf(bw, "  cf.br ^b%d(%%y%d : i32)\n", i+1, i)
		} else {
			fmt.Fprintf(bw, "  return %%y%d : i32\n}\n", i)
		}
		c.add(1, 0)
	}
	c.Total += n // the cf.br ops
	c.add(0, 2)  // func.func, func.return
	return c, bw.Flush()
}

// writeBlob writes a module with one function returning an
// arith.constant dense_resource<blob> : tensor<(size/4)xf32>, and the
// blob itself (size bytes, alignment 4, deterministic pseudo-random data)
// in the builtin dialect_resources section. The hex text is streamed.
func writeBlob(w io.Writer, size int) (OpCounts, error) {
	return writeF32Constant(w, "blob", size, func(bw *bufio.Writer, ty string) error {
		fmt.Fprintf(bw, "  %%0 = arith.constant dense_resource<blob> : %s\n", ty)
		fmt.Fprintf(bw, "  return %%0 : %s\n}\n", ty)
		fmt.Fprint(bw, "{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x04000000")
		if err := writeHexData(bw, size); err != nil {
			return err
		}
		fmt.Fprint(bw, "\"\n    }\n  }\n#-}\n")
		return nil
	})
}

// writeDense writes a function returning one dense constant of size bytes
// held in the attribute itself, as models carry their weights when they
// are not resources: the same data as writeBlob's.
func writeDense(w io.Writer, size int) (OpCounts, error) {
	return writeF32Constant(w, "dense", size, func(bw *bufio.Writer, ty string) error {
		fmt.Fprint(bw, "  %0 = arith.constant dense<\"0x")
		if err := writeHexData(bw, size); err != nil {
			return err
		}
		fmt.Fprintf(bw, "\"> : %s\n", ty)
		fmt.Fprintf(bw, "  return %%0 : %s\n}\n", ty)
		return nil
	})
}

// writeF32Constant writes func.func @name returning a tensor of size bytes
// of f32, whose body (and what follows the function) body writes.
func writeF32Constant(w io.Writer, name string, size int, body func(*bufio.Writer, string) error) (OpCounts, error) {
	if size <= 0 || size%4 != 0 {
		return OpCounts{}, fmt.Errorf("%s size %d is not a positive multiple of 4", name, size)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	ty := fmt.Sprintf("tensor<%dxf32>", size/4)
	fmt.Fprintf(bw, "func.func @%s() -> %s {\n", name, ty)
	if err := body(bw, ty); err != nil {
		return OpCounts{}, err
	}
	c := OpCounts{Total: 1}
	c.add(1, 2)
	return c, bw.Flush()
}

// writeHexData writes size bytes of incompressible, reproducible data in
// hex.
func writeHexData(bw *bufio.Writer, size int) error {
	var raw [4096]byte
	var enc [2 * len(raw)]byte
	x := uint64(0x9E3779B97F4A7C15)
	for left := size; left > 0; {
		n := min(left, len(raw))
		for i := 0; i < n; i += 8 {
			// xorshift64
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			var b [8]byte
			binary.LittleEndian.PutUint64(b[:], x)
			copy(raw[i:n], b[:])
		}
		hex.Encode(enc[:], raw[:n])
		if _, err := bw.Write(enc[:2*n]); err != nil {
			return err
		}
		left -= n
	}
	return nil
}

// writeOps checks the count n of what it writes, and writes the text body
// writes through a buffer, returning the ops body counts.
func writeOps(w io.Writer, n int, what string, body func(bw *bufio.Writer) OpCounts) (OpCounts, error) {
	if n <= 0 {
		return OpCounts{}, fmt.Errorf("%s count %d is not positive", what, n)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	c := body(bw)
	return c, bw.Flush()
}

// writeCallSites writes one function of n arith ops with JAX's call-site
// locations (benchtext.CallSites).
func writeCallSites(w io.Writer, n int) (OpCounts, error) {
	return writeOps(w, n, "op", func(bw *bufio.Writer) OpCounts {
		benchtext.CallSites(bw, n)
		c := OpCounts{Total: 1}
		c.add(n, 2)
		return c
	})
}

// writeUnregisteredProps writes one function of n ops of a dialect no
// tool registers, each with properties of its own: mlir-opt keeps them
// as a dictionary, which the file holds in its properties section.
func writeUnregisteredProps(w io.Writer, n int) (OpCounts, error) {
	return writeOps(w, n, "op", func(bw *bufio.Writer) OpCounts {
		bw.WriteString("func.func @f(%a: i32) -> i32 {\n")
		for i := range n {
			fmt.Fprintf(bw, "  %%v%d = \"x.op\"(%%a) <{k = %d : i64, name = \"op%d\", flag}> : (i32) -> i32\n", i, i, i%500)
		}
		bw.WriteString("  return %a : i32\n}\n")
		c := OpCounts{Total: 1 + n}
		c.add(0, 2)
		return c
	})
}

// writeOneOpAttrs writes one unregistered op with n attributes.
func writeOneOpAttrs(w io.Writer, n int) (OpCounts, error) {
	return writeOps(w, n, "attribute", func(bw *bufio.Writer) OpCounts {
		bw.WriteString("\"x.holder\"() {")
		for i := range n {
			if i > 0 {
				bw.WriteString(", ")
			}
			fmt.Fprintf(bw, "a%d = %d : i32", i, i)
		}
		bw.WriteString("} : () -> ()\n")
		return OpCounts{Total: 2}
	})
}

// writeStrings writes one function of n unregistered ops, each with a
// string attribute no other op has.
func writeStrings(w io.Writer, n int) (OpCounts, error) {
	return writeOps(w, n, "op", func(bw *bufio.Writer) OpCounts {
		bw.WriteString("func.func @f() {\n")
		for i := range n {
			fmt.Fprintf(bw, "  \"x.s\"() {s = \"string number %d with some text\"} : () -> ()\n", i)
		}
		bw.WriteString("  return\n}\n")
		c := OpCounts{Total: 1 + n}
		c.add(0, 2)
		return c
	})
}
