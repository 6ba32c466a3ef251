package sdy_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/interp/interptest"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// jaxEnv names a directory of the StableHLO modules JAX keeps in its
// back-compat test data (jax/_src/internal_test_util/
// export_back_compat_test_data), which internal/jaxexports/extract.py
// writes as files. They are not ours to ship, so the test runs where a
// developer points it at them.
const jaxEnv = "DIALECTGEN_JAX_EXPORTS"

// TestJAXExports: every module reads, with the IR checked, writes back
// byte for byte as it was read, and prints text that reads back into a
// module printing the same text. Each one that names the sdy dialect also
// writes back so with sdy.yaml interpreted, and again after going to the
// newest VHLO and back to its own version.
func TestJAXExports(t *testing.T) {
	dir := os.Getenv(jaxEnv)
	if dir == "" {
		t.Skipf("%s is not set: see internal/jaxexports/README.md to run this test", jaxEnv)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlirbc"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no *.mlirbc in %s (%v)", dir, err)
	}
	in, err := interp.Load("sdy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	withSdy := 0
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ctx := all.NewContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var text, again bytes.Buffer
		if err := mlirtext.Print(&text, m, mlirtext.Options{}); err != nil {
			t.Errorf("%s printed: %v", name, err)
		} else if back, err := mlirtext.ParseString(all.NewContext(), text.String(), mlirtext.ParseOptions{}); err != nil {
			t.Errorf("%s read back from text: %v", name, err)
		} else if err := mlirtext.Print(&again, back, mlirtext.Options{}); err != nil || again.String() != text.String() {
			t.Errorf("%s: read back from text, it prints other text (%v)", name, err)
		}
		if again, err := mlirbc.Append(nil, ctx, m, m.Options()); err != nil || !bytes.Equal(again, data) {
			t.Errorf("%s: written as read, the bytes differ (%v)", name, err)
		}
		f, err := bytecode.ParseFile(data)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(f.Dialects, func(d bytecode.Dialect) bool { return d.Name == "sdy" }) {
			continue
		}
		withSdy++
		if _, err := interptest.Compare(data, all.Dialects, in); err != nil {
			t.Errorf("%s: interpreted: %v", name, err)
		}
		producer, bc, err := vhlo.Dialect.FileFor(nil)
		if err != nil {
			t.Fatal(err)
		}
		newest, err := mlirbc.Append(nil, ctx, m, mlirbc.WriteOptions{Version: mlirbc.V(bc), Producer: producer})
		if err != nil {
			t.Errorf("%s at %s: %v", name, producer, err)
			continue
		}
		upCtx := all.NewContext()
		up, err := mlirbc.Read(upCtx, newest, mlirbc.ReadOptions{Verify: true})
		if err != nil {
			t.Errorf("%s at %s read back: %v", name, producer, err)
			continue
		}
		if back, err := mlirbc.Append(nil, upCtx, up, m.Options()); err != nil || !bytes.Equal(back, data) {
			t.Errorf("%s taken to %s and back: %v", name, producer, err)
		}
	}
	t.Logf("%d modules read, %d of them name sdy", len(files), withSdy)
	if withSdy == 0 {
		t.Errorf("no module in %s names sdy", dir)
	}
}
