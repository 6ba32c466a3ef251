package asm_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/asm"
)

// TestAppendFloatOracle prints 3000 bit patterns of every float type the
// builtin dialect shares with Tile IR (random values and random bits: NaNs,
// infinities, denormals, large integers) and compares with how mlir-opt 22
// prints them as arith.constant.
func TestAppendFloatOracle(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	sems := []*asm.FloatSemantics{asm.Float32, asm.Float64, asm.Float16, asm.BFloat16, asm.TFloat32, asm.Float8E4M3FN, asm.Float8E5M2}
	r := rand.New(rand.NewSource(7))
	type value struct {
		s    *asm.FloatSemantics
		bits uint64
	}
	var vals []value
	var src strings.Builder
	src.WriteString("func.func @f() {\n")
	for i := 0; i < 3000; i++ {
		s := sems[r.Intn(len(sems))]
		bits := r.Uint64() & (1<<s.Bits - 1)
		scale := []float64{1, 1e-10, 1e10, 1e-300, 1e300}[r.Intn(5)]
		switch x := (r.Float64()*2 - 1) * 1e6 * scale; {
		case r.Intn(2) == 1:
		case s == asm.Float64:
			bits = math.Float64bits(x)
		case s == asm.Float32:
			bits = uint64(math.Float32bits(float32(x)))
		}
		vals = append(vals, value{s, bits})
		fmt.Fprintf(&src, "  %%c%d = arith.constant 0x%X : %s\n", i, bits, s.Name)
	}
	src.WriteString("  return\n}\n")
	out, err := oracle.RunInput(oracle.LLVM22, []byte(src.String()), ".mlir")
	if err != nil {
		t.Fatal(err)
	}
	var printed []string
	for _, l := range strings.Split(string(out), "\n") {
		if _, rest, ok := strings.Cut(l, "arith.constant "); ok {
			printed = append(printed, rest[:strings.LastIndex(rest, " : ")])
		}
	}
	if len(printed) != len(vals) {
		t.Fatalf("mlir-opt printed %d constants, not %d", len(printed), len(vals))
	}
	bad := 0
	for i, v := range vals {
		if got := string(asm.AppendFloat(nil, v.s, v.bits)); got != printed[i] && bad < 20 {
			bad++
			t.Errorf("%s 0x%X: got %s, mlir-opt-22 prints %s", v.s.Name, v.bits, got, printed[i])
		}
	}
}
