package cudatile_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// textSeeds are the texts of testdata/text and a few hand-made ones.
func textSeeds(f *testing.F) [][]byte {
	paths, _ := filepath.Glob(filepath.Join("testdata", "text", "*.mlir"))
	var out [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
	}
	for _, s := range []string{
		"",
		"cuda_tile.module @k {}",
		"module { cuda_tile.module @k { entry @f() { return } } }",
		"#a = #b\n#b = #a\ncuda_tile.module @k { entry @f() { return loc(#a) } }",
		`cuda_tile.module @k { entry @f() { %0 = "cuda_tile.constant"() {value = dense<1> : !cuda_tile.tile<i32>} : () -> !cuda_tile.tile<i32> } }`,
		"cuda_tile.module @k { global @g <i8: \"0x0102\"> : tile<2xi8> }",
		"cuda_tile.module @k { entry @f(%a: tile<i32>) { %0:2 = for %i in (%a to %a, step %a) : tile<i32> iter_values(%x = %a, %y = %a) -> (tile<i32>, tile<i32>) { continue %x, %y : tile<i32>, tile<i32> } } }",
	} {
		out = append(out, []byte(s))
	}
	return out
}

// FuzzParse parses arbitrary text. Every error must be an *asm.Error at a
// line and column of the input; it must never panic. What parses must
// print, the printed text must parse, and printing that again must give
// the same text; writing it at 13.3 may fail, with an error.
func FuzzParse(f *testing.F) {
	for _, s := range textSeeds(f) {
		f.Add(s)
	}
	for _, data := range pythonSeeds(f) { // their text: hints, call sites, f64 identities
		if m, err := cudatile.Read(data, tileir.ReadOptions{}); err == nil {
			if text, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true}); err == nil {
				f.Add(text)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := cudatile.Parse("in.mlir", src)
		if err != nil {
			var pe *asm.Error
			if !errors.As(err, &pe) {
				// Errors of the module as a whole (not of a position).
				if !strings.Contains(err.Error(), "cuda_tile.module") && !strings.Contains(err.Error(), "cannot be in") {
					t.Fatalf("error %T is not an *asm.Error: %v", err, err)
				}
				return
			}
			if lines := bytes.Count(src, []byte("\n")) + 1; pe.Line < 1 || pe.Line > lines || pe.Col < 1 {
				t.Fatalf("error position %d:%d outside the input (%d lines): %v", pe.Line, pe.Col, lines, err)
			}
			return
		}
		checkTextRoundTrip(t, m, true)
		cudatile.Append(nil, m, tileir.WriteOptions{Version: tileir.V13_3}) // may fail, never panic
	})
}

// checkTextRoundTrip prints m, parses the text and prints it again: the
// two texts must be the same. mustParse says the printed text must parse
// (the module came from text); a module decoded from bytecode need not be
// valid (the reader does not verify types, as NVIDIA's verifier would).
func checkTextRoundTrip(t *testing.T, m *tileir.Module, mustParse bool) {
	t.Helper()
	text, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		return // the printer refuses IR it cannot print (nil parts, deep nesting)
	}
	m2, err := cudatile.Parse("printed.mlir", text)
	if err != nil {
		if mustParse {
			t.Fatalf("the printed text does not parse: %v\n%s", err, text)
		}
		return
	}
	again, err := cudatile.Print(m2, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		t.Fatalf("print(parse(print(m))): %v", err)
	}
	if !bytes.Equal(again, text) {
		t.Fatalf("print → parse → print changes the text:\n%s\n%s\n----\n%s", firstDiff(text, again), text, again)
	}
}

// FuzzPrint reads arbitrary bytecode and checks that what decodes prints
// without a panic and, when the text parses, prints again to the same
// text.
func FuzzPrint(f *testing.F) {
	for _, dir := range []string{"vectors/*", "text"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*.tileirbc"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	for _, data := range pythonSeeds(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			return
		}
		if _, err := cudatile.Append(nil, m, m.Options()); err != nil {
			return // the writer's checks fail (a block without its terminator, …)
		}
		for _, fn := range m.Funcs {
			if n := len(fn.Body); n == 0 || !fn.Body[n-1].Info().Terminator {
				return // the parser adds the implicit return
			}
		}
		checkTextRoundTrip(t, m, false)
	})
}
