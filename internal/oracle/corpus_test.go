package oracle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// corpusFile is one testdata/mlir/*.mlir input with the directives from its
// leading comment lines:
//
//	// releases: 16 19 22             (first line, required) exactly the releases that parse it
//	// readback-error: <text>         reading the bytecode back must fail with <text> in stderr
//	// bc-roundtrip-unstable: 22      for these releases, bytecode -> read -> bytecode is not
//	//                                byte-identical and text printed from the bytecode differs
//	//                                from text printed from the .mlir (a second round is stable)
//	// text-lossy-below: 5            below this bytecode version the file cannot hold all of
//	//                                the input (unregistered ops' properties), so the text
//	//                                printed from it differs from the source's
type corpusFile struct {
	path          string
	name          string
	releases      []Release
	readbackError string
	unstable      []Release
	lossyBelow    int
}

// repoRoot walks up from the working directory to the directory holding go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the working directory")
		}
		dir = parent
	}
}

func parseReleases(s string) ([]Release, error) {
	var rs []Release
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || !Release(n).Known() {
			return nil, fmt.Errorf("unknown release %q", f)
		}
		if slices.Contains(rs, Release(n)) {
			return nil, fmt.Errorf("release %d listed twice", n)
		}
		rs = append(rs, Release(n))
	}
	return rs, nil
}

func parseCorpusFile(path string) (corpusFile, error) {
	cf := corpusFile{path: path, name: filepath.Base(path)}
	data, err := os.ReadFile(path)
	if err != nil {
		return cf, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "//") {
			break
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "//")), ":")
		if first {
			if !ok || key != "releases" {
				return cf, errors.New(`first line must be "// releases: N ..."`)
			}
			first = false
		}
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "releases":
			if cf.releases, err = parseReleases(val); err != nil {
				return cf, err
			}
			if len(cf.releases) == 0 {
				return cf, errors.New("empty releases line")
			}
		case "readback-error":
			cf.readbackError = val
		case "bc-roundtrip-unstable":
			if cf.unstable, err = parseReleases(val); err != nil {
				return cf, err
			}
		case "text-lossy-below":
			if cf.lossyBelow, err = strconv.Atoi(val); err != nil {
				return cf, fmt.Errorf("text-lossy-below: %w", err)
			}
		}
	}
	if first {
		return cf, errors.New("missing // releases: line")
	}
	return cf, sc.Err()
}

func loadCorpus(t *testing.T) []corpusFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "mlir", "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no testdata/mlir/*.mlir files")
	}
	var files []corpusFile
	for _, p := range paths {
		cf, err := parseCorpusFile(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		files = append(files, cf)
	}
	return files
}

// unregistered is passed explicitly to every run: the corpus uses ops of the
// unregistered "u" dialect and opaque #foo/!foo attributes and types.
const unregistered = "--allow-unregistered-dialect"

// TestCorpus checks every testdata/mlir input against the releases it claims:
// each claimed release writes every bytecode version it supports with the
// right header, reads it back (or fails as the file's readback-error says),
// re-emits identical bytes from the read-back IR, and prints the same generic
// text from the bytecode as from the source (unless the file lists the release
// as bc-roundtrip-unstable). Each release the file does not claim must reject
// it cleanly (exit status 1), so the releases line is exact.
func TestCorpus(t *testing.T) {
	for _, cf := range loadCorpus(t) {
		t.Run(strings.TrimSuffix(cf.name, ".mlir"), func(t *testing.T) {
			t.Parallel()
			for _, r := range Releases {
				t.Run(r.String(), func(t *testing.T) {
					Require(t, r)
					if slices.Contains(cf.releases, r) {
						checkAccepted(t, cf, r)
					} else {
						checkRejected(t, cf, r)
					}
				})
			}
		})
	}
}

func checkRejected(t *testing.T, cf corpusFile, r Release) {
	_, err := RunFile(r, "", cf.path, unregistered)
	if err == nil {
		t.Fatalf("%v parses %s, but its releases line does not list %d", r, cf.name, int(r))
	}
	var oe *Error
	if !errors.As(err, &oe) || oe.ExitCode != 1 {
		t.Fatalf("%v should reject %s with exit status 1: %v", r, cf.name, err)
	}
}

func checkAccepted(t *testing.T, cf corpusFile, r Release) {
	unstable := slices.Contains(cf.unstable, r)
	printArgs := []string{unregistered, "--mlir-print-op-generic", "--mlir-print-debuginfo", "--mlir-print-local-scope"}
	var fromText []byte
	if cf.readbackError == "" {
		var err error
		if fromText, err = RunFile(r, "", cf.path, printArgs...); err != nil {
			t.Fatalf("printing the source: %v", err)
		}
	}
	for _, v := range r.Versions() {
		bc, err := EmitBytecode(r, v, cf.path, unregistered)
		if err != nil {
			t.Errorf("v%d: %v", v, err)
			continue
		}
		h, err := ParseHeader(bc)
		if err != nil || h.Version != uint64(v) || h.Producer != r.Producer() {
			t.Errorf("v%d: header %+v, %v; want version %d producer %q", v, h, err, v, r.Producer())
			continue
		}
		fromBC, err := RunInput(r, bc, ".mlirbc", printArgs...)
		if cf.readbackError != "" {
			if err == nil || !strings.Contains(err.Error(), cf.readbackError) {
				t.Errorf("v%d: reading back: got %v, want an error containing %q", v, err, cf.readbackError)
			}
			continue
		}
		if err != nil {
			t.Errorf("v%d: reading back: %v", v, err)
			continue
		}
		if same := bytes.Equal(fromBC, fromText); same == unstable && v >= cf.lossyBelow {
			t.Errorf("v%d: generic text from bytecode equal to text from source: %v, want %v", v, same, !unstable)
		} else if v < cf.lossyBelow && same {
			t.Errorf("v%d: generic text from bytecode equals the source's although the file says it is lossy below v%d", v, cf.lossyBelow)
		}
		emitFlags := BytecodeFlags(r, v, unregistered)
		again, err := RunInput(r, bc, ".mlirbc", emitFlags...)
		if err != nil {
			t.Errorf("v%d: re-emitting: %v", v, err)
			continue
		}
		if bytes.Equal(again, bc) == unstable {
			t.Errorf("v%d: bytecode -> bytecode byte-identical: %v, want %v", v, !unstable, !unstable)
		}
		if unstable {
			third, err := RunInput(r, again, ".mlirbc", emitFlags...)
			if err != nil {
				t.Errorf("v%d: re-emitting twice: %v", v, err)
			} else if !bytes.Equal(third, again) {
				t.Errorf("v%d: second bytecode round trip is not byte-identical", v)
			}
		}
	}
}

func TestParseCorpusFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cf, err := parseCorpusFile(write("ok.mlir", "// releases: 19 22\n// readback-error: boom: x\n// bc-roundtrip-unstable: 22\n\"u.op\"() : () -> ()\n// releases: 16\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cf.releases, []Release{19, 22}) || cf.readbackError != "boom: x" || !slices.Equal(cf.unstable, []Release{22}) {
		t.Errorf("parsed %+v", cf)
	}
	for name, content := range map[string]string{
		"none.mlir":    "\"u.op\"() : () -> ()\n",
		"second.mlir":  "// comment\n// releases: 16\n",
		"unknown.mlir": "// releases: 15\n",
		"twice.mlir":   "// releases: 19 19\n",
		"empty.mlir":   "// releases:\n",
	} {
		if _, err := parseCorpusFile(write(name, content)); err == nil {
			t.Errorf("%s: parsed without error", name)
		}
	}
}
