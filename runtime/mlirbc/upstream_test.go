package mlirbc_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// upstreamFiles lists the bytecode that mlir-opt 19 and 22 wrote from
// LLVM's own dialect tests (shared/upstream/out).
func upstreamFiles(t *testing.T) []string {
	dir := shared.Dir(t, "upstream/out")
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.mlirbc"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no .mlirbc files under %s: %v", dir, err)
	}
	return paths
}

// TestUpstreamReads: every file of the upstream corpus reads, whatever
// dialects it uses: what no dialect here describes stays opaque.
func TestUpstreamReads(t *testing.T) {
	paths := upstreamFiles(t)
	opaque := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(p), err)
			continue
		}
		m.Op.Walk(func(op *ir.Operation) bool {
			if op.OpaqueProperties() != nil {
				opaque++
			}
			return true
		})
	}
	t.Logf("%d files read; %d ops keep properties no dialect here describes", len(paths), opaque)
}

// TestUpstreamReencodes: every file of the upstream corpus that can be
// written again (all its ops' properties described, all its attributes
// and types encodable) is written byte for byte as mlir-opt wrote it,
// DialectVersions payloads included; the others are refused with a
// reason, never written differently.
func TestUpstreamReencodes(t *testing.T) {
	same, refused := 0, 0
	for _, p := range upstreamFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		out, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil {
			var ms *mlirbc.MissingSchemaError
			if !errors.As(err, &ms) && !strings.Contains(err.Error(), "custom-encoded by a dialect with no codec here") {
				t.Errorf("%s: refused for no known reason: %v", filepath.Base(p), err)
			}
			refused++
			continue
		}
		if !bytes.Equal(out, data) {
			t.Errorf("%s: written again, the bytes differ", filepath.Base(p))
			continue
		}
		// Write hands the same bytes to a writer, section by section.
		var streamed pieces
		if err := mlirbc.Write(&streamed, ctx, m, m.Options()); err != nil || !bytes.Equal(streamed.all.Bytes(), data) {
			t.Errorf("%s: Write gave other bytes than Append (%v)", filepath.Base(p), err)
			continue
		}
		same++
	}
	t.Logf("%d files written again byte for byte, by Append and by Write; %d refused (ops or payloads of dialects not defined here)", same, refused)
}

// TestUpstreamReleases: where mlir-opt 19 and 22 both wrote a file of the
// upstream corpus (the same chunk, the same bytecode version), the one
// read and written for the other's release, version and producer is the
// other's bytes: groups, attributes, properties and terminators the
// releases spell otherwise are converted as the other release writes
// them, or the write is refused with a reason.
func TestUpstreamReleases(t *testing.T) {
	same, refused := 0, 0
	for _, p := range upstreamFiles(t) {
		other, ok := strings.CutSuffix(p, ".llvm19.mlirbc")
		if !ok {
			continue
		}
		other += ".llvm22.mlirbc"
		if _, err := os.Stat(other); err != nil {
			continue
		}
		for _, pair := range [][2]string{{p, other}, {other, p}} {
			in, err := os.ReadFile(pair[0])
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(pair[1])
			if err != nil {
				t.Fatal(err)
			}
			target, err := mlirbc.Read(newContext(), want, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(pair[1]), err)
			}
			ctx := newContext()
			m, err := mlirbc.Read(ctx, in, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(pair[0]), err)
			}
			out, err := mlirbc.Append(nil, ctx, m, target.Options())
			switch {
			case err != nil:
				t.Logf("%s written as %s: refused: %v", filepath.Base(pair[0]), filepath.Base(pair[1]), err)
				refused++
			case !bytes.Equal(out, want):
				t.Errorf("%s written as %s: the bytes differ", filepath.Base(pair[0]), filepath.Base(pair[1]))
			default:
				same++
			}
		}
	}
	if same == 0 {
		t.Fatal("no file of one release was written as the other's")
	}
	t.Logf("%d files written for the other release byte for byte as its mlir-opt wrote them; %d refused", same, refused)
}
