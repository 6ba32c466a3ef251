package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/crafted"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// parsed is data parsed as MLIR bytecode.
func parsed(t *testing.T, data []byte) *bytecode.File {
	t.Helper()
	f, err := bytecode.ParseFile(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// denseFile is the bytecode of one constant of n bytes held in its
// attribute.
func denseFile(t *testing.T, n int) []byte {
	t.Helper()
	ctx := all.NewContext()
	src := fmt.Sprintf(`"arith.constant"() <{value = dense<"0x%s"> : tensor<%dxi8>}> : () -> tensor<%dxi8>`, strings.Repeat("5A", n), n, n)
	m, err := mlirtext.ParseString(ctx, src, mlirtext.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.Latest})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestHeapFor: a file's ops count in full towards the heap its reading
// is expected to take, a dense constant held in an attribute hardly at
// all: it is read where it lies.
func TestHeapFor(t *testing.T) {
	ops, err := crafted.File("ops", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := heapFor(parsed(t, ops)), uint64(60<<20); got < want {
		t.Errorf("a file of 1 MiB of ops: heapFor = %d, want at least %d", got, want)
	}
	dense := denseFile(t, 1<<20)
	if got, most := heapFor(parsed(t, dense)), uint64(64*4096); got > most {
		t.Errorf("a file of %d bytes, a constant of 1 MiB: heapFor = %d, want at most %d", len(dense), got, most)
	}
}

// TestExpectHeap: only Main reading one file reserves heap, only for a
// file that needs enough of it, and never a quarter of its memory limit
// or of the machine's memory, or more.
func TestExpectHeap(t *testing.T) {
	defer func(f func(int) bool) { reserveHeap = f }(reserveHeap)
	defer func(f func() uint64) { machineMemory = f }(machineMemory)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	var reserved []int
	reserveHeap = func(n int) bool { reserved = append(reserved, n); return true }
	ops, err := crafted.File("ops", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	large, small := parsed(t, ops), parsed(t, denseFile(t, 1<<20))
	for _, c := range []struct {
		name    string
		oneFile bool
		f       *bytecode.File
		limit   int64
		memory  uint64
		want    []int
	}{
		{"a library call", false, large, math.MaxInt64, 1 << 40, nil},
		{"Main, one file", true, large, math.MaxInt64, 1 << 40, []int{int(heapFor(large))}},
		{"too little to reserve", true, small, math.MaxInt64, 1 << 40, nil},
		{"a memory limit", true, large, 64 << 20, 1 << 40, []int{16 << 20}},
		{"a small machine", true, large, math.MaxInt64, 40 << 20, []int{10 << 20}},
		{"a machine too small", true, large, math.MaxInt64, 16 << 20, nil},
		{"memory unknown", true, large, math.MaxInt64, 0, nil},
	} {
		reserving.Store(c.oneFile)
		debug.SetMemoryLimit(c.limit)
		machineMemory = func() uint64 { return c.memory }
		reserved = nil
		expectHeap(heapFor(c.f))
		if fmt.Sprint(reserved) != fmt.Sprint(c.want) {
			t.Errorf("%s: reserved %v, want %v", c.name, reserved, c.want)
		}
	}
	reserving.Store(false)
	// Never more than maxReserve, however large the file.
	debug.SetMemoryLimit(math.MaxInt64)
	machineMemory = func() uint64 { return 1 << 40 }
	reserved = nil
	reserveUpTo(64 << 30)
	if got, want := fmt.Sprint(reserved), fmt.Sprint([]int{maxReserve}); got != want {
		t.Errorf("64 GiB expected: reserved %s, want %s", got, want)
	}
}

// TestBatchHeap: a batch reserves for its largest file once a worker, the
// sizes as planning found them, in a directory or named.
func TestBatchHeap(t *testing.T) {
	dir := t.TempDir()
	ops, err := crafted.File("ops", 3<<20)
	if err != nil {
		t.Fatal(err)
	}
	small, err := crafted.File("ops", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"a.mlirbc": small, "sub/b.mlirbc": ops, "c.mlirbc": small} {
		path := filepath.Join(dir, "in", name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, inputs := range [][]string{
		{filepath.Join(dir, "in")},
		{filepath.Join(dir, "in", "a.mlirbc"), filepath.Join(dir, "in", "sub", "b.mlirbc")},
	} {
		b, err := planBatch(inputs, filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		workers := min(runtime.GOMAXPROCS(0), len(b.jobs))
		if got, want := b.heap(), 64*uint64(len(ops))*uint64(workers); got != want {
			t.Errorf("%v: heap() = %d, want %d (%d workers, the largest file %d bytes)", inputs, got, want, workers, len(ops))
		}
	}
}

// TestCommandsReserve: run by Main, each command that reads a file
// reserves its heap once before reading (a batch once for all its
// files); run as a library call, none does.
func TestCommandsReserve(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	defer func(f func(int) bool) { reserveHeap = f }(reserveHeap)
	defer func(f func(int) func()) { startWarmer = f }(startWarmer)
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	var reserved []int
	reserveHeap = func(n int) bool { reserved = append(reserved, n); return true }
	startWarmer = func(int) func() { return func() {} }

	dir := t.TempDir()
	ops, err := crafted.File("ops", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	text.WriteString("\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n")
	for i := range 20000 {
		fmt.Fprintf(&text, "  %%%d = \"arith.constant\"() <{value = %d : i32}> : () -> i32\n", i, i)
	}
	text.WriteString("  \"func.return\"() : () -> ()\n}) : () -> ()\n")
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	in := write("in.mlirbc", ops)
	textIn := write("in.mlir", []byte(text.String()))
	write("many/a.mlirbc", ops)
	write("many/b.mlirbc", ops)
	heap := heapFor(parsed(t, ops))
	for _, c := range []struct {
		args []string
		want uint64
	}{
		{[]string{"convert", in, filepath.Join(dir, "out.mlirbc")}, heap},
		{[]string{"stat", in}, heap},
		{[]string{"print", in}, heap},
		{[]string{"convert", textIn, filepath.Join(dir, "text.mlirbc")}, textHeapFor(text.Len())},
		{[]string{"convert", filepath.Join(dir, "many"), "-o", filepath.Join(dir, "out")}, heapPerByte * uint64(len(ops)) * uint64(min(runtime.GOMAXPROCS(0), 2))},
	} {
		for _, main := range []bool{false, true} {
			e := newEnv(io.Discard, nil)
			e.main = main
			reserved = nil
			if err := run(c.args, e); err != nil {
				t.Fatalf("%v: %v", c.args, err)
			}
			want := "[]"
			if main {
				want = fmt.Sprint([]int{int(c.want)})
			}
			if got := fmt.Sprint(reserved); got != want {
				t.Errorf("%v, Main %v: reserved %s, want %s", c.args[0], main, got, want)
			}
		}
	}
}
