package cudatile_test

import (
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Files as NVIDIA's Python writer (cutile-python, cuda/tile/_bytecode)
// lays them out, which differs from the C++ writer in ways its reader
// accepts:
//   - sections Func, Global (only with globals), Constant, Debug, Type,
//     String, end: no Producer section, and Constant and Debug always,
//     empty or not;
//   - table padding is written even for an empty table (count 0, then
//     padding to the offset width);
//   - every function has a Debug slot (location index = its ordinal), with
//     entry 0 (unknown) for what has no location; an empty entry table is
//     written as one entry of tag 0 (a workaround in the writer);
//   - the type table starts with i1 and i32 whether used or not;
//   - the Func payload is not padded to 8 at its end;
//   - attributes as built: dictionaries in insertion order, booleans with
//     the Bool tag (3), hint integers as i32, dense values whose elements
//     are all equal written in full, i1 data bit-packed, and float bits
//     always zigzagged as a positive number (an f64 with the sign bit set
//     takes a 10-byte varint whose bit 64 the reader drops).
type pyFunc struct {
	name, sig uint64
	flags     byte
	hints     string // hex of a self-contained hints attribute
	body      string // hex
	debug     []uint64
}

type pyFile struct {
	major, minor byte
	strings      []string
	types        []string // hex of each type entry
	consts       []string // hex of each constant's data
	globals      string   // hex of the Global payload after its count
	nGlobals     int
	funcs        []pyFunc
	debug        []string // hex of each debug entry
}

func hx(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// padTo pads b with 0xCB to a multiple of n, as the Python writer's
// _pad_to does (relative to the buffer it pads).
func padTo(b []byte, n int) []byte {
	for len(b)%n != 0 {
		b = append(b, 0xCB)
	}
	return b
}

func pyTable(entries [][]byte, width int) []byte {
	b := wire.AppendULEB128(nil, uint64(len(entries)))
	b = padTo(b, width)
	off := 0
	for _, e := range entries {
		if width == 4 {
			b = binary.LittleEndian.AppendUint32(b, uint32(off))
		} else {
			b = binary.LittleEndian.AppendUint64(b, uint64(off))
		}
		off += len(e)
	}
	for _, e := range entries {
		b = append(b, e...)
	}
	return b
}

func pySection(out []byte, id byte, align int, payload []byte) []byte {
	if align > 1 {
		id |= 0x80
	}
	out = append(out, id)
	out = wire.AppendULEB128(out, uint64(len(payload)))
	if align > 1 {
		out = wire.AppendULEB128(out, uint64(align))
		out = padTo(out, align)
	}
	return append(out, payload...)
}

func (f pyFile) bytes(t testing.TB) []byte {
	t.Helper()
	out := append([]byte("\x7fTileIR\x00"), f.major, f.minor, 0, 0)
	fn := wire.AppendULEB128(nil, uint64(len(f.funcs)))
	for i, x := range f.funcs {
		fn = wire.AppendULEB128(fn, x.name)
		fn = wire.AppendULEB128(fn, x.sig)
		fn = append(fn, x.flags)
		fn = wire.AppendULEB128(fn, uint64(i+1))
		fn = append(fn, hx(t, x.hints)...)
		body := hx(t, x.body)
		fn = wire.AppendULEB128(fn, uint64(len(body)))
		fn = append(fn, body...)
	}
	out = pySection(out, 2, 8, fn)
	if f.nGlobals > 0 {
		out = pySection(out, 6, 1, append(wire.AppendULEB128(nil, uint64(f.nGlobals)), hx(t, f.globals)...))
	}
	var consts [][]byte
	for _, c := range f.consts {
		d := hx(t, c)
		consts = append(consts, append(wire.AppendULEB128(nil, uint64(len(d))), d...))
	}
	out = pySection(out, 4, 8, pyTable(consts, 8))
	dbg := wire.AppendULEB128(nil, uint64(len(f.funcs)))
	dbg = padTo(dbg, 4)
	n := 0
	for _, x := range f.funcs {
		dbg = binary.LittleEndian.AppendUint32(dbg, uint32(n))
		n += len(x.debug)
	}
	dbg = wire.AppendULEB128(dbg, uint64(n))
	dbg = padTo(dbg, 8)
	for _, x := range f.funcs {
		for _, id := range x.debug {
			dbg = binary.LittleEndian.AppendUint64(dbg, id)
		}
	}
	entries := [][]byte{{0}} // the writer's workaround for an empty table
	if len(f.debug) > 0 {
		entries = nil
		for _, e := range f.debug {
			entries = append(entries, hx(t, e))
		}
	}
	dbg = append(dbg, pyTable(entries, 4)...)
	out = pySection(out, 3, 8, dbg)
	var types [][]byte
	for _, e := range f.types {
		types = append(types, hx(t, e))
	}
	out = pySection(out, 5, 4, pyTable(types, 4))
	var strs [][]byte
	for _, s := range f.strings {
		strs = append(strs, []byte(s))
	}
	out = pySection(out, 1, 4, pyTable(strs, 4))
	return append(out, 0)
}

// checkPyFile reads a Python-written file and checks that it prints as
// want (what cuda-tile-translate prints for it), that writing it again
// gives a file that prints the same, and that the printed text assembles
// to what the C++ writer writes for that text, which prints the same too.
func checkPyFile(t *testing.T, data []byte, want string) {
	t.Helper()
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	got, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	if string(got) != want {
		t.Fatalf("printed text differs:\n%s\nwant:\n%s", got, want)
	}
	again, err := cudatile.Append(nil, m, m.Options())
	if err != nil {
		t.Fatalf("re-encode: %v", err)
	}
	printAgain(t, "re-encoded", again, want)
	pm, err := cudatile.Parse("py.mlir", got)
	if err != nil {
		t.Fatalf("parse the printed text: %v", err)
	}
	asm, err := cudatile.Append(nil, pm, m.Options())
	if err != nil {
		t.Fatalf("assemble the printed text: %v", err)
	}
	printAgain(t, "assembled", asm, want)
}

func printAgain(t *testing.T, what string, data []byte, want string) {
	t.Helper()
	m, err := cudatile.Read(data, tileir.ReadOptions{})
	if err != nil {
		t.Fatalf("%s: read: %v", what, err)
	}
	got, err := cudatile.Print(m, tileir.PrintOptions{DebugInfo: true})
	if err != nil {
		t.Fatalf("%s: print: %v", what, err)
	}
	if string(got) != want {
		t.Fatalf("%s file prints differently:\n%s\nwant:\n%s", what, got, want)
	}
}

const (
	tyI1    = "00"
	tyI32   = "03"
	tyF64   = "09"
	sigNone = "10 00 00" // () -> ()
)

// A module without functions: what cutile-python writes to probe which
// versions tileiras accepts.
func TestPythonEmptyModule(t *testing.T) {
	for _, minor := range []byte{1, 2, 3} {
		f := pyFile{major: 13, minor: minor, types: []string{tyI1, tyI32}}
		checkPyFile(t, f.bytes(t), "cuda_tile.module @kernels {\n} loc(#loc)\n#loc = loc(unknown)\n")
	}
}

// Kernel hints as the Python writer builds them: architectures and keys
// in insertion order, i32 values, a Bool-tagged boolean, an empty
// per-architecture dictionary. NVIDIA's reader makes a DictionaryAttr of
// each (sorted by key); the text has no types, so assembling it gives
// i64 integers and i1 booleans, as the C++ writer writes from that text.
func TestPythonKernelHints(t *testing.T) {
	f := pyKernelHints()
	checkPyFile(t, f.bytes(t), `cuda_tile.module @kernels {
  entry @k() optimization_hints=<default = {}, sm_90 = {allow_tma = false, num_cta_in_cga = 2, occupancy = 1}> {
    return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
`)
}

// Dense values as the Python writer writes them: in full even when every
// element is equal (MLIR's uniquer makes that a splat), and i1 data
// bit-packed, where an all-true buffer whose last byte holds only the
// elements that exist is a splat as well.
func TestPythonDenseConstants(t *testing.T) {
	f := pyDenseConstants()
	checkPyFile(t, f.bytes(t), `cuda_tile.module @kernels {
  entry @k() {
    %cst_7_i32 = constant <i32: 7> : tile<4xi32> loc(#loc)
    %true = constant <i1: true> : tile<3xi1> loc(#loc)
    %cst_i1 = constant <i1: [true, false, true]> : tile<3xi1> loc(#loc)
    %true_0 = constant <i1: true> : tile<16xi1> loc(#loc)
    return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
`)
}

// A reduce identity of f64 -inf as the Python writer encodes float bits:
// zigzag of the pattern taken as a positive number, 65 bits in 10 bytes.
// NVIDIA's reader keeps the low 64 bits of a varint, so the sign is lost
// and it reads +inf, which MLIR prints in hex with its type, f64 included
// (checked with mlir-opt 22: [0x7FF0000000000000 : f64, 1.000000e+00]).
func TestPythonF64Identity(t *testing.T) {
	f := pyF64Identity()
	want := `cuda_tile.module @kernels {
  entry @k(%arg0: tile<4xf64>) {
    %reduce = reduce %arg0 dim=0 identities=[0x7FF0000000000000 : f64] : tile<4xf64> -> tile<f64> 
    (%reduce_lhs: tile<f64>, %reduce_rhs: tile<f64>) {
      %0 = maxf %reduce_lhs, %reduce_rhs : tile<f64> loc(#loc)
      yield %0 : tile<f64> loc(#loc)
    } loc(#loc)
    return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
`
	checkPyFile(t, f.bytes(t), want)
}

// Locations as the Python writer builds them for inlined helpers: a call
// site whose callee is in the helper's subprogram, one whose caller is
// unknown (entry 0), and a function slot for every function.
func TestPythonCallSites(t *testing.T) {
	f := pyCallSites()
	checkPyFile(t, f.bytes(t), `cuda_tile.module @kernels {
  entry @k() {
    %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc7)
    %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc8)
    return loc(#loc)
  } loc(#loc4)
} loc(#loc)
#di_file = #cuda_tile.di_file<"kern.py" in "/home/u">
#loc = loc(unknown)
#loc1 = loc("/home/u/kern.py":10:0)
#loc2 = loc("/home/u/kern.py":3:8)
#loc3 = loc("/home/u/kern.py":11:4)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 10, name = "k", linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 10>
#di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 3, name = "<lambda>", linkageName = "<lambda>@kern:3:8_0", compileUnit = #di_compile_unit, scopeLine = 3>
#loc4 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc5 = #cuda_tile.di_loc<#loc2 in #di_subprogram1>
#loc6 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc7 = loc(callsite(#loc5 at #loc6))
#loc8 = loc(callsite(#loc5 at #loc))
`)
}

// Globals at 13.3 carry a visibility byte and a constant flag; the Python
// writer puts the Global section after Func, unaligned, and shares the
// constant pool entry of equal data with the body's constants.
func TestPythonGlobals(t *testing.T) {
	for _, minor := range []byte{1, 3} {
		g := "01 03 00 00" // mutex: tile<1xi32>, constant 0, alignment 0
		if minor == 3 {
			g += " 00 00" // public, not constant
		}
		f := pyFile{major: 13, minor: minor,
			strings:  []string{"k", "mutex"},
			types:    []string{tyI1, tyI32, sigNone, "0d 01 01 0100000000000000", "0d 01 00"},
			consts:   []string{"01000000"},
			globals:  g,
			nGlobals: 1,
			funcs: []pyFunc{{name: 0, sig: 2, flags: 0x02,
				body: "10 04 00  5c 00 00", debug: []uint64{0, 0, 0}}},
		}
		checkPyFile(t, f.bytes(t), `cuda_tile.module @kernels {
  global  @mutex <i32: 1> : tile<1xi32> loc(#loc)
  entry @k() {
    %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc)
    return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
`)
	}
}

// A for loop whose body lacks the induction variable cannot be printed
// (cuda-tile's verifier rejects it); the printer says so instead of
// panicking.
func TestPrintForWithoutInductionVariable(t *testing.T) {
	m, err := cudatile.Parse("f.mlir", []byte(`cuda_tile.module @k {
  entry @f(%n: tile<i32>) {
    for %i in (%n to %n, step %n) : tile<i32> {
    }
  }
}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range m.Funcs[0].Body {
		if f, ok := op.(*cudatile.ForOp); ok {
			f.Region().Blocks[0].Args = nil
		}
	}
	_, err = cudatile.Print(m, tileir.PrintOptions{})
	if err == nil || !strings.Contains(err.Error(), "induction variable") {
		t.Fatalf("got %v, want an error about the induction variable", err)
	}
}

func pyKernelHints() pyFile {
	return pyFile{major: 13, minor: 3,
		strings: []string{"k", "sm_90", "occupancy", "num_cta_in_cga", "default", "allow_tma"},
		types:   []string{tyI1, tyI32, sigNone},
		funcs: []pyFunc{{name: 0, sig: 2, flags: 0x06,
			// tag 11, 2 entries: sm_90 = {occupancy = 1 : i32, num_cta_in_cga = 2 : i32, allow_tma = false (tag 3)},
			// default = {}
			hints: "0b 02  01 0a 03 02 01 01 01  03 01 01 02  05 03 00  04 0a 00",
			body:  "5c 00 00", debug: []uint64{0, 0}}},
	}
}

func pyDenseConstants() pyFile {
	return pyFile{major: 13, minor: 1,
		strings: []string{"k"},
		// 3: tile<4xi32>, 4: tile<3xi1>, 5: tile<16xi1>
		types: []string{tyI1, tyI32, sigNone,
			"0d 01 01 0400000000000000", "0d 00 01 0300000000000000", "0d 00 01 1000000000000000"},
		consts: []string{"07000000 07000000 07000000 07000000", "07", "05", "ffff"},
		funcs: []pyFunc{{name: 0, sig: 2, flags: 0x02,
			body:  "10 03 00  10 04 01  10 04 02  10 05 03  5c 00 00",
			debug: []uint64{0, 0, 0, 0, 0, 0}}},
	}
}

func pyF64Identity() pyFile {
	return pyFile{major: 13, minor: 2,
		strings: []string{"k"},
		// 3: f64, 4: tile<4xf64>, 5: tile<f64>
		types: []string{tyI1, tyI32, "10 01 04 00", tyF64, "0d 03 01 0400000000000000", "0d 03 00"},
		funcs: []pyFunc{{name: 0, sig: 2, flags: 0x02,
			// reduce: 1 result (tile<f64>), dim 0, identities [float f64 -inf], operands [%arg0],
			// 1 region of 1 block (2 args) with maxf and yield; then return.
			body: "58 01 05  00  01 02 03 80 80 80 80 80 80 80 f0 ff 03  01 00" +
				"01 01 02 05 05 02  45 05 00 01 02  6d 00 01 03  5c 00 00",
			debug: []uint64{0, 0, 0, 0, 0}}},
	}
}

func pyCallSites() pyFile {
	return pyFile{major: 13, minor: 3,
		strings: []string{"k", "kern.py", "/home/u", "/home/u/kern.py", "<lambda>", "<lambda>@kern:3:8_0"},
		types:   []string{tyI1, tyI32, sigNone, "0d 01 00"},
		consts:  []string{"01000000"},
		debug: []string{
			"02 01 02",             // 1: file kern.py in /home/u
			"01 01",                // 2: compile unit
			"05 01 0a 00 00 02 0a", // 3: subprogram k
			"05 01 03 04 05 02 03", // 4: subprogram <lambda>
			"04 03 03 0a 00",       // 5: kern.py:10:0 in k
			"04 04 03 03 08",       // 6: kern.py:3:8 in <lambda>
			"04 03 03 0b 04",       // 7: kern.py:11:4 in k
			"06 06 07",             // 8: callsite(6 at 7)
			"06 06 00",             // 9: callsite(6 at unknown)
		},
		funcs: []pyFunc{{name: 0, sig: 2, flags: 0x02,
			body:  "10 03 00  10 03 00  5c 00 00",
			debug: []uint64{5, 8, 9, 0}}},
	}
}

// pythonSeeds are the Python-style files of these tests, for the fuzzers.
func pythonSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	for _, f := range []pyFile{pyKernelHints(), pyDenseConstants(), pyF64Identity(), pyCallSites(),
		{major: 13, minor: 3, types: []string{tyI1, tyI32}}} {
		out = append(out, f.bytes(tb))
	}
	return out
}
