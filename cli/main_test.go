package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
)

const shipped = "../testdata/bytecode/attrs_all.llvm22.v6.mlirbc"

func TestStat(t *testing.T) {
	var out bytes.Buffer
	if err := Run([]string{"stat", shipped}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"MLIR bytecode version 6", `"MLIR22.1.8" (release: LLVM 22)`, "AttrTypeOffset", "Properties", "attributes  ", "ops         "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stat output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestConvert(t *testing.T) {
	in, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	same := filepath.Join(dir, "same.mlirbc")
	if err := Run([]string{"convert", shipped, "-o", same}, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(same); !bytes.Equal(got, in) {
		t.Fatal("convert with default options changed the file")
	}
	v0 := filepath.Join(dir, "v0.mlirbc")
	// Flags may come before or after the input.
	if err := Run([]string{"convert", "--version", "0", shipped, "-o", v0, "--producer", "x"}, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"stat", v0}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "version 0") || !strings.Contains(out.String(), `"x"`) {
		t.Fatalf("converted file:\n%s", out.String())
	}
	if err := Run([]string{"convert", shipped, "-o", filepath.Join(dir, "v9"), "--version", "9"}, nil); err == nil || !strings.Contains(err.Error(), "version 9") {
		t.Fatalf("version 9: %v", err)
	}
}

// TestBadInput runs the command: bad input prints one line and exits 1.
func TestBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "mlirbc")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/mlirbc").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	data, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "cut.mlirbc")
	if err := os.WriteFile(bad, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	// Tile IR: a cut file, an op too new for the target, dump of MLIR
	// bytecode.
	dir := t.TempDir()
	tile := writeTileIR(t, dir, "small.tileirbc", smallModule(), tileir.V13_3)
	tdata, err := os.ReadFile(tile)
	if err != nil {
		t.Fatal(err)
	}
	tbad := filepath.Join(dir, "cut.tileirbc")
	if err := os.WriteFile(tbad, tdata[:len(tdata)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	atan2 := writeTileIR(t, dir, "atan2.tileirbc", atan2Module(), tileir.V13_2)
	for _, args := range [][]string{{"stat", bad}, {"convert", bad, "-o", bad + ".out"}, {"stat", "/nonexistent"},
		{"stat", tbad}, {"dump", tbad}, {"convert", tbad, tbad + ".out"}, {"dump", shipped},
		{"convert", "--version", "13.1", atan2, tbad + ".out"}, {"convert", "--producer", "x", tile, tbad + ".out"}} {
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Errorf("%v: %v, want exit status 1", args, err)
		}
		if lines := strings.Count(stderr.String(), "\n"); lines != 1 || !strings.HasPrefix(stderr.String(), "mlirbc: ") {
			t.Errorf("%v: stderr %q, want one line", args, stderr.String())
		}
	}
	// A bad invocation says what is wrong and shows the command's usage,
	// with status 2.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"frobnicate"}, `no command "frobnicate"`},
		{nil, "no command given"},
		{[]string{"dump"}, "dump takes one file"},
		{[]string{"convert", "--frob", shipped}, "flag provided but not defined: -frob"},
		{[]string{"help", "frobnicate"}, `no command "frobnicate"`},
		{[]string{"convert", "--version", "7", shipped, bad + ".out"}, "--version: unsupported version: MLIR bytecode version 7 (there are 0 to 6)"},
		{[]string{"convert", "--version", "13.9", tile, tbad + ".out"}, "--version: unsupported Tile IR version 13.9: supported are 13.1, 13.2 and 13.3"},
	} {
		cmd := exec.Command(bin, c.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("%v: %v, want exit status 2", c.args, err)
		}
		if got := stderr.String(); !strings.HasPrefix(got, "mlirbc: "+c.want+"\n") || !strings.Contains(got, "usage:\n  mlirbc ") {
			t.Errorf("%v: stderr %q, want %q and the usage", c.args, got, c.want)
		}
	}
	for _, out := range []string{bad + ".out", tbad + ".out"} {
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("a failed convert left %s behind", out)
		}
	}
}

func TestStatVerify(t *testing.T) {
	for _, file := range []string{shipped, "../dialects/cuda_tile/testdata/vectors/versioning-13.1/print-op-13.1.tileirbc"} {
		var out bytes.Buffer
		if err := Run([]string{"stat", "--verify", file}, &out); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if !strings.Contains(out.String(), "verified:   the IR passes the writer's checks") {
			t.Errorf("%s: stat --verify does not say so:\n%s", file, out.String())
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {"help", "convert"}, {"convert", "--help"}, {"stat", "-h"}, {"dump", "--help"}} {
		var out bytes.Buffer
		if err := Run(args, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if !strings.HasPrefix(out.String(), "usage:") && !strings.Contains(out.String(), "\nusage:\n") {
			t.Errorf("%v: no usage:\n%s", args, out.String())
		}
	}
	var out bytes.Buffer
	if err := Run([]string{"convert", "-h"}, &out); err != nil || !strings.Contains(out.String(), "-version string") {
		t.Errorf("convert -h does not describe its flags (%v):\n%s", err, out.String())
	}
	out.Reset()
	if err := Run([]string{"--version"}, &out); err != nil || !strings.HasPrefix(out.String(), "mlirbc ") {
		t.Errorf("--version: %v %q", err, out.String())
	}
}

func TestExplain(t *testing.T) {
	var out bytes.Buffer
	if err := Run([]string{"explain", "--op", "1", shipped}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"op #1 ", "op name ", "mask 0x", "location "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("explain --op 1 lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := Run([]string{"explain", "--section", "String", shipped}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(strings.SplitN(out.String(), "\n", 2)[0][10:], "String section") || strings.Contains(out.String(), "op #") {
		t.Errorf("explain --section String:\n%s", out.String())
	}
	data, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.mlirbc")
	if err := os.WriteFile(bad, data[:len(data)-20], 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := Run([]string{"explain", bad}, &out); err == nil || !strings.Contains(out.String(), "\nerror: offset 0x") {
		t.Errorf("explain of a cut file: %v\n%s", err, out.String())
	}
}

// Written for another release, the file's producer names that release
// unless --producer says otherwise: one naming the release read would have
// readers that go by it (ours) read the target's layouts as the source's.
func TestConvertReleaseProducer(t *testing.T) {
	in, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for19 := filepath.Join(dir, "19.mlirbc")
	if err := Run([]string{"convert", "--release", "19", shipped, "-o", for19}, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"stat", for19}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"MLIR19" (release: LLVM 19)`) {
		t.Errorf("written for 19:\n%s", out.String())
	}
	back := filepath.Join(dir, "22.mlirbc")
	if err := Run([]string{"convert", "--release", "22", "--producer", "MLIR22.1.8", for19, "-o", back}, nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(back); !bytes.Equal(got, in) {
		t.Error("written for 19 and back for 22: the bytes differ from the file read")
	}
}
