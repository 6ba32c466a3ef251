package mlirbc_test

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// TestOracleConvert reads what a release writes at one version and writes
// it at every other version that release writes: the result must equal
// mlir-opt's own file at that version. Where mlir-opt's file from the text
// differs from its conversion of the bytecode (use-list orders are not in
// files below v3, so they cannot come back), the conversion is the truth.
func TestOracleConvert(t *testing.T) {
	inputs, err := corpus.Inputs()
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range oracle.Releases {
		oracle.Require(t, rel)
	}
	var pairs atomic.Int64
	for _, in := range inputs {
		if in.ReadbackError != "" {
			continue
		}
		for _, rel := range in.Releases {
			if in.IsUnstable(rel) || in.HasDuplicates(rel) || len(rel.Versions()) < 2 {
				continue
			}
			t.Run(fmt.Sprintf("%s/%s", in.Name, rel), func(t *testing.T) {
				t.Parallel()
				files := map[int][]byte{}
				for _, v := range rel.Versions() {
					bc, err := oracle.EmitBytecode(rel, v, in.Path, "--allow-unregistered-dialect")
					if err != nil {
						t.Fatal(err)
					}
					files[v] = bc
				}
				for _, from := range rel.Versions() {
					ctx := newContext()
					m, err := mlirbc.Read(ctx, files[from], mlirbc.ReadOptions{})
					if err != nil {
						t.Fatalf("read v%d: %v", from, err)
					}
					for _, to := range rel.Versions() {
						opts := m.Options()
						opts.Version = mlirbc.V(to)
						out, err := mlirbc.Append(nil, ctx, m, opts)
						if err != nil {
							t.Errorf("v%d → v%d: %v", from, to, err)
							continue
						}
						if d := firstDiff(files[to], out); d != "" {
							want, err := oracle.RunInput(rel, files[from], ".mlirbc", oracle.BytecodeFlags(rel, to, "--allow-unregistered-dialect")...)
							if err != nil {
								t.Fatal(err)
							}
							if d := firstDiff(want, out); d != "" {
								t.Errorf("v%d → v%d: %s", from, to, d)
								continue
							}
						}
						pairs.Add(1)
					}
				}
			})
		}
	}
	t.Cleanup(func() { t.Logf("%d version conversions equal mlir-opt's own output", pairs.Load()) })
}
