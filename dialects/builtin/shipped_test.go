package builtin_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// shipped returns testdata/bytecode/NAME.llvmR.vN.mlirbc files.
func shipped(tb testing.TB) (root string, paths []string) {
	root, err := corpus.Root()
	if err != nil {
		tb.Fatal(err)
	}
	paths, err = filepath.Glob(filepath.Join(root, "testdata", "bytecode", "*.mlirbc"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no shipped bytecode: %v", err)
	}
	return root, paths
}

// TestShippedBytecodeRoundTrip needs no oracle: the shipped files decode
// into typed values and every entry re-encodes byte for byte.
func TestShippedBytecodeRoundTrip(t *testing.T) {
	_, paths := shipped(t)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(p), func(t *testing.T) {
			checkTables(t, data, &tally{text: map[string]int{}, opaque: map[string]int{}, builtinTextKinds: map[string]int{}, builtinK: map[string]int{}}, false)
		})
	}
}

// TestShippedBytecodeCurrent checks the shipped files are what mlir-opt
// writes today for our inputs (regenerate with make testdata-bytecode).
func TestShippedBytecodeCurrent(t *testing.T) {
	root, paths := shipped(t)
	for _, p := range paths {
		// NAME.llvmR.vN.mlirbc
		parts := strings.Split(filepath.Base(p), ".")
		if len(parts) != 4 {
			t.Fatalf("%s: want NAME.llvmR.vN.mlirbc", p)
		}
		var rel oracle.Release
		switch parts[1] {
		case "llvm16":
			rel = 16
		case "llvm19":
			rel = 19
		case "llvm22":
			rel = 22
		default:
			t.Fatalf("%s: unknown release %s", p, parts[1])
		}
		oracle.Require(t, rel)
		version, err := strconv.Atoi(strings.TrimPrefix(parts[2], "v"))
		if err != nil || !rel.WritesVersion(version) {
			t.Fatalf("%s: %s does not write %s", p, rel, parts[2])
		}
		// Run from the root with a relative path, as make testdata-bytecode
		// does, so that the locations match.
		want, err := oracle.RunFile(rel, root, "testdata/mlir/"+parts[0]+".mlir", oracle.BytecodeFlags(rel, version, "--allow-unregistered-dialect")...)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		got, _ := os.ReadFile(p)
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what mlir-opt-%d writes now: run make testdata-bytecode", p, int(rel))
		}
	}
}

// BenchmarkDecodeTables measures parsing a file and decoding every
// attribute and type entry into typed values.
func BenchmarkDecodeTables(b *testing.B) {
	_, paths := shipped(b)
	var files [][]byte
	total, entries := 0, 0
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		files = append(files, data)
		total += len(data)
		f, _ := bytecode.ParseFile(data)
		entries += f.Attrs.Len() + f.Types.Len()
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, data := range files {
			f, err := bytecode.ParseFile(data)
			if err != nil {
				b.Fatal(err)
			}
			dec := bytecode.NewDecoder(ir.NewContext(builtin.Dialect), f, ir.Limits{})
			for i := range f.Attrs.Len() {
				if _, err := dec.Attribute(uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
			for i := range f.Types.Len() {
				if _, err := dec.Type(uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(entries)*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
}

// BenchmarkEncodeTables measures encoding every decoded entry again.
func BenchmarkEncodeTables(b *testing.B) {
	_, paths := shipped(b)
	type file struct {
		ctx   *ir.Context
		f     *bytecode.File
		num   bytecode.Numbering
		attrs []ir.Attribute
		types []ir.Type
	}
	var files []file
	entries := 0
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		f, _ := bytecode.ParseFile(data)
		ctx := ir.NewContext(builtin.Dialect)
		dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
		fl := file{ctx: ctx, f: f}
		for i := range f.Attrs.Len() {
			a, _ := dec.Attribute(uint64(i))
			fl.attrs = append(fl.attrs, a)
		}
		for i := range f.Types.Len() {
			t, _ := dec.Type(uint64(i))
			fl.types = append(fl.types, t)
		}
		fl.num = dec.Numbering()
		files = append(files, fl)
		entries += f.Attrs.Len() + f.Types.Len()
	}
	buf := make([]byte, 0, 1<<16)
	b.ReportAllocs()
	for b.Loop() {
		for _, fl := range files {
			for _, a := range fl.attrs {
				out, _, err := bytecode.EncodeAttribute(fl.ctx, buf[:0], fl.num, fl.f.Target(), a)
				if err != nil {
					b.Fatal(err)
				}
				buf = out
			}
			for _, t := range fl.types {
				out, _, err := bytecode.EncodeType(fl.ctx, buf[:0], fl.num, fl.f.Target(), t)
				if err != nil {
					b.Fatal(err)
				}
				buf = out
			}
		}
	}
	b.ReportMetric(float64(entries)*float64(b.N)/b.Elapsed().Seconds(), "entries/s")
}
