package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// inputs returns, in dir, a copy of the shipped MLIR bytecode file and a
// Tile IR file, each with its bytes (convert reproduces both exactly).
func inputs(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	mlir, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	tile, err := cudatile.Append(nil, smallModule(), tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{"F.mlirbc": mlir, "F.tileirbc": tile}
	for name, b := range out {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func wantFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: %d bytes, want the %d of the input", path, len(got), len(want))
	}
}

func wantLink(t *testing.T, path string) {
	t.Helper()
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("%s is no longer a symbolic link (%v)", path, err)
	}
}

// convert IN -o OUT where OUT is IN, by the same name, through ./, as a
// hard link of IN and as a symbolic link to IN. The input is memory-mapped
// and MLIR bytecode IR points into it: truncating the output used to crash
// with SIGBUS and leave a file of 0 bytes.
func TestConvertOntoInput(t *testing.T) {
	dir := t.TempDir()
	ins := inputs(t, dir)
	t.Chdir(dir)
	for name, orig := range ins {
		t.Run(name, func(t *testing.T) {
			for _, out := range []string{name, "./" + name, filepath.Join(dir, name)} {
				if err := Run([]string{"convert", name, "-o", out}, nil); err != nil {
					t.Fatalf("-o %s: %v", out, err)
				}
				wantFile(t, name, orig)
			}
			// A hard link: the name written gets the new file, the input
			// keeps its bytes.
			hard := "hard." + name
			if err := os.Link(name, hard); err != nil {
				t.Fatal(err)
			}
			if err := Run([]string{"convert", hard, "-o", name}, nil); err != nil {
				t.Fatal(err)
			}
			wantFile(t, name, orig)
			wantFile(t, hard, orig)
			// A symbolic link is followed; it stays a link.
			link := "link." + name
			if err := os.Symlink(name, link); err != nil {
				t.Fatal(err)
			}
			if err := Run([]string{"convert", name, "-o", link}, nil); err != nil {
				t.Fatal(err)
			}
			wantLink(t, link)
			wantFile(t, name, orig)
			if err := Run([]string{"convert", link, link}, nil); err != nil {
				t.Fatal(err)
			}
			wantLink(t, link)
			wantFile(t, name, orig)
		})
	}
}

// A convert that fails leaves an existing output as it was, also through
// a symbolic link (it used to be deleted; through a link, the target was
// truncated and the link removed). A successful one keeps the output's
// permission bits.
func TestConvertFailureKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	ins := inputs(t, dir)
	atan2 := writeTileIR(t, dir, "atan2.tileirbc", atan2Module(), tileir.V13_2)
	for _, tc := range []struct {
		name string
		args []string // the output is appended
	}{
		{"MLIR bytecode version 9", []string{"convert", "--version", "9", filepath.Join(dir, "F.mlirbc")}},
		{"Tile IR op too new", []string{"convert", "--version", "13.1", atan2}},
	} {
		for _, viaLink := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/link=%v", tc.name, viaLink), func(t *testing.T) {
				keep, link := filepath.Join(dir, "keep"), filepath.Join(dir, "link")
				if err := os.WriteFile(keep, []byte("keep me"), 0o600); err != nil {
					t.Fatal(err)
				}
				os.Remove(link)
				if err := os.Symlink("keep", link); err != nil {
					t.Fatal(err)
				}
				out := keep
				if viaLink {
					out = link
				}
				if err := Run(append(tc.args, "-o", out), nil); err == nil {
					t.Fatalf("-o %s: no error", out)
				}
				wantLink(t, link)
				wantFile(t, keep, []byte("keep me"))
				leftovers, _ := filepath.Glob(filepath.Join(dir, ".*"))
				if len(leftovers) > 0 {
					t.Errorf("temporary files left: %v", leftovers)
				}
			})
		}
	}
	for name, orig := range ins {
		out := filepath.Join(dir, "out."+name)
		if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(out, 0o640); err != nil {
			t.Fatal(err)
		}
		if err := Run([]string{"convert", filepath.Join(dir, name), out}, nil); err != nil {
			t.Fatal(err)
		}
		wantFile(t, out, orig)
		if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o640 {
			t.Errorf("%s: mode %v (%v), want 0640", out, fi.Mode(), err)
		}
	}
}

// A Tile IR constant of 64 KiB used by 2,000 ops dumps in proportion to
// the module: each use prints its first elements, size and hash (it
// printed the 16,384 elements on every line).
func TestDumpElidesLargeConstants(t *testing.T) {
	tt := &cudatile.TileType{Element: &cudatile.Int32Type{}, Shape: []int64{16384}}
	data := make([]byte, 64<<10)
	for i := range 16384 {
		data[4*i] = byte(i)
	}
	fn := &tileir.Function{Name: "k", Kernel: true, Type: &cudatile.FunctionType{}}
	b := tileir.NewFuncBuilder(fn)
	for range 2000 {
		cudatile.BuildConstantOp(b, tt, tileir.Dense{Data: data})
	}
	cudatile.BuildReturnOp(b, nil)
	path := writeTileIR(t, t.TempDir(), "big.tileirbc", &tileir.Module{Funcs: []*tileir.Function{fn}}, tileir.V13_3)
	var out bytes.Buffer
	if err := Run([]string{"dump", path}, &out); err != nil {
		t.Fatal(err)
	}
	if out.Len() > 2000*200 {
		t.Errorf("dump of %d bytes for 2,000 ops", out.Len())
	}
	want := "= cuda_tile.constant {value = [0, 1, 2, 3, 4, 5, 6, 7, ... 16384 elements, 65536 bytes, sha256 "
	if n := strings.Count(out.String(), want); n != 2000 {
		t.Errorf("%d lines with %q:\n%.500s", n, want, out.String())
	}
}

// A Tile IR producer that is an empty string is kept by convert (it was
// dropped); stat shows it, and writing below 13.3 drops it with a note.
func TestConvertEmptyProducer(t *testing.T) {
	dir := t.TempDir()
	m := smallModule()
	m.Producer, m.HasProducer = "", true
	m.Globals[0].Private, m.Globals[0].Constant = false, false
	in := writeTileIR(t, dir, "in.tileirbc", m, tileir.V13_3)
	orig, _ := os.ReadFile(in)
	out := filepath.Join(dir, "out.tileirbc")
	if err := Run([]string{"convert", in, out}, nil); err != nil {
		t.Fatal(err)
	}
	wantFile(t, out, orig)
	var s bytes.Buffer
	if err := Run([]string{"stat", out}, &s); err != nil || !strings.Contains(s.String(), "producer:   \"\"\n") {
		t.Errorf("stat (%v):\n%s", err, s.String())
	}
	if err := Run([]string{"convert", "--version", "13.2", in, out}, nil); err != nil {
		t.Fatal(err)
	}
	back, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if mod, err := cudatile.Read(back, tileir.ReadOptions{}); err != nil || mod.HasProducer {
		t.Errorf("13.2: %v, HasProducer %v", err, mod != nil && mod.HasProducer)
	}
}
