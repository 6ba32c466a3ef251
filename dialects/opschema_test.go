// Package dialects_test checks the op schemas generated for the dialects of
// this repository against the property layouts measured with LLVM 19 and 22
// (the ods-properties spec in the shared data, §3-§5).
package dialects_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/defs"

	"github.com/dialectgen/dialectgen/dialects/arith"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/cf"
	funcdialect "github.com/dialectgen/dialectgen/dialects/func"
	"github.com/dialectgen/dialectgen/dialects/scf"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
)

// layout writes a schema the way the spec's table does: A:name for a
// required attribute, O:name for an optional one, in wire order, plus the
// flags: "isolated", "operandSegments", "resultSegments". nil is "nil".
func layout(s *bytecode.OpSchema) string {
	if s == nil {
		return "nil"
	}
	var parts []string
	if s.Isolated {
		parts = append(parts, "isolated")
	}
	for _, p := range s.Properties {
		kind := "A:"
		if p.Kind == bytecode.PropOptionalAttr {
			kind = "O:"
		}
		parts = append(parts, kind+p.Name)
	}
	if s.OperandSegments {
		parts = append(parts, "operandSegments")
	}
	if s.ResultSegments {
		parts = append(parts, "resultSegments")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

var dialects = map[string]bytecode.OpSchemas{
	"builtin": builtin.Dialect,
	"func":    funcdialect.Dialect,
	"arith":   arith.Dialect,
	"cf":      cf.Dialect,
	"scf":     scf.Dialect,
}

func TestOpSchemas(t *testing.T) {
	for _, tc := range []struct {
		op       string
		releases []int // 0 is the newest
		want     string
	}{
		{"func.func", []int{19, 20, 21}, "[isolated O:arg_attrs A:function_type O:res_attrs A:sym_name O:sym_visibility]"},
		{"func.func", []int{22, 23, 0}, "[isolated O:arg_attrs A:function_type O:no_inline O:res_attrs A:sym_name O:sym_visibility]"},
		{"func.call", []int{19}, "[A:callee]"},
		{"func.call", []int{22, 0}, "[O:arg_attrs A:callee O:no_inline O:res_attrs]"},
		{"func.call_indirect", []int{19}, "[]"},
		{"func.call_indirect", []int{22}, "[O:arg_attrs O:res_attrs]"},
		{"func.return", []int{19, 22}, "[]"},
		{"func.constant", []int{19, 22}, "[A:value]"},
		{"cf.cond_br", []int{19}, "[operandSegments]"},
		{"cf.cond_br", []int{22, 0}, "[O:branch_weights operandSegments]"},
		{"cf.br", []int{19, 22}, "[]"},
		{"cf.switch", []int{19, 22}, "[A:case_operand_segments O:case_values operandSegments]"},
		{"cf.assert", []int{19, 22}, "[A:msg]"},
		{"scf.for", []int{19}, "[]"},
		{"scf.for", []int{22}, "[O:unsignedCmp]"},
		{"scf.execute_region", []int{19}, "[]"},
		{"scf.execute_region", []int{22}, "[O:no_inline]"},
		{"scf.forall", []int{19, 22}, "[O:mapping A:staticLowerBound A:staticStep A:staticUpperBound operandSegments]"},
		{"scf.if", []int{19, 22}, "[]"},
		{"arith.divsi", []int{19}, "[]"},
		{"arith.divsi", []int{22, 0}, "[O:isExact]"},
		{"arith.shrui", []int{22}, "[O:isExact]"},
		{"arith.trunci", []int{19}, "[]"},
		{"arith.trunci", []int{22}, "[O:overflowFlags]"},
		{"arith.constant", []int{19, 22, 0}, "[A:value]"},
		{"arith.addi", []int{19, 22}, "[O:overflowFlags]"},
		{"arith.cmpi", []int{19, 22}, "[A:predicate]"},
		{"arith.scaling_extf", []int{19, 21}, "nil"},
		{"arith.scaling_extf", []int{22, 0}, "[O:fastmath]"},
		{"builtin.module", []int{17, 19, 22, 0}, "[isolated O:sym_name O:sym_visibility]"},
		{"builtin.module", []int{16}, "[isolated]"},
		{"builtin.unrealized_conversion_cast", []int{16, 22}, "[]"},
		{"func.nope", []int{19, 22, 0}, "nil"},
		{"arith.func", []int{22}, "nil"},
		{"builtin.func", []int{22}, "nil"},
	} {
		dialect, op, _ := strings.Cut(tc.op, ".")
		for _, r := range tc.releases {
			s := dialects[dialect].OpSchema(op, r)
			if got := layout(s); got != tc.want {
				t.Errorf("%s at llvm %d: %s, want %s", tc.op, r, got, tc.want)
			}
			if s != nil && s.Name != tc.op {
				t.Errorf("%s at llvm %d: schema named %q", tc.op, r, s.Name)
			}
		}
	}
}

// Ops without properties must not get a properties entry, and lookups are
// precomputed: the same pointer every time, without allocating.
func TestOpSchemaSharedAndCheap(t *testing.T) {
	if s := funcdialect.Dialect.OpSchema("return", 22); s.HasProperties() {
		t.Error("func.return has properties")
	}
	if s := cf.Dialect.OpSchema("cond_br", 19); !s.HasProperties() {
		t.Error("cf.cond_br has segment sizes in its properties")
	}
	if funcdialect.Dialect.OpSchema("func", 22) != funcdialect.Dialect.OpSchema("func", 0) {
		t.Error("func.func at 22 and at the newest release are different values")
	}
	if n := testing.AllocsPerRun(100, func() { arith.Dialect.OpSchema("addi", 19) }); n != 0 {
		t.Errorf("OpSchema allocates %v times per call", n)
	}
}

// TestOpSchemasMatchUpstream compares every op schema with the
// writeProperties functions that mlir-tblgen generated for LLVM 19 and 22,
// as shipped in libmlir-NN-dev (*Ops.h.inc and *Ops.cpp.inc). It needs the
// packages that make import-ods unpacks into its cache, and skips without
// them.
func TestOpSchemasMatchUpstream(t *testing.T) {
	cache := os.Getenv("DIALECTGEN_ODS_CACHE")
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Skip("no cache directory:", err)
		}
		cache = filepath.Join(dir, "dialectgen-ods")
	}
	files := map[string]string{"func": "Func/IR/FuncOps", "arith": "Arith/IR/ArithOps", "cf": "ControlFlow/IR/ControlFlowOps", "scf": "SCF/IR/SCFOps"}
	for _, release := range []int{19, 22} {
		inc := filepath.Join(cache, fmt.Sprintf("llvm-%d/usr/lib/llvm-%d/include/mlir/Dialect", release, release))
		if _, err := os.Stat(inc); err != nil {
			t.Skipf("no upstream headers of LLVM %d (run make import-ods): %v", release, err)
		}
		for dialect, file := range files {
			h, err1 := os.ReadFile(filepath.Join(inc, file+".h.inc"))
			cpp, err2 := os.ReadFile(filepath.Join(inc, file+".cpp.inc"))
			if err := errors.Join(err1, err2); err != nil {
				t.Fatal(err)
			}
			ops := upstreamLayouts(t, string(h), string(cpp))
			d, err := defs.LoadFile(filepath.Join(dialect, dialect+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, o := range d.Ops {
				if o.AtLLVM(release) {
					n++
				}
			}
			if n != len(ops) {
				t.Errorf("llvm %d: %s.yaml has %d ops at this release, upstream %d", release, dialect, n, len(ops))
			}
			for full, want := range ops {
				_, op, _ := strings.Cut(full, ".")
				if got := layout(dialects[dialect].OpSchema(op, release)); got != want {
					t.Errorf("llvm %d: %s: %s, upstream writes %s", release, full, got, want)
				}
			}
		}
	}
}

var (
	classDecl   = regexp.MustCompile(`(?m)^class (\w+) : public ::mlir::Op<(.*)$`)
	opNameDecl  = regexp.MustCompile(`getOperationName\(\) \{\s*return ::llvm::StringLiteral\("([^"]+)"\)`)
	writeAttr   = regexp.MustCompile(`^writer\.write(Optional)?Attribute\(prop\.(\w+)\);$`)
	segmentDecl = regexp.MustCompile(`^auto &propStorage = prop\.(operand|result)SegmentSizes;$`)
)

// upstreamLayouts returns the layout (as layout writes it) of every op of a
// generated header and implementation file, by full op name: the traits of
// the op class and what its writeProperties writes.
func upstreamLayouts(t *testing.T, h, cpp string) map[string]string {
	out := map[string]string{}
	classes := classDecl.FindAllStringSubmatchIndex(h, -1)
	for _, m := range opNameDecl.FindAllStringSubmatchIndex(h, -1) {
		class, traits := "", ""
		for _, c := range classes {
			if c[0] < m[0] {
				class, traits = h[c[2]:c[3]], h[c[4]:c[5]]
			}
		}
		full := h[m[2]:m[3]]
		var parts, segs []string
		if strings.Contains(traits, "::mlir::OpTrait::IsIsolatedFromAbove") {
			parts = append(parts, "isolated")
		}
		start := strings.Index(cpp, "void "+class+"::writeProperties(::mlir::DialectBytecodeWriter &writer) {")
		if start >= 0 {
			body := cpp[start:]
			depth, end := 0, 0
			for i, c := range body {
				if c == '{' {
					depth++
				} else if c == '}' {
					if depth--; depth == 0 {
						end = i
						break
					}
				}
			}
			for _, line := range strings.Split(body[:end], "\n") {
				line = strings.TrimSpace(line)
				switch w, s := writeAttr.FindStringSubmatch(line), segmentDecl.FindStringSubmatch(line); {
				case w != nil && w[1] != "":
					parts = append(parts, "O:"+w[2])
				case w != nil:
					parts = append(parts, "A:"+w[2])
				case s != nil && !slices.Contains(segs, s[1]+"Segments"):
					segs = append(segs, s[1]+"Segments")
				case strings.HasPrefix(line, "writer.") && !strings.HasPrefix(line, "writer.writeSparseArray(") &&
					!strings.HasPrefix(line, "writer.writeAttribute(::mlir::DenseI32ArrayAttr::get("):
					t.Errorf("%s: writeProperties writes something op schemas cannot say: %s", full, line)
				}
			}
		}
		out[full] = "[" + strings.Join(append(parts, segs...), " ") + "]"
	}
	return out
}
