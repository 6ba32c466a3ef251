package mlirbc_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/acc/accops"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// TestCrossRelease reads what one release writes and writes it for the
// other: at every version the bytes must equal what the other release
// writes for the same input. At v5 and v6 this changes the property
// layouts (func.func gained no_inline in 22, cf.cond_br branch_weights…).
func TestCrossRelease(t *testing.T) {
	oracle.Require(t, 19)
	oracle.Require(t, 22)
	inputs := []string{"func_const.mlir", "regions_cf_scf.mlir", "ir_features_19.mlir", "transform_defaults_19.mlir"}
	for _, name := range inputs {
		src := "../../testdata/mlir/" + name
		for _, pair := range [][2]oracle.Release{{22, 19}, {19, 22}} {
			from, to := pair[0], pair[1]
			for _, v := range to.Versions() {
				in, err := oracle.EmitBytecode(from, v, src, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				want, err := oracle.EmitBytecode(to, v, src, "--allow-unregistered-dialect")
				if err != nil {
					t.Fatal(err)
				}
				ctx := newContext()
				m, err := mlirbc.Read(ctx, in, mlirbc.ReadOptions{})
				if err != nil {
					t.Fatalf("%s %s v%d: %v", name, from, v, err)
				}
				out, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: to.Producer(), Release: int(to)})
				if err != nil {
					t.Fatalf("%s %s→%s v%d: %v", name, from, to, v, err)
				}
				if d := firstDiff(want, out); d != "" {
					t.Errorf("%s %s→%s v%d: %s", name, from, to, v, d)
				}
			}
		}
	}
}

// TestReleaseLacksKind writes, for another release, a file holding an
// attribute, a type or an op that release does not have: the writer
// refuses it, naming it, the releases that have it and the target, where
// it wrote a file that release's mlir-opt refuses. Written for the
// release that read it, the file comes out as it went in.
func TestReleaseLacksKind(t *testing.T) {
	for _, c := range []struct {
		name     string
		from, to oracle.Release
		text     string
		want     string
		// lost, when set, is what the target's mlir-opt drops from text
		// rather than refuse it.
		lost string
	}{
		{"a kind 22 added", oracle.LLVM22, oracle.LLVM19,
			"module attributes {test.x = #dlti.map<\"a\" = 1 : i32>} {\n}\n",
			"dlti MapAttr needs LLVM 22 or newer, but the target is LLVM 19,", ""},
		{"a type 20 added", oracle.LLVM22, oracle.LLVM19,
			"func.func @f(%a: f8E3M4) -> f8E3M4 {\n  return %a : f8E3M4\n}\n",
			"builtin Float8E3M4Type needs LLVM 20 or newer, but the target is LLVM 19,", ""},
		{"a type 17 added", oracle.LLVM19, oracle.LLVM16,
			"func.func @f(%a: tf32) -> tf32 {\n  return %a : tf32\n}\n",
			"builtin FloatTF32Type needs LLVM 17 or newer, but the target is LLVM 16,", ""},
		{"a kind 16 spells with other parameters", oracle.LLVM19, oracle.LLVM16,
			"func.func @f(%a: tensor<8xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>) {\n  return\n}\n",
			"sparse_tensor SparseTensorEncodingAttr needs LLVM 19 or newer, but the target is LLVM 16,", "sparse_tensor.encoding"},
		{"a kind 16 lacks, defined in C++ outside its records", oracle.LLVM19, oracle.LLVM16,
			"module attributes {test.x = #dlti.target_system_spec<\"CPU\" : #dlti.target_device_spec<#dlti.dl_entry<\"dlti.L1_cache_size_in_bytes\", 4096 : ui32>>>} {\n}\n",
			"dlti TargetSystemSpecAttr needs LLVM 19 or newer, but the target is LLVM 16,", ""},
		{"a dialect 16 lacks", oracle.LLVM19, oracle.LLVM16,
			"func.func @f() -> i32 {\n  %0 = ub.poison : i32\n  return %0 : i32\n}\n",
			"op ub.poison needs LLVM 19 or newer, but the target is LLVM 16", ""},
		{"an op 16 lacks", oracle.LLVM19, oracle.LLVM16,
			"func.func @f(%a: f32) -> f32 {\n  %0 = arith.maxnumf %a, %a : f32\n  return %0 : f32\n}\n",
			"op arith.maxnumf needs LLVM 19 or newer, but the target is LLVM 16", ""},
		{"an op the definitions lack, which 18 dropped", oracle.LLVM16, oracle.LLVM19,
			"func.func @f(%t: tensor<4xf32>, %m: memref<4xf32>) {\n  memref.tensor_store %t, %m : memref<4xf32>\n  return\n}\n",
			"op memref.tensor_store needs LLVM 16, which it was read from (no release the memref definitions cover has it), but the target is LLVM 19", ""},
		{"an op 22 dropped", oracle.LLVM19, oracle.LLVM22,
			"func.func @f(%v: vector<4xf32>, %i: index) -> f32 {\n  %e = \"vector.extractelement\"(%v, %i) : (vector<4xf32>, index) -> f32\n  return %e : f32\n}\n",
			"op vector.extractelement needs LLVM 19 or older, but the target is LLVM 22", ""},
		{"an op 22 added", oracle.LLVM22, oracle.LLVM19,
			"func.func @f(%v: vector<2xf32>) -> f32 {\n  %a:2 = \"vector.to_elements\"(%v) : (vector<2xf32>) -> (f32, f32)\n  return %a#0 : f32\n}\n",
			"op vector.to_elements needs LLVM 22 or newer, but the target is LLVM 19", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			oracle.Require(t, c.from)
			oracle.Require(t, c.to)
			if c.lost != "" {
				// mlir-opt-16 reports the error but exits 0, without the
				// attribute.
				out, err := oracle.RunInput(c.to, []byte(c.text), ".mlir", "--mlir-print-op-generic")
				if err != nil || strings.Contains(string(out), c.lost) {
					t.Fatalf("mlir-opt-%d keeps %s: %v", int(c.to), c.lost, err)
				}
			} else {
				refuses(t, c.to, c.text)
			}
			in, ctx, m := readNewest(t, c.from, c.text)
			back, err := mlirbc.Append(nil, ctx, m, m.Options())
			if err != nil || !bytes.Equal(back, in) {
				t.Fatalf("written for mlir-opt-%d, which read it: %v (same bytes: %v)", int(c.from), err, bytes.Equal(back, in))
			}
			_, err = writeFor(ctx, m, c.to)
			var ve *wire.VersionError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("written for mlir-opt-%d: %v; want a version error saying %q", int(c.to), err, c.want)
			}
		})
	}
}

// TestReleaseConstraintChange converts an op attribute whose constraint
// changed between releases in a way the release rules cannot convert
// (xegpu.fence's memory_kind: #xegpu<memory_scope> in 19,
// #xegpu<memory_space> in 22): the writer refuses, naming the op, the
// attribute and both constraints, where it wrote what mlir-opt-22
// refuses.
func TestReleaseConstraintChange(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	text := "gpu.module @m {\n  gpu.func @f() {\n    \"xegpu.fence\"() <{fence_scope = #xegpu<fence_scope workgroup>, memory_kind = #xegpu<memory_scope global>}> : () -> ()\n    gpu.return\n  }\n}\n"
	refuses(t, oracle.LLVM22, text)
	_, ctx, m := readNewest(t, oracle.LLVM19, text)
	_, err := writeFor(ctx, m, oracle.LLVM22)
	want := "op xegpu.fence, attribute memory_kind: LLVM 19 holds it as XeGPU_MemoryScopeAttr and LLVM 22 as XeGPU_MemorySpaceAttr"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("written for 22: %v; want an error saying %q", err, want)
	}
}

// TestReleaseLacksAttribute16 writes for LLVM 16 an op attribute 16 does
// not have (overflowFlags, which LLVM 16's records lack: the importer's
// -older): its default is left out, any other value refused, where the
// writer wrote a file mlir-opt-16 refuses ("unknown attribute
// `overflow`").
func TestReleaseLacksAttribute16(t *testing.T) {
	oracle.Require(t, oracle.LLVM16)
	oracle.Require(t, oracle.LLVM19)
	refuses(t, oracle.LLVM16, "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a overflow<nsw> : i32\n  return %0 : i32\n}\n")
	for _, c := range []struct {
		flags, want string
	}{
		{"", ""},
		{" overflow<nsw>", "op arith.addi, attribute overflowFlags: LLVM 16 has no such attribute (LLVM 19 or newer have it), so it cannot hold #arith.overflow<nsw>"},
	} {
		text := "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a" + c.flags + " : i32\n  return %0 : i32\n}\n"
		_, ctx, m := readNewest(t, oracle.LLVM19, text)
		out, err := writeFor(ctx, m, oracle.LLVM16)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("the default written for 16: %v", err)
		case c.want == "":
			// mlir-opt-16 writes the same text as these bytes.
			want, err := oracle.RunInput(oracle.LLVM16, []byte(text), ".mlir", oracle.BytecodeFlags(oracle.LLVM16, 0)...)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("the default written for 16: bytes differ from mlir-opt-16's")
			}
		case err == nil || !strings.Contains(err.Error(), c.want):
			t.Errorf("overflow<nsw> written for 16: %v; want an error saying %q", err, c.want)
		}
	}
}

// refuses fails the test unless mlir-opt of release rel rejects text:
// the premise of a test that the writer refuses what rel lacks.
func refuses(t *testing.T, rel oracle.Release, text string) {
	t.Helper()
	if _, err := oracle.RunInput(rel, []byte(text), ".mlir"); err == nil {
		t.Fatalf("mlir-opt-%d reads %q", int(rel), text)
	}
}

// readNewest reads the bytecode mlir-opt of release rel writes for text
// (with flags besides), at its newest version, and returns it with its
// module.
func readNewest(t *testing.T, rel oracle.Release, text string, flags ...string) ([]byte, *ir.Context, *mlirbc.Module) {
	t.Helper()
	v := rel.Versions()[len(rel.Versions())-1]
	in, err := oracle.RunInput(rel, []byte(text), ".mlir", append(oracle.BytecodeFlags(rel, v), flags...)...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := newContext()
	m, err := mlirbc.Read(ctx, in, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return in, ctx, m
}

// writeFor writes m for release rel, at its newest version.
func writeFor(ctx *ir.Context, m *mlirbc.Module, rel oracle.Release) ([]byte, error) {
	v := rel.Versions()[len(rel.Versions())-1]
	return mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: rel.Producer(), Release: int(rel)})
}

// LLVM 16 ends scf.parallel's body with scf.yield, 19 and 22 with
// scf.reduce: written for another release, the terminator is renamed, and
// the file is what that release's mlir-opt writes for the loop. A file of
// 16 reads and writes back as it was (its yield once failed the writer's
// check of parents, which were 19's). Reductions, which 16 writes as
// reduce ops before the yield and 19 on its terminator, are moved from one
// to the other (they were refused): the files are mlir-opt's, both ways,
// and the module is as read after the write.
func TestReleaseParallelTerminator(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	loop := func(terminator string) string {
		return "func.func @f(%lb: index, %ub: index, %m: memref<?xf32>) {\n" +
			"  scf.parallel (%i) = (%lb) to (%ub) step (%lb) {\n" +
			"    %v = memref.load %m[%i] : memref<?xf32>\n" +
			"    memref.store %v, %m[%i] : memref<?xf32>\n" +
			"    " + terminator + "\n  }\n  return\n}\n"
	}
	text := map[oracle.Release]string{oracle.LLVM16: loop("scf.yield"), oracle.LLVM19: loop("scf.reduce"), oracle.LLVM22: loop("scf.reduce")}
	refuses(t, oracle.LLVM16, text[oracle.LLVM19])
	refuses(t, oracle.LLVM19, text[oracle.LLVM16])
	convertsAsOracles(t, text, [][2]oracle.Release{
		{oracle.LLVM16, oracle.LLVM16}, {oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22},
		{oracle.LLVM19, oracle.LLVM16}, {oracle.LLVM22, oracle.LLVM16},
	})
	// Two reductions. The op a conversion makes takes the location of the
	// one it stands for (19's terminator that of 16's first reduce, and
	// back): the texts give them the same, and put the rest on the same
	// lines. No value is used twice: mlir-opt-19 records the order its
	// text parser left a value's uses in, which a file of 16 (v1, before
	// use-list orders) does not hold.
	const at = ` loc("w.mlir":5:5)`
	region := func(v, op string) string {
		return "{\n    ^bb0(%x: " + v + ", %y: " + v + "):\n      %r = arith." + op + " %x, %y : " + v + "\n      scf.reduce.return %r : " + v + "\n    }"
	}
	reductions := func(terminator string) string {
		return "func.func @f(%lb: index, %ub: index, %m: memref<?xf32>, %n: i32) -> (f32, i32) {\n" +
			"  %z = arith.constant 0.0 : f32\n" +
			"  %s:2 = scf.parallel (%i) = (%lb) to (%ub) step (%lb) init (%z, %n) -> (f32, i32) {\n" +
			"    %v = memref.load %m[%i] : memref<?xf32>\n    %w = arith.fptosi %v : f32 to i32\n" + terminator + "  }\n  return %s#0, %s#1 : f32, i32\n}\n"
	}
	text = map[oracle.Release]string{
		oracle.LLVM16: reductions("    scf.reduce(%v) : f32 " + region("f32", "addf") + at + " scf.reduce(%w) : i32\n    " +
			region("i32", "maxsi") + at + " scf.yield" + at + "\n"),
		oracle.LLVM19: reductions("    scf.reduce(%v, %w : f32, i32) " + region("f32", "addf") + ",\n    " + region("i32", "maxsi") + at + "\n"),
	}
	text[oracle.LLVM22] = text[oracle.LLVM19]
	convertsAsOracles(t, text, [][2]oracle.Release{
		{oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM19, oracle.LLVM16}, {oracle.LLVM22, oracle.LLVM16},
	})
	writesBackAsRead(t, text, [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM19, oracle.LLVM16}})
}

// tosa.argmax's axis is an I64Attr in LLVM 16 and an I32Attr after (what
// odsimport -older reads from 16's records): written for the other
// release, the value is converted, and the file is that release's
// mlir-opt's bytes for the op.
func TestReleaseConstraint16(t *testing.T) {
	oracle.Require(t, oracle.LLVM16)
	oracle.Require(t, oracle.LLVM19)
	argmax := func(width string) string {
		return "func.func @f(%a: tensor<14x19xf32>) -> tensor<14xi32> {\n" +
			"  %0 = \"tosa.argmax\"(%a) {axis = 1 : " + width + "} : (tensor<14x19xf32>) -> tensor<14xi32>\n" +
			"  return %0 : tensor<14xi32>\n}\n"
	}
	text := map[oracle.Release]string{oracle.LLVM16: argmax("i64"), oracle.LLVM19: argmax("i32")}
	refuses(t, oracle.LLVM16, text[oracle.LLVM19])
	refuses(t, oracle.LLVM19, text[oracle.LLVM16])
	convertsAsOracles(t, text, [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM16}, {oracle.LLVM16, oracle.LLVM19}})
}

// convertsAsOracles reads, for each pair of releases, the bytecode
// mlir-opt of the first writes for its text, writes it for the second,
// and checks the bytes are those mlir-opt of the second writes for its
// text (the same op, as that release spells it).
func convertsAsOracles(t *testing.T, text map[oracle.Release]string, pairs [][2]oracle.Release) {
	t.Helper()
	for _, c := range pairs {
		from, to := c[0], c[1]
		_, ctx, m := readNewest(t, from, text[from])
		out, err := writeFor(ctx, m, to)
		if err != nil {
			t.Errorf("%d to %d: %v", from, to, err)
			continue
		}
		want, err := oracle.RunInput(to, []byte(text[to]), ".mlir", oracle.BytecodeFlags(to, to.Versions()[len(to.Versions())-1])...)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, want) {
			t.Errorf("%d to %d: the bytes differ from mlir-opt-%d's", from, to, to)
		}
	}
}

// mlir-opt-16 writes a per-axis !quant.uniform as text and refuses the
// encoding 19 gives it: written for 16, the type is text, and the file is
// mlir-opt-16's bytes.
func TestReleaseTextForm16(t *testing.T) {
	oracle.Require(t, oracle.LLVM16)
	oracle.Require(t, oracle.LLVM19)
	text := "module attributes {bytecode.test = !quant.uniform<u8:f32:1, {2.000000e+02:-120,9.987200e-01:127}>} {\n}\n"
	_, ctx, m := readNewest(t, oracle.LLVM19, text)
	out, err := writeFor(ctx, m, oracle.LLVM16)
	if err != nil {
		t.Fatal(err)
	}
	want, err := oracle.RunInput(oracle.LLVM16, []byte(text), ".mlir", oracle.BytecodeFlags(oracle.LLVM16, 0)...)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("the per-axis type written for 16: the bytes differ from mlir-opt-16's")
	}
}

// LLVM 22's linalg.map passes the init's element to the mapper as its
// last argument; 19's does not. Written for 22, a 19 map's mapper gets the
// argument, and mlir-opt-22 reads the file (it refuses the mapper as 19
// has it); written back for 19, the file is the one read. A 22 mapper
// that reads the element is refused for 19.
func TestReleaseMapArity(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	mapOp := func(args, body string) string {
		return "func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {\n" +
			"  %0 = \"linalg.map\"(%a, %b, %c) ({\n  ^bb0(" + args + "):\n" + body +
			"  }) : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n"
	}
	add := "    %s = arith.addf %x, %y : f32\n    \"linalg.yield\"(%s) : (f32) -> ()\n"
	text19 := mapOp("%x: f32, %y: f32", add)
	refuses(t, oracle.LLVM22, text19)
	in, ctx, m := readNewest(t, oracle.LLVM19, text19)
	out, err := writeFor(ctx, m, oracle.LLVM22)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := oracle.RunInput(oracle.LLVM22, out, ".mlirbc"); err != nil {
		t.Fatalf("mlir-opt-22 refuses the map written for 22: %v", err)
	}
	ctx22 := newContext()
	m22, err := mlirbc.Read(ctx22, out, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back, err := writeFor(ctx22, m22, oracle.LLVM19); err != nil || !bytes.Equal(back, in) {
		t.Errorf("written back for 19: %v (the bytes read: %v)", err, bytes.Equal(back, in))
	}
	if back, err := writeFor(ctx, m, oracle.LLVM19); err != nil || !bytes.Equal(back, in) {
		t.Errorf("the module read, written for 19 after the write for 22: %v (the bytes read: %v)", err, bytes.Equal(back, in))
	}
	reads := mapOp("%x: f32, %y: f32, %z: f32", "    %s = arith.addf %x, %z : f32\n    \"linalg.yield\"(%s) : (f32) -> ()\n")
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, reads, "the mapper reads the init's element, which LLVM 19 does not pass it")
}

// LLVM 19 and 22 order omp.parallel's operand groups differently (19: if,
// num_threads, allocate…; 22: allocate, allocator, if, num_threads…), as
// omp.yaml's operand_order says, and 22 renamed two of them (19's
// num_threads_var and allocators_vars). Written for the other release,
// the operands move with their groups, and the file is what that
// release's mlir-opt writes for the op. (Once, written as read, a 19 op's
// num_threads became an allocator, which mlir-opt-22 refused; then such
// ops were refused.) A group the target lacks is refused: 22's
// omp.target allocates, which 19's cannot.
func TestReleaseReorderedGroups(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	parallel := func(operands string) string {
		return "func.func @f(%c: i1, %n: i32, %a: memref<i32>, %b: memref<i32>, %x: i64) {\n  omp.parallel " + operands + "{\n    omp.terminator\n  }\n  return\n}\n"
	}
	for _, operands := range []string{
		"",
		"if(%c) ",
		"if(%c) allocate(%x : i64 -> %a : memref<i32>, %x : i64 -> %b : memref<i32>) ",
		"num_threads(%n : i32) ",
		"if(%c) num_threads(%n : i32) allocate(%x : i64 -> %a : memref<i32>) ",
	} {
		text := parallel(operands)
		convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, [][2]oracle.Release{
			{oracle.LLVM19, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM19},
		})
	}

	writeRefused(t, oracle.LLVM22, oracle.LLVM19, "func.func @f(%a: memref<i32>, %x: i64) {\n  omp.target allocate(%x : i64 -> %a : memref<i32>) {\n    omp.terminator\n  }\n  return\n}\n",
		"operand group 0 of its definition (counting from 0) holds 1 value, and LLVM 19 has no such group")

	// The write leaves the module as it was read: its op's operands in
	// 19's order, which its accessors read.
	writesBackAsRead(t, map[oracle.Release]string{oracle.LLVM19: parallel("if(%c) allocate(%x : i64 -> %a : memref<i32>) ")}, [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM22}})
}

// LLVM 16's omp.target is not IsolatedFromAbove (19's is), which the
// bytecode says with its regions: a 16 file holding one writes back as
// mlir-opt-16 wrote it.
func TestRelease16Isolation(t *testing.T) {
	oracle.Require(t, oracle.LLVM16)
	in, ctx, m := readNewest(t, oracle.LLVM16, "func.func @f() {\n  omp.target {\n    omp.terminator\n  }\n  return\n}\n")
	out, err := mlirbc.Append(nil, ctx, m, m.Options())
	if err != nil || !bytes.Equal(out, in) {
		t.Errorf("omp.target of a 16 file written back: %v (the bytes read: %v)", err, bytes.Equal(out, in))
	}
}

// writeRefused checks that the module mlir-opt of release from writes for
// text is refused for release to, with an error saying want.
func writeRefused(t *testing.T, from, to oracle.Release, text, want string) {
	t.Helper()
	_, ctx, m := readNewest(t, from, text)
	if _, err := writeFor(ctx, m, to); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("written for %d: %v; want an error saying %q", to, err, want)
	}
}

// An attribute inherent where the op was read and undeclared in the
// release written for is refused, as that release keeps it only as a
// discardable attribute it ignores: 19's omp.parallel proc_bind_val
// written for 22, which names it proc_bind_kind, lost the binding without
// an error. affine.if's condition, which 19 reads from the attribute
// dictionary (read_outside), crosses, and the files are mlir-opt's bytes.
func TestReleaseUndeclaredAttribute(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	procBind := "func.func @f() {\n  omp.parallel proc_bind(close) {\n    omp.terminator\n  }\n  return\n}\n"
	writeRefused(t, oracle.LLVM19, oracle.LLVM22, procBind, "attribute proc_bind_val: LLVM 22 has no such attribute (LLVM 19 or older have it), so it cannot hold #omp<procbindkind close>")
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, procBind, "attribute proc_bind_kind: LLVM 19 has no such attribute (LLVM 22 or newer have it)")
	affineIf := "func.func @f(%i: index) {\n  affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {\n  }\n  return\n}\n"
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: affineIf, oracle.LLVM22: affineIf}, [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM19}, {oracle.LLVM19, oracle.LLVM22}})
}

// LLVM 22 added nvvm.cp.async.bulk.tensor.global.shared.cta's l2CacheHint
// group before its predicate. Written for the other release, each group's
// size moves to the group's place there, and the file is that release's
// mlir-opt's bytes; the writer once kept the sizes in place, handing the
// predicate to the cache hint (mlir-opt-22: "operand #3 must be 64-bit
// signless integer, but got 'i1'"). A cache hint is refused for 19.
func TestReleaseSegmentsByGroup(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	cp := func(sizes, operands, types string) string {
		return "llvm.func @f(%tma: !llvm.ptr, %src: !llvm.ptr<3>, %c: i32, %p: i1, %h: i64) {\n" +
			"  \"nvvm.cp.async.bulk.tensor.global.shared.cta\"(%tma, %src, %c" + operands + ") <{operandSegmentSizes = array<i32: " + sizes + ">}> : (!llvm.ptr, !llvm.ptr<3>, i32" + types + ") -> ()\n" +
			"  llvm.return\n}\n"
	}
	text := map[oracle.Release]string{
		oracle.LLVM19: cp("1, 1, 1, 1", ", %p", ", i1"),
		oracle.LLVM22: cp("1, 1, 1, 0, 1", ", %p", ", i1"),
	}
	convertsAsOracles(t, text, between19And22)
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, cp("1, 1, 1, 1, 0", ", %h", ", i64"),
		"operand group 3 of its definition (counting from 0) holds 1 value, and LLVM 19 has no such group")
}

// Segment sizes the target's op cannot hold are refused, not fitted to
// its groups: the writer cut eight sizes to six, and the values went to
// other groups.
func TestWriteRefusesSegments(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	text := "func.func @f(%c: i1, %n: i32) {\n  omp.parallel if(%c) num_threads(%n : i32) {\n    omp.terminator\n  }\n  return\n}\n"
	for _, c := range []struct {
		sizes []int32
		want  string
	}{
		{[]int32{0, 0, 1, 0, 0, 1, 0, 0}, "8 operand segment sizes, but the op of LLVM 22 has 6 operand groups"},
		{[]int32{0, 0, 1, 0, 0}, "5 operand segment sizes, but the op of LLVM 22 has 6 operand groups"},
		{[]int32{0, 0, 1, 0, 0, 0}, "add up to 1, but it has 2 operands"},
		{nil, "2 operands without operand segment sizes"},
	} {
		_, ctx, m := readNewest(t, oracle.LLVM22, text)
		opsNamed(m.Op, "omp.parallel")[0].SetOperandSegments(c.sizes)
		if _, err := mlirbc.Append(nil, ctx, m, m.Options()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sizes %v: %v; want an error saying %q", c.sizes, err, c.want)
		}
	}
}

// LLVM 19's gpu.module ends its block with gpu.module_end, which its
// parser adds (SingleBlockImplicitTerminator); 22's has no terminator and
// no such op. Written for the other release, the terminator is dropped or
// added (with the module's location, as a parser gives it), and the file
// is that release's mlir-opt's bytes. The writer refused both before: 22
// has no gpu.module_end, and 19's module must end with a terminator.
// Written again as read, the module is as it was.
func TestReleaseImplicitTerminator(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	text := "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n    gpu.func @k() kernel {\n      gpu.return\n    }\n  }\n}\n"
	texts := inEveryRelease(text)
	pairs := [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM16}}
	convertsAndBack(t, texts, pairs)
}

// LLVM 19's omp loop wrappers end their region with omp.terminator; 22's
// hold the loop nest alone (NoTerminator). Written for 22, the terminator,
// which carries nothing, is dropped, and the file is mlir-opt-22's (the
// operand in a group 22 placed otherwise moves with it); the module is
// then as read. Written for 19, a 22 wrapper gets the omp.terminator the
// definitions say 19's ends with (ends_with), and the file is
// mlir-opt-19's; it was refused before ("ends with omp.loop_nest, which
// is not a terminator"). The module is then as read.
func TestReleaseLoopWrapperTerminator(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	// The terminator a writer adds has the wrapper's location: 19's text
	// gives its own the same.
	simd := func(terminator string) string {
		return "func.func @f(%lb: index, %ub: index, %p: memref<i32>) {\n  omp.simd nontemporal(%p : memref<i32>) {\n" +
			"    omp.loop_nest (%i) : index = (%lb) to (%ub) step (%lb) {\n      omp.yield\n    }\n" +
			"    " + terminator + "\n  } loc(\"w.mlir\":2:3)\n  return\n}\n"
	}
	const terminator = "omp.terminator loc(\"w.mlir\":2:3)"
	text := map[oracle.Release]string{oracle.LLVM19: simd(terminator), oracle.LLVM22: simd("")}
	convertsAsOracles(t, text, between19And22)
	writesBackAsRead(t, text, between19And22)
	// Every loop wrapper of 19.
	wsloop := func(terminator string) string {
		return "func.func @f(%lb: index, %ub: index) {\n  omp.wsloop {\n" +
			"    omp.loop_nest (%i) : index = (%lb) to (%ub) step (%lb) {\n      omp.yield\n    }\n" +
			"    " + terminator + "\n  } loc(\"w.mlir\":2:3)\n  return\n}\n"
	}
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: wsloop(terminator), oracle.LLVM22: wsloop("")}, [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM19}})
}

// SPIR-V types hold bf16 from LLVM 21 on: written for 19, a type holding
// it at any depth is refused, where it was written and mlir-opt-19 refused
// the file ("cannot use 'bf16' to compose SPIR-V types"). One of f16
// converts, and the file is mlir-opt-19's.
func TestReleaseSPIRVBF16(t *testing.T) {
	oracle.Require(t, oracle.LLVM19)
	oracle.Require(t, oracle.LLVM22)
	fn := func(ty string) string { return "func.func @f(%a: " + ty + ") {\n  return\n}\n" }
	for _, ty := range []string{
		"!spirv.array<4 x bf16>",
		"!spirv.ptr<!spirv.struct<(f32, !spirv.rtarray<vector<2xbf16>>)>, StorageBuffer>",
	} {
		writeRefused(t, oracle.LLVM22, oracle.LLVM19, fn(ty), "holding bf16")
	}
	text := fn("!spirv.ptr<!spirv.struct<(f32, !spirv.rtarray<vector<2xf16>>)>, StorageBuffer>")
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM19}})
}

// writesBackAsRead checks that a module read from each pair's first
// release (mlir-opt's file of text), once written for the second, writes
// for the first as it was read: conversions leave the module as read.
func writesBackAsRead(t *testing.T, text map[oracle.Release]string, pairs [][2]oracle.Release) {
	t.Helper()
	for _, c := range pairs {
		in, ctx, m := readNewest(t, c[0], text[c[0]])
		if _, err := writeFor(ctx, m, c[1]); err != nil {
			t.Fatal(err)
		}
		if back, err := writeFor(ctx, m, c[0]); err != nil || !bytes.Equal(back, in) {
			t.Errorf("read from %d, written for %d, then as read: %v (the bytes read: %v)", c[0], c[1], err, bytes.Equal(back, in))
		}
	}
}

// with16 are the conversions to and from LLVM 16 the release tests check.
// inEveryRelease gives text, which every release reads alike, as the text
// of each.
func inEveryRelease(text string) map[oracle.Release]string {
	return map[oracle.Release]string{oracle.LLVM16: text, oracle.LLVM19: text, oracle.LLVM22: text}
}

// between19And22 are the conversions from 19 to 22 and back.
var between19And22 = [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM19}}

var with16 = [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM19, oracle.LLVM16}, {oracle.LLVM22, oracle.LLVM16}}

// convertsWith16 checks texts converted to and from LLVM 16 (with16): the
// files are mlir-opt's, and the module is as read after each write.
func convertsWith16(t *testing.T, texts map[oracle.Release]string) {
	t.Helper()
	convertsAndBack(t, texts, with16)
}

// convertsAndBack checks each conversion of pairs: the file is mlir-opt's,
// and the module is as read after the write.
func convertsAndBack(t *testing.T, texts map[oracle.Release]string, pairs [][2]oracle.Release) {
	t.Helper()
	convertsAsOracles(t, texts, pairs)
	writesBackAsRead(t, texts, pairs)
}

// LLVM 16's affine.for names its bounds lower_bound and upper_bound and
// splits its operands by their maps; 19 names them lowerBoundMap and
// upperBoundMap and gives segment sizes. Written for the other release,
// the bounds are renamed and the sizes made or dropped (the op was
// refused, "LLVM 16 has no such attribute"): the files are mlir-opt's, and
// the module is as read after the write.
func TestReleaseAffineForBounds(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := "func.func @f(%n: index, %m: memref<?xf32>, %init: f32) -> f32 {\n" +
		"  %r = affine.for %i = 0 to %n iter_args(%acc = %init) -> (f32) {\n" +
		"    %v = affine.load %m[%i] : memref<?xf32>\n    %s = arith.addf %acc, %v : f32\n    affine.yield %s : f32\n  }\n" +
		"  return %r : f32\n}\n"
	convertsWith16(t, inEveryRelease(text))
}

// LLVM 19's parser gives every llvm.func unnamed_addr and every llvm.add,
// sub, mul and shl overflowFlags (none), which 16 does not have. Written
// for the other release, they are added, in the target's form (22 holds
// the flags as an i32), or dropped where they say nothing: the files are
// mlir-opt's and the module is as read after. Flags 16 cannot say are
// refused, and so is a type 16 does not have. Before, every such op was
// refused both ways.
func TestReleaseLLVMDefaults16(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	fn := func(body string) string {
		return "llvm.func @f(%a: i32, %b: i32) -> i32 {\n" + body + "  llvm.return %e : i32\n}\n"
	}
	text := fn("  %c = llvm.add %a, %b : i32\n  %d = llvm.mul %c, %c : i32\n  %e = llvm.shl %d, %d : i32\n")
	convertsWith16(t, inEveryRelease(text))
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, fn("  %e = llvm.add %a, %b overflow<nsw> : i32\n"), "attribute overflowFlags: #llvm.overflow<nsw>, which LLVM 16 cannot say")
	// 16 has no target extension types ("unknown LLVM type: target"),
	// which its records do not show: the importer's list of what 16
	// lacks says so.
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, "llvm.func @g(%t: !llvm.target<\"t\", i32, 1>) {\n  llvm.return\n}\n", "llvm LLVMTargetExtType needs LLVM 19 or newer")
}

// LLVM 16's vector.extract and insert hold their position as an
// I64ArrayAttr named position, 19's as static_position, an array<i64>,
// beside dynamic positions 16 cannot say. Written for the other release,
// the position moves (it was refused): the files are mlir-opt's, and the
// module is as read after. A dynamic position is refused for 16.
func TestReleaseVectorPosition(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	fn := func(extract string) string {
		return "func.func @f(%v: vector<4x8xf32>, %i: index) -> vector<4x8xf32> {\n" +
			"  %a = vector.extract %v[1] : " + extract + "\n" +
			"  %b = vector.insert %a, %v [2] : vector<8xf32> into vector<4x8xf32>\n  return %b : vector<4x8xf32>\n}\n"
	}
	texts := map[oracle.Release]string{oracle.LLVM16: fn("vector<4x8xf32>"), oracle.LLVM19: fn("vector<8xf32> from vector<4x8xf32>")}
	texts[oracle.LLVM22] = texts[oracle.LLVM19]
	convertsWith16(t, texts)
	dynamic := strings.Replace(texts[oracle.LLVM19], "%v[1]", "%v[%i]", 1)
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, dynamic, "a dynamic position")
}

// A sparse tensor encoding is text in bytecode, spelled otherwise by LLVM
// 16 (dimLevelType = [...]) than by 19 and 22 (map = (...) -> (...)), and
// only the newer spelling is modeled here. Written for the other release,
// 16's text, kept as read, and a newer storage specifier, which has no
// text form for 16 here, are refused: they were written, and the other
// mlir-opt refused the file ("unexpected key: dimLevelType", "unexpected
// key: map"). Written for the
// release it was read in, each is as read, and 19's crosses to 22 as
// mlir-opt-22 writes it.
func TestReleaseSparseEncodingText(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	old := "func.func @f(%t: tensor<8x8xf64, #sparse_tensor.encoding<{ dimLevelType = [ \"dense\", \"compressed\" ] }>>) {\n  return\n}\n"
	writeRefused(t, oracle.LLVM16, oracle.LLVM19, old, `sparse_tensor text #sparse_tensor.encoding<{ dimLevelType = [ "dense", "compres… needs LLVM 16`)
	writeRefused(t, oracle.LLVM16, oracle.LLVM22, old, "but the target is LLVM 22")
	newer := "func.func @f(%t: tensor<8x8xf64, #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>>) {\n  return\n}\n"
	writeRefused(t, oracle.LLVM22, oracle.LLVM16, newer, "sparse_tensor SparseTensorEncodingAttr needs LLVM 19 or newer")
	// A specifier nests its encoding in its own text.
	spec := "func.func @f(%s: !sparse_tensor.storage_specifier<#sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>>) {\n  return\n}\n"
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, spec, "sparse_tensor StorageSpecifierType has no custom encoding, and no text form for LLVM 16 (the target) is known here")
	writeRefused(t, oracle.LLVM22, oracle.LLVM16, spec, "no text form for LLVM 16")
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: newer, oracle.LLVM22: newer}, between19And22)
	for _, r := range []oracle.Release{oracle.LLVM16, oracle.LLVM19} {
		text := map[oracle.Release]string{oracle.LLVM16: old, oracle.LLVM19: newer}[r]
		in, ctx, m := readNewest(t, r, text)
		if out, err := writeFor(ctx, m, r); err != nil || !bytes.Equal(out, in) {
			t.Errorf("written for %d, as read: %v", r, err)
		}
	}
}

// LLVM 16's writer grouped the entries of each varint-size slice by
// dialect with a comparison that is not a strict weak order (an entry of
// a lower-numbered dialect compared less than one of the dialect to order
// first too), so its files hold what libstdc++'s stable sort made of it:
// 200 unregistered ops, every fifth with an attribute of dialect u, end
// the first 128 entries with u, and 16 leaves the next slice's u entries
// among builtin's, where 19 and 22 put them first. Each release's file
// reads and writes back as its mlir-opt wrote it; 16's did not.
func TestLooseDialectOrder16(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		if i%5 == 0 {
			fmt.Fprintf(&b, "\"u.x\"() {a = #u<\"v%d\">} : () -> ()\n", i)
		} else {
			b.WriteString("\"u.x\"() : () -> ()\n")
		}
	}
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
		in, ctx, m := readNewest(t, rel, b.String(), "--allow-unregistered-dialect")
		if out, err := writeFor(ctx, m, rel); err != nil || !bytes.Equal(out, in) {
			t.Errorf("LLVM %d: written back %v, the bytes read: %v", rel, err, bytes.Equal(out, in))
		}
	}
}

// LLVM 16's gpu.module declares no attribute: its symbol name is a
// discardable sym_name, which 19 declares. A file of 16 wrote back for 16
// was refused ("attribute 'sym_name' of op gpu.module needs LLVM 19 or
// newer"), and so was any gpu.module written for 16: an attribute the op
// did not have where it was read was discardable there too, and a
// symbol's name means the same declared or not. Each way the file is
// mlir-opt's bytes. An attribute inherent where read and undeclared in
// the target is still refused (TestReleaseUndeclaredAttribute).
func TestReleaseSymbolNameDeclared(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n    gpu.func @k() kernel {\n      gpu.return\n    }\n  }\n}\n"
	convertsAsOracles(t, inEveryRelease(text), [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM16}, {oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM19, oracle.LLVM16}, {oracle.LLVM22, oracle.LLVM16}})
}

// LLVM 19 and 22 fill a transfer op's in_bounds with false where its text
// leaves it out; 16 leaves it out. Written for the other release, in_bounds
// is filled or, where it says nothing, dropped (the ops were refused for
// 19 and 22: "required attribute in_bounds is missing"), and the file is
// mlir-opt's bytes; one that says a dimension is in bounds travels as it
// is. A broadcast dimension 16 leaves unsaid is refused for 19, which
// requires it in bounds, and false for 22, which does not. A scalable
// mask is refused for 16, whose verifier refuses it (it was written).
func TestReleaseTransferInBounds(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := "func.func @f(%m: memref<?x?xf32>, %i: index, %v: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {\n" +
		"  %pad = arith.constant 0.0 : f32\n" +
		"  %a = vector.transfer_read %m[%i, %i], %pad : memref<?x?xf32>, vector<8xf32>\n" +
		"  %b = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<?x?xf32>, vector<8xf32>\n" +
		"  vector.transfer_write %v, %m[%i, %i] : vector<8xf32>, memref<?x?xf32>\n" +
		"  return %a, %b : vector<8xf32>, vector<8xf32>\n}\n"
	convertsWith16(t, inEveryRelease(text))
	broadcast := "func.func @f(%m: memref<?x?xf32>, %i: index) -> vector<4x8xf32> {\n  %pad = arith.constant 0.0 : f32\n" +
		"  %b = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<4x8xf32>\n" +
		"  return %b : vector<4x8xf32>\n}\n"
	writeRefused(t, oracle.LLVM16, oracle.LLVM19, broadcast, "dimension 0 is a broadcast, which LLVM 19 requires in bounds")
	// A mask converts; a scalable one, which 16's verifier refuses (it
	// infers the mask as fixed), is refused for 16.
	masked := func(n string) string {
		return "func.func @f(%m: memref<?xf32>, %i: index, %k: vector<" + n + "xi1>) -> vector<" + n + "xf32> {\n  %pad = arith.constant 0.0 : f32\n" +
			"  %a = vector.transfer_read %m[%i], %pad, %k : memref<?xf32>, vector<" + n + "xf32>\n  return %a : vector<" + n + "xf32>\n}\n"
	}
	convertsWith16(t, inEveryRelease(masked("4")))
	refuses(t, oracle.LLVM16, masked("[4]"))
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, masked("[4]"), "its mask is a scalable vector (vector<[4]xi1>), which LLVM 16 infers as fixed and refuses")
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM16: broadcast, oracle.LLVM22: broadcast}, [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM22}})
}

// A file whose producer names no LLVM release (JAX's exports of 2023, by
// "StableHLO_v0.9.0") may mark only ops with the IsolatedFromAbove trait
// isolated from above, as LLVM 16 did, where later releases also mark ops
// whose regions use nothing from outside (this scf.execute_region).
// Written back as it was read, such a file is its own bytes (11 of JAX's
// 135 exports were not: their functions came back isolated); one marked by
// the later rule is too, and a lazy read, which has not seen every mark,
// writes by the later rule.
func TestIsolationAsRead(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	text := "func.func @f() -> i32 {\n  %r = scf.execute_region -> i32 {\n    %c = arith.constant 1 : i32\n    scf.yield %c : i32\n  }\n  return %r : i32\n}\n"
	_, ctx, m := readNewest(t, oracle.LLVM22, text)
	for _, rel := range []int{16, 22} {
		in, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(0), Producer: "MLIRxxx-trunk", Release: rel})
		if err != nil {
			t.Fatal(err)
		}
		for _, lazy := range []bool{false, true} {
			ctx2 := newContext()
			m2, err := mlirbc.Read(ctx2, in, mlirbc.ReadOptions{Lazy: lazy})
			if err != nil || m2.Release != 0 {
				t.Fatalf("read: release %v, %v", m2.Release, err)
			}
			out, err := mlirbc.Append(nil, ctx2, m2, m2.Options())
			if err != nil {
				t.Fatal(err)
			}
			if same := bytes.Equal(out, in); same != (rel == 22 || !lazy) {
				t.Errorf("marked as LLVM %d marks, read lazily %v: written back the same bytes %v", rel, lazy, same)
			}
		}
	}
}

// SPIR-V's version, capabilities and extensions triple is text these
// definitions keep as read (their form does not read it), spelled alike
// by LLVM 19 and 22, whose definitions have one form for it: written for
// the other release it is carried as read, and the file is mlir-opt's.
// Kept text whose kind has another form in the target, or none, is
// refused (TestReleaseSparseEncodingText).
func TestReleaseKeptTextCarried(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {\n}\n"
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, between19And22)
}

// LLVM 22's getelementptr holds noWrapFlags (GEPNoWrapFlags as an i32;
// inbounds is 3) where 19 and 16 hold inbounds, a unit attribute. Written
// for the other release, one becomes the other (both were refused: "LLVM
// 22 has no such attribute", "LLVM 19 has no such attribute"), and the
// file is mlir-opt's bytes; flags 19 cannot say are refused.
func TestReleaseGEPFlags(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	fn := func(gep string) string {
		return "llvm.func @f(%p: !llvm.ptr, %i: i64) -> !llvm.ptr {\n  %q = llvm.getelementptr " + gep + "%p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32\n" +
			"  %r = llvm.getelementptr %q[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32\n  llvm.return %r : !llvm.ptr\n}\n"
	}
	text := fn("inbounds ")
	texts := inEveryRelease(text)
	pairs := [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM19}, {oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM16}}
	convertsAndBack(t, texts, pairs)
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, fn("nuw "), "attribute noWrapFlags: 4 : i32, which LLVM 19 cannot say")
}

// LLVM 22's parser gives llvm.trunc overflowFlags (0 where the text says
// nothing), which 19 does not have: written for 19 they are dropped (the
// op was refused: "LLVM 19 has no such attribute"), and the file is
// mlir-opt-19's; flags 19 cannot say are refused.
func TestReleaseTruncFlags(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	fn := func(flags string) string {
		return "llvm.func @f(%a: i64) -> i32 {\n  %b = llvm.trunc %a " + flags + ": i64 to i32\n  llvm.return %b : i32\n}\n"
	}
	texts := map[oracle.Release]string{oracle.LLVM19: fn(""), oracle.LLVM22: fn("")}
	pairs := [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM19}, {oracle.LLVM19, oracle.LLVM22}}
	convertsAndBack(t, texts, pairs)
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, fn("overflow<nsw> "), "attribute overflowFlags: 1 : i32, which LLVM 19 cannot say")
}

// LLVM 22 numbers linalg.conv_3d_ncdhw_fcdhw's loops otherwise than 19,
// and both cache the op's indexing maps in the op
// (linalg.memoized_indexing_maps), which a release reads in place of
// computing them. Carried unchanged, 19's maps told 22 the loops in 19's
// order, against 22's iterator types: written for the other release, the
// cached maps are renumbered, and the file is mlir-opt's bytes.
func TestReleaseLoopOrder(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := "func.func @f(%i: tensor<?x?x?x?x?xf32>, %k: tensor<?x?x?x?x?xf32>, %o: tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32> {\n" +
		"  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}" +
		" ins(%i, %k : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) outs(%o : tensor<?x?x?x?x?xf32>) -> tensor<?x?x?x?x?xf32>\n" +
		"  return %r : tensor<?x?x?x?x?xf32>\n}\n"
	sameTextBetween19And22(t, text)
}

// LLVM 22's acc.routine names its function with a symbol reference
// (@f), 19's with the symbol's name as a string: written for 22, 19's
// name becomes the reference (it was refused: "LLVM 19 holds it as
// SymbolNameAttr and LLVM 22 as SymbolRefAttr, and no conversion is
// known"), and the file is mlir-opt-22's.
func TestReleaseSymbolNameStorage(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := "func.func @f() {\n  return\n}\nacc.routine @r func(@f)\n"
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, [][2]oracle.Release{{oracle.LLVM19, oracle.LLVM22}})
}

// LLVM 22's spirv.GlobalVariable declares built_in; 19's parser puts it
// among the op's discardable attributes and reads it there. Written for
// the other release it moves between the two (it was refused for 19:
// "LLVM 19 has no such attribute"), and the file is mlir-opt's.
func TestReleaseBuiltInReadOutside(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := "spirv.module Logical GLSL450 {\n  spirv.GlobalVariable @var built_in(\"GlobalInvocationId\") : !spirv.ptr<vector<3xi32>, Input>\n}\n"
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM19}, {oracle.LLVM19, oracle.LLVM22}})
}

// LLVM 16's gpu.launch_func has 9 operand groups, where 19 added three
// cluster sizes and an async object; its omp.target lacks 19's depend,
// device-address, device-pointer, map and private groups, its
// omp.single copyprivate_vars and its omp.parallel private_vars. Their segment
// sizes are laid out for the release written for: from 16 the new groups
// are empty, and for 16 they are left out (19's 13 sizes were written for
// 16, which refused the file, and 16's 9 refused for 19). The files are
// mlir-opt's, and the module is as read after the write. A cluster size,
// which 16 cannot say, is refused for 16.
func TestReleaseSegmentGroups16(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	launch := "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n    gpu.func @k(%arg0: f32) kernel {\n      gpu.return\n    }\n  }\n" +
		"  func.func @main(%a: f32) {\n    %c1 = arith.constant 1 : index\n" +
		"    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : f32)\n    return\n  }\n}\n"
	target := "func.func @f(%c: i1) {\n  omp.target if(%c) {\n    omp.terminator\n  }\n  return\n}\n"
	// 16's omp.single names its allocators' group allocators_vars (the
	// importer's renamedGroups) and lacks copyprivate_vars.
	single := "func.func @f() {\n  omp.single {\n    omp.terminator\n  }\n  return\n}\n"
	for _, text := range []string{launch, target, single} {
		convertsWith16(t, inEveryRelease(text))
	}
	// 16's omp.parallel names its if operand if_expr_var and lacks
	// private_vars; its text spells the if operand's type.
	parallel := "func.func @f(%c: i1) {\n  omp.parallel if(%c) {\n    omp.terminator\n  }\n  return\n}\n"
	convertsWith16(t, map[oracle.Release]string{oracle.LLVM16: strings.Replace(parallel, "if(%c)", "if(%c : i1)", 1), oracle.LLVM19: parallel, oracle.LLVM22: parallel})
	cluster := strings.Replace(launch, "blocks in", "clusters in (%c1, %c1, %c1) blocks in", 1)
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, cluster, "operand group 7 of its definition (counting from 0) holds 1 value, and LLVM 16 has no such group")
}

// LLVM 17 renamed arith.maxf and minf maximumf and minimumf, the ops
// otherwise alike (older_names). Converted between 16 and 19 or 22 they
// are renamed, and the files are mlir-opt's (16's were written for 19 as
// ops without a schema, which mlir-opt-19 refused, "unregistered
// operation 'arith.maxf'"; 19's were refused for 16); the module is as
// read after each write. A 16 file prints the old names, as mlir-opt-16.
func TestReleaseOpRenamed16(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := func(max, min string) string {
		return "func.func @f(%a: f32, %b: f32) -> (f32, f32) {\n  %0 = arith." + max + " %a, %b : f32\n  %1 = arith." + min + " %a, %b fastmath<nnan> : f32\n  return %0, %1 : f32, f32\n}\n"
	}
	newer := text("maximumf", "minimumf")
	convertsWith16(t, map[oracle.Release]string{oracle.LLVM16: text("maxf", "minf"), oracle.LLVM19: newer, oracle.LLVM22: newer})
	in, _, m := readNewest(t, oracle.LLVM16, text("maxf", "minf"))
	var got strings.Builder
	if err := mlirtext.Print(&got, m, mlirtext.Options{Release: 16}); err != nil {
		t.Fatal(err)
	}
	want, err := oracle.RunInput(oracle.LLVM16, in, ".mlirbc", "--mlir-print-op-generic", "--mlir-print-debuginfo")
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("printed:\n%s\nmlir-opt-16 prints:\n%s", got.String(), want)
	}
}

// LLVM 20 renamed bufferization.to_memref to_buffer (older_names, from
// the importer's renamedOps). Converted between 19 and 22, and from 16,
// which has no read_only, the op is renamed and the files are mlir-opt's
// (each was refused, "op bufferization.to_memref needs LLVM 19 or
// older"); the module is as read after each write.
func TestReleaseOpRenamed22(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	body := func(op, readOnly, types string) string {
		return "func.func @f(%t: tensor<4xf32>) -> (memref<4xf32>, memref<4xf32>) {\n" +
			"  %m = bufferization." + op + " %t" + readOnly + " : " + types + "\n" +
			"  %n = bufferization." + op + " %t : " + types + "\n" +
			"  return %m, %n : memref<4xf32>, memref<4xf32>\n}\n"
	}
	texts := map[oracle.Release]string{
		oracle.LLVM19: body("to_memref", " read_only", "memref<4xf32>"),
		oracle.LLVM22: body("to_buffer", " read_only", "tensor<4xf32> to memref<4xf32>"),
	}
	convertsAndBack(t, texts, between19And22)
	plain := map[oracle.Release]string{
		oracle.LLVM16: body("to_memref", "", "memref<4xf32>"),
		oracle.LLVM22: body("to_buffer", "", "tensor<4xf32> to memref<4xf32>"),
	}
	convertsAndBack(t, plain, [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM22, oracle.LLVM16}})
}

// LLVM 20 renamed arm_sme's moves between tiles and vectors
// (move_vector_to_tile_slice, move_tile_slice_to_vector: insert and
// extract_tile_slice) and tosa.int_div intdiv. Converted between 19 and
// 22 the ops are renamed, and the files are mlir-opt's (each was refused
// as an op the target lacks); the module is as read after each write.
func TestReleaseOpRenamedArmSMEAndTosa(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	sme := func(insert, extract string) string {
		return "func.func @f(%v: vector<[4]xi32>, %i: index) -> vector<[4]xi32> {\n" +
			"  %t = \"arm_sme.get_tile\"() : () -> vector<[4]x[4]xi32>\n" +
			"  %r = \"arm_sme." + insert + "\"(%v, %t, %i) : (vector<[4]xi32>, vector<[4]x[4]xi32>, index) -> vector<[4]x[4]xi32>\n" +
			"  %s = \"arm_sme." + extract + "\"(%r, %i) <{layout = #arm_sme<layout<vertical>>}> : (vector<[4]x[4]xi32>, index) -> vector<[4]xi32>\n" +
			"  return %s : vector<[4]xi32>\n}\n"
	}
	tosa := func(op string) string {
		return "func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {\n" +
			"  %0 = \"tosa." + op + "\"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>\n  return %0 : tensor<4xi32>\n}\n"
	}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM19: sme("move_vector_to_tile_slice", "move_tile_slice_to_vector"), oracle.LLVM22: sme("insert_tile_slice", "extract_tile_slice")}, between19And22)
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM19: tosa("int_div"), oracle.LLVM22: tosa("intdiv")}, between19And22)
}

// LLVM 16 split acc.init's operands (and those of the other acc data
// ops, and omp.wsloop's and taskloop's) into segment groups that 19's
// cannot be paired with (unknown_groups_until): converting the op's
// sizes to or from 16 is refused, where 19's sizes were written for 16,
// whose mlir-opt refused the file. A 16 file still writes back as read.
func TestReleaseUnknownGroups16(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM16, oracle.LLVM19} {
		oracle.Require(t, r)
	}
	text := "func.func @f(%d: i32) {\n  acc.init device_num(%d : i32)\n  return\n}\n"
	const want = "LLVM 16 splits the op's values into segment groups otherwise than the definitions describe"
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, text, want)
	writeRefused(t, oracle.LLVM16, oracle.LLVM19, text, want)
	convertsAsOracles(t, map[oracle.Release]string{oracle.LLVM16: text}, [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM16}})
	// The accessors find no group in 16's op, whose sizes are not the
	// definition's (its second group, the device number, was read as the
	// if condition); in 19's, the device number.
	for r, want := range map[oracle.Release]bool{oracle.LLVM16: false, oracle.LLVM19: true} {
		_, _, m := readNewest(t, r, text)
		var init accops.InitOp
		m.Op.Walk(func(op *ir.Operation) bool {
			if o, ok := accops.AsInitOp(op); ok {
				init = o
			}
			return true
		})
		if got := init.DeviceNum() != nil; got != want || init.IfCond() != nil {
			t.Errorf("LLVM %d: acc.init's device number found: %v, if condition: %v", r, got, init.IfCond())
		}
	}
}

// LLVM 22 renamed acc.update's async (the device types of async without a
// value) asyncOnly; the text is the same. Converted between 19 and 22 the
// attribute is renamed (it was refused: "LLVM 22 has no such attribute"),
// and the files are mlir-opt's; the module is as read after each write.
func TestReleaseAccUpdateAsync(t *testing.T) {
	sameTextBetween19And22(t, "func.func @f(%a: memref<f32>) {\n  %0 = acc.update_device varPtr(%a : memref<f32>) -> memref<f32>\n"+
		"  acc.update async dataOperands(%0 : memref<f32>)\n  acc.update dataOperands(%0 : memref<f32>)\n  return\n}\n")
}

// LLVM 22 split acc.routine's bind names (19's bindName, strings only)
// into bindStrName and bindIdName, which its parser gives every routine
// with a bind. Converted between 19 and 22 the names move (they were
// refused), and the files are mlir-opt's; the module is as read after
// each write. A bind to an identifier, which 19 cannot say, is refused.
func TestReleaseAccRoutineBind(t *testing.T) {
	sameTextBetween19And22(t, "func.func @acc_func() {\n  return\n}\n"+
		"acc.routine @r1 func(@acc_func) bind(\"acc_func_gpu\") gang\nacc.routine @r2 func(@acc_func) seq\n")
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, "func.func @acc_func() {\n  return\n}\nacc.routine @r1 func(@acc_func) bind(@acc_func) seq\n",
		"binds the routine to an identifier, which LLVM 19 cannot say")
}

// sameTextBetween19And22 checks text, which 19 and 22 read alike,
// converted from each release to the other (convertsAndBack).
func sameTextBetween19And22(t *testing.T, text string) {
	t.Helper()
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM19: text, oracle.LLVM22: text}, between19And22)
}

// LLVM 17 generalized llvm.mlir.null, a null pointer, to llvm.mlir.zero,
// a zero of any type (older_names, and zeroRelease). Converted between 16
// and 19 or 22 the op is renamed, and the files are mlir-opt's (16's was
// refused for 19: "no release the llvm definitions cover has it", and
// 19's for 16); the module is as read after each write. A zero of another
// type than a pointer is refused for 16.
func TestReleaseZeroNull16(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := func(op string) string {
		return "llvm.func @f() -> !llvm.ptr {\n  %0 = llvm.mlir." + op + " : !llvm.ptr\n  llvm.return %0 : !llvm.ptr\n}\n"
	}
	convertsWith16(t, map[oracle.Release]string{oracle.LLVM16: text("null"), oracle.LLVM19: text("zero"), oracle.LLVM22: text("zero")})
	writeRefused(t, oracle.LLVM19, oracle.LLVM16, "llvm.func @f() -> i32 {\n  %0 = llvm.mlir.zero : i32\n  llvm.return %0 : i32\n}\n",
		"a zero of i32: LLVM 16 makes only null pointers")
}

// LLVM 19 has no encoding for llvm.loop_annotation and writes it as its
// text, in which its start and end locations are loc(...) and a fused
// location's metadata and the access groups share one numbering of
// distinct attributes; 22 encodes it. Converted between the two, the
// files are mlir-opt's (the annotation was refused for 19, and 19's text
// kept as text for 22); the module is as read after each write.
func TestReleaseLoopAnnotationLocations(t *testing.T) {
	sameTextBetween19And22(t, `#file = #llvm.di_file<"a.c" in "/">
#cu = #llvm.di_compile_unit<id = distinct[5]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = false, emissionKind = None>
#cu1 = #llvm.di_compile_unit<id = distinct[6]<>, sourceLanguage = DW_LANG_C, file = #file, isOptimized = true, emissionKind = None>
#sp = #llvm.di_subprogram<compileUnit = #cu, scope = #file, name = "a", file = #file, subprogramFlags = Definition>
#sp1 = #llvm.di_subprogram<compileUnit = #cu1, scope = #file, name = "b", file = #file, subprogramFlags = Definition>
#group = #llvm.access_group<id = distinct[7]<>>
#group1 = #llvm.access_group<id = distinct[8]<>>
#a = #llvm.loop_annotation<mustProgress = true, startLoc = loc(fused<#sp>["x.c":1:2]), endLoc = loc(fused<#sp1>["x.c":3:4]), parallelAccesses = #group, #group1>
#b = #llvm.loop_annotation<mustProgress = true, startLoc = loc(fused[callsite("f" at "x\22y\0A.c":1:2), "n"("f.c":3:4)]), endLoc = loc(fused<"md">["n"("f.c":3:4), "b"])>
llvm.func @f(%n: i1) {
  llvm.br ^bb1
^bb1:
  llvm.cond_br %n, ^bb1, ^bb2 {loop_annotation = #a}
^bb2:
  llvm.cond_br %n, ^bb2, ^bb3 {loop_annotation = #b}
^bb3:
  llvm.return
}
`)
}

// Affine maps and sets are text in every release, and LLVM 21 began to put
// the dims of a sum in order as its parser simplifies them (d1 + d0 is
// d0 + d1). Written for another release, a map is printed as that
// release's parser leaves it: the files are mlir-opt's after reading the
// text of the release converted from (22's map was written in 19's
// order), and the module is as read after each write.
func TestReleaseAffineSumOrder(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	text := func(sum, cond string) string {
		return "func.func @f(%a: index, %b: index) -> index {\n" +
			"  %0 = affine.apply affine_map<(d0, d1, d2) -> (" + sum + ")>(%a, %b, %a)\n" +
			"  affine.if affine_set<(d0, d1) : (" + cond + " >= 0)>(%a, %b) {\n  }\n" +
			"  return %0 : index\n}\n"
	}
	asWritten, ordered := text("d2 + d1 + d0", "d1 + d0"), text("d1 + d2 + d0", "d0 + d1")
	older := [][2]oracle.Release{{oracle.LLVM16, oracle.LLVM22}, {oracle.LLVM19, oracle.LLVM22}}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM16: asWritten, oracle.LLVM19: asWritten, oracle.LLVM22: asWritten}, older)
	newer := [][2]oracle.Release{{oracle.LLVM22, oracle.LLVM16}, {oracle.LLVM22, oracle.LLVM19}}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM16: ordered, oracle.LLVM19: ordered, oracle.LLVM22: asWritten}, newer)
}

// LLVM 22 added cases to llvm.atomicrmw's bin_op, an enum held as an
// integer: one written for 19 is refused, naming the case (it was written
// as its number, and mlir-opt-19 refused the file); a case both have
// converts to mlir-opt's bytes.
func TestReleaseEnumCaseAdded(t *testing.T) {
	text := func(op string) string {
		return "llvm.func @f(%p: !llvm.ptr, %v: f32) -> f32 {\n  %0 = llvm.atomicrmw " + op + " %p, %v acq_rel : !llvm.ptr, f32\n  llvm.return %0 : f32\n}\n"
	}
	sameTextBetween19And22(t, text("fmax"))
	writeRefused(t, oracle.LLVM22, oracle.LLVM19, text("fmaximum"), "LLVM 19 has no case fmaximum of AtomicBinOp")
}

// Ops a release renamed under the same ODS record, which the importer
// pairs by record: LLVM 22's llvm.intr.stepvector is 19's
// llvm.intr.experimental.stepvector, and 19's omp.cancellation_point 16's
// omp.cancellationpoint. Converted, the op is renamed, and the files are
// mlir-opt's (22's op was refused for 19, needing 22, and 19's written
// for 22 as an op 22 does not have); the module is as read after each
// write.
func TestReleaseOpRenamedSameRecord(t *testing.T) {
	for _, r := range oracle.Releases {
		oracle.Require(t, r)
	}
	step := func(name string) string {
		return "llvm.func @f() -> vector<4xi32> {\n  %0 = llvm." + name + " : vector<4xi32>\n  llvm.return %0 : vector<4xi32>\n}\n"
	}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM19: step("intr.experimental.stepvector"), oracle.LLVM22: step("intr.stepvector")}, between19And22)
	cancel := func(name string) string {
		return "func.func @f() {\n  omp.parallel {\n    omp." + name + " cancellation_construct_type(parallel)\n    omp.terminator\n  }\n  return\n}\n"
	}
	convertsAndBack(t, map[oracle.Release]string{oracle.LLVM16: cancel("cancellationpoint"), oracle.LLVM19: cancel("cancellation_point")},
		[][2]oracle.Release{{oracle.LLVM16, oracle.LLVM19}, {oracle.LLVM19, oracle.LLVM16}})
}

// LLVM 22's clause-based rewrite of omp renamed clause attributes whose
// values stayed alike (hint_val is hint, memory_order_val memory_order,
// cancellation_construct_type_val cancel_directive): clauseNamesRelease
// renames them. The files are mlir-opt's both ways (they were refused:
// "LLVM 22 has no such attribute hint_val"); the module is as read after
// each write.
func TestReleaseOmpClauseNames(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := func(hint, order, cancel string) string {
		return `"builtin.module"() ({
  "omp.critical.declare"() <{` + hint + ` = 2 : i64, sym_name = "c"}> : () -> ()
  "func.func"() <{function_type = (memref<i32>, memref<i32>) -> (), sym_name = "f"}> ({
  ^bb0(%x: memref<i32>, %v: memref<i32>):
    "omp.atomic.read"(%v, %x) <{element_type = i32, ` + hint + ` = 4 : i64, ` + order + ` = #omp<memoryorderkind acquire>}> : (memref<i32>, memref<i32>) -> ()
    "omp.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> ({
      "omp.cancellation_point"() <{` + cancel + ` = #omp<cancellationconstructtype parallel>}> : () -> ()
      "omp.terminator"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	}
	convertsAndBack(t, map[oracle.Release]string{
		oracle.LLVM19: text("hint_val", "memory_order_val", "cancellation_construct_type_val"),
		oracle.LLVM22: text("hint", "memory_order", "cancel_directive"),
	}, between19And22)
}

// omp.single's copyprivate_funcs is 22's copyprivate_syms, and 22 adds a
// group of private operands after the copyprivate ones: converted, the
// attribute is renamed and the segment sizes get or lose the group, and
// the files are mlir-opt's both ways.
func TestReleaseOmpSingleCopyprivate(t *testing.T) {
	for _, r := range []oracle.Release{oracle.LLVM19, oracle.LLVM22} {
		oracle.Require(t, r)
	}
	text := func(attr, sizes string) string {
		return `"builtin.module"() ({
  "func.func"() <{function_type = (!llvm.ptr, !llvm.ptr) -> (), sym_name = "cp"}> ({
  ^bb0(%a: !llvm.ptr, %b: !llvm.ptr):
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (!llvm.ptr) -> (), sym_name = "f"}> ({
  ^bb0(%x: !llvm.ptr):
    "omp.single"(%x) <{` + attr + ` = [@cp], operandSegmentSizes = array<i32: ` + sizes + `>}> ({
      "omp.terminator"() : () -> ()
    }) : (!llvm.ptr) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	}
	convertsAndBack(t, map[oracle.Release]string{
		oracle.LLVM19: text("copyprivate_funcs", "0, 0, 1"),
		oracle.LLVM22: text("copyprivate_syms", "0, 0, 1, 0"),
	}, between19And22)
}

// Dense tf32 data is stored four bytes a value until LLVM 21 and three
// from 22, and each release reads the other's width as other values
// (a 19 splat written unchanged for 22 read as [0.5, 0.0]). Written for
// the other release the data takes its width: the files are mlir-opt's,
// splats, lists and complex values alike.
func TestReleaseTF32DenseWidth(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f() {\n")
	for i, c := range []string{
		"dense<0.5> : tensor<2xtf32>",
		"dense<[0.5, -1.0, 3.0]> : tensor<3xtf32>",
		"dense<(1.0, 2.0)> : tensor<2xcomplex<tf32>>",
		"dense<[(1.0, 0.5), (0.0, -2.0)]> : tensor<2xcomplex<tf32>>",
		"sparse<[[1]], [0.25]> : tensor<4xtf32>",
		"dense<[1, 2]> : tensor<2xi24>",
	} {
		fmt.Fprintf(&b, "  %%%d = arith.constant %s\n", i, c)
	}
	b.WriteString("  return\n}\n")
	sameTextBetween19And22(t, b.String())
}
