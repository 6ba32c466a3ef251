package vhlo_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/internal/filecheck"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// stablehloEnv names a directory of StableHLO's own artifacts: the
// *.mlir.bc files of stablehlo/tests/vhlo in a checkout of
// openxla/stablehlo, which StableHLO's serializer wrote at each release
// from 0.9.0 on. They are not ours to ship, so the test runs where a
// developer points it at them.
const stablehloEnv = "DIALECTGEN_STABLEHLO_ARTIFACTS"

// TestStableHLOArtifacts: each artifact reads, with the IR checked, and
// writes back byte for byte as it was read; taken to vhlo 1.20.0 and back
// to its own version, it is again the same bytes; an artifact of a
// future version is refused, naming it. Where the artifact's source
// (X.mlir beside X.mlir.bc) checks what `stablehlo-opt
// --mlir-print-op-generic` prints for it, our generic text matches those
// CHECK lines: the printed form of every VHLO attribute and type.
func TestStableHLOArtifacts(t *testing.T) {
	dir := os.Getenv(stablehloEnv)
	if dir == "" {
		t.Skipf("%s is not set: point it at stablehlo/tests/vhlo of an openxla/stablehlo checkout to run this test", stablehloEnv)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlir.bc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no *.mlir.bc in %s (%v)", dir, err)
	}
	version := regexp.MustCompile(`\.(\d+)_(\d+)_(\d+)\.mlir\.bc$`)
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Verify: true})
		if err == nil {
			checkPrinted(t, name, strings.TrimSuffix(path, ".bc"), m)
		}
		if strings.HasPrefix(name, "invalid_vhlo_future") {
			if err == nil || !strings.Contains(err.Error(), "vhlo at version 2.0.0") {
				t.Errorf("%s: want a refusal naming vhlo 2.0.0, got %v", name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if again, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil || !bytes.Equal(again, data) {
			t.Errorf("%s written as read: %v (%d bytes, want %d)", name, err, len(again), len(data))
			continue
		}
		v := version.FindStringSubmatch(name)
		if v == nil {
			continue
		}
		at, err := vhlo.ParseVersion(v[1] + "." + v[2] + "." + v[3])
		if err != nil {
			t.Fatal(err)
		}
		current, err := write(ctx, m, nil)
		if err != nil {
			t.Errorf("%s at %s: %v", name, vhlo.CurrentVersion, err)
			continue
		}
		upCtx := newContext()
		up, err := mlirbc.Read(upCtx, current, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Errorf("%s at %s read back: %v", name, vhlo.CurrentVersion, err)
			continue
		}
		if back, err := write(upCtx, up, at); err != nil || !bytes.Equal(back, data) {
			t.Errorf("%s taken to %s and back to %s: %v (%d bytes, want %d)", name, vhlo.CurrentVersion, at, err, len(back), len(data))
		}
	}
}

// checkPrinted matches m's generic text against the CHECK lines of its
// source, when the source's first RUN line checks stablehlo-opt's
// generic print of the artifact.
func checkPrinted(t *testing.T, name, source string, m *mlirbc.Module) {
	src, err := os.ReadFile(source)
	if err != nil {
		return
	}
	first, _, _ := strings.Cut(string(src), "\n")
	if !strings.Contains(first, "stablehlo-opt --mlir-print-op-generic %s.bc | FileCheck %s") {
		return
	}
	var out bytes.Buffer
	if err := mlirtext.Print(&out, m, mlirtext.Options{NoDebugInfo: true}); err != nil {
		t.Errorf("%s printed: %v", name, err)
		return
	}
	if err := filecheck.Match(filecheck.Lines(string(src)), out.String()); err != nil {
		t.Errorf("%s printed: %v", name, err)
	}
}
