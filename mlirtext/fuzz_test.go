package mlirtext_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

var fuzzSeeds = []string{
	// VHLO's text forms, dense elements nested in a dialect's value.
	`"builtin.module"() ({
^bb0:
}) {a = #vhlo.tensor_v1<dense<[[0], [1]]> : tensor<2x1xi64>>, b = #vhlo.array_v1<[#vhlo.integer_v1<1 : i64>, #vhlo.float_v1<1.000000e-03 : !vhlo.f32_v1>]>, c = #vhlo.type_v1<!vhlo.tensor_v1<?x2x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [16, ?]>>>, d = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.bool_v1<true>}>} : () -> ()
`,
	`"builtin.module"() ({
  %0:2 = "u.a"() {x = dense<[1, 2]> : tensor<2xi32>, y = [1.5 : f32, "s", @f::@g]} : () -> (i32, i32) loc(#loc1)
  "u.b"(%0#1)[^bb1] : (i32) -> ()
^bb1:
}) : () -> () loc(#loc)
#loc = loc("f.mlir":1:1)
#loc1 = loc(callsite("a" at fused<"m">["b":2:3 to 4:5]))
`,
	`#map = affine_map<(d0)[s0] -> (d0 + s0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32, strided<[?, 1], offset: ?>>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4x?xf32, strided<[?, 1], offset: ?>> loc(unknown)):
    "func.return"() : () -> ()
  }) {m = #map, v = vector<[4]x8xbf16>, d = dense<"0x0100"> : tensor<2xi8>, s = sparse<[[0]], [7]> : tensor<3xi32>} : () -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      k: "0x0400000001020304"
    }
  },
  external_resources: {
    t: {
      b: true
    }
  }
#-}
`,
	`"u.x"() {a = distinct[0]<unit>, b = array<i8: 1, -2>, c = 0x7FC00000 : f32, d = #u.foo<"x">, e = !u.t, f = tuple<i1, complex<f64>>} : () -> ()`,
}

// errorPos is what every parse error starts with.
var errorPos = regexp.MustCompile(`^[^:]+:\d+:\d+: `)

// FuzzParse: any text parses or fails with file:line:col, never panics or
// hangs; what parses prints, the printed text parses again, and writing
// succeeds or is refused without panicking.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "mlir", "*.mlir"))
	// Generic text as mlir-opt prints it (aliases, deferred locations).
	generic, _ := filepath.Glob(filepath.Join("testdata", "*.generic.mlir"))
	for _, p := range append(paths, generic...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		// A hang shows as a crash with the input, which the fuzzer keeps.
		stop := time.AfterFunc(20*time.Second, func() { panic(fmt.Sprintf("parse or print takes over 20s: %q", src)) })
		defer stop.Stop()
		ctx := all.NewContext()
		m, err := mlirtext.ParseBytes(ctx, src, mlirtext.ParseOptions{File: "fuzz.mlir"})
		// Reading repeated types and values afresh reads the same.
		fresh, freshErr := mlirtext.ParseFresh(all.NewContext(), string(src), mlirtext.ParseOptions{File: "fuzz.mlir"})
		if fmt.Sprint(err) != fmt.Sprint(freshErr) {
			t.Fatalf("read with lookups: %v; read afresh: %v", err, freshErr)
		}
		if err == nil {
			a, errA := mlirtext.Append(nil, m, mlirtext.Options{})
			b, errB := mlirtext.Append(nil, fresh, mlirtext.Options{})
			if fmt.Sprint(errA) != fmt.Sprint(errB) || !bytes.Equal(a, b) {
				t.Fatalf("read with lookups and afresh, the text prints differently (%v, %v):\n%s\n%s", errA, errB, a, b)
			}
		}
		if err != nil {
			if !errorPos.MatchString(err.Error()) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		text, err := mlirtext.Append(nil, m, mlirtext.Options{})
		if err != nil {
			return
		}
		if _, err := mlirtext.ParseBytes(all.NewContext(), text, mlirtext.ParseOptions{File: "printed.mlir"}); err != nil {
			t.Fatalf("printed text does not parse: %v\n%s", err, text)
		}
		_, _ = mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest, Producer: "MLIR22.1.8"})
	})
}

// FuzzPrint: whatever bytecode reads prints, or is refused, without a
// panic; the printed text parses back.
func FuzzPrint(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "bytecode", "*.mlirbc"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := mlirbc.Read(all.NewContext(), data, mlirbc.ReadOptions{})
		if err != nil {
			return
		}
		text, err := mlirtext.Append(nil, m, mlirtext.Options{})
		if err != nil {
			return
		}
		if _, err := mlirtext.ParseBytes(all.NewContext(), text, mlirtext.ParseOptions{File: "printed.mlir", Release: m.Release}); err != nil {
			t.Fatalf("printed text does not parse: %v\n%s", err, text)
		}
	})
}
