package testdialect_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/examples/testdialect"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// The files of ../shared/versioning were written by mlir-opt 19 and 22 at
// test dialect versions 0.0 to 3.0 (see its README). These tests check
// both directions against them: reading each file gives the module
// mlir-opt reads from it, and writing at each version gives mlir-opt's
// bytes.

func newContext() *ir.Context {
	ctx := ir.NewContext(all.Dialects...)
	ctx.Register(testdialect.Dialect)
	return ctx
}

// testOps renders the test dialect's ops as mlir-opt's generic printer
// prints their name and properties: "test.versionedA"() <{dims = 7 : i64, modifier = false}>.
func testOps(m *mlirbc.Module) []string {
	var out []string
	m.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().Dialect != "test" {
			return true
		}
		var attrs []string
		for _, a := range op.Attrs() {
			attrs = append(attrs, a.Name+" = "+attrText(a.Value))
		}
		if op.Name().Op == "with_versioned_properties" && op.Attr("prop") == nil {
			// A native property the file does not hold (bytecode v4 has
			// none) is at its default, which mlir-opt prints.
			attrs = append(attrs, "prop = {value1 = 0 : i32, value2 = 0 : i32}")
		}
		out = append(out, fmt.Sprintf("%q() <{%s}>", op.Name().String(), strings.Join(attrs, ", ")))
		return true
	})
	return out
}

func attrText(a ir.Attribute) string {
	switch a := a.(type) {
	case *testdialect.TestAttrParamsAttr:
		return fmt.Sprintf("#test.attr_params<%d, %d>", a.V0(), a.V1())
	case *builtin.DenseIntOrFPElementsAttr:
		// The files hold small i32 tensors, which mlir-opt prints as lists.
		raw := a.RawData()
		var elems []string
		for i := 0; i+4 <= len(raw); i += 4 {
			elems = append(elems, fmt.Sprint(int32(binary.LittleEndian.Uint32(raw[i:]))))
		}
		return fmt.Sprintf("dense<[%s]> : %s", strings.Join(elems, ", "), a.Type())
	}
	return fmt.Sprint(a)
}

var mlirTestOp = regexp.MustCompile(`"test\.[^"]*"\(\) <\{.*\}>`)

// mlirOps is what mlir-opt printed for the test ops of a file.
func mlirOps(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mlirTestOp.FindAllString(string(b), -1)
}

// expectedDifferences are files mlir-opt refuses and dialectgen reads, with
// the reason.
var expectedDifferences = map[string]string{
	// mlir-opt's verifier wants every required inherent attribute; reading
	// does not verify op constraints here.
	"versionedA.bcv4.hand_dimensions_1.12": "the 1.x name 'dimensions' is not upgraded (mlir-opt does not rename it either), and 'dims' is missing, which only mlir-opt's op verifier refuses",
	"versionedA.bcv4.hand_dims_only_2.0":   "a 2.0 file without 'modifier', which only mlir-opt's op verifier refuses",
	// A version entry on a dialect that does not version itself is carried
	// through verbatim, as payloads of dialects without definitions are.
	"func_versionedA.hand_version_on_func":    "a version payload on func is kept verbatim",
	"func_versionedA.hand_version_on_builtin": "a version payload on builtin is kept verbatim",
}

func TestReadMatchesMLIR(t *testing.T) {
	dir := shared.Dir(t, "versioning/out")
	for _, rel := range []string{"19", "22"} {
		files, _ := filepath.Glob(filepath.Join(dir, "llvm"+rel, "*.mlirbc"))
		if len(files) == 0 {
			t.Fatalf("no files in %s", filepath.Join(dir, "llvm"+rel))
		}
		read, refused := 0, 0
		for _, f := range files {
			base := strings.TrimSuffix(f, ".mlirbc")
			name := filepath.Base(base)
			rc, err := os.ReadFile(base + ".read-llvm" + rel + ".rc")
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m, err := mlirbc.Read(newContext(), data, mlirbc.ReadOptions{Verify: true})
			mlirOK := strings.TrimSpace(string(rc)) == "0"
			switch {
			case mlirOK && err != nil:
				t.Errorf("llvm%s %s: mlir-opt reads it, we do not: %v", rel, name, err)
			case !mlirOK && err == nil:
				if expectedDifferences[name] == "" {
					t.Errorf("llvm%s %s: mlir-opt refuses it, we read %q", rel, name, testOps(m))
				}
			case !mlirOK:
				refused++
				t.Logf("llvm%s %s: refused as mlir-opt does: %v", rel, name, err)
			default:
				read++
				got, want := testOps(m), mlirOps(t, base+".read-llvm"+rel+".mlir")
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("llvm%s %s:\n got %q\nwant %q", rel, name, got, want)
				}
			}
		}
		t.Logf("llvm%s: %d files read as mlir-opt reads them, %d refused as it refuses them", rel, read, refused)
	}
}
