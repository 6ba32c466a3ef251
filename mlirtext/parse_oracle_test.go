package mlirtext_test

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestOracleParse parses the generic text mlir-opt 16, 19 and 22 print for
// every input of testdata/mlir, with and without debug info, and writes it
// as bytecode at every version of oracleVersions: the bytes must be those
// the same mlir-opt writes for that text.
func TestOracleParse(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
	}
	var mu sync.Mutex
	same, total, skipped := 0, 0, 0
	var bad []string
	t.Run("files", func(t *testing.T) {
		for _, in := range inputs {
			if in.ReadbackError != "" {
				// mlir-opt writes bytecode it cannot read (an empty blob
				// with alignment 0); the writer here refuses to.
				continue
			}
			for _, rel := range in.Releases {
				for _, v := range oracleVersions {
					if !rel.WritesVersion(v) {
						continue
					}
					for _, debug := range []bool{true, false} {
						name := fmt.Sprintf("%s/%s/v%d/debuginfo=%v", in.Name, rel, v, debug)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							msg := parseVsOracle(in, rel, v, debug)
							mu.Lock()
							defer mu.Unlock()
							if strings.HasPrefix(msg, "mlir-opt write:") {
								// mlir-opt cannot read the text it printed
								// (16: hex f128 constants, its resource
								// section): nothing to compare with.
								skipped++
								t.Log(msg)
								return
							}
							total++
							if msg == "" {
								same++
								return
							}
							bad = append(bad, name+": "+msg)
						})
					}
				}
			}
		}
	})
	t.Logf("%d of %d (file, release, version) convert from generic text to mlir-opt's bytes; %d skipped, mlir-opt cannot read the text it printed", same, total, skipped)
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// parseVsOracle reads the generic text mlir-opt prints for in (with
// printFlags added) and writes it at version v: "" if the bytes are the
// ones mlir-opt writes for that text, else what differs.
func parseVsOracle(in corpus.Input, rel oracle.Release, v int, debugInfo bool, printFlags ...string) string {
	args := append([]string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}, printFlags...)
	if debugInfo {
		args = append(args, "--mlir-print-debuginfo")
	}
	text, err := oracle.RunFile(rel, "", in.Path, args...)
	if err != nil {
		return "mlir-opt print: " + strings.TrimSpace(err.Error())
	}
	want, err := oracle.RunInput(rel, text, ".mlir", oracle.BytecodeFlags(rel, v, "--allow-unregistered-dialect")...)
	if err != nil {
		return "mlir-opt write: " + strings.TrimSpace(err.Error())
	}
	ctx := all.NewContext()
	// Without debug info, ops are located where they are in the text,
	// which RunInput names input.mlir.
	m, err := mlirtext.ParseBytes(ctx, text, mlirtext.ParseOptions{File: "input.mlir", Release: int(rel)})
	if err != nil {
		return "parse: " + err.Error()
	}
	got, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(v), Producer: rel.Producer(), Release: int(rel)})
	if err != nil {
		return "write: " + err.Error()
	}
	if bytes.Equal(got, want) {
		return ""
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-8)
	return fmt.Sprintf("differs at byte %d (lengths want %d got %d)\nwant % x\ngot  % x", i, len(want), len(got), want[lo:min(len(want), i+24)], got[lo:min(len(got), i+24)])
}
