package layout

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// SpecAttr is the name of the attribute that holds a scope's spec.
const SpecAttr = "dlti.dl_spec"

// scopeOps are the ops that are data-layout scopes (ModuleOp and the
// implementations of DataLayoutOpInterface upstream registers).
var scopeOps = map[string]bool{
	"builtin.module":           true,
	"test.op_with_data_layout": true,
	"gpu.module":               true,
}

// IsScope reports whether op is a data-layout scope.
func IsScope(op *ir.Operation) bool { return scopeOps[op.Name().String()] }

// SpecOf parses the spec an op carries, nil if it has none.
func SpecOf(op *ir.Operation) (*Spec, error) {
	a := op.Attr(SpecAttr)
	if a == nil {
		return nil, nil
	}
	return ParseSpec(fmt.Sprint(a))
}

// parentOp is the op whose region holds op, nil at the top.
func parentOp(op *ir.Operation) *ir.Operation {
	if op.Parent() == nil || op.Parent().Parent() == nil {
		return nil
	}
	return op.Parent().Parent().Parent()
}

// Layouts builds and keeps the DataLayout of each scope of one module (MLIR's
// DataLayoutAnalysis).
type Layouts struct {
	rules  Rules
	scopes map[*ir.Operation]*DataLayout
}

// NewLayouts returns the layouts of the scopes of a module written by an
// LLVM release (0: the newest).
func NewLayouts(release int) *Layouts {
	return &Layouts{rules: RulesFor(release), scopes: map[*ir.Operation]*DataLayout{}}
}

// Above returns the layout of the closest scope enclosing op.
func (l *Layouts) Above(op *ir.Operation) (*DataLayout, error) {
	for p := parentOp(op); p != nil; p = parentOp(p) {
		if IsScope(p) {
			return l.Of(p)
		}
	}
	return New(l.rules)
}

// Of returns the layout of a scope op: its spec combined with those of the
// scopes around it.
func (l *Layouts) Of(scope *ir.Operation) (*DataLayout, error) {
	if dl, ok := l.scopes[scope]; ok {
		return dl, nil
	}
	var chain []*ir.Operation
	for p := scope; p != nil; p = parentOp(p) {
		if IsScope(p) {
			chain = append(chain, p)
		}
	}
	specs := make([]*Spec, len(chain))
	for i, op := range chain {
		s, err := SpecOf(op)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op.Name(), err)
		}
		specs[len(chain)-1-i] = s
	}
	dl, err := New(l.rules, specs...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", scope.Name(), err)
	}
	l.scopes[scope] = dl
	return dl, nil
}

// QueryOp is the op the test pass annotates.
const QueryOp = "test.data_layout_query"

// Queries does what mlir-opt-R --test-data-layout-query does to a module
// and returns, for every test.data_layout_query op in pre-order, the
// attribute dictionary it ends up with, as mlir-opt-R prints it. The pass
// runs on the func.func ops directly in the top-level module (as mlir-opt
// nests it implicitly) and skips ops that already have a "size"; such ops
// keep their attributes, which are printed from their Go values. A query
// mlir-opt aborts or crashes on is an error (NoLayoutError,
// UndefinedError), and so is a spec it rejects.
func Queries(root *ir.Operation, release int) ([]string, error) {
	if err := root.MaterializeAll(); err != nil {
		return nil, err
	}
	l := NewLayouts(release)
	var lines []string
	var err error
	n := 0
	root.Walk(func(op *ir.Operation) bool {
		if err != nil || op.Name().String() != QueryOp {
			return true
		}
		n++
		if !inTopLevelFunc(root, op) || op.Attr("size") != nil {
			lines = append(lines, printAttrs(op.Attrs()))
			return true
		}
		var line string
		line, qerr := l.annotate(op)
		if qerr != nil {
			err = qerr
			err = fmt.Errorf("%s #%d: %w", QueryOp, n, err)
			return false
		}
		lines = append(lines, line)
		return true
	})
	if err != nil {
		return nil, err
	}
	return lines, nil
}

func inTopLevelFunc(root, op *ir.Operation) bool {
	for p := parentOp(op); p != nil; p = parentOp(p) {
		if p.Name().String() == "func.func" && parentOp(p) == root {
			return true
		}
	}
	return false
}

func printAttrs(attrs []ir.NamedAttr) string {
	if len(attrs) == 0 {
		return "{}"
	}
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		name := a.Name
		if !asm.IsBareIdentifier(name) {
			name = quote(name)
		}
		if v := fmt.Sprint(a.Value); v != "unit" {
			name += " = " + v
		}
		parts[i] = name
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// annotate is the test pass on one op.
func (l *Layouts) annotate(op *ir.Operation) (string, error) {
	if op.NumResults() == 0 {
		return "", &UndefinedError{What: "a query op without a result"}
	}
	dl, err := l.Above(op)
	if err != nil {
		return "", err
	}
	t, err := ParseType(fmt.Sprint(op.Result(0).Type()))
	if err != nil {
		return "", err
	}
	r, err := dl.Query(t)
	if err != nil {
		return "", err
	}
	return dl.FormatResult(r)
}

// FormatResult prints a query's result as the test pass of the layout's
// release sets it: the attribute dictionary, sorted by name.
func (dl *DataLayout) FormatResult(r Result) (string, error) {
	parts := make([]string, 0, len(dl.rules.Fields))
	for _, f := range dl.rules.Fields {
		v, err := dl.field(f, r)
		if err != nil {
			return "", err
		}
		parts = append(parts, f+" = "+v)
	}
	return "{" + strings.Join(parts, ", ") + "}", nil
}

func index(n uint64) string { return strconv.FormatUint(n, 10) + " : index" }

func (dl *DataLayout) size(s Size) string {
	if s.Scalable && dl.rules.Scalable {
		return "{minimal_size = " + index(s.Min) + ", scalable}"
	}
	return index(s.Min)
}

// identifierDefaults are what the test pass prints for an identifier the
// spec does not give.
var identifierDefaults = map[string]string{
	"alloca_memory_space":        "0 : ui32",
	"program_memory_space":       "0 : ui32",
	"global_memory_space":        "0 : ui32",
	"default_memory_space":       "0 : ui32",
	"endianness":                 `""`,
	"mangling_mode":              `""`,
	"function_pointer_alignment": "#dlti.function_pointer_alignment<0, function_dependent = false>",
	"legal_int_widths":           "array<i32>",
}

func (dl *DataLayout) field(name string, r Result) (string, error) {
	switch name {
	case "size":
		return dl.size(r.Bytes), nil
	case "bitsize":
		return dl.size(r.Bits), nil
	case "alignment":
		return index(r.ABI), nil
	case "preferred":
		return index(r.Pref), nil
	case "index":
		return index(r.Index), nil
	case "stack_alignment":
		v := dl.ids["dlti.stack_alignment"]
		if v == nil {
			return index(0), nil
		}
		n, err := zext(v)
		return index(n), err
	}
	if v := dl.ids["dlti."+name]; v != nil {
		return v.Text, nil
	}
	if d, ok := identifierDefaults[name]; ok {
		return d, nil
	}
	return "", fmt.Errorf("no rule prints the query field %q", name)
}

// zext is an integer attribute's value zero-extended from its width, as
// APInt::getZExtValue gives it.
func zext(v *Value) (uint64, error) {
	if v.Kind != ValueInteger || len(v.Ints) == 0 {
		return 0, fmt.Errorf("expected an integer, got %s", v.Text)
	}
	w, ok := intWidth(v.ElemType)
	if v.ElemType == "index" {
		w, ok = 64, true
	}
	if !ok || w > 64 {
		return 0, &UndefinedError{What: "the zero-extended value of " + v.Text + " (wider than 64 bits)"}
	}
	x := uint64(v.Ints[0])
	if w < 64 {
		x &= 1<<w - 1
	}
	return x, nil
}
