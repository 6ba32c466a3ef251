package cudatile_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// detached builds ops outside any block, for seeds that place them.
var detached = tileir.NewBuilder(nil)

// FuzzRead reads arbitrary bytes. Every error must be a *wire.Error with an
// offset inside the data. A module that decodes must write at its own
// version; the output must read back and write to the same bytes. Writing
// at 13.3 may fail (with an error, never a panic); when it succeeds the
// same round trip must hold.
//
// The seed corpus is testdata/fuzz/FuzzRead: the nine vectors, small
// modules built with the API and files with huge counts. Regenerate it with
//
//	go test ./dialects/cuda_tile -run TestFuzzCorpus -args -update-corpus
func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			var we *wire.Error
			if !errors.As(err, &we) {
				t.Fatalf("error %T is not a *wire.Error: %v", err, err)
			}
			if we.Offset < 0 || we.Offset > int64(len(data)) {
				t.Fatalf("error offset %d outside the %d bytes of data: %v", we.Offset, len(data), err)
			}
			return
		}
		for _, v := range []tileir.Version{m.Version, tileir.V13_3} {
			out, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
			if err != nil {
				if v == m.Version {
					t.Fatalf("decoded a %s module that does not write at %s: %v", m.Version, v, err)
				}
				continue // an upgrade may fail, e.g. with a *wire.VersionError
			}
			m2, err := cudatile.Read(out, tileir.ReadOptions{})
			if err != nil {
				t.Fatalf("Read(Write(m, %s)): %v\nwritten: %x", v, err, out)
			}
			if m2.Version != v {
				t.Fatalf("Write(m, %s) read back as %s", v, m2.Version.Full())
			}
			out2, err := cudatile.Append(nil, m2, tileir.WriteOptions{Version: v})
			if err != nil {
				t.Fatalf("Write(Read(Write(m, %s))): %v", v, err)
			}
			if !bytes.Equal(out, out2) {
				t.Fatalf("write(read(write(m))) != write(m) at %s\nw1 %x\nw2 %x", v, out, out2)
			}
		}
	})
}

// ---- seed corpus ----

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz/FuzzRead from the vectors and hand-made modules")

const corpusDir = "testdata/fuzz/FuzzRead"

type seed struct {
	name string
	data []byte
}

// fuzzSeeds lists the seed corpus: the nine vectors, hand-made modules and
// files with huge counts.
func fuzzSeeds(t testing.TB) []seed {
	var out []seed
	for _, f := range loadExpected(t) {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f.Path), ".tileirbc"), ".bc")
		out = append(out, seed{"vector-" + name, readVector(t, f.Path)})
	}
	for _, h := range handMade() {
		data, err := cudatile.Append(nil, h.m, tileir.WriteOptions{Version: h.v})
		if err != nil {
			t.Fatalf("hand-made %s: Write(%s): %v", h.name, h.v, err)
		}
		out = append(out, seed{"made-" + h.name, data})
	}
	for _, h := range hugeCounts() {
		out = append(out, seed{"huge-" + h.name, h.data})
	}
	return out
}

func corpusFile(data []byte) []byte {
	return []byte("go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n")
}

// TestFuzzCorpus checks that the seed files exist and match what
// fuzzSeeds builds (so a writer change that alters the hand-made files is
// noticed), and rewrites them with -update-corpus.
func TestFuzzCorpus(t *testing.T) {
	seeds := fuzzSeeds(t)
	if *updateCorpus {
		if err := os.MkdirAll(corpusDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, s := range seeds {
			if err := os.WriteFile(filepath.Join(corpusDir, s.name), corpusFile(s.data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, s := range seeds {
		got, err := os.ReadFile(filepath.Join(corpusDir, s.name))
		if err != nil {
			t.Errorf("seed %s: %v (run with -update-corpus)", s.name, err)
			continue
		}
		if !bytes.Equal(got, corpusFile(s.data)) {
			t.Errorf("seed %s is stale (run with -update-corpus)", s.name)
		}
	}
}

// TestHandMadeModules checks the hand-made seeds: each decodes to what was
// built and re-encodes to the same bytes.
func TestHandMadeModules(t *testing.T) {
	for _, h := range handMade() {
		t.Run(h.name, func(t *testing.T) {
			want := dump(h.m)
			data, err := cudatile.Append(nil, h.m, tileir.WriteOptions{Version: h.v})
			if err != nil {
				t.Fatal(err)
			}
			m, err := cudatile.Read(data, tileir.ReadOptions{})
			if err != nil {
				t.Fatalf("Read: %v\n%x", err, data)
			}
			if m.Version != h.v || m.Producer != h.m.Producer || len(m.Globals) != len(h.m.Globals) {
				t.Errorf("version %s producer %q globals %d", m.Version, m.Producer, len(m.Globals))
			}
			if got := dump(m); got != want {
				t.Errorf("decoded:\n%s\nbuilt:\n%s", got, want)
			}
			again, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: h.v})
			if err != nil || !bytes.Equal(again, data) {
				t.Errorf("re-encoding differs (err %v)\n got %x\nwant %x", err, again, data)
			}
			checkStable(t, h.name, data)
		})
	}
}

type handMadeModule struct {
	name string
	v    tileir.Version
	m    *tileir.Module
}

func kernel(name string, ins []tileir.Type, body ...tileir.Op) *tileir.Function {
	return &tileir.Function{
		Name:   name,
		Type:   &cudatile.FunctionType{Inputs: ins},
		Kernel: true,
		Params: tileir.NewBlock(ins...).Args,
		Body:   body,
	}
}

func handMade() []handMadeModule {
	var out []handMadeModule
	i32 := &cudatile.Int32Type{}
	i1 := &cudatile.Int1Type{}
	tile2 := &cudatile.TileType{Element: i32, Shape: []int64{2}}
	scalarI1 := &cudatile.TileType{Element: i1}
	token := &cudatile.TokenType{}

	// The smallest module: one kernel that returns, at every version.
	for _, v := range tileir.Versions {
		m := &tileir.Module{Funcs: []*tileir.Function{kernel("k", nil, cudatile.BuildReturnOp(detached, nil))}}
		out = append(out, handMadeModule{"return-" + v.String(), v, m})
	}

	// Constant pool, negi with an overflow attribute (13.2+), addi, a
	// device function next to the kernel.
	{
		c := cudatile.BuildConstantOp(detached, tile2, tileir.Dense{Type: tile2, Data: []byte{1, 0, 0, 0, 2, 0, 0, 0}})
		n := cudatile.BuildNegiOp(detached, tile2, c.Result(), cudatile.IntegerOverflowNoSignedWrap)
		a := cudatile.BuildAddiOp(detached, tile2, n.Result(), c.Result(), cudatile.IntegerOverflowNone)
		k := kernel("ops", nil, c, n, a, cudatile.BuildReturnOp(detached, nil))
		dev := kernel("device", []tileir.Type{tile2}, cudatile.BuildReturnOp(detached, nil))
		dev.Kernel = false
		dev.Body = []tileir.Op{cudatile.BuildReturnOp(detached, nil)}
		out = append(out, handMadeModule{"negi-nsw-13.2", tileir.V13_2,
			&tileir.Module{Funcs: []*tileir.Function{k, dev}}})
	}

	// print_tko with arguments and an input token (13.2+), if and loop
	// with block arguments.
	{
		k := kernel("ctl", []tileir.Type{tile2})
		x := k.Params[0]
		tok := cudatile.BuildMakeTokenOp(detached, token)
		p := cudatile.BuildPrintTkoOp(detached, token, []*tileir.Value{x}, tok.Result(), "x=%d")
		cond := cudatile.BuildConstantOp(detached, scalarI1, tileir.Dense{Type: scalarI1, Data: []byte{0xFF}})
		then := tileir.NewBlock()
		then.Ops = []tileir.Op{cudatile.BuildYieldOp(detached, []*tileir.Value{x})}
		els := tileir.NewBlock()
		neg := cudatile.BuildNegiOp(detached, tile2, x, cudatile.IntegerOverflowNone)
		els.Ops = []tileir.Op{neg, cudatile.BuildYieldOp(detached, []*tileir.Value{neg.Result()})}
		iff := cudatile.BuildIfOp(detached, []tileir.Type{tile2}, cond.Result(),
			&tileir.Region{Blocks: []*tileir.Block{then}}, &tileir.Region{Blocks: []*tileir.Block{els}})
		body := tileir.NewBlock(tile2)
		body.Ops = []tileir.Op{cudatile.BuildContinueOp(detached, []*tileir.Value{body.Args[0]})}
		loop := cudatile.BuildLoopOp(detached, []tileir.Type{tile2}, []*tileir.Value{iff.Base().Results[0]},
			&tileir.Region{Blocks: []*tileir.Block{body}})
		k.Body = []tileir.Op{tok, p, cond, iff, loop, cudatile.BuildReturnOp(detached, nil)}
		out = append(out, handMadeModule{"control-13.3", tileir.V13_3,
			&tileir.Module{Funcs: []*tileir.Function{k}}})
	}

	// Kernel hints, a global and a producer: sections the vectors lack.
	{
		k := kernel("hinted", nil, cudatile.BuildReturnOp(detached, nil))
		k.Hints = &cudatile.OptimizationHintsAttr{Entries: []cudatile.NamedAttr{{
			Name: "sm_100",
			Value: &cudatile.DictionaryAttr{Entries: []cudatile.NamedAttr{
				{Name: "num_cta_in_cga", Value: &cudatile.IntegerAttr{Type: i32, Value: 2}},
			}},
		}}}
		g := &tileir.Global{Name: "g", Type: tile2, Data: []byte{7, 0, 0, 0, 8, 0, 0, 0},
			Alignment: 16, Private: true, Constant: true}
		out = append(out, handMadeModule{"hints-global-producer-13.3", tileir.V13_3,
			&tileir.Module{Funcs: []*tileir.Function{k}, Globals: []*tileir.Global{g}, Producer: "dialectgen"}})
	}
	return out
}

// ---- huge counts ----

type hugeCase struct {
	name string
	data []byte
}

// tileFile assembles a 13.1 file from (id, alignment, payload) sections.
func tileFile(secs ...any) []byte {
	out := append([]byte(tileir.Magic), 13, 1, 0, 0)
	for i := 0; i+2 < len(secs); i += 3 {
		out = wire.TileIRSection.Append(out, secs[i].(byte), secs[i+1].(uint64), secs[i+2].([]byte))
	}
	return append(out, 0)
}

var huge = []byte{0xFF, 0xFF, 0xFF, 0xFF, 0x0F} // 0xFFFFFFFF

// Pieces of small valid files: a String section holding "k", a Type
// section holding () -> (), and a Func section with one kernel "k" of that
// type whose body is given.
var (
	smallStrings = append([]byte{1, 0xCB, 0xCB, 0xCB, 0, 0, 0, 0}, "k"...)
	smallTypes   = []byte{1, 0xCB, 0xCB, 0xCB, 0, 0, 0, 0, 16, 0, 0}
)

func smallFunc(body ...byte) []byte {
	// count 1; name 0, signature type 0, flags kernel, location 0, body length.
	return append([]byte{1, 0, 0, 2, 0, byte(len(body))}, body...)
}

// smallFile is a valid 13.1 file with one kernel "k" of the given body.
func smallFile(body ...byte) []byte {
	return tileFile(byte(1), uint64(4), smallStrings, byte(2), uint64(8), smallFunc(body...), byte(5), uint64(4), smallTypes)
}

func hugeCounts() []hugeCase {
	noStrings := []byte{0}
	noFuncs := []byte{0}
	cat := func(a ...[]byte) []byte { return slices.Concat(a...) }
	// a table count, padding to 8 and one 4-byte offset
	table := cat(huge, []byte{0xCB, 0xCB, 0xCB, 0, 0, 0, 0})
	return []hugeCase{
		{"strings", tileFile(byte(1), uint64(4), table, byte(2), uint64(8), noFuncs)},
		{"funcs", tileFile(byte(1), uint64(4), noStrings, byte(2), uint64(8), huge)},
		{"types", tileFile(byte(1), uint64(4), noStrings, byte(2), uint64(8), noFuncs, byte(5), uint64(4), table)},
		{"consts", tileFile(byte(1), uint64(4), noStrings, byte(2), uint64(8), noFuncs, byte(4), uint64(8), table)},
		{"globals", tileFile(byte(1), uint64(4), noStrings, byte(2), uint64(8), noFuncs, byte(6), uint64(1), huge)},
		{"body-len", tileFile(byte(1), uint64(4), smallStrings, byte(2), uint64(8), cat([]byte{1, 0, 0, 2, 0}, huge), byte(5), uint64(4), smallTypes)},
		// return (0x5C): 0 results, then 0xFFFFFFFF operands.
		{"operands", smallFile(cat([]byte{0x5C, 0}, huge)...)},
		// return with 0xFFFFFFFF results.
		{"results", smallFile(cat([]byte{0x5C}, huge)...)},
		// loop (0x41): 0 results, 0 operands, 1 region of 0xFFFFFFFF blocks.
		{"blocks", smallFile(cat([]byte{0x41, 0, 0, 1}, huge)...)},
		// a function type with 0xFFFFFFFF inputs.
		{"signature", tileFile(byte(1), uint64(4), smallStrings, byte(2), uint64(8), smallFunc(0x5C, 0, 0),
			byte(5), uint64(4), cat([]byte{1, 0xCB, 0xCB, 0xCB, 0, 0, 0, 0, 16}, huge))},
	}
}

// TestReadHugeCounts checks that a count of 0xFFFFFFFF in a tiny file is
// rejected quickly, without allocating for the claimed count.
func TestReadHugeCounts(t *testing.T) {
	for _, h := range hugeCounts() {
		t.Run(h.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			m, err, ok := safeRead(t, h.data)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if !ok {
				return
			}
			if err == nil {
				t.Fatalf("decoded %d funcs from %x", len(m.Funcs), h.data)
			}
			var we *wire.Error
			if !errors.As(err, &we) {
				t.Errorf("error %T is not a *wire.Error: %v", err, err)
			}
			t.Logf("%d bytes: %v", len(h.data), err)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("allocated %d bytes for a %d-byte file", alloc, len(h.data))
			}
			if elapsed > time.Second {
				t.Errorf("took %v", elapsed)
			}
		})
	}
	// The files are framed correctly: with small counts they decode.
	for _, body := range [][]byte{{0x5C, 0, 0}, {0x5C, 0, 0, 0x5C, 0, 0}} {
		if _, err := cudatile.Read(smallFile(body...), tileir.ReadOptions{}); err != nil {
			t.Errorf("small file with body %x: %v", body, err)
		}
	}
}
