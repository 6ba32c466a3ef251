// Package corpus lists the repository's .mlir test inputs and the LLVM
// releases that must accept each one (from its "// releases:" line).
package corpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

// Input is one .mlir file.
type Input struct {
	Path     string
	Name     string
	Releases []oracle.Release
	// Unstable lists releases whose own bytecode→bytecode round trip of
	// this input changes the bytes ("// bc-roundtrip-unstable:" line).
	Unstable []oracle.Release
	// Duplicates lists releases whose bytecode of this input holds
	// byte-identical entries that mlir-opt keeps distinct ("//
	// duplicate-entries:" line); value uniquing cannot reproduce those.
	Duplicates []oracle.Release
	// ReadbackError is set when mlir-opt cannot read its own bytecode of
	// this input back ("// readback-error:" line).
	ReadbackError string
}

// IsUnstable reports whether r's round trip of the input changes it.
func (in Input) IsUnstable(r oracle.Release) bool { return slices.Contains(in.Unstable, r) }

// HasDuplicates reports whether r's bytecode of the input holds entries
// that mlir-opt keeps distinct although their bytes are identical.
func (in Input) HasDuplicates(r oracle.Release) bool { return slices.Contains(in.Duplicates, r) }

// Root returns the repository root (the directory holding go.mod).
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "testdata", "mlir")); err == nil {
				return dir, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("corpus: no repository root above the working directory")
		}
		dir = parent
	}
}

// Inputs returns every testdata/mlir/*.mlir file, sorted by name.
func Inputs() ([]Input, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "mlir", "*.mlir"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []Input
	for _, p := range paths {
		in, err := read(p)
		if err != nil {
			return nil, err
		}
		out = append(out, in)
	}
	return out, nil
}

func read(path string) (Input, error) {
	in := Input{Path: path, Name: filepath.Base(path)}
	f, err := os.Open(path)
	if err != nil {
		return in, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for line := 1; s.Scan() && strings.HasPrefix(s.Text(), "//"); line++ {
		text := s.Text()
		if rest, ok := strings.CutPrefix(text, "// releases:"); ok {
			if in.Releases, err = releaseList(path, line, rest); err != nil {
				return in, err
			}
		} else if rest, ok := strings.CutPrefix(text, "// bc-roundtrip-unstable:"); ok {
			if in.Unstable, err = releaseList(path, line, rest); err != nil {
				return in, err
			}
		} else if rest, ok := strings.CutPrefix(text, "// duplicate-entries:"); ok {
			if in.Duplicates, err = releaseList(path, line, rest); err != nil {
				return in, err
			}
		} else if rest, ok := strings.CutPrefix(text, "// readback-error:"); ok {
			in.ReadbackError = strings.TrimSpace(rest)
		}
	}
	if len(in.Releases) == 0 {
		return in, fmt.Errorf("%s: no \"// releases: N N ...\" line in the leading comment", path)
	}
	return in, nil
}

func releaseList(path string, line int, text string) ([]oracle.Release, error) {
	var out []oracle.Release
	for _, w := range strings.Fields(text) {
		n, err := strconv.Atoi(w)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: bad release %q", path, line, w)
		}
		out = append(out, oracle.Release(n))
	}
	return out, nil
}
